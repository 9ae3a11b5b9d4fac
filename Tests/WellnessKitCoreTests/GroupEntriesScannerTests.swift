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
        ] {
            #expect(try scanned(json) == nil, "\(json)")
        }
    }

    @Test func aKeyListedTwiceAndTheRestsErrorsAreTheReadersErrors() throws {
        for json in [
            #"{"groups": [{"group": 1}, {"group": 2}, {"group": 1, "time_zone": "UTC"}]}"#,
            #"{"interval": "fortnight", "groups": [{"group": 1}]}"#, #"{"threads": 0, "groups": []}"#,
            #"{"groups": [{"group": 1}], "zone": "UTC"}"#,
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
