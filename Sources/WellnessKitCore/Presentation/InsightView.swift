/// What the insight detail screen shows (seeds 000 and 004).
public struct InsightView: Sendable, Equatable {
    /// A metric tile of the "Data Summary" grid.
    public struct MetricCard: Sendable, Equatable {
        public let title: String
        public let value: String
        public let icon: String
    }

    public let insight: Insight

    public init(_ insight: Insight) {
        self.insight = insight
    }

    /// The suggestions as numbered "Action Steps".
    public var actionSteps: [(number: Int, text: String)] {
        (insight.suggestions ?? []).enumerated().map { ($0.offset + 1, $0.element) }
    }

    /// Workouts, Steps, Calories and Sleep tiles, for the metrics present.
    public var metricCards: [MetricCard] {
        guard let metrics = insight.dataContext?.metrics else { return [] }
        var cards: [MetricCard] = []
        if let workouts = metrics.workouts {
            cards.append(MetricCard(title: "Workouts", value: String(workouts), icon: "figure.run"))
        }
        if let steps = metrics.steps {
            cards.append(MetricCard(title: "Steps", value: String(steps), icon: "figure.walk"))
        }
        if let calories = metrics.calories {
            cards.append(MetricCard(title: "Calories", value: DisplayNumber.truncated(calories), icon: "flame.fill"))
        }
        if let sleepHours = metrics.sleepHours {
            cards.append(
                MetricCard(
                    title: "Sleep", value: DisplayNumber.fixed(sleepHours, digits: 1, suffix: "h"),
                    icon: "bed.double.fill"))
        }
        return cards
    }

    /// Whether the insight offers "Create Goal" (seed 004's `hasActionableGoals`).
    public var hasActionableGoals: Bool {
        insight.suggestions?.contains { $0.contains("goal") || $0.contains("target") } ?? false
    }
}

extension InsightView: JSONEncodable {
    public var json: JSONValue {
        .object(
            JSONObject([
                ("id", insight.id.json),
                ("insight_type", insight.insightType.json),
                ("type_display_name", insight.insightType.displayName.json),
                ("icon", insight.insightType.icon.json),
                ("icon_color", insight.insightType.iconColor.json),
                ("title", insight.title.json),
                ("is_unread", (!insight.isRead).json),
                ("is_favorite", insight.isFavorite.json),
                (
                    "action_steps",
                    .array(
                        actionSteps.map {
                            .object(JSONObject([("number", $0.number.json), ("text", $0.text.json)]))
                        })
                ),
                (
                    "metric_cards",
                    .array(
                        metricCards.map {
                            .object(
                                JSONObject([("title", $0.title.json), ("value", $0.value.json), ("icon", $0.icon.json)])
                            )
                        })
                ),
                ("achievements", (insight.dataContext?.achievements ?? []).json),
                ("has_actionable_goals", hasActionableGoals.json),
            ]))
    }
}
