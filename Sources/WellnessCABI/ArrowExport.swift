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
    /// Fills `schema` and `array` with `columns`, each column's buffers
    /// allocated once and filled by up to `threads` threads, each its own
    /// range of rows (ranges of 64 rows, so a validity bitmap's bytes are one
    /// thread's each).
    /// - Throws: an internal error when memory runs out, a date does not fit a
    ///   date32 or a column's text exceeds 2 GiB; nothing is written then.
    static func export(
        _ columns: BucketColumns, threads: Int, to schema: UnsafeMutablePointer<ArrowSchema>,
        _ array: UnsafeMutablePointer<ArrowArray>
    ) throws {
        let slices = ParallelSlices(count: columns.rowCount, threads: threads, alignment: 64)
        var children: [ArrowColumn] = []
        for (name, values) in zip(columns.names, columns.columns) {
            children.append(try ArrowColumn(name: name, values: values, rows: columns, slices: slices))
        }
        let schemaNode = SchemaNode(format: "+s", name: "", flags: 0, children: children.map(\.schema))
        let arrayNode = ArrayNode(
            length: columns.rowCount, nullCount: 0, buffers: [nil], children: children.map(\.array))
        schemaNode.fill(schema)
        arrayNode.fill(array)
    }
}

/// One column's schema node and array node, before they are handed over.
private struct ArrowColumn {
    let schema: SchemaNode
    let array: ArrayNode

    init(name: String, values: BucketColumns.Values, rows: BucketColumns, slices: ParallelSlices) throws {
        let nullable = Int64(ARROW_FLAG_NULLABLE)
        switch values {
        case .int64(let read):
            schema = SchemaNode(format: "l", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(rows, slices, zero: Int64(0), read)
        case .timestampMilliseconds(let read):
            schema = SchemaNode(format: "tsm:UTC", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(rows, slices, zero: Int64(0)) { read($1) }
        case .float64(let read):
            schema = SchemaNode(format: "g", name: name, flags: nullable, children: [])
            array = try ArrayNode.fixedWidth(rows, slices, zero: 0.0) { read($1) }
        case .date32(let read):
            schema = SchemaNode(format: "tdD", name: name, flags: 0, children: [])
            // Nil only for a day beyond 32 bits (never for years 1-9999, which every written date is).
            array = try ArrayNode.fixedWidth(rows, slices, zero: Int32(0)) { Int32(exactly: read($1)) }
            guard array.nullCount == 0 else {
                throw WellnessError.internal("a day of the \(name) column does not fit a date32")
            }
        case .utf8(let read):
            schema = SchemaNode(format: "u", name: name, flags: 0, children: [])
            array = try ArrayNode.utf8(rows, slices, read)
        }
    }
}

/// Memory from malloc, so that a consumer in any language may outlive the call; freed by the node's release.
private func allocate(_ bytes: Int) throws -> UnsafeMutableRawPointer {
    // Arrow recommends 64-byte alignment; malloc of 0 bytes may return NULL.
    var memory: UnsafeMutableRawPointer?
    guard posix_memalign(&memory, 64, max(bytes, 1)) == 0, let memory else {
        throw WellnessError.internal("out of memory for a \(bytes)-byte Arrow buffer")
    }
    return memory
}

/// A schema node: its strings and children, owned until its release.
private final class SchemaNode {
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
private final class ArrayNode {
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

    /// A column of fixed-width values, `read` from each row by the slices'
    /// threads: a validity bitmap (only when some are nil) and the values, nil as zero.
    static func fixedWidth<Value>(
        _ rows: BucketColumns, _ slices: ParallelSlices, zero: Value,
        _ read: @escaping @Sendable (Int64, BucketColumns.Bucket) -> Value?
    ) throws -> ArrayNode {
        let count = rows.rowCount
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
            rows.forEachRow(in: range) { row, key, bucket in
                if let value = read(key, bucket) {
                    typed[row] = value
                    bits[row >> 3] |= 1 << UInt8(row & 7)
                } else {
                    typed[row] = zero
                    nulls += 1
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

    /// A utf8 column: 32-bit offsets and the bytes. The slices' threads
    /// measure their rows' text, a prefix sum gives each its first byte, and
    /// each then writes its own offsets and bytes.
    static func utf8(
        _ rows: BucketColumns, _ slices: ParallelSlices, _ read: @escaping @Sendable (BucketColumns.Bucket) -> String
    ) throws -> ArrayNode {
        let sizes = slices.run { _, range -> Int in
            var total = 0
            rows.forEachRow(in: range) { _, _, bucket in total += read(bucket).utf8.count }
            return total
        }
        var firsts: [Int] = []
        var sum = 0
        for size in sizes {
            firsts.append(sum)
            sum += size
            guard sum <= Int(Int32.max) else {
                throw WellnessError.internal("more than 2 GiB of text in a utf8 column")
            }
        }
        let (starts, total) = (firsts, sum)
        let count = rows.rowCount
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
        let written = slices.run { slice, range -> Bool in
            var position = starts[slice]
            let end = slice + 1 < starts.count ? starts[slice + 1] : total
            var fits = true
            rows.forEachRow(in: range) { row, _, bucket in
                offsets[row] = Int32(truncatingIfNeeded: position)
                var text = read(bucket)
                text.withUTF8 { utf8 in
                    // The same text as measured; checked all the same, as a bound on the copy.
                    guard let source = utf8.baseAddress, utf8.count <= end - position else {
                        fits = fits && utf8.isEmpty
                        return
                    }
                    (bytes.base + position).update(from: source, count: utf8.count)
                    position += utf8.count
                }
            }
            return fits
        }
        offsets[count] = Int32(truncatingIfNeeded: total)
        guard written.allSatisfy({ $0 }) else {
            free(offsetsMemory)
            free(bytesMemory)
            throw WellnessError.internal("a utf8 column's text changed while it was written")
        }
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
