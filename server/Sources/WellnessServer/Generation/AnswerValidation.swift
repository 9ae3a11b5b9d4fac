import WellnessKitCore

/// Checks a model's answer locally, whatever the provider claims to enforce:
/// the task's schema (through the library's own decoders), the domain rules
/// (enums, ranges, lengths), the medical-advice screen, and numbers by
/// reference (``ReferencedText``: no numeral of the model's own, every
/// `{{fact}}` a fact, cited in its role). What fails is named, for the one
/// re-ask; what is valid comes back as the user reads it, its references
/// written.
struct AnswerValidation {
    /// What an answer turned out to be.
    enum Verdict<Value> {
        case valid(Value)
        /// Worth one re-ask naming `errors`; `reason` if the re-ask fails too.
        case invalid(errors: [String], reason: FallbackReason)
        /// A rule of ``MedicalAdviceScreen`` broken: one re-ask naming it, then the rules.
        case unsafe(String)

        /// The same rejection for an answer of another type; nil when valid.
        func rejection<Other>(as _: Other.Type = Other.self) -> Verdict<Other>? {
            switch self {
            case .valid: return nil
            case .invalid(let errors, let reason): return .invalid(errors: errors, reason: reason)
            case .unsafe(let rule): return .unsafe(rule)
            }
        }
    }

    let facts: FactSheet

    // MARK: - Tasks

    /// A rewritten insight: the draft with the model's text.
    func insight(_ answer: JSONValue, draft: Store.NewInsight) -> Verdict<Store.NewInsight> {
        var errors: [String] = []
        var result = draft
        do {
            let reader = try ObjectReader(answer, at: .root)
            try reader.rejectUnknownKeys(["title", "content", "summary", "suggestions"])
            result.title = try reader.nonEmptyString("title")
            result.content = try reader.nonEmptyString("content")
            result.summary = try reader.optional("summary")
            result.suggestions = try reader.required("suggestions")
        } catch {
            return .invalid(errors: [Self.describe(error)], reason: .invalidAnswer)
        }
        errors += Self.length(result.title, GenerationTask.titleLength, "title")
        errors += Self.length(result.content, GenerationTask.contentLength, "content")
        errors += result.summary.map { Self.length($0, GenerationTask.sentenceLength, "summary") } ?? []
        if !(1...3).contains(result.suggestions.count) { errors.append("suggestions must hold 1 to 3 items") }
        for (index, suggestion) in result.suggestions.enumerated() {
            errors += Self.length(suggestion, GenerationTask.sentenceLength, "suggestions[\(index)]")
        }
        let texts =
            [("title", result.title), ("content", result.content), ("summary", result.summary ?? "")]
            + result.suggestions.enumerated().map { ("suggestions[\($0.offset)]", $0.element) }
        let hasSummary = result.summary != nil
        return verdict(errors: errors, texts: texts.map { ($0.0, $0.1, facts) }) { written in
            var rendered = result
            rendered.title = written[0].rendered
            rendered.content = written[1].rendered
            rendered.summary = hasSummary ? written[2].rendered : nil
            rendered.suggestions = written.dropFirst(3).map(\.rendered)
            return rendered
        }
    }

    /// 3 to 5 goal suggestions, none repeating an existing goal's title.
    func goalSuggestions(_ answer: JSONValue, existing: [Goal]) -> Verdict<[GoalSuggestion]> {
        let suggestions: [GoalSuggestion]
        let keys = [
            "title", "description", "goal_type", "target_value", "target_unit", "rationale",
            "estimated_duration", "difficulty",
        ]
        do {
            let reader = try ObjectReader(answer, at: .root)
            try reader.rejectUnknownKeys(["suggestions"])
            let items = try Self.array("suggestions", in: answer, reader)
            suggestions = try items.enumerated().map { index, item in
                let path = reader.path(of: "suggestions").appending(index: index)
                try ObjectReader(item, at: path).rejectUnknownKeys(keys)
                return try GoalSuggestion(json: item, at: path)
            }
        } catch {
            return .invalid(errors: [Self.describe(error)], reason: .invalidAnswer)
        }
        var errors: [String] = []
        if !(3...5).contains(suggestions.count) { errors.append("suggestions must hold 3 to 5 items") }
        let taken = Set(existing.map { $0.title.lowercased() })
        var texts: [(String, String, FactSheet)] = []
        for (index, suggestion) in suggestions.enumerated() {
            let at = "suggestions[\(index)]"
            errors += Self.length(suggestion.title, GenerationTask.titleLength, "\(at).title")
            errors += Self.length(suggestion.description, GenerationTask.sentenceLength, "\(at).description")
            errors += Self.length(suggestion.rationale, GenerationTask.sentenceLength, "\(at).rationale")
            errors += Self.domain(of: suggestion, at: at)
            if taken.contains(suggestion.title.lowercased()) { errors.append("\(at).title repeats an existing goal") }
            // A suggestion's text may cite its own target and duration.
            var own = facts
            own.add("suggestion_target_value", suggestion.targetValue, unit: suggestion.targetUnit)
            own.add("suggestion_estimated_duration", suggestion.estimatedDuration.map(Double.init), unit: "days")
            texts += [
                ("\(at).title", suggestion.title, own), ("\(at).description", suggestion.description, own),
                ("\(at).rationale", suggestion.rationale, own),
            ]
        }
        return verdict(errors: errors, texts: texts) { written in
            suggestions.enumerated().map { index, suggestion in
                var rendered = suggestion
                rendered.title = written[3 * index].rendered
                rendered.description = written[3 * index + 1].rendered
                rendered.rationale = written[3 * index + 2].rendered
                return rendered
            }
        }
    }

    /// 5 to 7 tips.
    func goalTips(_ answer: JSONValue) -> Verdict<[GoalTip]> {
        let tips: [GoalTip]
        do {
            let reader = try ObjectReader(answer, at: .root)
            try reader.rejectUnknownKeys(["tips"])
            let items = try Self.array("tips", in: answer, reader)
            tips = try items.enumerated().map { index, item in
                let path = reader.path(of: "tips").appending(index: index)
                try ObjectReader(item, at: path).rejectUnknownKeys(["tip", "category", "priority"])
                return try GoalTip(json: item, at: path)
            }
        } catch {
            return .invalid(errors: [Self.describe(error)], reason: .invalidAnswer)
        }
        var errors: [String] = []
        if !(5...7).contains(tips.count) { errors.append("tips must hold 5 to 7 items") }
        for (index, tip) in tips.enumerated() {
            errors += Self.length(tip.tip, GenerationTask.sentenceLength, "tips[\(index)].tip")
            if !GenerationTask.tipCategories.contains(tip.category ?? "") {
                errors.append(
                    "tips[\(index)].category must be one of \(GenerationTask.tipCategories.joined(separator: ", "))")
            }
            if !GenerationTask.tipPriorities.contains(tip.priority ?? "") {
                errors.append(
                    "tips[\(index)].priority must be one of \(GenerationTask.tipPriorities.joined(separator: ", "))")
            }
        }
        let texts = tips.enumerated().map { ("tips[\($0.offset)].tip", $0.element.tip, facts) }
        return verdict(errors: errors, texts: texts) { written in
            zip(tips, written).map { tip, text in
                var rendered = tip
                rendered.tip = text.rendered
                return rendered
            }
        }
    }

    /// The coach's reply text, and the facts it cites; it must carry the consultation's context id, if any.
    func coachReply(_ answer: JSONValue, contextId: String?) -> Verdict<CoachQuestion.Answer> {
        let reply: String
        let carried: String?
        do {
            let reader = try ObjectReader(answer, at: .root)
            try reader.rejectUnknownKeys(["reply", "context_id"])
            reply = try reader.nonEmptyString("reply")
            carried = try reader.optional("context_id")
        } catch {
            return .invalid(errors: [Self.describe(error)], reason: .invalidAnswer)
        }
        var errors = Self.length(reply, GenerationTask.replyLength, "reply")
        if carried != contextId {
            errors.append(
                contextId.map { "context_id must be \"\($0)\", the consultation's subject" }
                    ?? "context_id must be null: this consultation has no subject")
        }
        return verdict(errors: errors, texts: [("reply", reply, facts)]) { written in
            CoachQuestion.Answer(text: written[0].rendered, cited: Set(written[0].cited))
        }
    }

    /// The part of a reply written so far (its references not yet written),
    /// through the checks that do not need the whole answer, on the text as
    /// the user would read it: the medical-advice screen (unsafe) and the references
    /// (invalid, naming each numeral and reference at fault, for the re-ask).
    /// Valid: that text, rendered. The whole reply gets every check of
    /// ``coachReply(_:contextId:)`` once it is complete.
    func screen(partOf text: String) -> Verdict<String> {
        verdict(errors: [], texts: [("reply", text, facts)]) { $0[0].rendered }
    }

    // MARK: - Shared rules

    /// Schema and domain errors first (a re-ask), then the medical-advice screen and the
    /// echo check on the texts as the user reads them (unsafe), then
    /// their references and grounding (a re-ask). `make` builds the value
    /// from the texts, in the order given.
    private func verdict<Value>(
        errors: [String], texts: [(String, String, FactSheet)], _ make: ([ReferencedText]) -> Value
    ) -> Verdict<Value> {
        guard errors.isEmpty else { return .invalid(errors: errors, reason: .invalidAnswer) }
        let written = texts.map { field, text, facts in ReferencedText(text, field: field, facts: facts) }
        for (text, facts) in zip(written.map(\.rendered), texts.map(\.2)) {
            if let violation = MedicalAdviceScreen.violation(in: text) { return .unsafe(violation) }
            if let echo = EchoCheck.violation(in: text, facts: facts) { return .unsafe(echo) }
        }
        let ungrounded = written.flatMap(\.errors)
        return ungrounded.isEmpty ? .valid(make(written)) : .invalid(errors: ungrounded, reason: .ungrounded)
    }

    static func domain(of suggestion: GoalSuggestion, at path: String) -> [String] {
        var errors: [String] = []
        if !GenerationTask.goalTypes.contains(suggestion.goalType) {
            errors.append("\(path).goal_type must be one of \(GenerationTask.goalTypes.joined(separator: ", "))")
        }
        switch (suggestion.targetValue, suggestion.targetUnit) {
        case (nil, nil):
            break
        case (let value?, let unit?):
            if let range = GenerationTask.targetRanges.first(where: { $0.unit == unit })?.range {
                if !range.contains(value) { errors.append("\(path).target_value for \(unit) must be in \(range)") }
            } else {
                errors.append(
                    "\(path).target_unit must be one of \(GenerationTask.targetRanges.map(\.unit).joined(separator: ", "))"
                )
            }
        default:
            errors.append("\(path).target_value and target_unit must both be set or both be null")
        }
        if let duration = suggestion.estimatedDuration, !GenerationTask.durations.contains(duration) {
            errors.append(
                "\(path).estimated_duration must be one of \(GenerationTask.durations.map(String.init).joined(separator: ", ")) or null"
            )
        }
        return errors
    }

    /// The members of array `key`, read as they are (each is decoded by its model).
    static func array(_ key: String, in answer: JSONValue, _ reader: ObjectReader) throws -> [JSONValue] {
        guard case .object(let object) = answer, case .array(let items)? = object[key] else {
            throw WellnessError.validation("must be an array", at: reader.path(of: key))
        }
        return items
    }

    static func length(_ text: String, _ bounds: ClosedRange<Int>, _ field: String) -> [String] {
        bounds.contains(text.count) ? [] : ["\(field) must be \(bounds.lowerBound) to \(bounds.upperBound) characters"]
    }

    static func describe(_ error: Error) -> String {
        (error as? WellnessError).map { error in error.path.map { "\($0): \(error.message)" } ?? error.message }
            ?? "the answer does not match the schema"
    }
}
