import CWellnessImport
import WellnessKitCore

/// One zip member's bytes, inflated chunk by chunk as they are read (never
/// the whole member in memory), its CRC-32 and size checked at the end.
final class ZipMemberChunks: ByteChunks {
    private let input: ImportInput
    private let entry: ZipArchive.Entry
    private let dataOffset: Int
    private var readOffset: Int
    private let stream: UnsafeMutablePointer<z_stream>
    /// Owned, so zlib's next_in may point into it between calls.
    private let compressed: UnsafeMutableBufferPointer<UInt8>
    private var crc: UInt = 0
    private var produced = 0
    private var finished = false
    /// Whether deflate's last block was read: without it the data is cut short or damaged.
    private var streamEnded = false

    var inputConsumed: Int { readOffset }

    init(input: ImportInput, entry: ZipArchive.Entry, dataOffset: Int) throws {
        self.input = input
        self.entry = entry
        self.dataOffset = dataOffset
        self.readOffset = dataOffset
        self.compressed = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256 << 10)
        self.stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        crc = CWellnessImport.crc32(0, nil, 0)
        if entry.method == 8 {
            // Negative window bits: raw deflate, as zip stores it (no zlib header).
            guard inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                stream.deinitialize(count: 1)
                stream.deallocate()
                compressed.deallocate()
                throw WellnessError.internal("zlib could not start inflating")
            }
        }
    }

    deinit {
        if entry.method == 8 { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        compressed.deallocate()
    }

    func next(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !finished, let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = entry.method == 8 ? try inflateNext(base, buffer.count) : try storedNext(buffer)
        if count > 0 {
            crc = CWellnessImport.crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(count))
            produced += count
        } else {
            finished = true
            try verify()
        }
        return count
    }

    private var compressedEnd: Int { dataOffset + entry.compressedSize }

    private func storedNext(_ buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let wanted = min(buffer.count, compressedEnd - readOffset)
        guard wanted > 0 else { return 0 }
        let count = try input.read(at: readOffset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
        readOffset += count
        return count
    }

    private func inflateNext(_ base: UnsafeMutableRawPointer, _ capacity: Int) throws -> Int {
        stream.pointee.next_out = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(capacity, Int(UInt32.max)))
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0 {
                let wanted = min(compressed.count, compressedEnd - readOffset)
                if wanted == 0 { break }
                let count = try input.read(
                    at: readOffset, into: UnsafeMutableRawBufferPointer(start: compressed.baseAddress, count: wanted))
                guard count > 0 else { break }
                readOffset += count
                stream.pointee.next_in = compressed.baseAddress
                stream.pointee.avail_in = uInt(count)
            }
            let status = inflate(stream, Z_NO_FLUSH)
            if status == Z_STREAM_END {
                streamEnded = true
                break
            }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                throw WellnessError.invalidArgument(
                    "\(input.name): \(entry.name) is damaged: inflate failed (zlib \(status)) after \(produced) bytes")
            }
        }
        return capacity - Int(stream.pointee.avail_out)
    }

    private func verify() throws {
        guard entry.method != 8 || streamEnded else {
            throw WellnessError.invalidArgument(
                "\(input.name): truncated or damaged: \(entry.name)'s compressed data ends before its last block")
        }
        guard produced == entry.uncompressedSize else {
            throw WellnessError.invalidArgument(
                "\(input.name): truncated or damaged: \(entry.name) gave \(produced) of its \(entry.uncompressedSize) bytes"
            )
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw WellnessError.invalidArgument("\(input.name): \(entry.name) is damaged: its CRC-32 does not match")
        }
    }
}
