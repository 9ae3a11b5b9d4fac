import WellnessKitCore

/// A coach question: the rules' reply (the fallback, and the proposals either way), what is asked, and its check.
struct CoachQuestion: Sendable {
    let rules: Coach.Reply
    let question: ProviderQuestion
    let contextId: String?

    /// The checks, with the facts of the tool calls answered so far.
    var validation: AnswerValidation {
        AnswerValidation(facts: question.tool?.facts ?? question.facts)
    }

    func validate(_ answer: JSONValue) -> AnswerValidation.Verdict<String> {
        validation.coachReply(answer, contextId: contextId)
    }

    /// The model's reply, with the queries it ran.
    func reply(_ text: String) -> Coach.Reply {
        Coach.Reply(text: text, proposals: rules.proposals, dataQueries: question.tool?.records ?? [])
    }
}
