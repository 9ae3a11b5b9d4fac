/// `{"metric": "steps", "op": ">", "value": 10000}`: a condition one row must
/// meet. A missing value meets no condition. On the sessions table the
/// metric `activity` compares activity names (`==` and `!=` only).
public struct QueryCondition: Sendable, Equatable {
    public enum Operator: String, JSONStringEnum, Sendable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "=="
        case notEqual = "!="
    }

    public enum Value: Sendable, Equatable {
        case number(Double)
        case activity(String)
    }

    public var metric: String
    public var op: Operator
    public var value: Value

    public init(metric: String, op: Operator, value: Value) {
        self.metric = metric
        self.op = op
        self.value = value
    }

    /// The pseudo-metric of conditions on activity names.
    static let activityMetric = "activity"
}

extension QueryCondition: JSONCodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(["metric", "op", "value"])
        metric = try reader.nonEmptyString("metric")
        op = try reader.required("op")
        switch reader.object["value"] {
        case .string(let name)? where metric == Self.activityMetric:
            guard op == .equal || op == .notEqual else {
                throw WellnessError.validation("activity names compare with == or != only", at: reader.path(of: "op"))
            }
            guard !name.isEmpty else {
                throw WellnessError.validation("must not be empty", at: reader.path(of: "value"))
            }
            value = .activity(name)
        case .number?:
            guard metric != Self.activityMetric else {
                throw WellnessError.validation(
                    "the activity condition takes an activity name, not a number", at: reader.path(of: "value"))
            }
            value = .number(try reader.required("value"))
        case nil, .null?:
            throw WellnessError.validation("is required", at: reader.path(of: "value"))
        case let other?:
            let expected = metric == Self.activityMetric ? "an activity name" : "a number"
            throw WellnessError.validation(
                "expected \(expected), found \(other.kindDescription)", at: reader.path(of: "value"))
        }
    }

    public var json: JSONValue {
        let value: JSONValue =
            switch self.value {
            case .number(let number): .double(number)
            case .activity(let name): .string(name)
            }
        return .object(JSONObject([("metric", .string(metric)), ("op", op.json), ("value", value)]))
    }
}
