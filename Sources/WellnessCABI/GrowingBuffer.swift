import CWellness

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A result written piece by piece straight into malloc'd memory, handed to
/// the caller as a `wellness_buf` without a final copy: growing by realloc
/// (which for large blocks moves pages rather than bytes) keeps the peak near
/// the result's own size, where an array and a copy held it twice or more.
struct GrowingBuffer {
    private var memory: UnsafeMutablePointer<UInt8>?
    private var count = 0
    private var capacity = 0

    /// Appends `bytes`; false when memory runs out (the buffer is then unchanged).
    mutating func append(_ bytes: [UInt8]) -> Bool {
        // One byte more for the NUL the handed-over buffer ends with.
        let (needed, overflow) = count.addingReportingOverflow(bytes.count + 1)
        guard !overflow else { return false }
        if needed > capacity {
            let grown = max(needed, capacity + capacity / 2, 4096)
            guard let moved = realloc(memory, grown) else { return false }
            memory = moved.assumingMemoryBound(to: UInt8.self)
            capacity = grown
        }
        guard let memory else { return false }
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { (memory + count).update(from: base, count: source.count) }
        }
        count += bytes.count
        return true
    }

    /// Gives the bytes, NUL-terminated, to `buf`, whose owner frees them with
    /// `wellness_buf_free`; false (nothing given) when there are none.
    mutating func handOver(to buf: UnsafeMutablePointer<wellness_buf>) -> Bool {
        guard let memory, count < capacity else { return false }
        memory[count] = 0
        buf.pointee = wellness_buf(
            ptr: UnsafeMutableRawPointer(memory).assumingMemoryBound(to: CChar.self), len: count)
        self.memory = nil
        count = 0
        capacity = 0
        return true
    }

    /// Frees the bytes (a buffer not handed over).
    mutating func free() {
        release(memory)
        memory = nil
        count = 0
        capacity = 0
    }
}

/// libc's free, by a name the buffer's own `free()` does not hide.
private func release(_ memory: UnsafeMutableRawPointer?) {
    free(memory)
}
