extension QueryPlan {
    /// The answer over `rows` (time order): the metric's missing values are
    /// skipped as pandas skips NaN, nothing left answers 0 for sums and
    /// counts and null otherwise.
    /// - Throws: a validation error when a sum or spread does not fit a double.
    func reduce(_ rows: [Int], unit: String?) throws -> QueryResult {
        // Rows where the metric is present: the ones a metric's reducer reads.
        let present = values.map { column in rows.filter { !column[$0].isNaN } } ?? rows
        let value = try reducedValue(rows: rows, present: present)
        let days = table.days
        return QueryResult(
            value: value, unit: unit, rows: rows.count, days: Self.distinctDays(rows, days),
            fromDate: rows.first.map { LocalCalendar.calendarDate(of: days[$0]) },
            toDate: rows.last.map { LocalCalendar.calendarDate(of: days[$0]) },
            query: query, rowNumbers: nil)
    }

    private func reducedValue(rows: [Int], present: [Int]) throws -> QueryResult.Value {
        let days = table.days
        let numbers = values.map { column in present.map { column[$0] } } ?? []
        func date(_ row: Int?) -> QueryResult.Value {
            row.map { .date(LocalCalendar.calendarDate(of: days[$0])) } ?? .null
        }
        switch query.reducer {
        case .sum: return .number(try Self.sum(numbers, of: query.metric))
        case .mean:
            return numbers.isEmpty ? .null : .number(ExactSum.mean(of: numbers))
        case .median: return Self.median(numbers).map(QueryResult.Value.number) ?? .null
        case .min: return numbers.min().map(QueryResult.Value.number) ?? .null
        case .max: return numbers.max().map(QueryResult.Value.number) ?? .null
        case .std: return try Self.standardDeviation(numbers, of: query.metric).map(QueryResult.Value.number) ?? .null
        case .count: return .number(Double(present.count))
        case .countDays: return .number(Double(Self.distinctDays(present, days)))
        case .first: return numbers.first.map(QueryResult.Value.number) ?? .null
        case .last: return numbers.last.map(QueryResult.Value.number) ?? .null
        case .firstDate: return date(present.first)
        case .lastDate: return date(present.last)
        case .dateOfMax: return date(extremeRow(present, numbers, by: >))
        case .dateOfMin: return date(extremeRow(present, numbers, by: <))
        case .activities:
            return rows.isEmpty ? .null : .names(activityCounts(rows).map { table.activities[$0.firstRow] })
        case .mostFrequentActivity: return mostFrequentActivity(rows).map(QueryResult.Value.name) ?? .null
        case .countActivities: return .number(Double(activityCounts(rows).count))
        case .range: return try Self.range(numbers, of: query.metric).map(QueryResult.Value.number) ?? .null
        }
    }

    /// How many distinct days `rows` fall on; rows come in time order, so
    /// their days ascend except across a zone's backward day shift.
    static func distinctDays(_ rows: [Int], _ days: [Int]) -> Int {
        var count = 0
        var previous = Int.min
        for row in rows {
            let day = days[row]
            if day < previous { return Set(rows.lazy.map { days[$0] }).count }
            if day != previous { count += 1 }
            previous = day
        }
        return count
    }

    /// The earliest row whose value beats every other under `better`.
    private func extremeRow(_ rows: [Int], _ numbers: [Double], by better: (Double, Double) -> Bool) -> Int? {
        var best: Int?
        for index in numbers.indices where best.map({ better(numbers[index], numbers[$0]) }) ?? true {
            best = index
        }
        return best.map { rows[$0] }
    }

    /// The name with most sessions; among equals, the one seen first.
    private func mostFrequentActivity(_ rows: [Int]) -> String? {
        var best: (firstRow: Int, count: Int)?
        for entry in activityCounts(rows) where entry.count > best?.count ?? 0 {
            best = entry
        }
        return best.map { table.activities[$0.firstRow] }
    }

    /// Each distinct activity of `rows`, in order of first appearance: its first row and its number of rows.
    private func activityCounts(_ rows: [Int]) -> [(firstRow: Int, count: Int)] {
        var position = Array(repeating: -1, count: table.distinctActivities.count)
        var counts: [(firstRow: Int, count: Int)] = []
        for row in rows {
            let code = table.activityCodes[row]
            if position[code] < 0 {
                position[code] = counts.count
                counts.append((row, 1))
            } else {
                counts[position[code]].count += 1
            }
        }
        return counts
    }

    static func sum(_ numbers: [Double], of metric: String?) throws -> Double {
        guard let value = ExactSum.of(numbers) else { throw overflow("sum", metric) }
        return value
    }

    /// The middle value, or the mean of the two middle ones, as pandas (numpy) computes it.
    static func median(_ numbers: [Double]) -> Double? {
        guard !numbers.isEmpty else { return nil }
        var values = numbers
        let middle = values.count / 2
        let upper = select(&values, rank: middle)
        if values.count % 2 == 1 { return upper }
        // Selection leaves the smaller half before `middle`: the other middle value is its largest.
        let lower = values[..<middle].reduce(-Double.infinity, Swift.max)
        let mean = (lower + upper) / 2
        return mean.isFinite ? mean : lower / 2 + upper / 2
    }

    /// The value of rank `rank` (0-based) in `values`, which it partly
    /// orders (quickselect, median-of-three pivots): linear where a sort is
    /// n log n. After too many rounds, as with data built against the pivot
    /// rule, it sorts what is left instead.
    static func select(_ values: inout [Double], rank: Int) -> Double {
        var low = 0
        var high = values.count - 1
        var rounds = 0
        while low < high {
            rounds += 1
            if rounds > 64 {
                values[low...high].sort()
                break
            }
            let center = low + (high - low) / 2
            if values[center] < values[low] { values.swapAt(center, low) }
            if values[high] < values[low] { values.swapAt(high, low) }
            if values[high] < values[center] { values.swapAt(high, center) }
            let pivot = values[center]
            var left = low
            var right = high
            while left <= right {
                while values[left] < pivot { left += 1 }
                while pivot < values[right] { right -= 1 }
                if left <= right {
                    values.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            if rank <= right {
                high = right
            } else if rank >= left {
                low = left
            } else {
                break
            }
        }
        return values[rank]
    }

    /// The sample standard deviation (n − 1), a series bucket's `stddev`; nil
    /// for fewer than two values, as pandas' NaN.
    static func standardDeviation(_ numbers: [Double], of metric: String?) throws -> Double? {
        guard let deviation = BucketStatistics.sampleDeviation(numbers) else { return nil }
        guard deviation.isFinite else { throw overflow("standard deviation", metric) }
        return deviation
    }

    /// The largest value minus the smallest; nil when there are none.
    static func range(_ numbers: [Double], of metric: String?) throws -> Double? {
        guard let low = numbers.min(), let high = numbers.max() else { return nil }
        let spread = high - low
        guard spread.isFinite else { throw overflow("range", metric) }
        return spread
    }

    private static func overflow(_ what: String, _ metric: String?) -> WellnessError {
        WellnessError.validation(
            "the \(what) of \(metric ?? "the values") does not fit a double", at: FieldPath.root.appending("metric"))
    }
}
