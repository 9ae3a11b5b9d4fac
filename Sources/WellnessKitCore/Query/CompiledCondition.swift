/// One condition bound to its column.
struct CompiledCondition {
    /// The metric's values, for a numeric condition.
    private let column: [Double]
    private let op: QueryCondition.Operator
    private let threshold: Double
    /// For an activity condition: each row's activity code, whether each code
    /// matches the name, and whether a match passes (`==`) or fails (`!=`).
    private let activityCodes: [Int]
    private let wantedActivities: [Bool]
    private let passesOnMatch: Bool
    private let isActivity: Bool

    init(
        _ condition: QueryCondition, table: TableView, other: TableView, exact: Bool = false, at path: FieldPath
    ) throws {
        op = condition.op
        switch condition.value {
        case .activity(let name):
            guard table.table == .sessions else {
                throw WellnessError.validation(
                    "daily rows have no activity; activity conditions apply to sessions", at: path.appending("metric"))
            }
            isActivity = true
            activityCodes = table.activityCodes
            wantedActivities = QueryPlan.matchingCodes([name], in: table.distinctActivities, exact: exact)
            passesOnMatch = condition.op == .equal
            column = []
            threshold = 0
        case .number(let value):
            isActivity = false
            column = try QueryPlan.column(condition.metric, of: table, other: other, at: path.appending("metric"))
            threshold = value
            activityCodes = []
            wantedActivities = []
            passesOnMatch = false
        }
    }

    /// Keeps the rows that meet the condition, in order.
    func keep(_ rows: inout [Int]) {
        if isActivity {
            rows.removeAll { wantedActivities[activityCodes[$0]] != passesOnMatch }
            return
        }
        column.withUnsafeBufferPointer { column in
            let threshold = threshold
            switch op {
            case .less: rows.removeAll { !(column[$0] < threshold) }
            case .lessOrEqual: rows.removeAll { !(column[$0] <= threshold) }
            case .greater: rows.removeAll { !(column[$0] > threshold) }
            case .greaterOrEqual: rows.removeAll { !(column[$0] >= threshold) }
            case .equal: rows.removeAll { !(column[$0] == threshold) }
            // NaN (missing) would pass `!=`: a missing value meets no condition.
            case .notEqual: rows.removeAll { column[$0] == threshold || column[$0].isNaN }
            }
        }
    }
}
