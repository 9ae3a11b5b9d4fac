import WellnessKitCore

/// How the server writes a fact a text cites (`{{name}}`): its value with
/// its unit and the display rounding of that unit ("8,235 steps", "7.5
/// hours", "3.4 out of 10", "85%", "1 day", "3 November 2025"), and a query's
/// parameter as what it is ("more than 10,000 steps", "the last 14 days",
/// "the last 5"). Every piece is checked to read back as its own fact
/// (``GroundingCheck``); a unit that would not (a compound one such as
/// "km/h") is left out, and the bare number written.
enum FactRenderer {
    /// How values of one unit are written.
    struct Style {
        /// Decimals written; trailing zeros dropped unless `fixed`.
        var decimals: Int
        var fixed = false
        /// The words after the number, for one and for any other amount; nil: the unit as given.
        var singular: String?
        var plural: String?
        /// Whether the words follow the number without a space ("85%").
        var attached = false
    }

    /// Styles by unit, as facts carry them (``FactSheet``, query results, goal units).
    static let styles: [String: Style] = [
        "steps": Style(decimals: 0, singular: "step", plural: "steps"),
        "hours": Style(decimals: 1, fixed: true, singular: "hours", plural: "hours"),
        "kcal": Style(decimals: 0, singular: "kcal", plural: "kcal"),
        "mood_score": Style(decimals: 1, singular: "out of 10", plural: "out of 10"),
        "percent": Style(decimals: 1, singular: "%", plural: "%", attached: true),
        "days": Style(decimals: 0, singular: "day", plural: "days"),
        "checkins": Style(decimals: 0, singular: "check-in", plural: "check-ins"),
        "workouts": Style(decimals: 0, singular: "workout", plural: "workouts"),
        "sessions": Style(decimals: 0, singular: "session", plural: "sessions"),
        "kg": Style(decimals: 1, singular: "kg", plural: "kg"),
        "min": Style(decimals: 0, singular: "minute", plural: "minutes"),
        "minutes": Style(decimals: 0, singular: "minute", plural: "minutes"),
    ]

    /// Numbers the styles write beside a value ("out of 10"), facts for the check of a rendered text.
    static let constants = [GroundingFact(name: "mood_scale_maximum", value: .number(10), unit: "mood_score")]

    /// What `{{fact.name}}` becomes in a text.
    static func text(of fact: GroundingFact, parameter: FactSheet.Parameter?) -> String {
        switch fact.value {
        case .date(let date): return self.date(date)
        case .number(let number):
            let amount = readBack(value(number, unit: fact.unit), fact) ?? value(number, unit: nil)
            guard let parameter else { return amount }
            return readBack(phrase(amount, parameter), fact) ?? amount
        }
    }

    /// `text` when it reads back as `fact` and nothing else, else nil.
    private static func readBack(_ text: String, _ fact: GroundingFact) -> String? {
        let check = GroundingCheck(text: text, facts: [fact] + constants)
        return check.isGrounded && check.results.contains { $0.match?.facts == [fact.name] } ? text : nil
    }

    /// A parameter as what it is: the comparison, the window or the rows taken.
    static func phrase(_ amount: String, _ parameter: FactSheet.Parameter) -> String {
        switch parameter.kind {
        case .condition(let op):
            let words: [QueryCondition.Operator: String] = [
                .greater: "more than", .greaterOrEqual: "at least", .less: "less than", .lessOrEqual: "at most",
                .equal: "exactly", .notEqual: "other than",
            ]
            return (words[op] ?? "") + " " + amount
        case .lastDays:
            return "the last " + amount
        case .take(let first):
            return (first ? "the first " : "the last ") + amount
        }
    }

    /// A number in a unit's style: "8,235 steps", "7.5 hours", "1 day", "72.5 kg", "3.25".
    static func value(_ number: Double, unit: String?) -> String {
        guard let unit else { return self.number(number, decimals: 2, fixed: false) }
        guard let style = styles[unit] else { return self.number(number, decimals: 2, fixed: false) + " " + unit }
        let written = self.number(number, decimals: style.decimals, fixed: style.fixed)
        let words = (written == "1" ? style.singular : style.plural) ?? unit
        return written + (style.attached ? "" : " ") + words
    }

    /// "3 November 2025".
    static func date(_ date: CalendarDate) -> String {
        let month = months.indices.contains(date.month - 1) ? months[date.month - 1] : ""
        return "\(date.day) \(month) \(date.year)"
    }

    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `value` rounded to `decimals` (half away from zero), thousands grouped with commas, trailing zeros of the
    /// decimals dropped unless `fixed`.
    static func number(_ value: Double, decimals: Int, fixed: Bool) -> String {
        var scale = 1.0
        for _ in 0..<max(decimals, 0) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled.isFinite, scaled < 9e15, let whole = Int64(exactly: scaled) else { return "\(value)" }
        let unit = Int64(scale)
        var fraction = decimals > 0 ? String(whole % unit) : ""
        fraction = String(repeating: "0", count: max(decimals - fraction.count, 0)) + fraction
        if !fixed { while fraction.hasSuffix("0") { fraction.removeLast() } }
        let sign = value < 0 && whole != 0 ? "-" : ""
        return sign + grouped(whole / unit) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// "8235" as "8,235".
    private static func grouped(_ whole: Int64) -> String {
        let digits = Array(String(whole))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
