/// A bucket's label written as bytes, as ``AggregationInterval/label(start:end:)``
/// gives it ("Jan 5", "Jan 1-7", "Jan 29-Feb 4", "Jan 2024", "Q1 2024",
/// "H1 2024", "2024"), for the grouped call's packed columns: no String per bucket.
///
/// A label is written into a small buffer on the stack and appended at once:
/// nothing shared is read by reference (the month names are a static
/// string), so the grouped call's threads, writing labels at the same time,
/// do not contend for a reference count, and each label costs one append.
enum BucketLabel {
    /// The twelve abbreviations, three bytes each: a static string is read without retaining anything.
    private static let months: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"
    /// Most bytes a label takes: two months, two signed ten-digit numbers and separators.
    private static let capacity = 48

    /// Appends the label of the bucket from local day `start` to `end` (days since 1970-01-01).
    static func append(_ interval: AggregationInterval, start: Int, end: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var label = Writer(buffer: buffer)
            write(interval, start: start, end: end, to: &label)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<label.count]))
        }
    }

    private static func write(_ interval: AggregationInterval, start: Int, end: Int, to label: inout Writer) {
        let first = LocalCalendar.date(of: start)
        switch interval {
        case .day:
            label.month(first.month)
            label.byte(UInt8(ascii: " "))
            label.decimal(first.day)
        case .week:
            let last = LocalCalendar.date(of: end)
            label.month(first.month)
            label.byte(UInt8(ascii: " "))
            label.decimal(first.day)
            label.byte(UInt8(ascii: "-"))
            if last.month != first.month {
                label.month(last.month)
                label.byte(UInt8(ascii: " "))
            }
            label.decimal(last.day)
        case .month:
            label.month(first.month)
            label.byte(UInt8(ascii: " "))
            label.decimal(first.year)
        case .quarter:
            label.byte(UInt8(ascii: "Q"))
            label.decimal((first.month - 1) / 3 + 1)
            label.byte(UInt8(ascii: " "))
            label.decimal(first.year)
        case .half:
            label.byte(UInt8(ascii: "H"))
            label.byte(first.month <= 6 ? UInt8(ascii: "1") : UInt8(ascii: "2"))
            label.byte(UInt8(ascii: " "))
            label.decimal(first.year)
        case .year:
            label.decimal(first.year)
        }
    }

    /// A label's bytes so far in a buffer of ``capacity`` (what would pass it is cut, never overrun).
    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        private(set) var count = 0

        init(buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        mutating func byte(_ byte: UInt8) {
            guard count < buffer.count else { return }
            buffer[count] = byte
            count += 1
        }

        /// The month's abbreviation, as ``LocalCalendar/monthAbbreviation(_:)`` (clamped to 1–12).
        mutating func month(_ month: Int) {
            let first = (min(max(month, 1), 12) - 1) * 3
            let names = BucketLabel.months.utf8Start
            for offset in 0..<3 { byte(names[first + offset]) }
        }

        /// An integer in decimal, as string interpolation writes it.
        mutating func decimal(_ number: Int) {
            if number < 0 { byte(UInt8(ascii: "-")) }
            var magnitude = number.magnitude
            var digits = 1
            var power: UInt = 10
            // Days within ±2^40 give years of far fewer than ten digits; more would be cut, not overrun.
            while digits < 10, magnitude >= power {
                digits += 1
                power &*= 10
            }
            guard count + digits <= buffer.count else { return }
            for index in stride(from: count + digits - 1, through: count, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            }
            count += digits
        }
    }
}
