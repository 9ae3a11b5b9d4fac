import Foundation

/// Number formatting as the seeds' Swift code does it, without its traps.
enum DisplayNumber {
    /// `"\(Int(value))"`: truncation toward zero. Swift's `Int(_:)` traps
    /// beyond Int's range, so large values are formatted from the double.
    static func truncated(_ value: Double) -> String {
        let whole = value.rounded(.towardZero)
        if let exact = Int(exactly: whole) {
            return String(exact)
        }
        return String(format: "%.0f", whole)
    }

    /// `String(format: "%.<digits>f<suffix>", value)`.
    static func fixed(_ value: Double, digits: Int, suffix: String) -> String {
        String(format: "%.\(digits)f", value) + suffix
    }
}
