import WellnessKitCore

/// A coach question: the rules' reply (the fallback, and the proposals either way), what is asked, and its check.
struct CoachQuestion: Sendable {
    let rules: Coach.Reply
    let question: ProviderQuestion
    let contextId: String?

    /// A valid reply: its text as the user reads it, and the facts it cites.
    struct Answer: Sendable, Equatable {
        let text: String
        let cited: Set<String>
    }

    /// The checks, with the facts of the tool calls answered so far.
    var validation: AnswerValidation {
        AnswerValidation(facts: question.tool?.facts ?? question.facts)
    }

    func validate(_ answer: JSONValue) -> AnswerValidation.Verdict<Answer> {
        validation.coachReply(answer, contextId: contextId)
    }

    /// The model's reply, with the queries whose facts it cites.
    func reply(_ answer: Answer) -> Coach.Reply {
        Coach.Reply(
            text: answer.text, proposals: rules.proposals,
            dataQueries: question.tool?.records(citedBy: answer.cited) ?? [])
    }
}
