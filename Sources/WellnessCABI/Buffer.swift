import CWellness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Filling and releasing `wellness_buf`s: malloc'd, NUL-terminated, freed by
/// `wellness_buf_free` alone.
enum Buffer {
    /// Copies `bytes` into a new buffer in `buf`.
    /// - Returns: false when memory could not be allocated (`buf` stays empty).
    static func fill(_ buf: UnsafeMutablePointer<wellness_buf>, with bytes: [UInt8]) -> Bool {
        guard let memory = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else {
            buf.pointee = wellness_buf(ptr: nil, len: 0)
            return false
        }
        bytes.withUnsafeBufferPointer { source in
            source.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    memory.update(from: base, count: bytes.count)
                }
            }
        }
        memory[bytes.count] = 0
        buf.pointee = wellness_buf(ptr: memory, len: bytes.count)
        return true
    }

    static func reset(_ buf: UnsafeMutablePointer<wellness_buf>?) {
        buf?.pointee = wellness_buf(ptr: nil, len: 0)
    }
}

@_cdecl("wellness_buf_free")
public func wellness_buf_free(_ buf: UnsafeMutablePointer<wellness_buf>?) {
    guard let buf else { return }
    free(buf.pointee.ptr)
    Buffer.reset(buf)
}
