import WellnessKitCore

extension Store {
    /// A new insight as the generator proposes it; `dedupeKey` makes
    /// regeneration idempotent (one daily insight per day, one milestone each).
    public struct NewInsight: Sendable {
        public var type: InsightType
        public var title: String
        public var content: String
        public var summary: String?
        public var suggestions: [String]
        public var dataContext: DataContext?
        public var dedupeKey: String

        /// When the insight counts as generated: the end of the period it covers
        /// (as the nightly and weekly automation would have produced it), never later than now.
        func generatedMilliseconds(now: Int64) -> Int64 {
            guard let end = dataContext?.dateRange?.endDate else { return now }
            return min(now, end.seconds * 1000 + 1000)
        }
    }
}
