#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The numbers the importers read: finite and within ±10^12, so that unit
/// conversions and a day's or a track's sums stay finite (no health sample
/// comes near; a value beyond is the file's fault, never an overflow).
enum ImportNumber {
    static let limit = 1e12

    /// The whole NUL-terminated attribute as a number in range, or nil.
    static func parse(_ text: UnsafePointer<CChar>) -> Double? {
        var end: UnsafeMutablePointer<CChar>?
        let value = strtod(text, &end)
        guard let end, end != UnsafeMutablePointer(mutating: text), end.pointee == 0 else { return nil }
        return inRange(value)
    }

    /// `text` as a number in range, or nil.
    static func parse(_ text: String) -> Double? {
        Double(text).flatMap(inRange)
    }

    static func inRange(_ value: Double) -> Double? {
        value.isFinite && abs(value) <= limit ? value : nil
    }
}
