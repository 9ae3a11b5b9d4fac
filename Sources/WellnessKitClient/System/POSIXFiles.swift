import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations the client needs, on POSIX calls: FileManager,
/// Data and URL are Foundation.
enum POSIXFiles {
    /// Reads a regular file whole; nil when it is missing, unreadable, not a
    /// regular file, or larger than `limit` bytes.
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= limit else {
            return nil
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            // The file may have grown since fstat.
            guard bytes.count + count <= limit else { return nil }
            bytes += chunk[..<count]
        }
    }

    /// Creates `path` and any missing parents with exactly `mode`, like
    /// `mkdir -p -m`. Existing directories are left as they are.
    /// - Returns: whether `path` is now a directory.
    @discardableResult
    static func makeDirectories(_ path: String, mode: mode_t) -> Bool {
        if mkdir(path, mode) == 0 {
            chmod(path, mode)  // mkdir's mode is masked by the umask
            return true
        }
        switch errno {
        case EEXIST:
            return isDirectory(path)
        case ENOENT:
            let parent = parentDirectory(of: path)
            guard parent != path, makeDirectories(parent, mode: mode) else { return false }
            if mkdir(path, mode) == 0 {
                chmod(path, mode)
                return true
            }
            return errno == EEXIST && isDirectory(path)
        default:
            return false
        }
    }

    /// Replaces `path` atomically with `bytes` in a new file of exactly `mode`:
    /// a temporary file in the same directory, then rename(2).
    /// - Returns: whether the file was replaced (the temporary file is removed if not).
    @discardableResult
    static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t) -> Bool {
        let temporary = joined(parentDirectory(of: path), ".\(randomUUIDString()).tmp")
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return false }
        var written = fchmod(descriptor, mode) == 0  // open's mode is masked by the umask
        var offset = 0
        while written, offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                written = false
            }
        }
        if close(descriptor) != 0 { written = false }
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    static func removeFile(_ path: String) {
        unlink(path)
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// `path` without its last component ("/" for "/x", "." for "x").
    static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    /// `directory/name`, with one slash between them.
    static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `path` made absolute against the current directory, as
    /// `URL(fileURLWithPath:)` did, so a later chdir(2) does not move it.
    static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        let directory = String(cString: cwd)
        return path.isEmpty ? directory : joined(directory, path)
    }
}
