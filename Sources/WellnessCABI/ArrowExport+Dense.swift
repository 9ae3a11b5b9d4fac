import CWellness
import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ArrowExport {
    /// Fills `schema` and `array` with the buckets the threads kept as rows
    /// (`shares`, in row order; columns named `names`, holding `fields`), as
    /// ``export(_:names:layout:threads:to:_:)`` writes the same buckets:
    /// every column's buffers are allocated once, then up to `threads`
    /// threads each write all columns for their own range of rows (ranges of
    /// 64 rows, so a validity bitmap's bytes are one thread's each), in one pass.
    /// - Throws: an internal error when memory runs out, a date does not fit a
    ///   date32 or the labels exceed 2 GiB; nothing is written then.
    static func export(
        _ shares: [DenseBuckets], names: [String], fields: [DenseField], threads: Int,
        to schema: UnsafeMutablePointer<ArrowSchema>, _ array: UnsafeMutablePointer<ArrowArray>
    ) throws {
        guard shares.allSatisfy(\.datesFit) else {
            throw WellnessError.internal("a bucket's day does not fit a date32")
        }
        let rows = DenseRows(shares)
        guard rows.textCount <= Int(Int32.max) else {
            throw WellnessError.internal("more than 2 GiB of text in a utf8 column")
        }
        let buffers = try DenseBuffers(fields: fields, rows: rows.count, textBytes: rows.textCount)
        let slices = ParallelSlices(count: rows.count, threads: threads, alignment: 64)
        let nullCounts = slices.run { _, range in buffers.write(range, of: rows) }
        buffers.endLabels(at: rows.textCount)
        var children: [(SchemaNode, ArrayNode)] = []
        for (column, field) in fields.enumerated() {
            let nulls = nullCounts.reduce(0) { $0 + $1[column] }
            children.append(buffers.node(column, field: field, name: names[column], nullCount: nulls))
        }
        buffers.handedOver()
        let schemaNode = SchemaNode(format: "+s", name: "", flags: 0, children: children.map(\.0))
        let arrayNode = ArrayNode(length: rows.count, nullCount: 0, buffers: [nil], children: children.map(\.1))
        schemaNode.fill(schema)
        arrayNode.fill(array)
    }
}

/// The rows of every thread's shares, numbered over all of them.
private struct DenseRows: @unchecked Sendable {
    let shares: [DenseBuckets]
    /// The first row of each share, and the row count.
    let starts: [Int]
    /// Where each share's label bytes start in the column's.
    let textStarts: [Int]
    let textCount: Int
    var count: Int { starts[starts.count - 1] }

    init(_ shares: [DenseBuckets]) {
        self.shares = shares
        var starts = [0]
        var textStarts: [Int] = []
        var text = 0
        for share in shares {
            starts.append(starts[starts.count - 1] + share.rows.count)
            textStarts.append(text)
            text += share.text.count
        }
        self.starts = starts
        self.textStarts = textStarts
        textCount = text
    }
}

/// The result's buffers while the threads fill them: per column its values
/// (malloc'd, as ``allocate(_:)``), and a validity bitmap for the nullable
/// fields; a utf8 column's offsets and bytes. Freed unless handed over.
private final class DenseBuffers: @unchecked Sendable {
    private let fields: [DenseField]
    private let count: Int
    private let values: [UnsafeMutableRawPointer]
    /// Per column, nil when the field is never null.
    private let bitmaps: [UnsafeMutableRawPointer?]
    private let text: UnsafeMutableRawPointer?
    private var owned = true
    private let bitmapBytes: Int

    init(fields: [DenseField], rows: Int, textBytes: Int) throws {
        self.fields = fields
        count = rows
        bitmapBytes = rows / 8 + (rows % 8 == 0 ? 0 : 1)
        var values: [UnsafeMutableRawPointer] = []
        var bitmaps: [UnsafeMutableRawPointer?] = []
        do {
            // Up to 8 bytes a row, and the rows held as structs of more: no overflow.
            for field in fields {
                values.append(try allocate(Self.width(of: field) * (field == .label ? rows + 1 : rows)))
                bitmaps.append(Self.isNullable(field) ? try allocate(bitmapBytes) : nil)
            }
            text = fields.contains(.label) ? try allocate(textBytes) : nil
        } catch {
            for buffer in values { free(buffer) }
            for bitmap in bitmaps { free(bitmap) }
            throw error
        }
        self.values = values
        self.bitmaps = bitmaps
    }

    deinit {
        guard owned else { return }
        for buffer in values { free(buffer) }
        for bitmap in bitmaps { free(bitmap) }
        free(text)
    }

    /// The buffers now belong to the nodes made by ``node(_:field:name:nullCount:)``.
    func handedOver() {
        owned = false
    }

    private static func width(of field: DenseField) -> Int {
        switch field {
        case .start, .end, .label: return 4
        default: return 8
        }
    }

    private static func isNullable(_ field: DenseField) -> Bool {
        switch field {
        case .weekYear, .week, .sum, .average, .minimum, .maximum: return true
        default: return false
        }
    }

    /// The bit of `DenseBuckets.Row.nulls` that says a row's `field` is null.
    private static func nullBit(of field: DenseField) -> UInt8 {
        switch field {
        case .weekYear, .week: return DenseBuckets.Row.nullWeek
        case .sum: return DenseBuckets.Row.nullSum
        case .average: return DenseBuckets.Row.nullAverage
        case .minimum: return DenseBuckets.Row.nullMinimum
        case .maximum: return DenseBuckets.Row.nullMaximum
        default: return 0
        }
    }

    /// Writes every column for `range` of the rows (a slice starting on a
    /// multiple of 64); returns each column's nulls among them.
    func write(_ range: Range<Int>, of rows: DenseRows) -> [Int] {
        var nulls = [Int](repeating: 0, count: fields.count)
        for bitmap in bitmaps.compactMap({ $0 }) {
            let bytes = bitmap.assumingMemoryBound(to: UInt8.self)
            for byte in (range.lowerBound / 8)..<min(bitmapBytes, (range.upperBound + 7) / 8) { bytes[byte] = 0 }
        }
        var share = 0
        while share + 1 < rows.starts.count, rows.starts[share + 1] <= range.lowerBound { share += 1 }
        var row = range.lowerBound
        while row < range.upperBound, share < rows.shares.count {
            let offset = row - rows.starts[share]
            let length = min(rows.shares[share].rows.count - offset, range.upperBound - row)
            if length > 0 {
                write(share: share, of: rows, from: offset, to: row, count: length, nulls: &nulls)
                row += length
            }
            share += 1
        }
        return nulls
    }

    /// Rows `offset..<offset + count` of a share to rows `first...` of the columns, a block at a time
    /// (each column's loop reads the block's rows again, from the cache).
    private func write(
        share index: Int, of rows: DenseRows, from offset: Int, to first: Int, count: Int, nulls: inout [Int]
    ) {
        let share = rows.shares[index]
        share.rows.withUnsafeBufferPointer { sourceRows in
            share.textEnds.withUnsafeBufferPointer { ends in
                let block = 256
                var done = 0
                while done < count {
                    let length = min(block, count - done)
                    let source = UnsafeBufferPointer(rebasing: sourceRows[(offset + done)..<(offset + done + length)])
                    for column in fields.indices {
                        nulls[column] += write(column, source, at: first + done)
                        if fields[column] == .label {
                            writeLabels(
                                column, ends, from: offset + done, to: first + done, count: length,
                                rows.textStarts[index])
                        }
                    }
                    done += length
                }
            }
            share.text.withUnsafeBufferPointer { text in
                guard let target = self.text, let from = text.baseAddress, count > 0 else { return }
                share.textEnds.withUnsafeBufferPointer { ends in
                    let start = offset == 0 ? 0 : ends[offset - 1]
                    let end = ends[offset + count - 1]
                    guard end > start else { return }
                    (target + rows.textStarts[index] + start).copyMemory(from: from + start, byteCount: end - start)
                }
            }
        }
    }

    /// One column's values (and validity) for a block of rows; returns its nulls.
    private func write(_ column: Int, _ rows: UnsafeBufferPointer<DenseBuckets.Row>, at first: Int) -> Int {
        let field = fields[column]
        let target = values[column]
        switch field {
        case .group: fill(target, first, rows) { Int64($0.key) }
        case .count: fill(target, first, rows) { $0.count }
        case .daysWithData: fill(target, first, rows) { Int64($0.daysWithData) }
        case .weekYear: fill(target, first, rows) { Int64($0.weekYear) }
        case .week: fill(target, first, rows) { Int64($0.week) }
        case .sum: fill(target, first, rows) { $0.sum }
        case .average: fill(target, first, rows) { $0.average }
        case .minimum: fill(target, first, rows) { $0.minimum }
        case .maximum: fill(target, first, rows) { $0.maximum }
        case .start: fill(target, first, rows) { $0.start }
        case .end: fill(target, first, rows) { $0.end }
        case .label: return 0
        }
        guard let bitmap = bitmaps[column] else { return 0 }
        let bits = bitmap.assumingMemoryBound(to: UInt8.self)
        let bit = Self.nullBit(of: field)
        var nulls = 0
        for (index, row) in rows.enumerated() {
            let at = first + index
            if row.nulls & bit == 0 {
                bits[at >> 3] |= 1 << UInt8(at & 7)
            } else {
                nulls += 1
            }
        }
        return nulls
    }

    @inline(__always)
    private func fill<Value>(
        _ target: UnsafeMutableRawPointer, _ first: Int, _ rows: UnsafeBufferPointer<DenseBuckets.Row>,
        _ read: (DenseBuckets.Row) -> Value
    ) {
        let typed = target.assumingMemoryBound(to: Value.self) + first
        for index in rows.indices { typed[index] = read(rows[index]) }
    }

    /// A block's label offsets: where each row's label starts in the column's bytes.
    private func writeLabels(
        _ column: Int, _ ends: UnsafeBufferPointer<Int>, from offset: Int, to first: Int, count: Int, _ base: Int
    ) {
        let offsets = values[column].assumingMemoryBound(to: Int32.self)
        for step in 0..<count {
            let local = offset + step
            // At most the column's total, checked against Int32.max.
            offsets[first + step] = Int32(truncatingIfNeeded: base + (local == 0 ? 0 : ends[local - 1]))
        }
    }

    /// Writes the label column's last offset, the end of its bytes (at most Int32.max, checked).
    func endLabels(at total: Int) {
        guard let column = fields.firstIndex(of: .label) else { return }
        values[column].assumingMemoryBound(to: Int32.self)[count] = Int32(truncatingIfNeeded: total)
    }

    /// One column's schema and array node, owning its buffers from here (a bitmap without nulls is freed).
    func node(_ column: Int, field: DenseField, name: String, nullCount: Int) -> (SchemaNode, ArrayNode) {
        let nullable = Int64(ARROW_FLAG_NULLABLE)
        switch field {
        case .start, .end:
            return (
                SchemaNode(format: "tdD", name: name, flags: 0, children: []),
                ArrayNode(length: count, nullCount: 0, buffers: [nil, values[column]], children: [])
            )
        case .label:
            return (
                SchemaNode(format: "u", name: name, flags: 0, children: []),
                ArrayNode(length: count, nullCount: 0, buffers: [nil, values[column], text], children: [])
            )
        default:
            let format = [.sum, .average, .minimum, .maximum].contains(field) ? "g" : "l"
            var validity = bitmaps[column]
            if nullCount == 0 {
                free(validity)
                validity = nil
            }
            return (
                SchemaNode(format: format, name: name, flags: nullable, children: []),
                ArrayNode(length: count, nullCount: nullCount, buffers: [validity, values[column]], children: [])
            )
        }
    }
}
