import Testing

@testable import WellnessKitCore

/// The grouped options' scanner (``GroupEntriesScanner``, through
/// ``GroupedSeriesOptions/init(scanning:)``) reads the usual entries as the
/// general reader does, and leaves every other document to it.
@Suite struct GroupEntriesScannerTests {
    private func scanned(_ json: String) throws -> GroupedSeriesOptions? {
        try Array(json.utf8).withUnsafeBytes { try GroupedSeriesOptions(scanning: $0) }
    }

    private func read(_ json: String) throws -> GroupedSeriesOptions {
        try GroupedSeriesOptions(json: try JSONParser.parse(json), at: .root)
    }

    /// Each group's zone and weekday, and the shared options that matter here.
    private func summary(_ options: GroupedSeriesOptions) -> [String] {
        let groups = options.perGroup.keys.sorted().map { key in
            let settings = options.perGroup[key]
            let zone = settings?.zone.map { options.zones[$0].identifier } ?? "-"
            return "\(key):\(zone):\(settings?.firstWeekday ?? 0)"
        }
        return groups + ["threads \(options.threads)", "zone \(options.base.timeZone.identifier)"]
    }

    @Test func theUsualEntriesAreReadAsTheReaderReadsThem() throws {
        let documents = [
            #"{"interval": "week", "groups": [{"group": 1, "time_zone": "Europe/Berlin"}, {"group": -7}], "threads": 2}"#,
            #" { "groups" : [ { "time_zone" : "UTC" , "group" : 9223372036854775807 } ,{"group":-9223372036854775808}] } "#,
            #"{"groups": [], "time_zone": "Asia/Tokyo", "statistics": ["sum"]}"#,
            #"{"groups": {"group": [1, -7, 3], "time_zone": ["Europe/Berlin", null, "Europe/Berlin"]}, "threads": 2}"#,
            #" { "groups" : { "time_zone" : [ "UTC" ,null] , "group" : [9223372036854775807,-9223372036854775808] } } "#,
            #"{"groups": {"group": []}, "interval": "month"}"#, #"{"groups": {"group": [], "time_zone": []}}"#,
        ]
        for json in documents {
            let fast = try #require(try scanned(json), "\(json)")
            #expect(summary(fast) == summary(try read(json)), "\(json)")
        }
    }

    @Test func everyOtherDocumentIsLeftToTheReader() throws {
        for json in [
            #"{"groups": [{"group": 1, "first_weekday": 1}]}"#, #"{"groups": [{"group": 1.0}]}"#,
            #"{"groups": [{"group": 01}]}"#, #"{"groups": [{"group": 1e3}]}"#,
            #"{"groups": [{"group": 9223372036854775808}]}"#, #"{"groups": [{"group": 1, "time_zone": "Mars/Base"}]}"#,
            #"{"groups": [{"group": 1, "time_zone": "Europe\/Berlin"}]}"#, #"{"groups": [{"group": 1}], "groups": []}"#,
            #"{"groups": [{"group": 1}], "interval": "week""#, #"{"groups": [{"group": 1}]} x"#,
            #"{"groups": [{"group": 1},]}"#, #"{"groups": {"group": 1}}"#, #"[{"groups": []}]"#,
            #"{"groups": [{"group": 1, "group": 2}]}"#, #"{"groups": [{"time_zone": "UTC"}]}"#,
            #"{"interval": "week" "groups": []}"#,
            #"{"groups": {"group": [1], "first_weekday": [2]}}"#,
            #"{"groups": {"group": [1, 2], "time_zone": ["UTC"]}}"#,
            #"{"groups": {"time_zone": ["UTC"]}}"#, #"{"groups": {}}"#, #"{"groups": {"group": [1.0]}}"#,
            #"{"groups": {"group": [1], "group": [1]}}"#, #"{"groups": {"group": [1], "time_zone": [nul]}}"#,
            #"{"groups": {"group": [1], "time_zone": [nullx]}}"#,
            #"{"groups": {"group": [1], "time_zone": ["Mars/Base"]}}"#,
            #"{"groups": {"group": [1], "time_zone": ["Europe\/Berlin"]}}"#, #"{"groups": {"group": [1,]}}"#,
            #"{"groups": {"group": [1], "time_zone": [null], "x": 1}}"#, #"{"groups": {"group": 1}}"#,
            #"{"groups": {"group": [1], "time_zone": ["U}TC"]}}"#,
            #"{"groups": {"group": [1], "time_zone": ["UTC]"]}}"#,
        ] {
            #expect(try scanned(json) == nil, "\(json)")
        }
    }

    @Test func aKeyListedTwiceAndTheRestsErrorsAreTheReadersErrors() throws {
        for json in [
            #"{"groups": [{"group": 1}, {"group": 2}, {"group": 1, "time_zone": "UTC"}]}"#,
            #"{"interval": "fortnight", "groups": [{"group": 1}]}"#, #"{"threads": 0, "groups": []}"#,
            #"{"groups": [{"group": 1}], "zone": "UTC"}"#, #"{"groups": {"group": [5, 6, 5]}}"#,
            #"{"groups": {"group": [5, 6], "time_zone": ["UTC", "UTC"]}, "interval": "fortnight"}"#,
            // Skipped past, not read: a string holding `"groups": [` with escapes, and "groups" nested deeper.
            #"{"note": "a \"groups\": [ string", "x": [{"groups": [1]}], "groups": [{"group": 0}]}"#,
        ] {
            var expected: WellnessError?
            do { _ = try read(json) } catch let error as WellnessError { expected = error }
            var got: WellnessError?
            do { _ = try scanned(json) } catch let error as WellnessError { got = error }
            #expect(expected != nil && got?.message == expected?.message && got?.path == expected?.path, "\(json)")
        }
    }
}

/// Many entries: read in two halves on two threads, as one thread reads them.
@Suite struct GroupEntriesScannerSplitTests {
    private static let zones = [
        "America/New_York", "Europe/Berlin", "America/Santiago", "Australia/Sydney", "Asia/Kolkata",
        "Asia/Kathmandu", "America/Los_Angeles", "Europe/London", "Asia/Tokyo", "UTC",
    ]

    /// `count` usual entries (keys shuffled, spacing varied), the last zones only in the second half.
    private func document(count: Int, threads: Int, entry: (Int) -> String = Self.usualEntry) -> String {
        let entries = (0..<count).map(entry).joined(separator: ", ")
        return #"{"interval": "week", "threads": \#(threads), "groups": [\#(entries)]}"#
    }

    private static func usualEntry(_ index: Int) -> String {
        let key = (index * 7_919) % 1_000_003 - 500_000
        // Zones 8 and 9 appear only past the middle, so that the second half numbers zones of its own.
        let zone = index < 2_000 ? zones[index % 8] : zones[index % zones.count]
        let space = String(repeating: " ", count: index % 3)
        return index % 5 == 0 ? #"{"group":\#(key)}"# : #"{\#(space)"time_zone": "\#(zone)",\#(space)"group": \#(key)}"#
    }

    private func scanned(_ json: String) throws -> GroupedSeriesOptions? {
        try Array(json.utf8).withUnsafeBytes { try GroupedSeriesOptions(scanning: $0) }
    }

    private func read(_ json: String) throws -> GroupedSeriesOptions {
        try GroupedSeriesOptions(json: try JSONParser.parse(json), at: .root)
    }

    private func summary(_ options: GroupedSeriesOptions) -> [String] {
        options.perGroup.keys.sorted().map { key in
            "\(key):\(options.settings(of: key)?.zone.map { options.zones[$0].identifier } ?? "-")"
        }
    }

    @Test func twoHalvesReadAsOneThreadReadsThem() throws {
        let twoThreads = document(count: 4_000, threads: 2)
        #expect(twoThreads.utf8.count > GroupEntriesScanner.minimumSplitBytes * 2)
        let fast = try #require(try scanned(twoThreads))
        let oneThread = try #require(try scanned(document(count: 4_000, threads: 1)))
        #expect(fast.perGroup.count == 4_000)
        #expect(summary(fast) == summary(try read(twoThreads)))
        #expect(summary(fast) == summary(oneThread))
        #expect(Set(fast.zones.map(\.identifier)) == Set(Self.zones))
    }

    @Test func columnsReadOnTwoThreadsAsOneThreadReadsThem() throws {
        func columns(threads: Int) -> String {
            let keys = (0..<8_000).map { String(($0 * 7_919) % 1_000_003 - 500_000) }
            let zones = (0..<8_000).map { $0 % 7 == 0 ? "null" : "\"\(Self.zones[$0 % Self.zones.count])\"" }
            return #"{"threads": \#(threads), "groups": {"time_zone": [\#(zones.joined(separator: ", "))], "#
                + #""group": [\#(keys.joined(separator: ","))]}}"#
        }
        let twoThreads = columns(threads: 2)
        #expect(twoThreads.utf8.count > GroupEntriesScanner.minimumSplitBytes)
        let fast = try #require(try scanned(twoThreads))
        let oneThread = try #require(try scanned(columns(threads: 1)))
        #expect(fast.perGroup.count == 8_000)
        #expect(summary(fast) == summary(try read(twoThreads)))
        #expect(summary(fast) == summary(oneThread))
    }

    @Test func anUnusualEntryInEitherHalfLeavesTheDocumentToTheReader() throws {
        for unusual in [100, 3_900] {
            let json = document(count: 4_000, threads: 2) { index in
                index == unusual ? #"{"group": \#(index), "first_weekday": 2}"# : #"{"group": \#(index)}"#
            }
            #expect(try scanned(json) == nil, "entry \(unusual)")
        }
    }

    @Test func aBraceAfterACommaInsideAStringIsNoPlaceToSplit() throws {
        // The middle falls in a long zone name holding ", {": the second thread's guess is wrong,
        // and the name is no zone, so the whole document is the reader's.
        let filler = String(repeating: "A", count: 70_000)
        let json = #"{"threads": 2, "groups": [{"group": 1, "time_zone": "\#(filler), {\#(filler)"}, {"group": 2}]}"#
        #expect(try scanned(json) == nil)
        // Keys listed twice across the halves fail as the reader fails, naming the same entry.
        let twice = document(count: 4_000, threads: 2) { index in #"{"group": \#(index % 3_000)}"# }
        var expected: WellnessError?
        do { _ = try read(twice) } catch let error as WellnessError { expected = error }
        var got: WellnessError?
        do { _ = try scanned(twice) } catch let error as WellnessError { got = error }
        #expect(expected != nil && got?.message == expected?.message && got?.path == expected?.path)
    }
}
