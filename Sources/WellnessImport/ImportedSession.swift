import WellnessKitCore

/// One workout as a row of the query tables' sessions.
public struct ImportedSession: Sendable, Equatable {
    /// Seconds since the epoch, and the offset the times are written with.
    public let start: Int64
    public let end: Int64
    public let offset: Int32
    /// The reader's activity words ("Run", "Cycling", "Strength Training").
    public let activity: String
    /// Numeric fields (`duration` min, `distance` km, `calories` kcal,
    /// `average_heart_rate` bpm, `elevation_gain` m), in this order, present ones only.
    public let fields: [(String, Double)]
    /// The app or device that recorded it.
    public let source: String

    public static func == (lhs: ImportedSession, rhs: ImportedSession) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end && lhs.activity == rhs.activity && lhs.source == rhs.source
            && lhs.fields.map(\.0) == rhs.fields.map(\.0) && lhs.fields.map(\.1) == rhs.fields.map(\.1)
    }

    /// The value of field `name`, when present.
    public func field(_ name: String) -> Double? {
        fields.first { $0.0 == name }?.1
    }

    /// The units of the session fields.
    public static let units: [(String, String)] = [
        ("duration", "min"), ("distance", "km"), ("calories", "kcal"), ("average_heart_rate", "bpm"),
        ("elevation_gain", "m"),
    ]

    /// `{"start", "end", "activity", <fields>...}` with RFC 3339 times in the session's offset.
    public var json: JSONValue {
        var object = JSONObject([
            ("start", .string(Self.rfc3339(start, offset))), ("end", .string(Self.rfc3339(end, offset))),
            ("activity", .string(activity)),
        ])
        for (name, value) in fields { object.append(name, .double(value)) }
        return .object(object)
    }

    /// `instant` written at `offset` as `YYYY-MM-DDThh:mm:ss±hh:mm`.
    static func rfc3339(_ instant: Int64, _ offset: Int32) -> String {
        let local = instant + Int64(offset)
        let day = floorDivide(local, 86_400)
        let second = Int(local - day * 86_400)
        let date = CalendarDate(daysSinceEpoch: Int(day))?.description ?? "0000-01-01"
        let magnitude = Int(offset.magnitude)
        return date + "T" + twoDigits(second / 3600) + ":" + twoDigits(second / 60 % 60) + ":"
            + twoDigits(second % 60) + (offset < 0 ? "-" : "+") + twoDigits(magnitude / 3600) + ":"
            + twoDigits(magnitude / 60 % 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
