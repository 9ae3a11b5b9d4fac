import WellnessKitCore

/// Goal suggestions and tips from a user's data (seed 003), by fixed rules.
public enum GoalAdvisor {
    /// What an active goal already aims at: a suggestion of the same type and unit would repeat it.
    private struct Target: Hashable {
        let type: String
        let unit: String?
    }

    /// 3 to 5 suggestions from the profile and the last 30 days of check-ins,
    /// none repeating an existing goal's title or an active goal's type and unit.
    public static func suggestions(checkIns: [CheckIn], existing: [Goal], profile: Profile = Profile())
        -> [GoalSuggestion]
    {
        let recent = checkIns.suffix(30)
        let taken = Set(existing.map { $0.title.lowercased() })
        let activeTargets = Set(
            existing.filter { $0.status == .active }.map { Target(type: $0.goalType, unit: $0.targetUnit) })
        var candidates: [GoalSuggestion] = []
        if let steps = average(recent.compactMap(\.steps)), steps < 10_000 {
            let target = min(10_000, ((steps + 2000) / 500).rounded(.up) * 500)
            candidates.append(
                GoalSuggestion(
                    title: "Walk \(Int(target)) steps a day",
                    description: "Build up gradually from your current average.",
                    goalType: "activity", targetValue: target, targetUnit: "steps",
                    rationale: "You averaged \(Int(steps)) steps a day over your last \(recent.count) check-ins.",
                    estimatedDuration: 30, difficulty: target - steps > 3000 ? 4 : 3))
        }
        if let sleep = average(recent.compactMap(\.sleepHours)), sleep < 7.5 {
            candidates.append(
                GoalSuggestion(
                    title: "Sleep 8 hours a night", description: "Keep a fixed bedtime, screens off 30 minutes before.",
                    goalType: "wellness", targetValue: 8, targetUnit: "hours",
                    rationale: "Your sleep averaged \(String(format: "%.1f", sleep)) hours.", estimatedDuration: 21,
                    difficulty: sleep < 6.5 ? 4 : 3))
        }
        let weeks = max(1.0, Double(recent.count) / 7)
        if recent.compactMap(\.workouts).reduce(0, +) / weeks < 3 {
            candidates.append(
                GoalSuggestion(
                    title: "Work out 3 times a week",
                    description: "Three 30-minute sessions: two cardio, one strength.",
                    goalType: "activity", targetValue: 3, targetUnit: "workouts",
                    rationale: "You work out less than 3 times a week.",
                    estimatedDuration: 60, difficulty: 3))
        }
        if let bmi = profile.bmi, bmi >= 25, let weight = profile.weightKg {
            let target = (weight * 0.95).rounded()
            candidates.append(
                GoalSuggestion(
                    title: "Reach \(Int(target)) kg", description: "Lose about 5% of your weight at 0.5 kg a week.",
                    goalType: "body_composition", targetValue: target, targetUnit: "kg",
                    rationale: String(format: "Your BMI is %.1f; 5%% less weight lowers cardiometabolic risk.", bmi),
                    estimatedDuration: Int((weight - target) / 0.5 * 7), difficulty: bmi >= 30 ? 4 : 3))
        }
        if let calories = average(recent.compactMap(\.calories)), calories > 2600 {
            candidates.append(
                GoalSuggestion(
                    title: "Keep daily calories near 2,300", description: "Plan meals and swap one snack a day.",
                    goalType: "nutrition", targetValue: 2300, targetUnit: "kcal",
                    rationale: "You averaged \(Int(calories)) kcal a day.", estimatedDuration: 30, difficulty: 3))
        }
        if let mood = average(recent.compactMap(\.mood)), mood < 6.5 {
            candidates.append(
                GoalSuggestion(
                    title: "Take a 10-minute mindfulness break daily",
                    description: "A short breathing or meditation session.",
                    goalType: "wellness", targetValue: 10, targetUnit: "minutes",
                    rationale: "Your mood averaged \(String(format: "%.1f", mood))/10.", estimatedDuration: 14,
                    difficulty: 2))
        }
        candidates += [
            GoalSuggestion(
                title: "Drink 2 litres of water a day", description: "Keep a bottle within reach.",
                goalType: "nutrition", targetValue: 2, targetUnit: "litres",
                rationale: "Hydration supports energy and recovery.", estimatedDuration: 14, difficulty: 1),
            GoalSuggestion(
                title: "Eat 5 portions of vegetables a day", description: "Add one portion to each meal.",
                goalType: "nutrition", targetValue: 5, targetUnit: "portions",
                rationale: "Fibre and micronutrients support long-term health.", estimatedDuration: 30,
                difficulty: 2),
            GoalSuggestion(
                title: "Stretch for 10 minutes every morning", description: "A gentle routine after waking.",
                goalType: "wellness", targetValue: 10, targetUnit: "minutes",
                rationale: "Mobility work eases stiffness and lowers injury risk.", estimatedDuration: nil,
                difficulty: 1),
        ]
        let fresh = candidates.filter {
            !taken.contains($0.title.lowercased())
                && !activeTargets.contains(Target(type: $0.goalType, unit: $0.targetUnit))
        }
        return Array(fresh.prefix(5))
    }

    /// 3 to 5 suggestions based on chosen insights (seed 004, Journey 3): each
    /// insight's subject (what its text and metrics are about) gives one, with
    /// a rationale naming it; fewer than 3 are completed from the user's data.
    public static func suggestions(from insights: [Insight], checkIns: [CheckIn], existing: [Goal]) -> [GoalSuggestion]
    {
        let taken = Set(existing.map { $0.title.lowercased() })
        var chosen: [GoalSuggestion] = []
        for insight in insights {
            for suggestion in candidates(for: insight)
            where !taken.contains(suggestion.title.lowercased())
                && !chosen.contains(where: { $0.title == suggestion.title })
            {
                chosen.append(suggestion)
                break
            }
        }
        if chosen.count < 3 {
            let more = suggestions(checkIns: checkIns, existing: existing)
                .filter { general in !chosen.contains { $0.title == general.title } }
            chosen += more.prefix(3 - chosen.count)
        }
        return Array(chosen.prefix(5))
    }

    /// What an insight is about, most specific first.
    private static func candidates(for insight: Insight) -> [GoalSuggestion] {
        let text = ([insight.title, insight.content, insight.summary ?? ""] + (insight.suggestions ?? []))
            .joined(separator: " ").lowercased()
        let because = "Based on your insight \"\(insight.title)\"."
        var found: [GoalSuggestion] = []
        if text.contains("protein") {
            found.append(
                GoalSuggestion(
                    title: "Eat 100 g of protein a day", description: "Add a protein source to every meal.",
                    goalType: "nutrition", targetValue: 100, targetUnit: "g", rationale: because,
                    estimatedDuration: 30, difficulty: 2))
        }
        if text.contains("sleep") {
            found.append(
                GoalSuggestion(
                    title: "Sleep 8 hours a night", description: "Keep a fixed bedtime, screens off 30 minutes before.",
                    goalType: "wellness", targetValue: 8, targetUnit: "hours", rationale: because,
                    estimatedDuration: 21, difficulty: 3))
        }
        if text.contains("workout") || text.contains("exercise") {
            found.append(
                GoalSuggestion(
                    title: "Work out 4 times a week", description: "Four 30-minute sessions: cardio and strength.",
                    goalType: "activity", targetValue: 4, targetUnit: "workouts", rationale: because,
                    estimatedDuration: 60, difficulty: 3))
        }
        if text.contains("step") || text.contains("walk") || text.contains("activity") {
            let average = insight.dataContext?.metrics?.steps.map(Double.init) ?? 8000
            let target = min(15_000, ((average + 1500) / 500).rounded(.up) * 500)
            found.append(
                GoalSuggestion(
                    title: "Walk \(Int(target)) steps a day", description: "Build up by 500 steps a week.",
                    goalType: "activity", targetValue: target, targetUnit: "steps", rationale: because,
                    estimatedDuration: 30, difficulty: 3))
        }
        if text.contains("calorie") || text.contains("nutrition") {
            found.append(
                GoalSuggestion(
                    title: "Keep daily calories near 2,300", description: "Plan meals and swap one snack a day.",
                    goalType: "nutrition", targetValue: 2300, targetUnit: "kcal", rationale: because,
                    estimatedDuration: 30, difficulty: 3))
        }
        if text.contains("mood") || text.contains("stress") {
            found.append(
                GoalSuggestion(
                    title: "Take a 10-minute mindfulness break daily",
                    description: "A short breathing or meditation session.",
                    goalType: "wellness", targetValue: 10, targetUnit: "minutes", rationale: because,
                    estimatedDuration: 14, difficulty: 2))
        }
        return found
    }

    /// 5 to 7 tips for a goal, by its type, with one from the user's own data.
    public static func tips(for goal: Goal, checkIns: [CheckIn]) -> [GoalTip] {
        var tips: [GoalTip]
        switch goal.goalType.lowercased() {
        case "activity":
            tips = [
                GoalTip(
                    tip: "Schedule your sessions in your calendar like meetings.", category: "habit", priority: "high"),
                GoalTip(tip: "Take a 10-minute walk after each meal.", category: "exercise", priority: "high"),
                GoalTip(tip: "Lay out your workout clothes the night before.", category: "habit", priority: "medium"),
                GoalTip(tip: "Track progress weekly rather than daily.", category: "mindset", priority: "medium"),
                GoalTip(tip: "Sleep 7+ hours so you recover between sessions.", category: "sleep", priority: "low"),
            ]
        case "nutrition":
            tips = [
                GoalTip(tip: "Plan the week's meals on Sunday.", category: "nutrition", priority: "high"),
                GoalTip(tip: "Keep a filled water bottle on your desk.", category: "habit", priority: "high"),
                GoalTip(tip: "Add a vegetable to every meal.", category: "nutrition", priority: "medium"),
                GoalTip(tip: "Eat slowly and stop at 80% full.", category: "mindset", priority: "medium"),
                GoalTip(tip: "Avoid eating in the two hours before bed.", category: "sleep", priority: "low"),
            ]
        default:
            tips = [
                GoalTip(tip: "Keep the same bedtime and wake time every day.", category: "sleep", priority: "high"),
                GoalTip(tip: "Start with five minutes and grow from there.", category: "habit", priority: "high"),
                GoalTip(tip: "Notice one thing that went well each evening.", category: "mindset", priority: "medium"),
                GoalTip(tip: "Get daylight within an hour of waking.", category: "exercise", priority: "medium"),
                GoalTip(tip: "Limit caffeine after 2 pm.", category: "nutrition", priority: "low"),
            ]
        }
        let recent = checkIns.suffix(14)
        if let steps = average(recent.compactMap(\.steps)) {
            tips.append(
                GoalTip(
                    tip: "You average \(Int(steps)) steps a day: add 500 each week until you reach your target.",
                    category: "exercise", priority: "medium"))
        }
        if let sleep = average(recent.compactMap(\.sleepHours)), sleep < 7 {
            tips.append(
                GoalTip(
                    tip: String(format: "Your recent sleep averages %.1f hours: protect your bedtime.", sleep),
                    category: "sleep", priority: "high"))
        }
        return Array(tips.prefix(7))
    }

    static func average(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
