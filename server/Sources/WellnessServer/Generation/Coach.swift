import WellnessKitCore

/// The coach's replies in consultations (seed 004, Journey 2), by fixed rules
/// that use the persona, the goal or insight the consultation is about, and
/// the user's recent data; a reply about a goal may propose changes the
/// client can accept through the goals API.
public enum Coach {
    /// What the coach knows when it answers.
    public struct Context: Sendable {
        public var goal: Goal?
        public var insight: Insight?
        /// The user's check-ins, oldest first.
        public let checkIns: [CheckIn]
        /// The user's workouts, oldest first.
        public let workouts: [WorkoutRecord]
        /// The user's daily metrics (resting heart rate, sleep stages, …), oldest first.
        public let dailyMetrics: [DailyMetrics]
        /// The user's calendar: the zone of their days and the first day of their week.
        public let calendar: UserCalendar
        /// All as the query's tables, read once for the rules' answer and the model's tool
        /// (nil only if the stored data cannot form tables).
        public let queryTables: QueryTables?

        public init(
            goal: Goal? = nil, insight: Insight? = nil, checkIns: [CheckIn] = [], workouts: [WorkoutRecord] = [],
            dailyMetrics: [DailyMetrics] = [], calendar: UserCalendar = .utc
        ) {
            self.goal = goal
            self.insight = insight
            self.checkIns = checkIns
            self.workouts = workouts
            self.dailyMetrics = dailyMetrics
            self.calendar = calendar
            queryTables = Self.queryTables(
                checkIns: checkIns, dailyMetrics: dailyMetrics, workouts: workouts, calendar: calendar)
        }
    }

    public struct Reply: Sendable {
        public var text: String
        public var proposals: [CoachProposal]
        /// The queries of the user's data the reply cites, as `{"query", "result"}` (`data_queries`).
        public var dataQueries: [JSONValue] = []
    }

    /// Days of check-ins the coach looks at.
    static let window = 14

    public static func reply(
        to message: String, in consultation: Consultation, context: Context,
        today: CalendarDate
    ) -> Reply {
        let voice = CoachVoice(consultation.persona)
        let data = dataReply(to: message, context: context, today: today)
        if case .answered(let answer) = data {
            return Reply(
                text: [voice.opening(.answer), answer.text, voice.closing(.answer, offer: .nothing)]
                    .joined(separator: " "),
                proposals: [], dataQueries: [DataQueryTool.record(of: answer.result)])
        }
        let kind: CoachVoice.Kind
        var parts: [String] = []
        if case .declined(let reason) = data {
            kind = .declined
            parts.append(reason)
        } else {
            kind = isQuestion(message) ? .question : .statement
        }
        let body = self.body(context: context, today: today)
        let text = [voice.opening(kind)] + parts + body.sentences + [voice.closing(kind, offer: body.offer)]
        return Reply(text: text.joined(separator: " "), proposals: body.proposals)
    }

    /// The reply's middle: the goal's or insight's state, the recent data, and
    /// what to do next, with the proposals and what the closing may name.
    private static func body(context: Context, today: CalendarDate) -> (
        sentences: [String], proposals: [CoachProposal], offer: CoachVoice.Offer
    ) {
        let recent = RecentData(context.checkIns.suffix(window))
        if let goal = context.goal {
            let proposals = Self.proposals(for: goal, recent, today: today)
            let sentences = [progressSentence(goal)] + recent.sentences + [advice(for: goal, recent)]
            return (sentences, proposals, proposals.isEmpty ? .step : .proposals)
        }
        if let insight = context.insight {
            var sentences = ["About your insight \"\(insight.title)\": \(insight.summary ?? insight.content)"]
            sentences += recent.sentences
            guard let suggestion = insight.suggestions?.first else { return (sentences, [], .nothing) }
            sentences.append("A good next step: \(suggestion.prefix(1).lowercased() + suggestion.dropFirst()).")
            return (sentences, [], .step)
        }
        return (recent.sentences + ["Pick one small step you can repeat daily."], [], .step)
    }

    /// Words a question starts with when it has no question mark ("how do I sleep better").
    private static let questionWords: Set<String> = [
        "how", "what", "why", "when", "where", "which", "who", "can", "could", "should", "would", "will", "do",
        "does", "did", "is", "are", "am", "any",
    ]

    static func isQuestion(_ message: String) -> Bool {
        if message.contains("?") || message.contains("\u{FF1F}") { return true }
        let first = message.lowercased().split { !$0.isLetter }.first
        return first.map { questionWords.contains(String($0)) } ?? false
    }

    private static func progressSentence(_ goal: Goal) -> String {
        guard let target = goal.targetValue, target > 0 else {
            return "Your goal \"\(goal.title)\" is \(goal.status.rawValue)."
        }
        let current = goal.currentValue ?? 0
        let percent = GoalProgress.percent(of: min(current / target, GoalProgress.maximum))
        return "Your goal \"\(goal.title)\" is \(percent)% of the way (\(format(current)) of \(format(target))"
            + "\(goal.targetUnit.map { " \($0)" } ?? ""))."
    }

    private static func advice(for goal: Goal, _ recent: RecentData) -> String {
        switch goal.goalType.lowercased() {
        case "activity", "body_composition", "weight":
            if let calories = recent.calories, calories <= 2400 {
                return "Your calorie intake looks good, so the lever is movement: increase cardio."
            }
            if let calories = recent.calories {
                return "At \(format(calories)) kcal a day, trimming a snack and adding cardio will both help."
            }
            return "Adding cardio sessions is the most reliable lever."
        case "nutrition":
            return "Plan the week's meals ahead and keep a simple food log."
        default:
            return "Keep the same routine every day; consistency beats intensity."
        }
    }

    /// For an activity or weight goal under half way (or with fewer than 3
    /// workouts a week): a cardio routine to add; for any goal with a target
    /// under half way, a nearer target to rebuild momentum.
    private static func proposals(for goal: Goal, _ recent: RecentData, today: CalendarDate) -> [CoachProposal] {
        var proposals: [CoachProposal] = []
        let type = goal.goalType.lowercased()
        let behind = goal.targetValue.map { $0 > 0 && (goal.currentValue ?? 0) / $0 < 0.5 } ?? false
        if ["activity", "body_composition", "weight"].contains(type), behind || (recent.workoutsPerWeek ?? 0) < 3 {
            proposals.append(
                CoachProposal(
                    summary: "Add three 30-minute cardio sessions a week",
                    action: .createGoal(
                        CreateGoalRequest(
                            title: "Cardio 3 times a week",
                            description: "Three 30-minute sessions: brisk walk, bike or swim.",
                            goalType: "activity", targetValue: 3, targetUnit: "workouts", startDate: .day(today),
                            isRecurring: true, frequency: "weekly"))))
        }
        if behind, let target = goal.targetValue, goal.status == .active {
            let nearer = (target * 0.8 * 100).rounded() / 100
            proposals.append(
                CoachProposal(
                    summary: "Aim for \(format(nearer)) first, then raise the target",
                    action: .updateGoal(goalId: goal.id, change: UpdateGoalRequest(targetValue: nearer))))
        }
        return proposals
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String((value * 10).rounded() / 10)
    }
}

/// Averages of the coach's window of check-ins.
struct RecentData {
    let days: Int
    let steps: Double?
    let calories: Double?
    let sleepHours: Double?
    let workoutsPerWeek: Double?

    init(_ checkIns: ArraySlice<CheckIn>) {
        days = checkIns.count
        steps = GoalAdvisor.average(checkIns.compactMap(\.steps))
        calories = GoalAdvisor.average(checkIns.compactMap(\.calories))
        sleepHours = GoalAdvisor.average(checkIns.compactMap(\.sleepHours))
        let workouts = checkIns.compactMap(\.workouts)
        workoutsPerWeek = workouts.isEmpty ? nil : workouts.reduce(0, +) / Double(max(checkIns.count, 1)) * 7
    }

    /// What the data says, in a sentence or two (nothing without data).
    var sentences: [String] {
        var facts: [String] = []
        if let steps { facts.append("\(Coach.format(steps.rounded())) steps") }
        if let workoutsPerWeek { facts.append("\(Coach.format(workoutsPerWeek)) workouts a week") }
        if let calories { facts.append("\(Coach.format(calories.rounded())) kcal") }
        if let sleepHours { facts.append("\(Coach.format(sleepHours)) hours of sleep") }
        guard !facts.isEmpty else { return [] }
        return ["Over your last \(days) check-ins you averaged " + facts.joined(separator: ", ") + "."]
    }
}
