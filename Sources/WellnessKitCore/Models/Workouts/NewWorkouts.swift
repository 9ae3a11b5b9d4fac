/// The body of `POST /api/v1/workouts`: `{"workouts": [...]}`, checked as the server checks it, so that a bad
/// workout is refused before it is sent (or queued, where the server would refuse it at every replay).
public struct NewWorkouts: Sendable, Equatable {
    /// The workouts as read (ids empty).
    public let workouts: [WorkoutRecord]
    /// The body as given: sent unchanged, so that the server derives each id from start and activity as written.
    public let json: JSONValue

    /// The most workouts one request stores.
    public static let maximumCount = 1_000
}

extension NewWorkouts: JSONDecodable {
    /// - Parameters:
    ///   - json: `{"workouts": [workout, ...]}`.
    ///   - path: where it sits in the input.
    /// - Throws: a validation error naming the field: `workouts[3].end`, or `workouts[0].id`, which the server assigns.
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["workouts"])
        try reader.rejectRepeatedKeys()
        guard case .array(let elements)? = reader.object["workouts"] else {
            let found = reader.object["workouts"] ?? .null
            throw WellnessError.validation(
                found == .null ? "is required" : "expected an array, found \(found.kindDescription)",
                at: reader.path(of: "workouts"))
        }
        guard elements.count <= Self.maximumCount else {
            throw WellnessError.validation(
                "holds \(elements.count) workouts; at most \(Self.maximumCount) per request",
                at: reader.path(of: "workouts"))
        }
        workouts = try elements.enumerated().map { index, element in
            let elementPath = reader.path(of: "workouts").appending(index: index)
            if case .object(let object) = element, object["id"] != nil {
                throw WellnessError.validation(
                    "is assigned by the server (from start and activity); send none", at: elementPath.appending("id"))
            }
            return try WorkoutRecord(json: element, at: elementPath)
        }
        self.json = json
    }
}
