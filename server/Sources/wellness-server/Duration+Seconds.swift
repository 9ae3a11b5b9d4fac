extension Duration {
    /// `seconds` to the millisecond, without trapping on any value an option can hold: NaN and what is not
    /// positive give zero, and what exceeds a billion seconds (beyond every option's range) a billion seconds,
    /// so that the range check after it names the option.
    static func milliseconds(ofSeconds seconds: Double) -> Duration {
        guard seconds > 0 else { return .zero }  // false for NaN too
        return .milliseconds(Int64((min(seconds, 1e9) * 1000).rounded()))
    }
}
