import Testing

@testable import WellnessKitCore

/// The grouped options' table of each listed group's settings (``GroupSettingsTable``).
@Suite struct GroupSettingsTableTests {
    private typealias Settings = GroupedSeriesOptions.GroupSettings

    @Test func findsWhatWasInsertedAndRefusesAKeyTwice() {
        var table = GroupSettingsTable()
        var expected: [Int64: Settings] = [:]
        // Spread keys, negative ones and neighbours of a power of two, past several growths.
        let keys: [Int64] = (0..<5_000).map { Int64($0) * 1_048_576 - 7 } + [.min, .max, 0, 1, -1]
        for (index, key) in keys.enumerated() {
            let settings = Settings(zone: index % 3 == 0 ? nil : index % 11, firstWeekday: index % 7 + 1)
            let inserted = table.insert(settings, for: key)
            #expect(inserted)
            expected[key] = settings
        }
        let again = table.insert(Settings(zone: 99, firstWeekday: nil), for: keys[10])
        #expect(!again)
        #expect(table.count == keys.count)
        for (key, settings) in expected {
            #expect(table.settings(of: key)?.zone == settings.zone)
            #expect(table.settings(of: key)?.firstWeekday == settings.firstWeekday)
        }
        #expect(table.settings(of: 12_345) == nil)
        #expect(table.dictionary.count == expected.count)
    }

    @Test func perGroupReadsAndWritesTheTable() throws {
        var options = try GroupedSeriesOptions(
            json: try JSONParser.parse(#"{"groups": [{"group": 3, "time_zone": "UTC"}, {"group": -4}]}"#), at: .root)
        #expect(options.perGroup.keys.sorted() == [-4, 3])
        options.perGroup[8] = Settings(zone: nil, firstWeekday: 2)
        #expect(options.settings(of: 8)?.firstWeekday == 2)
        #expect(options.settings(of: 3)?.zone == 0)
        #expect(try options.options(of: 8).firstWeekday == 2)
    }
}
