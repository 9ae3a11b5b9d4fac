/// The columns of one table as a query reads them. A class, made once per
/// table: a query's plan and conditions hold it, and copying a struct of
/// eight arrays retained each of them, a large share of a small query's cost.
final class TableView: Sendable {
    let table: DataQuery.Table
    /// Local day of each row, rows in time order.
    let days: [Int]
    let inputRows: [Int]
    let metrics: MetricColumns
    let standardMetrics: [String]
    let activityCodes: [Int]
    let distinctActivities: [ActivityName]
    let activities: [String]

    init(
        table: DataQuery.Table, days: [Int], inputRows: [Int], metrics: MetricColumns, standardMetrics: [String],
        activityCodes: [Int] = [], distinctActivities: [ActivityName] = [], activities: [String] = []
    ) {
        self.table = table
        self.days = days
        self.inputRows = inputRows
        self.metrics = metrics
        self.standardMetrics = standardMetrics
        self.activityCodes = activityCodes
        self.distinctActivities = distinctActivities
        self.activities = activities
    }
}
