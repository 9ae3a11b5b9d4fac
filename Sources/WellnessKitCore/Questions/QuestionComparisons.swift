/// Comparisons written around their number, rewritten into the prefix form
/// the clauses read ("comparator, number, unit?, metric?"): "30 minutes or
/// more" is "at least 30 minutes", "between 6 and 8 hours" is "at least 6
/// hours" and "at most 8 hours". A form that does not fit is nil, so that
/// the question is declined rather than read in part.
enum QuestionComparisons {
    static func prefixed(_ meanings: [QuestionWord]) -> [QuestionWord]? {
        var words = meanings
        var index = 0
        while index < words.count {
            switch words[index] {
            case .postfixComparator(let op, let asPrefix):
                if index + 1 < words.count, case .number = words[index + 1] {
                    // "over 60 and under 100": a second comparison; "more than 9 or under 5" is either, not both.
                    guard let asPrefix else { return nil }
                    words[index] = .comparator(asPrefix)
                    break
                }
                // Back over the unit and metric to the number: "10,000 steps or more".
                var start = index - 1
                while start >= 0, isUnitOrMetric(words[start]) { start -= 1 }
                guard start >= 0, case .number = words[start] else { return nil }
                words.remove(at: index)
                words.insert(.comparator(op), at: start)
            case .between:
                // "between Nov 1 and Nov 7", "between 1 Nov and 7 Nov": days, which the clauses read.
                if isMonthName(words, at: index + 1) || isMonthName(words, at: index + 2) { break }
                guard let (replacement, used) = between(words, at: index) else { return nil }
                words.replaceSubrange(index..<(index + used), with: replacement)
                index += replacement.count
                continue
            default:
                break
            }
            index += 1
        }
        return sharingMetrics(words)
    }

    /// "more than 6 hours and less than 8 hours of sleep": two comparisons in a row
    /// share the metric named after the second, when none is named before or between.
    private static func sharingMetrics(_ meanings: [QuestionWord]) -> [QuestionWord] {
        var words = meanings
        var index = 0
        while index < words.count {
            defer { index += 1 }
            guard case .comparator = words[index], index + 1 < words.count, case .number = words[index + 1] else {
                continue
            }
            if index > 0, case .metric = words[index - 1] { continue }
            var second = index + 2
            if second < words.count, case .unit = words[second] { second += 1 }
            guard second + 2 < words.count, case .comparator = words[second], case .number = words[second + 1]
            else { continue }
            var named = second + 2
            if named < words.count, case .unit = words[named] { named += 1 }
            guard named < words.count, case .metric = words[named] else { continue }
            words.insert(words[named], at: second)
        }
        return words
    }

    /// "between a [unit] and b unit? metric?" as two comparisons; the metric just
    /// before "between" ("slept between 6 and 8 hours") is named again before the second.
    private static func between(_ words: [QuestionWord], at index: Int) -> ([QuestionWord], Int)? {
        var position = index + 1
        guard position < words.count, case .number(let low) = words[position] else { return nil }
        position += 1
        var firstUnit: QuestionWord?
        if position < words.count, case .unit = words[position] {
            firstUnit = words[position]
            position += 1
        }
        guard position < words.count, case .number(let high) = words[position], low <= high else { return nil }
        position += 1
        let tailStart = position
        while position < words.count, isUnitOrMetric(words[position]) { position += 1 }
        let tail = Array(words[tailStart..<position])
        var firstTail = tail
        if let firstUnit {
            // "between 6 hours and 8 hours": each number keeps its own unit.
            let secondUnit = tail.first { if case .unit = $0 { true } else { false } }
            guard secondUnit == nil || secondUnit == firstUnit else { return nil }
            firstTail = [firstUnit] + tail.filter { if case .unit = $0 { false } else { true } }
        }
        var before: [QuestionWord] = []
        if index > 0, case .metric = words[index - 1] { before = [words[index - 1]] }
        let replacement =
            [QuestionWord.comparator(.greaterOrEqual), .number(low)] + firstTail + before
            + [.comparator(.lessOrEqual), .number(high)] + tail
        return (replacement, position - index)
    }

    private static func isMonthName(_ words: [QuestionWord], at index: Int) -> Bool {
        guard index < words.count, case .monthName = words[index] else { return false }
        return true
    }

    private static func isUnitOrMetric(_ word: QuestionWord) -> Bool {
        switch word {
        case .unit, .metric: return true
        default: return false
        }
    }
}
