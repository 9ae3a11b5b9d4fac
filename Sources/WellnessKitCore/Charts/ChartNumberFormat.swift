#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Number labels of a chart: no spurious decimals, thousands separated
/// ("2,000", "12,345.5"), and a compact scientific form ("1.5e308",
/// "2e-9") where fixed notation would need more than 15 digits or more than
/// 7 decimals. Never "nan" or "inf": callers pass finite values.
public enum ChartNumberFormat {
    /// Values at or beyond this magnitude are written in scientific form.
    static let fixedLimit = 1e15

    /// A y-axis tick label for `value`, a multiple of `mantissa` × 10^`exponent`
    /// (mantissa 1, 2, 2.5 or 5): as many decimals as the step needs, then
    /// trailing zeros dropped ("0", "2.5", "5", "7.5").
    /// - Parameter largest: the largest magnitude among the axis' ticks, which
    ///   chooses fixed or scientific notation for every label of the axis.
    public static func tick(_ value: Double, mantissa: Double, exponent: Int, largest: Double) -> String {
        let extra = mantissa == 2.5 ? 1 : 0
        if largest < fixedLimit && exponent + extra >= -6 {
            return grouped(trimmed(DisplayNumber.fixed(value, digits: max(0, extra - exponent))))
        }
        guard value != 0 else { return "0" }
        let magnitude = decimalExponent(of: value)
        return scientific(value, significantDigits: magnitude - exponent + 1 + extra)
    }

    /// A value annotation as the SVG shows it: ``ChartSpec/annotation(_:)``
    /// with thousands separators.
    public static func annotation(_ value: Double) -> String {
        grouped(ChartSpec.annotation(value))
    }

    /// `text` (an optional "-", digits, an optional fraction) with a comma
    /// between each group of three integer digits.
    public static func grouped(_ text: String) -> String {
        var characters = Array(text)
        let sign = characters.first == "-" ? "-" : ""
        if !sign.isEmpty { characters.removeFirst() }
        let point = characters.firstIndex(of: ".") ?? characters.count
        let integer = characters[..<point]
        guard integer.count > 3, integer.allSatisfy(\.isNumber) else { return text }
        var result = ""
        for (index, digit) in integer.enumerated() {
            if index > 0 && (integer.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return sign + result + String(characters[point...])
    }

    /// `value` in scientific form with up to `significantDigits` digits,
    /// trailing zeros dropped: "1.5e308", "-2e-7", "4.94e-324".
    public static func scientific(_ value: Double, significantDigits: Int) -> String {
        let digits = Int32(min(max(significantDigits, 1), 17) - 1)
        var buffer = [CChar](repeating: 0, count: 64)
        let written = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([digits, value]) { vsnprintf(pointer.baseAddress, pointer.count, "%.*e", $0) }
        }
        guard written > 0 else { return "0" }
        let text = String(decoding: buffer.prefix(Int(min(written, 63))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parts = text.split(separator: "e", maxSplits: 1)
        guard parts.count == 2 else { return text }
        var exponent = String(parts[1])
        let negative = exponent.hasPrefix("-")
        exponent.removeAll { $0 == "+" || $0 == "-" }
        while exponent.count > 1 && exponent.hasPrefix("0") { exponent.removeFirst() }
        return trimmed(String(parts[0])) + "e" + (negative ? "-" : "") + exponent
    }

    /// The power of ten of `value`'s leading digit (0 for 0), clamped to the
    /// doubles' range before converting.
    static func decimalExponent(of value: Double) -> Int {
        let magnitude = abs(value)
        guard magnitude > 0, magnitude.isFinite else { return 0 }
        return Int(min(max(log10(magnitude).rounded(.down), -400), 400))
    }

    /// A fixed-notation number without trailing fraction zeros ("2.50" →
    /// "2.5", "3.0" → "3"; "-0" → "0").
    static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text == "-0" ? "0" : text }
        var result = text
        while result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return result == "-0" ? "0" : result
    }
}
