#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Memory for a bulk call's large temporary columns (the grouped call's
/// rows gathered group by group), freed with the object. On Linux a large
/// one is mapped on its own and asks for huge pages (`MADV_HUGEPAGE`, which
/// the system may grant or not): filling 160 MB then takes some 80 page
/// faults instead of 40,000, each of which costs the kernel more than
/// clearing its page. Elsewhere, or when the mapping fails, the allocator's
/// memory.
final class ScratchBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    /// The mapping to unmap, when the memory was mapped.
    private let mapping: (base: UnsafeMutableRawPointer, length: Int)?

    /// Mapped from 4 MiB up: smaller buffers gain little, and keep the allocator's reuse.
    private static var mappedFrom: Int { 4 << 20 }
    private static var hugePage: Int { 2 << 20 }

    /// `capacity` elements, uninitialized.
    init(capacity: Int) {
        #if os(Linux)
            let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
            if !overflow, bytes >= Self.mappedFrom, bytes <= Int.max - 2 * Self.hugePage,
                let mapped = Self.map(bytes)
            {
                mapping = mapped.mapping
                buffer = UnsafeMutableBufferPointer(
                    start: mapped.aligned.bindMemory(to: Element.self, capacity: capacity), count: capacity)
                return
            }
        #endif
        mapping = nil
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        if let mapping {
            munmap(mapping.base, mapping.length)
        } else {
            buffer.deallocate()
        }
    }

    #if os(Linux)
        /// A private anonymous mapping of `bytes` and a huge page more, and its first huge-page boundary:
        /// huge pages back only aligned 2 MiB stretches.
        private static func map(_ bytes: Int) -> (
            mapping: (UnsafeMutableRawPointer, Int), aligned: UnsafeMutableRawPointer
        )? {
            let length = bytes + hugePage
            guard let base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                base != MAP_FAILED
            else { return nil }
            let address = UInt(bitPattern: base)
            let mask = UInt(hugePage - 1)
            let offset = Int((mask &+ 1 &- (address & mask)) & mask)
            let aligned = base + offset
            // Advice only: without huge pages the memory is the same, in small pages.
            _ = madvise(aligned, bytes, MADV_HUGEPAGE)
            return ((base, length), aligned)
        }
    #endif
}
