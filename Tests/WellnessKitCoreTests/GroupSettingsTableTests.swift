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

    /// An entry as the scanner hands them to ``GroupSettingsTable/listing(_:threads:)``.
    private struct Listed: GroupSettingsTable.ListedGroup {
        let key: Int64
        let settings: Settings
    }

    private static func listed(_ keys: [Int64]) -> [Listed] {
        keys.enumerated().map { index, key in
            Listed(key: key, settings: Settings(zone: index % 5, firstWeekday: index % 3 == 0 ? nil : index % 7 + 1))
        }
    }

    @Test(arguments: [1, 2, 3, 4, 8])
    func listingOnThreadsFindsEveryEntry(threads: Int) throws {
        // Enough entries for several parts; consecutive keys and keys apart by a power of two.
        let keys: [Int64] = (0..<6_000).map { Int64($0) } + (1...3_000).map { Int64($0) << 20 } + [.min, .max, -1]
        let entries = Self.listed(keys)
        let table = try GroupSettingsTable.listing(entries, threads: threads).get()
        #expect(table.count == keys.count)
        for entry in entries {
            #expect(table.settings(of: entry.key)?.zone == entry.settings.zone)
            #expect(table.settings(of: entry.key)?.firstWeekday == entry.settings.firstWeekday)
        }
        #expect(table.settings(of: 6_000) == nil)
        #expect(table.dictionary.count == keys.count)
    }

    @Test(arguments: [1, 2, 4])
    func listingNamesTheFirstEntryThatRepeatsAKey(threads: Int) {
        // Two repeats of different keys, which the hash puts in the same part or in two: the
        // earlier repeating entry is named, whichever thread numbered it.
        for variant in 0..<8 {
            var keys = (0..<8_000).map { Int64($0) * 3 + Int64(variant) * 100_003 }
            keys[7_000] = keys[20 + variant]
            keys[5_000 + variant] = keys[variant]
            switch GroupSettingsTable.listing(Self.listed(keys), threads: threads) {
            case .success: Issue.record("variant \(variant): a key listed twice was accepted")
            case .failure(let listedTwice): #expect(listedTwice.index == 5_000 + variant, "variant \(variant)")
            }
        }
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
