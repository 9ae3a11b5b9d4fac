extension QueryTables {
    /// Answers a reading whose number combines two queries (``QuestionCombinations``): a share, a pace,
    /// a difference between two windows. The answer's result is the first query's.
    func combinedAnswer(_ reading: QuestionReader.Reading, _ combination: QuestionCombinations.Combination) throws
        -> QuestionAnswer
    {
        let first = try evaluate(reading.query)
        switch combination {
        case .share(let all):
            return shareAnswer(reading, first, try evaluate(all))
        case .pace(let distance):
            return paceAnswer(first, try evaluate(distance))
        case .difference(let query, let sign):
            return differenceAnswer(reading, first, try evaluate(query), sign: sign)
        }
    }

    /// Whether these tables can answer a combination: a pace needs the distance's unit and minutes.
    func canCombine(_ combination: QuestionCombinations.Combination?) -> Bool {
        guard case .pace? = combination else { return true }
        return units["distance"] != nil && (units["duration"] ?? "min") == "min"
    }

    private func shareAnswer(_ reading: QuestionReader.Reading, _ part: QueryResult, _ whole: QueryResult)
        -> QuestionAnswer
    {
        let noun = reading.query.table == .daily ? "days" : "workouts"
        let span = Self.sentenceSpan(whole)
        guard case .number(let count) = part.value, case .number(let total) = whole.value, total > 0 else {
            return QuestionAnswer(text: "You have no \(noun) recorded\(span).", number: nil, unit: nil, result: part)
        }
        let percent = 100 * count / total
        let text =
            "That was \(ConditionWords.format(percent))% (\(ConditionWords.format(count)) of "
            + "\(ConditionWords.count(total, reading.query.table == .daily ? "day" : "workout")))\(span)."
        return QuestionAnswer(text: text, number: percent, unit: "%", result: part)
    }

    private func paceAnswer(_ duration: QueryResult, _ distance: QueryResult) -> QuestionAnswer {
        let unit = units["distance"] ?? "km"
        let span = Self.sentenceSpan(duration)
        guard case .number(let minutes) = duration.value, case .number(let length) = distance.value, length > 0 else {
            return QuestionAnswer(
                text: "Those workouts\(span) have no distance recorded.", number: nil, unit: nil, result: duration)
        }
        let pace = minutes / length
        // "5:58": minutes and seconds, when the pace is a plausible one (no conversion of a huge number).
        let seconds = (pace * 60).rounded()
        let remainder = seconds.truncatingRemainder(dividingBy: 60)
        let clock =
            pace.isFinite && pace < 1_000
            ? "\(ConditionWords.format((seconds / 60).rounded(.down))):\(remainder < 10 ? "0" : "")"
                + ConditionWords.format(remainder)
            : ConditionWords.format(pace)
        let text =
            "Your pace was \(clock) min/\(unit) (\(ConditionWords.format(minutes)) minutes over "
            + "\(ConditionWords.format(length)) \(unit))\(span)."
        return QuestionAnswer(text: text, number: pace, unit: "min/\(unit)", result: duration)
    }

    private func differenceAnswer(
        _ reading: QuestionReader.Reading, _ first: QueryResult, _ second: QueryResult, sign: Double
    ) -> QuestionAnswer {
        let metric = reading.query.metric ?? ""
        let label = ConditionWords.label(metric)
        let unit = first.unit ?? ConditionWords.defaultUnits[metric]
        let suffix = unit.map { $0 == "%" ? $0 : " \($0)" } ?? ""
        let (firstSpan, secondSpan) = (Self.sentenceSpan(first), Self.sentenceSpan(second))
        guard case .number(let a) = first.value, case .number(let b) = second.value else {
            let empty = first.value == .null ? firstSpan : secondSpan
            return QuestionAnswer(
                text: "You have no \(label) recorded\(empty) to compare.", number: nil, unit: nil, result: first)
        }
        let difference = sign * (a - b)
        let word = (difference >= 0) == (sign > 0) ? "more" : "less"
        let text =
            "Your \(reading.query.reducer == .mean ? "average" : "total") \(label) was "
            + "\(ConditionWords.format(a))\(suffix)\(firstSpan) and \(ConditionWords.format(b))\(suffix)\(secondSpan): "
            + "\(ConditionWords.format(abs(a - b)))\(suffix) \(word)."
        return QuestionAnswer(text: text, number: difference, unit: unit, result: first)
    }

    /// " between 1 and 30 November 2025", or "" when the result covers no days.
    private static func sentenceSpan(_ result: QueryResult) -> String {
        let span = QuestionAnswer.span(result.fromDate, result.toDate)
        return span.isEmpty ? "" : " \(span)"
    }
}
