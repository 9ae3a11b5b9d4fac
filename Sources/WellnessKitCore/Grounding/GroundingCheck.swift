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
/// match the dates among the facts.
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
        let numbers = facts.compactMap { fact in fact.number.map { (fact.name, $0) } }
        let dates = facts.compactMap { fact in fact.date.map { (fact.name, $0) } }
        let pairs = Self.derivations(of: Array(facts.filter { $0.number != nil }.prefix(Self.maximumPairedFacts)))
        let differences = DerivedValues(pairs.filter { $0.kind == .difference })
        let percentages = DerivedValues(
            pairs.filter { $0.kind != .difference }
                + numbers.map { Match(kind: .fraction, facts: [$0.0], value: $0.1 * 100) })
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

    private static func valueMatch(_ mention: NumberMention, numbers: [(String, Double)]) -> Match? {
        numbers.first { writes(mention, $0.1) }.map { Match(kind: .value, facts: [$0.0], value: $0.1) }
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
    /// small number.
    private static func derivations(of facts: [GroundingFact]) -> [Match] {
        var found: [Match] = []
        for (i, a) in facts.enumerated() {
            for (j, b) in facts.enumerated() where i != j && a.unit != nil && a.unit == b.unit {
                guard let x = a.number, let y = b.number else { continue }
                if i < j { found.append(Match(kind: .difference, facts: [a.name, b.name], value: abs(x - y))) }
                guard y != 0 else { continue }
                found.append(Match(kind: .percentChange, facts: [a.name, b.name], value: abs(x - y) / abs(y) * 100))
                found.append(Match(kind: .percentOf, facts: [a.name, b.name], value: x / y * 100))
            }
        }
        return found.filter { $0.value.isFinite }
    }
}

/// Derived values sorted by magnitude, so that a mention finds the ones it
/// could write by binary search: a long text against many facts stays linear.
private struct DerivedValues {
    private let matches: [GroundingCheck.Match]

    init(_ matches: [GroundingCheck.Match]) {
        self.matches = matches.sorted { abs($0.value) < abs($1.value) }
    }

    /// The first match (by magnitude) the mention writes.
    func first(writtenAs mention: NumberMention) -> GroundingCheck.Match? {
        let low = abs(mention.value) - GroundingCheck.tolerance(of: mention)
        var lower = 0
        var upper = matches.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if abs(matches[middle].value) < low { lower = middle + 1 } else { upper = middle }
        }
        let high = abs(mention.value) + GroundingCheck.tolerance(of: mention)
        var index = lower
        while index < matches.count, abs(matches[index].value) <= high {
            if GroundingCheck.writes(mention, matches[index].value) { return matches[index] }
            index += 1
        }
        return nil
    }
}
