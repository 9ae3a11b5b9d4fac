/// One thread's buckets packed as the result's columns while its groups are
/// aggregated: each group's buckets are read into plain arrays of the
/// columns' values (about as large as the result itself) and dropped, so
/// that a call over many groups never holds every bucket at once (a bucket
/// costs several times its row in the result).
///
/// A writer then copies each column of every thread's share into the
/// result's buffer and releases it (``release(column:)``), so that the packed
/// columns shrink while the result grows.
package final class PackedBuckets: @unchecked Sendable {
    /// Where a column's values are kept.
    package enum Slot: Sendable {
        /// `int64[index]`, and `valid[validity]`.
        case int64(index: Int, validity: Int)
        /// `float64[index]`, and `valid[validity]`.
        case float64(index: Int, validity: Int)
        /// `int32[index]`: days, never null.
        case date32(index: Int)
        /// `text` and `textEnds`.
        case utf8
    }

    package let slots: [Slot]
    private let readers: [BucketColumns.Values]
    package private(set) var int64: [[Int64]] = []
    package private(set) var float64: [[Double]] = []
    package private(set) var int32: [[Int32]] = []
    /// Per nullable column, whether each row has a value.
    package private(set) var valid: [[Bool]] = []
    /// Every row's text, one after the other, and where each row's ends.
    package private(set) var text: [UInt8] = []
    package private(set) var textEnds: [Int] = []
    package private(set) var rowCount = 0
    /// False once a day did not fit 32 bits (never for years 1–9999, which every written date is).
    package private(set) var daysFit = true

    package init(_ columns: [BucketColumns.Values]) {
        readers = columns
        var slots: [Slot] = []
        for column in columns {
            switch column {
            case .int64, .timestampMilliseconds:
                slots.append(.int64(index: int64.count, validity: valid.count))
                int64.append([])
                valid.append([])
            case .float64:
                slots.append(.float64(index: float64.count, validity: valid.count))
                float64.append([])
                valid.append([])
            case .date32:
                slots.append(.date32(index: int32.count))
                int32.append([])
            case .utf8:
                slots.append(.utf8)
            }
        }
        self.slots = slots
    }

    /// Appends one group's buckets, a row each. Each column's arrays are
    /// taken out of the object while its rows are appended: appending
    /// through the object's properties checked exclusive access per value.
    package func append(key: Int64, _ buckets: [SeriesBucket]) {
        buckets.withUnsafeBufferPointer { buckets in
            guard let base = buckets.baseAddress else { return }
            let rows = UnsafeBufferPointer(start: base, count: buckets.count)
            for (slot, reader) in zip(slots, readers) { append(key, rows, slot, reader) }
        }
        rowCount += buckets.count
    }

    private func append(
        _ key: Int64, _ buckets: UnsafeBufferPointer<SeriesBucket>, _ slot: Slot, _ reader: BucketColumns.Values
    ) {
        guard let base = buckets.baseAddress else { return }
        let rows = 0..<buckets.count
        switch (slot, reader) {
        case (.int64(let index, let validity), .int64(let read)):
            Self.appending(to: &int64[index], &valid[validity], rows.lazy.map { read(key, base + $0) })
        case (.int64(let index, let validity), .timestampMilliseconds(let read)):
            Self.appending(to: &int64[index], &valid[validity], rows.lazy.map { read(base + $0) })
        case (.float64(let index, let validity), .float64(let read)):
            Self.appending(to: &float64[index], &valid[validity], rows.lazy.map { read(base + $0) })
        case (.date32(let index), .date32(let read)):
            var days: [Int32] = []
            swap(&days, &int32[index])
            for row in rows {
                let day = Int32(exactly: read(base + row))
                daysFit = daysFit && day != nil
                days.append(day ?? 0)
            }
            swap(&days, &int32[index])
        case (.utf8, .utf8(let read)):
            var bytes: [UInt8] = []
            var ends: [Int] = []
            swap(&bytes, &text)
            swap(&ends, &textEnds)
            for row in rows {
                var label = read(base + row)
                label.withUTF8 { bytes.append(contentsOf: $0) }
                ends.append(bytes.count)
            }
            swap(&bytes, &text)
            swap(&ends, &textEnds)
        default:
            break  // slots are made from the readers, kind for kind
        }
    }

    /// Appends `values` to a column and its validity, both moved out and back (one access each).
    private static func appending<Value: Numeric, Values: Sequence<Value?>>(
        to column: inout [Value], _ flags: inout [Bool], _ values: Values
    ) {
        var moved: [Value] = []
        var valid: [Bool] = []
        swap(&moved, &column)
        swap(&valid, &flags)
        for value in values {
            moved.append(value ?? 0)
            valid.append(value != nil)
        }
        swap(&moved, &column)
        swap(&valid, &flags)
    }

    /// Frees a column's values once they are copied out.
    package func release(column: Int) {
        switch slots[column] {
        case .int64(let index, let validity):
            int64[index] = []
            valid[validity] = []
        case .float64(let index, let validity):
            float64[index] = []
            valid[validity] = []
        case .date32(let index):
            int32[index] = []
        case .utf8:
            text = []
            textEnds = []
        }
    }
}
