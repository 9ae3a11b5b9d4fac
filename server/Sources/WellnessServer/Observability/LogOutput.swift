import Foundation

/// Where log lines go: a file descriptor, written in batches.
///
/// The server logs a line per request, and a `write(2)` per line was a
/// visible share of a small request's cost (more so with several threads
/// appending to one file). Lines are collected in memory and written at most
/// a delay (20 ms) after the first of a batch, or at once when the batch
/// reaches ``batchSize``; lines are never split or interleaved. ``flush()``
/// runs at exit; a process killed outright (SIGKILL, a crash) loses at most
/// the last 20 ms of lines.
public final class LogOutput: @unchecked Sendable {
    /// Standard error, flushed when the process exits.
    public static let standardError: LogOutput = {
        let output = LogOutput(descriptor: STDERR_FILENO)
        atexit { LogOutput.standardError.flush() }
        return output
    }()

    static let batchSize = 64 * 1024

    private let descriptor: Int32
    private let delay: DispatchTimeInterval
    private let pendingLock = NSLock()
    private var pending: [UInt8] = []
    /// Held while writing, so that batches go out in the order they were collected.
    private let writeLock = NSLock()
    private let flusher = DispatchQueue(label: "wellness-server.log")

    /// - Parameters:
    ///   - descriptor: an open file descriptor, which stays the caller's to close.
    ///   - delay: how long a line may wait for others before the batch is written.
    public init(descriptor: Int32, delay: DispatchTimeInterval = .milliseconds(20)) {
        self.descriptor = descriptor
        self.delay = delay
    }

    /// Adds `line` (ending in a newline) to the batch.
    func append(_ line: [UInt8]) {
        let (first, full) = pendingLock.withLock { () -> (Bool, Bool) in
            let first = pending.isEmpty
            pending.append(contentsOf: line)
            return (first, pending.count >= Self.batchSize)
        }
        if full {
            flush()
        } else if first {
            flusher.asyncAfter(deadline: .now() + delay) { [self] in flush() }
        }
    }

    /// Writes every line appended so far.
    public func flush() {
        writeLock.withLock {
            let batch = pendingLock.withLock { () -> [UInt8] in
                defer { pending.removeAll(keepingCapacity: true) }
                return pending
            }
            write(batch)
        }
    }

    /// Writes all of `bytes`, retrying interrupted and partial writes; what
    /// cannot be written is dropped (logging must never stop a request).
    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(
                    descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
