import WellnessKitCore

extension ChatCompletionsProvider {
    /// The coach question of `request`: its facts, the subject as data, the user's words as quoted text, and the
    /// data tool when rounds are allowed.
    func coachQuestion(_ request: CoachRequest) -> CoachQuestion {
        let rules = RulesProvider.reply(request)
        var facts = FactSheet(checkIns: request.context.checkIns)
        var subject = JSONValue.null
        var userText = JSONObject([("message", .string(request.message))])
        if let goal = request.context.goal {
            facts.addGoal(goal)
            subject = Self.goalData(goal)
            if case .object(let text) = Self.goalText(goal) {
                for member in text.members { userText.append(member.key, member.value) }
            }
        } else if let insight = request.context.insight {
            facts.addDataContext(insight.dataContext, prefix: "insight")
            facts.addNumbers(
                of: ([insight.title, insight.content, insight.summary ?? ""] + (insight.suggestions ?? []))
                    .joined(separator: " \n "), prefix: "insight_text")
            subject = .object(
                JSONObject([
                    ("type", .string("insight")), ("id", .string(insight.id)),
                    ("insight_type", .string(insight.insightType.rawValue)),
                    ("title", .string(insight.title)), ("content", .string(insight.content)),
                    ("summary", JSONValue(insight.summary)), ("suggestions", JSONValue(insight.suggestions)),
                ]))
        }
        facts.addNumbers(of: rules.proposals.map(\.summary).joined(separator: " \n "), prefix: "proposal")
        let data = JSONValue.object(
            JSONObject([
                ("subject", subject),
                ("proposals_shown_with_the_reply", .array(rules.proposals.map { .string($0.summary) })),
            ]))
        var question = ProviderQuestion(
            task: .coachReply, userId: request.consultation.userId, persona: request.consultation.persona,
            facts: facts, data: data, userText: .object(userText))
        if configuration.toolRounds > 0, let tables = request.context.queryTables {
            question.tool = DataQueryTool(
                tables: tables, today: request.today, facts: facts, maximumRounds: configuration.toolRounds,
                limits: .init(perRound: configuration.toolCallsPerRound, perReply: configuration.toolCallsPerReply))
            if case .object(var object) = data {
                object.append("your_data_for_the_query_data_tool", tables.summary)
                question.data = .object(object)
            }
        }
        return CoachQuestion(
            rules: rules, question: question, contextId: request.context.goal?.id ?? request.context.insight?.id)
    }

    /// A goal as data: what the model needs, without the user's own words (those go in the user text).
    static func goalData(_ goal: Goal) -> JSONValue {
        .object(
            JSONObject([
                ("type", .string("goal")), ("id", .string(goal.id)), ("goal_type", .string(goal.goalType)),
                ("target_unit", JSONValue(goal.targetUnit)), ("status", .string(goal.status.rawValue)),
                ("frequency", JSONValue(goal.frequency)),
            ]))
    }

    /// A goal's title and description: the user wrote them.
    static func goalText(_ goal: Goal) -> JSONValue {
        .object(JSONObject([("goal_title", .string(goal.title)), ("goal_description", JSONValue(goal.description))]))
    }
}
