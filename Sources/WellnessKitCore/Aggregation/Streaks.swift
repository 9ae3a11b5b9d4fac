/// Runs of consecutive yes-days in a boolean series (seed 002's streaks).
public struct Streaks: Sendable, Equatable {
    /// One run: first and last local day, inclusive.
    public struct Run: Sendable, Equatable {
        public let start: Int
        public let end: Int
        public var length: Int { end - start + 1 }
    }

    /// Every run, oldest first.
    public let runs: [Run]
    /// The length, up to today, of the run reaching today; a today not yet
    /// logged does not break it, but a today answered "no" does.
    public let current: Int
    public let best: Int

    /// - Parameters:
    ///   - days: each logged local day and its answer, in day order.
    ///   - today: the local day the current streak is measured to.
    init(days: [(day: Int, yes: Bool)], today: Int) {
        var runs: [Run] = []
        var runStart: Int?
        var previous = Int.min
        for (day, yes) in days {
            if let start = runStart, !(yes && day == previous + 1) {
                runs.append(Run(start: start, end: previous))
                runStart = nil
            }
            if yes, runStart == nil { runStart = day }
            previous = day
        }
        if let start = runStart { runs.append(Run(start: start, end: previous)) }
        self.runs = runs
        best = runs.map(\.length).max() ?? 0
        // Days logged after `today` (a later "today" elsewhere, or a clock
        // behind the data) neither extend nor erase the current streak.
        let loggedToday = days.last(where: { $0.day == today })
        if let loggedToday, !loggedToday.yes {
            current = 0
        } else {
            let reach = loggedToday == nil ? today - 1 : today
            current = runs.first(where: { $0.start <= reach && reach <= $0.end }).map { reach - $0.start + 1 } ?? 0
        }
    }
}

extension Streaks: JSONEncodable {
    public var json: JSONValue {
        .object(
            JSONObject([
                ("current", current.json),
                ("best", best.json),
                (
                    "runs",
                    .array(
                        runs.map { run in
                            .object(
                                JSONObject([
                                    ("start", LocalCalendar.calendarDate(of: run.start).json),
                                    ("end", LocalCalendar.calendarDate(of: run.end).json),
                                    ("length", run.length.json),
                                ]))
                        })
                ),
            ]))
    }
}
