/// The columns of one table as a query reads them.
struct TableView {
    let table: DataQuery.Table
    /// Local day of each row, rows in time order.
    let days: [Int]
    let inputRows: [Int]
    let metrics: MetricColumns
    let standardMetrics: [String]
    var activityCodes: [Int] = []
    var distinctActivities: [ActivityName] = []
    var activities: [String] = []

    /// The table's metrics and the standard ones it lacks.
    var knownMetrics: [String] {
        metrics.names + standardMetrics.filter { !metrics.contains($0) }
    }
}
