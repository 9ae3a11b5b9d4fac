import CWellness
import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Columns handed over through the Arrow C Data Interface: one struct array
/// (format "+s") whose children are the columns. Written by hand because the
/// interface is a few plain structs by design (no Arrow library is needed to
/// produce it, and linking one would add megabytes for that).
///
/// Every node (the struct and each column) owns its memory through its
/// `private_data` and frees it in its release callback; the struct's release
/// releases the columns still attached (a consumer may move one out first,
/// setting its release to NULL), as the interface specifies.
enum ArrowExport {
    /// Fills `schema` and `array` with the buckets the threads packed
    /// (`shares`, in row order; columns named `names`, read by `layout`).
    /// Each column's buffers are allocated once and filled by up to
    /// `threads` threads, each its own range of rows (ranges of 64 rows, so a
    /// validity bitmap's bytes are one thread's each); a column's packed
    /// values are released as soon as it is written.
    /// - Throws: an internal error when memory runs out, a date does not fit a
    ///   date32 or a column's text exceeds 2 GiB; nothing is written then.
    static func export(
        _ shares: [PackedBuckets], names: [String], layout: [BucketColumns.Values], threads: Int,
        to schema: UnsafeMutablePointer<ArrowSchema>, _ array: UnsafeMutablePointer<ArrowArray>
    ) throws {
        let rows = PackedRows(shares)
        let slices = ParallelSlices(count: rows.count, threads: threads, alignment: 64)
        let slots = PackedBuckets(layout).slots
        var children: [ArrowColumn] = []
        for (column, name) in names.enumerated() where column < slots.count {
            children.append(try ArrowColumn(name: name, kind: layout[column], slot: slots[column], rows, slices))
            for share in shares { share.release(column: column) }
        }
        guard shares.allSatisfy(\.daysFit) else { throw WellnessError.internal("a bucket's day does not fit a date32") }
        let schemaNode = SchemaNode(format: "+s", name: "", flags: 0, children: children.map(\.schema))
        let arrayNode = ArrayNode(length: rows.count, nullCount: 0, buffers: [nil], children: children.map(\.array))
        schemaNode.fill(schema)
        arrayNode.fill(array)
    }
}

/// The rows of every thread's packed buckets, numbered over all of them.
private struct PackedRows: Sendable {
    let shares: [PackedBuckets]
    /// The first row of each share, and the row count.
    let starts: [Int]
    var count: Int { starts[starts.count - 1] }

    init(_ shares: [PackedBuckets]) {
        self.shares = shares
        var starts = [0]
        for share in shares { starts.append(starts[starts.count - 1] + share.rowCount) }
        self.starts = starts
    }

    /// `body` with each run of `rows` that lies in one share: the share, the
    /// first row of the run in the share, the run's first row overall and its length.
    func forEachRun(in rows: Range<Int>, _ body: (PackedBuckets, Int, Int, Int) -> Void) {
        var share = 0
        while share + 1 < starts.count, starts[share + 1] <= rows.lowerBound { share += 1 }
        var row = rows.lowerBound
        while row < rows.upperBound, share < shares.count {
            let offset = row - starts[share]
            let length = min(shares[share].rowCount - offset, rows.upperBound - row)
            if length > 0 {
                body(shares[share], offset, row, length)
                row += length
            }
            share += 1
        }
    }
}

/// One column's schema node and array node, before they are handed over.
private struct ArrowColumn {
    let schema: SchemaNode
    let array: ArrayNode

    init(
        name: String, kind: BucketColumns.Values, slot: PackedBuckets.Slot, _ rows: PackedRows,
        _ slices: ParallelSlices
    ) throws {
        let nullable = Int64(ARROW_FLAG_NULLABLE)
        switch (slot, kind) {
        case (.int64(let index, let validity), .timestampMilliseconds):
            schema = SchemaNode(format: "tsm:UTC", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(rows, slices, { $0.int64[index] }, valid: { $0.valid[validity] })
        case (.int64(let index, let validity), _):
            schema = SchemaNode(format: "l", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(rows, slices, { $0.int64[index] }, valid: { $0.valid[validity] })
        case (.float64(let index, let validity), _):
            schema = SchemaNode(format: "g", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(rows, slices, { $0.float64[index] }, valid: { $0.valid[validity] })
        case (.date32(let index), _):
            schema = SchemaNode(format: "tdD", name: name, flags: 0, children: [])
            array = try ArrayNode.fixedWidth(rows, slices, { $0.int32[index] }, valid: nil)
        case (.utf8, _):
            schema = SchemaNode(format: "u", name: name, flags: 0, children: [])
            array = try ArrayNode.utf8(rows, slices)
        }
    }
}

/// Memory from malloc, so that a consumer in any language may outlive the call; freed by the node's release.
func allocate(_ bytes: Int) throws -> UnsafeMutableRawPointer {
    // Arrow recommends 64-byte alignment; malloc of 0 bytes may return NULL.
    var memory: UnsafeMutableRawPointer?
    guard posix_memalign(&memory, 64, max(bytes, 1)) == 0, let memory else {
        throw WellnessError.internal("out of memory for a \(bytes)-byte Arrow buffer")
    }
    return memory
}

/// A schema node: its strings and children, owned until its release.
final class SchemaNode {
    private let format: UnsafeMutablePointer<CChar>?
    private let name: UnsafeMutablePointer<CChar>?
    private let flags: Int64
    private let children: [SchemaNode]
    private var childStructs: UnsafeMutablePointer<UnsafeMutablePointer<ArrowSchema>?>?

    init(format: String, name: String, flags: Int64, children: [SchemaNode]) {
        self.format = strdup(format)
        self.name = strdup(name)
        self.flags = flags
        self.children = children
    }

    deinit {
        free(format)
        free(name)
        if let childStructs {
            for index in children.indices { childStructs[index]?.deallocate() }
            childStructs.deallocate()
        }
    }

    /// Hands this node over to `target`; it lives until `target`'s release.
    func fill(_ target: UnsafeMutablePointer<ArrowSchema>) {
        if !children.isEmpty {
            let pointers = UnsafeMutablePointer<UnsafeMutablePointer<ArrowSchema>?>.allocate(capacity: children.count)
            for (index, child) in children.enumerated() {
                let slot = UnsafeMutablePointer<ArrowSchema>.allocate(capacity: 1)
                child.fill(slot)
                pointers[index] = slot
            }
            childStructs = pointers
        }
        target.pointee = ArrowSchema(
            format: format, name: name, metadata: nil, flags: flags, n_children: Int64(children.count),
            children: childStructs, dictionary: nil, release: releaseSchema,
            private_data: Unmanaged.passRetained(self).toOpaque())
    }

    static func release(_ schema: UnsafeMutablePointer<ArrowSchema>) {
        guard let context = schema.pointee.private_data else { return }
        let node = Unmanaged<SchemaNode>.fromOpaque(context).takeRetainedValue()
        for index in node.children.indices {
            if let child = node.childStructs?[index], let release = child.pointee.release { release(child) }
        }
        schema.pointee.release = nil
        schema.pointee.private_data = nil
    }
}

/// An array node: its buffers and children, owned until its release.
final class ArrayNode {
    private let length: Int
    let nullCount: Int
    /// malloc'd; nil for an absent validity bitmap.
    private let buffers: [UnsafeMutableRawPointer?]
    private let children: [ArrayNode]
    private var bufferList: UnsafeMutablePointer<UnsafeRawPointer?>?
    private var childStructs: UnsafeMutablePointer<UnsafeMutablePointer<ArrowArray>?>?

    init(length: Int, nullCount: Int, buffers: [UnsafeMutableRawPointer?], children: [ArrayNode]) {
        self.length = length
        self.nullCount = nullCount
        self.buffers = buffers
        self.children = children
    }

    deinit {
        for buffer in buffers { free(buffer) }
        bufferList?.deallocate()
        if let childStructs {
            for index in children.indices { childStructs[index]?.deallocate() }
            childStructs.deallocate()
        }
    }

    /// A column of fixed-width values copied from the packed shares by the
    /// slices' threads: a validity bitmap (only when some are nil) and the values.
    fileprivate static func fixedWidth<Value>(
        _ rows: PackedRows, _ slices: ParallelSlices, _ values: @escaping @Sendable (PackedBuckets) -> [Value],
        valid: (@Sendable (PackedBuckets) -> [Bool])?
    ) throws -> ArrayNode {
        let count = rows.count
        let data = try allocate(try byteCount(count, of: Value.self))
        let bitmapBytes = count / 8 + (count % 8 == 0 ? 0 : 1)
        let validity: UnsafeMutableRawPointer
        do {
            validity = try allocate(bitmapBytes)
        } catch {
            free(data)
            throw error
        }
        let typed = SharedPointer(data.bindMemory(to: Value.self, capacity: count))
        let bits = SharedPointer(validity.bindMemory(to: UInt8.self, capacity: bitmapBytes))
        let nullCount = slices.run { _, range -> Int in
            // Slices start on a multiple of 64 rows: this slice's bitmap bytes are its own.
            for byte in (range.lowerBound / 8)..<min(bitmapBytes, (range.upperBound + 7) / 8) { bits[byte] = 0 }
            var nulls = 0
            rows.forEachRun(in: range) { share, offset, row, length in
                values(share).withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress else { return }
                    (typed.base + row).update(from: from + offset, count: length)
                }
                guard let valid else { return }
                let flags = valid(share)
                for index in 0..<length {
                    if flags[offset + index] {
                        bits[(row + index) >> 3] |= 1 << UInt8((row + index) & 7)
                    } else {
                        nulls += 1
                    }
                }
            }
            return nulls
        }.reduce(0, +)
        guard nullCount > 0 else {
            free(validity)
            return ArrayNode(length: count, nullCount: 0, buffers: [nil, data], children: [])
        }
        return ArrayNode(length: count, nullCount: nullCount, buffers: [validity, data], children: [])
    }

    /// A utf8 column: 32-bit offsets and the bytes, each slice's thread
    /// writing its rows' offsets and copying their text.
    fileprivate static func utf8(_ rows: PackedRows, _ slices: ParallelSlices) throws -> ArrayNode {
        // Where each share's text starts in the column's.
        var firsts: [Int] = []
        var sum = 0
        for share in rows.shares {
            firsts.append(sum)
            sum += share.text.count
            guard sum <= Int(Int32.max) else {
                throw WellnessError.internal("more than 2 GiB of text in a utf8 column")
            }
        }
        let (shareStarts, total) = (firsts, sum)
        let count = rows.count
        let offsetsMemory = try allocate(try byteCount(count + 1, of: Int32.self))
        let bytesMemory: UnsafeMutableRawPointer
        do {
            bytesMemory = try allocate(total)
        } catch {
            free(offsetsMemory)
            throw error
        }
        let offsets = SharedPointer(offsetsMemory.bindMemory(to: Int32.self, capacity: count + 1))
        let bytes = SharedPointer(bytesMemory.bindMemory(to: UInt8.self, capacity: max(total, 1)))
        let index = Dictionary(uniqueKeysWithValues: rows.shares.enumerated().map { (ObjectIdentifier($1), $0) })
        _ = slices.run { _, range -> Bool in
            rows.forEachRun(in: range) { share, offset, row, length in
                let base = shareStarts[index[ObjectIdentifier(share)] ?? 0]
                let ends = share.textEnds
                let first = offset == 0 ? 0 : ends[offset - 1]
                for step in 0..<length {
                    let start = offset + step == 0 ? 0 : ends[offset + step - 1]
                    // At most the column's total, checked against Int32.max above.
                    offsets[row + step] = Int32(truncatingIfNeeded: base + start)
                }
                let last = ends[offset + length - 1]
                share.text.withUnsafeBufferPointer { text in
                    guard let from = text.baseAddress, last > first else { return }
                    (bytes.base + base + first).update(from: from + first, count: last - first)
                }
            }
            return true
        }
        offsets[count] = Int32(truncatingIfNeeded: total)
        return ArrayNode(length: count, nullCount: 0, buffers: [nil, offsetsMemory, bytesMemory], children: [])
    }

    /// `count` values of `Value` in bytes.
    /// - Throws: an internal error past Int.max.
    private static func byteCount<Value>(_ count: Int, of _: Value.Type) throws -> Int {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Value>.stride)
        guard !overflow else { throw WellnessError.internal("\(count) rows are too many for one Arrow buffer") }
        return bytes
    }

    /// Hands this node over to `target`; it lives until `target`'s release.
    func fill(_ target: UnsafeMutablePointer<ArrowArray>) {
        let list = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: max(buffers.count, 1))
        for (index, buffer) in buffers.enumerated() { list[index] = buffer.map(UnsafeRawPointer.init) }
        bufferList = list
        if !children.isEmpty {
            let pointers = UnsafeMutablePointer<UnsafeMutablePointer<ArrowArray>?>.allocate(capacity: children.count)
            for (index, child) in children.enumerated() {
                let slot = UnsafeMutablePointer<ArrowArray>.allocate(capacity: 1)
                child.fill(slot)
                pointers[index] = slot
            }
            childStructs = pointers
        }
        target.pointee = ArrowArray(
            length: Int64(length), null_count: Int64(nullCount), offset: 0, n_buffers: Int64(buffers.count),
            n_children: Int64(children.count), buffers: list, children: childStructs, dictionary: nil,
            release: releaseArray, private_data: Unmanaged.passRetained(self).toOpaque())
    }

    static func release(_ array: UnsafeMutablePointer<ArrowArray>) {
        guard let context = array.pointee.private_data else { return }
        let node = Unmanaged<ArrayNode>.fromOpaque(context).takeRetainedValue()
        for index in node.children.indices {
            if let child = node.childStructs?[index], let release = child.pointee.release { release(child) }
        }
        array.pointee.release = nil
        array.pointee.private_data = nil
    }
}

/// The release callbacks: C functions, found from the node in `private_data`.
private let releaseSchema: @convention(c) (UnsafeMutablePointer<ArrowSchema>?) -> Void = { schema in
    if let schema { SchemaNode.release(schema) }
}

private let releaseArray: @convention(c) (UnsafeMutablePointer<ArrowArray>?) -> Void = { array in
    if let array { ArrayNode.release(array) }
}
