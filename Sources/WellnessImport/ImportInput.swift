import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes an importer reads: a file read with positioned reads (pread), or
/// the caller's memory. Random access, so that a zip's directory at its end
/// can be read before its member is streamed from the front.
public final class ImportInput {
    /// The name in errors: the file's path, or "input" for memory.
    public let name: String
    /// The whole input's size in bytes.
    public let size: Int
    private let descriptor: Int32
    private let memory: UnsafeRawBufferPointer?

    /// Opens `path` for reading.
    /// - Throws: `invalidArgument` when it is missing, unreadable or not a regular file.
    public init(path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WellnessError.invalidArgument("\(path): cannot open (\(String(cString: strerror(errno))))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw WellnessError.invalidArgument("\(path): not a regular file")
        }
        self.name = path
        self.size = Int(status.st_size)
        self.descriptor = descriptor
        self.memory = nil
    }

    /// Reads the caller's bytes, borrowed: they must outlive this input.
    public init(borrowing bytes: UnsafeRawBufferPointer, name: String = "input") {
        self.name = name
        self.size = bytes.count
        self.descriptor = -1
        self.memory = bytes
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end.
    /// - Returns: the number of bytes read (0 at or past the end).
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard offset >= 0, offset < size, let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let wanted = min(buffer.count, size - offset)
        if let memory, let source = memory.baseAddress {
            base.copyMemory(from: source + offset, byteCount: wanted)
            return wanted
        }
        var done = 0
        while done < wanted {
            let count = pread(descriptor, base + done, wanted - done, off_t(offset + done))
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw WellnessError.invalidArgument("\(name): read failed (\(String(cString: strerror(errno))))")
            }
            done += count
        }
        return done
    }

    /// Reads exactly `count` bytes at `offset`.
    /// - Throws: `invalidArgument` naming `what` when the input ends first.
    public func readExactly(at offset: Int, count: Int, what: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try bytes.withUnsafeMutableBytes { try read(at: offset, into: $0) }
        guard got == count else {
            throw WellnessError.invalidArgument("\(name): truncated: the \(what) at byte \(offset) is cut short")
        }
        return bytes
    }
}
