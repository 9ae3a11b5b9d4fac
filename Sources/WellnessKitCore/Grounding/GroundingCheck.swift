/// Checks that every number a generated text writes is one of the facts it
/// was given, or a documented derivation of two of them (docs/AI.md,
/// "Grounding"): what no hosted model guarantees, and what makes its prose
/// safe to show beside the user's own data.
///
/// A number matches a fact when the fact, rounded to the decimals written,
/// is that number; a whole number ending in zeros may round its fact to those
/// zeros ("10,000" for 9,996), within 5 %. Without a written sign, magnitudes
/// are compared ("0.3 years younger" for -0.32). A percentage matches a fact
/// in percent, a fraction (0.85 is "85%"), or the change or share of two
/// facts; a number, the difference of two. Only facts of one unit are
/// derived from together. Days of the month and years beside a month name, and ISO dates,
/// match the dates among the facts. A number written with a unit ("3.1 miles")
/// matches facts of that unit or one it converts to (``MeasureUnit``), or
/// facts without a unit; the reader (``NumberMention``) finds numbers in every
/// script's digits, number forms and English number words.
public struct GroundingCheck: Sendable {
    /// What a mention matched.
    public struct Match: Sendable, Equatable {
        public enum Kind: String, Sendable {
            /// The fact itself.
            case value
            /// |a − b|.
            case difference
            /// |a − b| / |b| × 100.
            case percentChange = "percent_change"
            /// a / b × 100.
            case percentOf = "percent_of"
            /// A fraction written as a percentage: a × 100.
            case fraction
            /// A date fact, or its day of the month or year.
            case date
        }

        public var kind: Kind
        public var facts: [String]
        public var value: Double
    }

    public struct Result: Sendable {
        public var mention: NumberMention
        public var match: Match?
    }

    public static let maximumTextLength = 100_000
    public static let maximumFacts = 1_000
    /// Two-fact derivations are tried among the first this many numeric facts.
    public static let maximumPairedFacts = 200

    /// Every number of the text, in order, with what it matched.
    public let results: [Result]

    public var isGrounded: Bool { results.allSatisfy { $0.match != nil } }

    /// - Parameters:
    ///   - text: the generated text.
    ///   - facts: what it may cite.
    public init(text: String, facts: [GroundingFact]) {
        let numbers = facts.compactMap { fact in
            fact.number.map { NumericFact(name: fact.name, value: $0, unit: MeasureUnit.key(of: fact.unit)) }
        }
        let dates = facts.compactMap { fact in fact.date.map { (fact.name, $0) } }
        let pairs = Self.derivations(of: Array(facts.filter { $0.number != nil }.prefix(Self.maximumPairedFacts)))
        let differences = UnitIndex(pairs.filter { $0.match.kind == .difference })
        let percentages = DerivedValues(
            pairs.filter { $0.match.kind != .difference }.map(\.match)
                + numbers.map { Match(kind: .fraction, facts: [$0.name], value: $0.value * 100) })
        results = NumberMention.find(in: text).map { mention in
            let match: Match?
            switch mention.kind {
            case .date, .dayOfMonth, .year:
                // A day or year beside a month may still be a plain number.
                match =
                    Self.dateMatch(mention, dates: dates)
                    ?? (mention.kind == .date ? nil : Self.valueMatch(mention, numbers: numbers))
            case .number:
                match = Self.valueMatch(mention, numbers: numbers) ?? differences.first(writtenAs: mention)
            case .percent:
                match = Self.valueMatch(mention, numbers: numbers) ?? percentages.first(writtenAs: mention)
            }
            return Result(mention: mention, match: match)
        }
    }

    /// A numeric fact and the key of its unit.
    struct NumericFact {
        var name: String
        var value: Double
        var unit: (key: MeasureUnit.Key, factor: Double)?
    }

    /// How to bring a value in `fact`'s unit into `mention`'s: nil when the
    /// units differ. A number without a unit, or a fact without one, is compared as written.
    static func conversion(
        from fact: (key: MeasureUnit.Key, factor: Double)?, to mention: (key: MeasureUnit.Key, factor: Double)?
    ) -> Double? {
        guard let fact, let mention else { return 1 }
        guard fact.key == mention.key, mention.factor > 0 else { return nil }
        return fact.factor / mention.factor
    }

    private static func valueMatch(_ mention: NumberMention, numbers: [NumericFact]) -> Match? {
        let unit = MeasureUnit.key(of: mention.unit)
        for fact in numbers {
            guard let scale = conversion(from: fact.unit, to: unit), writes(mention, fact.value * scale) else {
                continue
            }
            return Match(kind: .value, facts: [fact.name], value: fact.value)
        }
        return nil
    }

    private static func dateMatch(_ mention: NumberMention, dates: [(String, CalendarDate)]) -> Match? {
        let found = dates.first { _, date in
            switch mention.kind {
            case .date: return Double(date.daysSinceEpoch) == mention.value
            case .dayOfMonth:
                return Double(date.day) == mention.value && mention.month.map { $0 == date.month } != false
            case .year: return Double(date.year) == mention.value && mention.month.map { $0 == date.month } != false
            default: return false
            }
        }
        return found.map { Match(kind: .date, facts: [$0.0], value: mention.value) }
    }

    /// Whether `value`, rounded as the mention is written, is the mention.
    static func writes(_ mention: NumberMention, _ value: Double) -> Bool {
        guard value.isFinite, mention.value.isFinite else { return false }
        let candidate = mention.signed ? value : abs(value)
        let written = mention.signed ? mention.value : abs(mention.value)
        return abs(candidate - written) <= tolerance(of: mention)
    }

    /// How far a value may lie from the mention and still be written so.
    static func tolerance(of mention: NumberMention) -> Double {
        let written = abs(mention.value)
        let rounding = pow10(-mention.decimals) / 2 * (1 + 1e-9) + 1e-12
        let zeros = trailingZeros(of: written, decimals: mention.decimals)
        guard zeros > 0 else { return rounding }
        return max(rounding, min(pow10(zeros) / 2, written * 0.05))
    }

    private static func trailingZeros(of value: Double, decimals: Int) -> Int {
        guard decimals == 0, value != 0, abs(value) < 1e15 else { return 0 }
        var whole = Int64(abs(value).rounded())
        var zeros = 0
        while whole > 0, whole % 10 == 0 {
            whole /= 10
            zeros += 1
        }
        return zeros
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<min(abs(exponent), 400) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    /// The two-fact derivations, in a fixed order, of facts that share a
    /// unit: differences of unrelated quantities would match almost any
    /// small number. Each carries the unit of its facts.
    private static func derivations(of facts: [GroundingFact]) -> [UnitIndex.Entry] {
        var found: [UnitIndex.Entry] = []
        for (i, a) in facts.enumerated() {
            for (j, b) in facts.enumerated() where i != j && a.unit != nil && a.unit == b.unit {
                guard let x = a.number, let y = b.number else { continue }
                let unit = MeasureUnit.key(of: a.unit)
                func add(_ kind: Match.Kind, _ value: Double) {
                    found.append(
                        UnitIndex.Entry(match: Match(kind: kind, facts: [a.name, b.name], value: value), unit: unit))
                }
                if i < j { add(.difference, abs(x - y)) }
                guard y != 0 else { continue }
                add(.percentChange, abs(x - y) / abs(y) * 100)
                add(.percentOf, x / y * 100)
            }
        }
        return found.filter { $0.match.value.isFinite }
    }
}

/// Derived values by unit, so that a mention with a unit finds the ones of
/// that unit (converted) or of none, and a mention without one finds all.
private struct UnitIndex {
    struct Entry {
        var match: GroundingCheck.Match
        var unit: (key: MeasureUnit.Key, factor: Double)?
    }

    private let all: DerivedValues
    private let unitless: DerivedValues
    /// Values in their dimension's base unit (a named unit: as given).
    private let byUnit: [MeasureUnit.Key: DerivedValues]

    init(_ entries: [Entry]) {
        all = DerivedValues(entries.map(\.match))
        unitless = DerivedValues(entries.filter { $0.unit == nil }.map(\.match))
        var grouped: [MeasureUnit.Key: [(GroundingCheck.Match, Double)]] = [:]
        for entry in entries {
            guard let unit = entry.unit else { continue }
            grouped[unit.key, default: []].append((entry.match, entry.match.value * unit.factor))
        }
        byUnit = grouped.mapValues(DerivedValues.init(scaled:))
    }

    func first(writtenAs mention: NumberMention) -> GroundingCheck.Match? {
        guard let unit = MeasureUnit.key(of: mention.unit) else { return all.first(writtenAs: mention) }
        return byUnit[unit.key]?.first(writtenAs: mention, per: unit.factor) ?? unitless.first(writtenAs: mention)
    }
}

/// Derived values sorted by magnitude, so that a mention finds the ones it
/// could write by binary search: a long text against many facts stays linear.
private struct DerivedValues {
    /// Each match with the value compared (the match's, or in a base unit).
    private let entries: [(match: GroundingCheck.Match, value: Double)]

    init(_ matches: [GroundingCheck.Match]) {
        self.init(scaled: matches.map { ($0, $0.value) })
    }

    init(scaled entries: [(GroundingCheck.Match, Double)]) {
        self.entries = entries.filter { $0.1.isFinite }.sorted { abs($0.1) < abs($1.1) }.map { ($0.0, $0.1) }
    }

    /// The first match (by magnitude) the mention writes, its value divided by `unit` (the mention's unit in
    /// the base unit).
    func first(writtenAs mention: NumberMention, per unit: Double = 1) -> GroundingCheck.Match? {
        guard mention.value.isFinite, unit > 0 else { return nil }
        let tolerance = GroundingCheck.tolerance(of: mention)
        let low = (abs(mention.value) - tolerance) * unit
        var lower = 0
        var upper = entries.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if abs(entries[middle].value) < low { lower = middle + 1 } else { upper = middle }
        }
        let high = (abs(mention.value) + tolerance) * unit
        var index = lower
        while index < entries.count, abs(entries[index].value) <= high {
            if GroundingCheck.writes(mention, entries[index].value / unit) { return entries[index].match }
            index += 1
        }
        return nil
    }
}
