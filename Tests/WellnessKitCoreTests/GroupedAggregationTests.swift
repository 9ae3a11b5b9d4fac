import Testing

@testable import WellnessKitCore

@Suite struct GroupedAggregationTests {
    private func options(_ json: String) throws -> GroupedSeriesOptions {
        try GroupedSeriesOptions(json: try JSONParser.parse(Array(json.utf8)), at: .root)
    }

    private func aggregate(
        _ keys: [Int64], _ timestamps: [Int64], _ values: [Double], _ json: String,
        maximumTotalBuckets: Int = GroupedSeriesOptions.maximumTotalBuckets
    ) throws -> GroupedAggregation {
        let options = try options(json)
        return try keys.withUnsafeBufferPointer { keys in
            try timestamps.withUnsafeBufferPointer { timestamps in
                try values.withUnsafeBufferPointer { values in
                    try GroupedAggregation(
                        keys: keys, timestamps: timestamps, values: values, options: options,
                        maximumTotalBuckets: maximumTotalBuckets)
                }
            }
        }
    }

    @Test func aSkippedGroupsPathNamesTheCallersRowAsItsRowDoes() throws {
        // Group 1's second row is the caller's row 3: both say 3.
        let result = try aggregate(
            [2, 1, 2, 1], [1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_000_000], [1, 2, 3, .nan],
            #"{"on_error": "skip"}"#)
        #expect(result.failures.map(\.row) == [3])
        #expect(result.failures.first?.error.path == "values[3]")
    }

    @Test func aGroupWithABadZoneIsSkippedNotTheCall() throws {
        let json =
            #"{"on_error": "skip", "groups": [{"group": 1, "time_zone": "Mars/Olympus"}, "#
            + #"{"group": 9, "first_weekday": 12}]}"#
        let result = try aggregate([1, 2], [1_700_000_000, 1_700_000_000], [1, 2], json)
        #expect(result.groups.map(\.key) == [2])
        // Group 9 has no rows: its entry is reported all the same.
        #expect(result.failures.map(\.group) == [1, 9])
        #expect(result.failures.map(\.error.path) == ["groups[0].time_zone", "groups[1].first_weekday"])
        #expect(result.failures.allSatisfy { $0.row == nil })
        #expect(throws: WellnessError.self) {
            try aggregate([1, 2], [1_700_000_000, 1_700_000_000], [1, 2], json.replacingSkipWithFail)
        }
    }

    @Test func theTotalOfBucketsIsCappedNamingTheGroupThatPassesIt() throws {
        // Four groups of 11 daily buckets each: the cap of 30 is passed by the third group (key 30).
        let day: Int64 = 86_400
        let keys: [Int64] = [10, 10, 20, 20, 30, 30, 40, 40]
        let stamps = [0, 10 * day, 0, 10 * day, 0, 10 * day, 0, 10 * day]
        let json = #"{"interval": "day", "include_empty": true}"#
        #expect(
            try aggregate(keys, stamps, Array(repeating: 1, count: 8), json, maximumTotalBuckets: 44).groups.count == 4)
        for threads in [1, 4] {
            do {
                _ = try aggregate(
                    keys, stamps, Array(repeating: 1, count: 8),
                    #"{"interval": "day", "include_empty": true, "threads": "# + "\(threads)}", maximumTotalBuckets: 30)
                Issue.record("passed the cap")
            } catch let error as WellnessError {
                #expect(error.kind == .validation && error.message.contains("pass 30 in all"), "\(error)")
                if threads == 1 { #expect(error.message.hasPrefix("group 30: "), "\(error)") }
            }
        }
    }

    @Test func groupsComeInKeyOrderEachWithItsOwnZone() throws {
        // 23:30 UTC on 2024-01-01: still Jan 1 in UTC, already Jan 2 in Tokyo.
        let instant: Int64 = 1_704_151_800
        let result = try aggregate(
            [9, 2, 9, 2], [instant, instant, instant + 60, instant + 60], [1, 2, 3, 4],
            #"{"interval": "day", "groups": [{"group": 9, "time_zone": "Asia/Tokyo"}]}"#)
        #expect(result.groups.map(\.key) == [2, 9])
        #expect(result.groups.map { $0.aggregation.buckets.first?.start } == [19723, 19724])
        #expect(result.groups.map { $0.aggregation.buckets.first?.average } == [3, 2])
    }

    /// The runs of `keys` (timestamps and values equal to the row numbers), counted and placed by `threads` threads.
    private func withRuns(_ keys: [Int64], threads: Int = 1, _ body: (GroupRuns) -> Void) {
        let rows = keys.indices.map { Int64($0) }
        let values = keys.indices.map { Double($0) }
        keys.withUnsafeBufferPointer { keys in
            rows.withUnsafeBufferPointer { rows in
                values.withUnsafeBufferPointer { values in
                    body(GroupRuns(keys: keys, timestamps: rows, values: values, threads: threads))
                }
            }
        }
    }

    @Test func sharesSplitTheRowsWithoutSplittingAGroup() {
        withRuns([1, 1, 1, 1, 2, 3, 3, 4, 5, 5]) { runs in
            #expect(runs.count == 5)
            for threads in 1...8 {
                let shares = runs.shares(threads: threads)
                #expect(shares.count <= threads && shares.joined().elementsEqual(0..<5), "\(threads): \(shares)")
            }
        }
    }

    @Test func unsortedKeysKeepEachGroupsRowOrderAndNameTheCallersRow() throws {
        let keys: [Int64] = [5, 3, 5, 3, 5]
        withRuns(keys) { runs in
            #expect(runs.run(0).key == 3 && runs.run(1).key == 5)
            #expect((0..<3).map { runs.run(1).callerRow($0) } == [0, 2, 4])
            #expect(Array(runs.run(1).timestamps) == [0, 2, 4] && Array(runs.run(1).values) == [0, 2, 4])
        }
        do {
            _ = try aggregate(
                keys, [1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_000_000],
                [1, 2, 3, .nan, 5], "{}")
            Issue.record("a NaN was aggregated")
        } catch let error as WellnessError {
            #expect(error.path == "values[3]" && error.message.hasPrefix("group 3: "), "\(error)")
        }
    }

    @Test func everyKeySpreadAndThreadCountGivesEachGroupItsRowsInTheCallersOrder() {
        // Offsets from the least key (a narrow span), a hash table (keys far apart, the extremes of Int64),
        // and sorted keys read in place; 20,000 rows so that the counting and placing is split among threads.
        var generator = SplitMix(seed: 11)
        let spreads: [(String, () -> Int64)] = [
            ("narrow", { Int64(generator.next() % 300) - 150 }),
            ("wide", { [Int64.min, Int64.max, -1, 0, 1 << 40, 7_000_000_000_000][Int(generator.next() % 6)] }),
            ("random", { Int64(bitPattern: generator.next() % 997 &* 0x9E37_79B9_7F4A_7C15) }),
        ]
        for (name, key) in spreads {
            let unsorted = (0..<20_000).map { _ in key() }
            for keys in [unsorted, unsorted.sorted()] {
                // Expected: each distinct key, ascending, with its rows in the caller's order.
                var expected: [Int64: [Int]] = [:]
                for (row, key) in keys.enumerated() { expected[key, default: []].append(row) }
                for threads in [1, 2, 3, 8] {
                    withRuns(keys, threads: threads) { runs in
                        let got = (0..<runs.count).map { runs.run($0) }
                        #expect(got.map(\.key) == expected.keys.sorted(), "\(name), \(threads) threads")
                        for run in got {
                            let rows = (0..<run.rows.count).map { run.callerRow($0) }
                            #expect(rows == expected[run.key], "\(name), \(threads) threads, key \(run.key)")
                            #expect(run.timestamps.map { Int($0) } == rows && run.values.map { Int($0) } == rows)
                        }
                    }
                }
            }
        }
    }

    @Test func theGroupedResultIsTheSameOnEveryThreadCount() throws {
        var generator = SplitMix(seed: 5)
        let keys = (0..<30_000).map { _ in Int64(generator.next() % 500) * 1_000_003 }
        let stamps = (0..<30_000).map { _ in 1_700_000_000 + Int64(generator.next() % 20_000_000) }
        let values = (0..<30_000).map { _ in Double(generator.next() % 10_000) / 100 }
        let json = #"{"interval": "week", "statistics": ["sum", "min", "max", "p90"], "include_empty": true"#
        let baseline = try aggregate(keys, stamps, values, json + "}")
        for threads in [2, 3, 8] {
            let result = try aggregate(keys, stamps, values, json + #", "threads": \#(threads)}"#)
            #expect(result.groups.map(\.key) == baseline.groups.map(\.key))
            #expect(result.groups.map(\.aggregation.buckets) == baseline.groups.map(\.aggregation.buckets))
        }
    }

    @Test func theFirstFailingGroupInKeyOrderIsNamedWhicheverThreadMetIt() throws {
        // 60 groups of two rows; groups 17 and 45 each have a NaN, in shares of different threads.
        let keys = (1...60).flatMap { [Int64($0), Int64($0)] }
        let stamps = Array(repeating: Int64(1_700_000_000), count: 120)
        var values = Array(repeating: 1.0, count: 120)
        values[2 * 16 + 1] = .nan
        values[2 * 44] = .nan
        for threads in [1, 2, 3] {
            let skipped = try aggregate(keys, stamps, values, #"{"on_error": "skip", "threads": \#(threads)}"#)
            #expect(skipped.aggregatedCount == 58 && skipped.failures.map(\.group) == [17, 45], "\(threads)")
            #expect(skipped.failures.map(\.row) == [33, 88], "\(threads)")
            do {
                _ = try aggregate(keys, stamps, values, #"{"threads": \#(threads)}"#)
                Issue.record("a NaN passed")
            } catch let error as WellnessError {
                #expect(error.message.hasPrefix("group 17: ") && error.path == "values[33]", "\(threads): \(error)")
            }
        }
    }

    @Test func aFailureBeforeTheCapIsNamedAndTheCapBeforeAFailure() throws {
        // Four groups of 11 daily buckets; the cap of 30 is passed at group 30.
        let day: Int64 = 86_400
        let keys: [Int64] = [10, 10, 20, 20, 30, 30, 40, 40]
        let stamps = [0, 10 * day, 0, 10 * day, 0, 10 * day, 0, 10 * day]
        let json = #"{"interval": "day", "include_empty": true}"#
        for (bad, named) in [(3, "group 20: "), (7, "group 30: ")] {
            var values = Array(repeating: 1.0, count: 8)
            values[bad] = .nan
            #expect(throws: WellnessError.self) {
                do {
                    _ = try aggregate(keys, stamps, values, json, maximumTotalBuckets: 30)
                } catch let error as WellnessError {
                    #expect(error.message.hasPrefix(named), "\(error)")
                    throw error
                }
            }
        }
    }

    @Test func skippingReportsTheGroupAndKeepsTheOthers() throws {
        let result = try aggregate(
            [1, 2, 2], [1_700_000_000, 1_700_000_000, 99_999_999_999_999],
            [1, 2, 3], #"{"on_error": "skip"}"#)
        #expect(result.groups.map(\.key) == [1])
        #expect(result.failures.map(\.group) == [2] && result.failures.first?.row == 2)
    }

    @Test func optionsAreChecked() {
        for bad in [
            #"{"threads": 0}"#, #"{"groups": [{"group": 1}, {"group": 1}]}"#, #"{"groups": 3}"#,
            #"{"groups": [{"group": 1, "zone": "UTC"}]}"#, #"{"on_error": "later"}"#,
        ] {
            #expect(throws: WellnessError.self, "\(bad)") { try options(bad) }
        }
    }
}

/// A small seeded generator (SplitMix64), so that the tests' random keys are the same on every run.
private struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension String {
    /// The same options document with "on_error": "fail".
    fileprivate var replacingSkipWithFail: String {
        split(separator: "\"skip\"", omittingEmptySubsequences: false).joined(separator: "\"fail\"")
    }
}
