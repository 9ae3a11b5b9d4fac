import WellnessKitCore

/// What an import read, used and skipped, and why.
public struct ImportReport: Sendable {
    /// Samples (records, track points, file rows) read.
    public var recordsRead = 0
    /// Of those, folded into a daily metric or a session.
    public var recordsUsed = 0
    /// Workouts (or tracks) read, and those dropped as another source's duplicate.
    public var workoutsRead = 0
    public var duplicateWorkouts = 0
    /// Skipped records by reason, with the first one's location.
    public private(set) var skipped: [(reason: String, count: Int, first: String)] = []
    private var skippedIndex: [String: Int] = [:]
    /// Per cumulative column, what overlapping sources' samples added that was removed.
    public var overlapRemoved: [(column: String, amount: Double)] = []
    /// Sources with their rank (0 first) and records.
    public var sources: [(name: String, rank: Int, records: Int)] = []
    /// Files read (Fitbit exports: many).
    public var files = 0

    public init() {}

    /// Counts a skipped record.
    mutating func skip(_ reason: String, at location: @autoclosure () -> String, count: Int = 1) {
        if let index = skippedIndex[reason] {
            skipped[index].count += count
        } else {
            skippedIndex[reason] = skipped.count
            skipped.append((reason, count, location()))
        }
    }

    /// Records skipped in all.
    public var skippedCount: Int { skipped.reduce(0) { $0 + $1.count } }

    public var json: JSONValue {
        var object = JSONObject([
            ("records_read", .int(recordsRead)), ("records_used", .int(recordsUsed)),
            ("records_skipped", .int(skippedCount)),
            (
                "skipped",
                .array(
                    skipped.map {
                        .object(
                            JSONObject([
                                ("reason", .string($0.reason)), ("count", .int($0.count)), ("first", .string($0.first)),
                            ]))
                    })
            ),
            ("workouts_read", .int(workoutsRead)), ("duplicate_workouts", .int(duplicateWorkouts)),
        ])
        if files > 0 { object.append("files", .int(files)) }
        object.append(
            "overlap_removed",
            .object(JSONObject(overlapRemoved.map { ($0.column, .double(($0.amount * 1000).rounded() / 1000)) })))
        object.append(
            "sources",
            .array(
                sources.map {
                    .object(
                        JSONObject([("name", .string($0.name)), ("rank", .int($0.rank)), ("records", .int($0.records))])
                    )
                }))
        return .object(object)
    }
}
