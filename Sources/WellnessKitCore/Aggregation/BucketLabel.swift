/// A bucket's label written as bytes, as ``AggregationInterval/label(start:end:)``
/// gives it ("Jan 5", "Jan 1-7", "Jan 29-Feb 4", "Jan 2024", "Q1 2024",
/// "H1 2024", "2024"), for the grouped call's packed columns: no String per bucket.
enum BucketLabel {
    private static let months: [[UInt8]] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ].map { Array($0.utf8) }

    /// Appends the label of the bucket from local day `start` to `end` (days since 1970-01-01).
    static func append(_ interval: AggregationInterval, start: Int, end: Int, to bytes: inout [UInt8]) {
        let first = LocalCalendar.date(of: start)
        switch interval {
        case .day:
            appendMonth(first.month, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            appendDecimal(first.day, to: &bytes)
        case .week:
            let last = LocalCalendar.date(of: end)
            appendMonth(first.month, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            appendDecimal(first.day, to: &bytes)
            bytes.append(UInt8(ascii: "-"))
            if last.month != first.month {
                appendMonth(last.month, to: &bytes)
                bytes.append(UInt8(ascii: " "))
            }
            appendDecimal(last.day, to: &bytes)
        case .month:
            appendMonth(first.month, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            appendDecimal(first.year, to: &bytes)
        case .quarter:
            bytes.append(UInt8(ascii: "Q"))
            appendDecimal((first.month - 1) / 3 + 1, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            appendDecimal(first.year, to: &bytes)
        case .half:
            bytes.append(UInt8(ascii: "H"))
            bytes.append(first.month <= 6 ? UInt8(ascii: "1") : UInt8(ascii: "2"))
            bytes.append(UInt8(ascii: " "))
            appendDecimal(first.year, to: &bytes)
        case .year:
            appendDecimal(first.year, to: &bytes)
        }
    }

    /// The month's abbreviation, as ``LocalCalendar/monthAbbreviation(_:)`` (clamped to 1–12).
    private static func appendMonth(_ month: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: months[min(max(month, 1), 12) - 1])
    }

    /// An integer in decimal, as string interpolation writes it.
    private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        )
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                // Days within ±2^40 give years of far fewer than ten digits; more would be cut, not overrun.
                if count < digits.count {
                    digits[digits.count - 1 - count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                    count += 1
                }
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: digits[(digits.count - count)...])
        }
    }
}
