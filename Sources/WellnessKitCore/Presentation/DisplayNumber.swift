#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Number formatting as the seeds' Swift code does it, without its traps.
enum DisplayNumber {
    /// `"\(Int(value))"`: truncation toward zero. Swift's `Int(_:)` traps
    /// beyond Int's range, so large values are formatted from the double.
    static func truncated(_ value: Double) -> String {
        let whole = value.rounded(.towardZero)
        if let exact = Int(exactly: whole) {
            return String(exact)
        }
        return fixed(whole, digits: 0)
    }

    /// `String(format: "%.<digits>f<suffix>", value)`, through C's
    /// `snprintf`, which Foundation's `String(format:)` calls too, so the
    /// library needs no Foundation for it.
    /// - Parameters:
    ///   - value: any double (non-finite values print as C does: "inf", "nan").
    ///   - digits: fraction digits, clamped to 0…17.
    ///   - suffix: appended as is.
    static func fixed(_ value: Double, digits: Int, suffix: String = "") -> String {
        let precision = Int32(min(max(digits, 0), 17))
        // 309 integer digits, a sign, a point and 17 decimals fit.
        var buffer = [CChar](repeating: 0, count: 400)
        let written = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([precision, value]) { vsnprintf(pointer.baseAddress, pointer.count, "%.*f", $0) }
        }
        guard written >= 0 else { return suffix }
        return String(decoding: buffer.prefix(Int(min(written, 399))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            + suffix
    }
}
