import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends each event as one line to a JSON Lines file (created 0600).
public final class AnalyticsFileSink: AnalyticsSink, @unchecked Sendable {
    /// Only the worker thread writes; the descriptor never changes.
    private let descriptor: Int32

    /// Opens `path` for appending, creating it when missing.
    /// - Parameters:
    ///   - path: the file.
    ///   - fieldPath: the configuration key naming it, for the error.
    /// - Throws: a validation error at `fieldPath` when the file cannot be opened.
    public init(path: String, at fieldPath: FieldPath) throws {
        let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard opened >= 0 else {
            let reason = String(cString: strerror(errno))
            throw WellnessError.validation("cannot open \"\(path.echo)\" for appending: \(reason)", at: fieldPath)
        }
        descriptor = opened
    }

    deinit {
        close(descriptor)
    }

    /// Writes the line and a newline in one write when it can (O_APPEND keeps
    /// lines whole between processes), finishing partial writes.
    public func deliver(_ line: [UInt8]) -> Bool {
        let bytes = line + [UInt8(ascii: "\n")]
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }
}
