import Foundation
import WellnessKitCore

/// Derives insights from a user's check-ins by fixed rules, so the same data
/// always yields the same insights (the seed's AI stands behind this API).
public enum InsightGenerator {
    /// Daily insights cover the latest days only; weekly the latest weeks.
    static let dailyWindow = 14
    static let weeklyWindow = 8

    /// - Parameters:
    ///   - checkIns: a user's check-ins, in any order (their dates are the user's local days).
    ///   - calendar: the user's calendar: weekly insights are its weeks, from its first weekday.
    public static func insights(from checkIns: [CheckIn], calendar: UserCalendar = .utc) -> [Store.NewInsight] {
        let sorted = checkIns.sorted { $0.date < $1.date }
        guard !sorted.isEmpty else { return [] }
        return daily(sorted) + weekly(sorted, firstWeekday: calendar.firstWeekday) + milestones(sorted)
            + patterns(sorted)
    }

    // MARK: - Daily

    static func daily(_ checkIns: [CheckIn]) -> [Store.NewInsight] {
        checkIns.suffix(dailyWindow).map { day in
            let metrics = MetricsSummary(
                workouts: day.workouts.map { Int($0) }, calories: day.calories,
                steps: day.steps.map { Int($0) }, sleepHours: day.sleepHours, moodScore: day.mood)
            var facts: [String] = []
            var suggestions: [String] = []
            if let steps = day.steps {
                facts.append("\(Int(steps)) steps")
                if steps < 7000 { suggestions.append("Add a 15-minute walk to reach a 7,000-step target tomorrow") }
            }
            if let sleep = day.sleepHours {
                facts.append(String(format: "%.1f hours of sleep", sleep))
                if sleep < 7 { suggestions.append("Set a bedtime goal that gives you 7+ hours of sleep") }
            }
            if let workouts = day.workouts, workouts > 0 {
                facts.append("\(Int(workouts)) workout\(workouts == 1 ? "" : "s")")
            }
            if let mood = day.mood { facts.append(String(format: "mood %.0f/10", mood)) }
            if suggestions.isEmpty { suggestions.append("Keep the same routine tomorrow") }
            let label = label(day.date)
            return Store.NewInsight(
                type: .daily, title: "Your \(label) summary",
                content: facts.isEmpty
                    ? "You checked in on \(label)." : "On \(label) you logged " + facts.joined(separator: ", ") + ".",
                summary: suggestions.first, suggestions: suggestions,
                dataContext: DataContext(dateRange: dayRange(day.date, days: 1), metrics: metrics),
                dedupeKey: "daily:\(day.date)")
        }
    }

    // MARK: - Weekly

    /// A week's insight per week (from `firstWeekday`, 1 = Sunday … 7 = Saturday) of 3 check-ins or more.
    static func weekly(_ checkIns: [CheckIn], firstWeekday: Int = Profile.defaultFirstWeekday) -> [Store.NewInsight] {
        let byWeek = Dictionary(grouping: checkIns) {
            AggregationInterval.week.bucketStart(containing: $0.date.daysSinceEpoch, firstWeekday: firstWeekday)
        }
        return byWeek.keys.sorted().suffix(weeklyWindow).compactMap { start -> Store.NewInsight? in
            guard let days = byWeek[start], days.count >= 3,
                let first = CalendarDate(daysSinceEpoch: start)
            else { return nil }
            let steps = days.compactMap(\.steps)
            let sleep = days.compactMap(\.sleepHours)
            let workouts = days.compactMap(\.workouts).reduce(0, +)
            let averageSleep = sleep.isEmpty ? nil : sleep.reduce(0, +) / Double(sleep.count)
            let totalSteps = steps.reduce(0, +)
            var content = "You checked in on \(days.count) of 7 days and completed \(Int(workouts)) workouts."
            if let averageSleep { content += String(format: " You slept %.1f hours a night on average.", averageSleep) }
            var suggestions = ["Plan your workouts for next week in advance"]
            if let averageSleep, averageSleep < 7.5 { suggestions.append("Aim for a consistent bedtime target") }
            return Store.NewInsight(
                type: .weekly, title: "Week of \(label(first)): \(Int(workouts)) workouts, \(Int(totalSteps)) steps",
                content: content, summary: "A \(days.count)-day week of tracking.", suggestions: suggestions,
                dataContext: DataContext(
                    dateRange: dayRange(first, days: 7),
                    metrics: MetricsSummary(
                        workouts: Int(workouts), steps: Int(totalSteps),
                        sleepHours: averageSleep)),
                dedupeKey: "weekly:\(first)")
        }
    }

    // MARK: - Milestones

    static let workoutMilestones = [10, 50, 100, 250, 500, 1000]
    static let streakMilestones = [7, 30, 100, 365]

    static func milestones(_ checkIns: [CheckIn]) -> [Store.NewInsight] {
        var found: [Store.NewInsight] = []
        var workouts = 0.0
        var streak = 0
        var previous: Int?
        for day in checkIns {
            let before = workouts
            workouts += day.workouts ?? 0
            for mark in workoutMilestones where before < Double(mark) && workouts >= Double(mark) {
                found.append(
                    milestone(
                        "\(mark) workouts!", "You completed your \(mark)th workout on \(label(day.date)).",
                        key: "milestone:workouts:\(mark)", on: day.date,
                        achievement: "\(mark) workouts"))
            }
            let number = day.date.daysSinceEpoch
            streak = previous.map { number == $0 + 1 } == true ? streak + 1 : 1
            previous = number
            if streakMilestones.contains(streak) {
                found.append(
                    milestone(
                        "\(streak)-day check-in streak", "You have checked in \(streak) days in a row.",
                        key: "milestone:streak:\(streak):\(day.date)", on: day.date,
                        achievement: "\(streak)-day streak"))
            }
        }
        return found
    }

    private static func milestone(
        _ title: String, _ content: String, key: String, on date: CalendarDate,
        achievement: String
    ) -> Store.NewInsight {
        Store.NewInsight(
            type: .milestone, title: title, content: content, summary: "Celebrate it!",
            suggestions: ["Set a new target to keep the momentum"],
            dataContext: DataContext(dateRange: dayRange(date, days: 1), achievements: [achievement]),
            dedupeKey: key)
    }

    // MARK: - Patterns

    /// Correlations over the last 30 days: sleep and mood, steps and mood.
    static func patterns(_ checkIns: [CheckIn]) -> [Store.NewInsight] {
        let recent = Array(checkIns.suffix(30))
        guard let last = recent.last else { return [] }
        let month = "\(last.date.year)-\(Digits2.pad(last.date.month))"
        var found: [Store.NewInsight] = []
        let pairs: [(String, String, KeyPath<CheckIn, Double?>)] = [
            ("sleep", "Sleep", \.sleepHours),
            ("steps", "Activity", \.steps),
        ]
        for (key, name, metric) in pairs {
            let values = recent.compactMap { day in day[keyPath: metric].flatMap { x in day.mood.map { (x, $0) } } }
            guard values.count >= 10, let r = correlation(values), abs(r) >= 0.3 else { continue }
            let direction = r > 0 ? "rises" : "falls"
            found.append(
                Store.NewInsight(
                    type: .pattern, title: "\(name) and mood move together",
                    content: String(
                        format: "Over your last %d check-ins, your mood %@ with your %@ (correlation %.2f).",
                        values.count, direction, key, r),
                    summary: "\(name) is linked to how you feel.",
                    suggestions: [key == "sleep" ? "Set a goal for a consistent bedtime" : "Set a daily step target"],
                    dataContext: DataContext(dateRange: dayRange(recent[0].date, days: recent.count)),
                    dedupeKey: "pattern:\(key)-mood:\(month)"))
        }
        return found
    }

    /// Pearson's r, or nil when either side is constant.
    static func correlation(_ pairs: [(Double, Double)]) -> Double? {
        let count = Double(pairs.count)
        let meanX = pairs.map(\.0).reduce(0, +) / count
        let meanY = pairs.map(\.1).reduce(0, +) / count
        var covariance = 0.0
        var varianceX = 0.0
        var varianceY = 0.0
        for (x, y) in pairs {
            covariance += (x - meanX) * (y - meanY)
            varianceX += (x - meanX) * (x - meanX)
            varianceY += (y - meanY) * (y - meanY)
        }
        guard varianceX > 0, varianceY > 0 else { return nil }
        return covariance / (varianceX * varianceY).squareRoot()
    }

    // MARK: - Helpers

    static func label(_ date: CalendarDate) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[date.month - 1]) \(date.day)"
    }

    /// The period of `days` dates from `first`, each date written as its UTC day (an insight's
    /// `date_range` names the check-ins' own dates, which are the user's local days).
    static func dayRange(_ first: CalendarDate, days: Int) -> DateRange {
        let start = Int64(first.daysSinceEpoch) * 86_400
        return DateRange(
            startDate: Timestamp(seconds: start), endDate: Timestamp(seconds: start + Int64(days) * 86_400 - 1))
    }
}

enum Digits2 {
    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
