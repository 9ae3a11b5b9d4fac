import Testing

@testable import WellnessKitCore

/// `"groups"` given as columns (``ListedEntries``) sets what the same rows
/// set, and each error names the column's item at fault.
@Suite struct ListedEntriesTests {
    private func read(_ json: String) throws -> GroupedSeriesOptions {
        try GroupedSeriesOptions(json: try JSONParser.parse(json), at: .root)
    }

    /// Each listed group's zone and first weekday, and the groups skipped with their errors' paths.
    private func summary(_ options: GroupedSeriesOptions) -> [String] {
        let listed = options.perGroup.keys.sorted().map { key in
            let settings = options.perGroup[key]
            return "\(key):\(settings?.zone.map { options.zones[$0].identifier } ?? "-"):\(settings?.firstWeekday ?? 0)"
        }
        let skipped = options.invalidGroups.keys.sorted().map {
            "\($0) skipped at \(options.invalidGroups[$0]?.path ?? "")"
        }
        return listed + skipped
    }

    private func error(_ json: String) -> WellnessError? {
        do {
            _ = try read(json)
            return nil
        } catch let error as WellnessError {
            return error
        } catch {
            return nil
        }
    }

    @Test func columnsSetWhatTheSameRowsSet() throws {
        let columns = try read(
            #"{"groups": {"group": [3, -1, 7], "time_zone": ["Asia/Tokyo", null, "Europe/Berlin"], "#
                + #""first_weekday": [null, "sunday", 3]}}"#)
        let rows = try read(
            #"{"groups": [{"group": 3, "time_zone": "Asia/Tokyo"}, {"group": -1, "first_weekday": "sunday"}, "#
                + #"{"group": 7, "time_zone": "Europe/Berlin", "first_weekday": 3}]}"#)
        #expect(summary(columns) == summary(rows))
        #expect(summary(columns) == ["-1:-:1", "3:Asia/Tokyo:0", "7:Europe/Berlin:3"])
        #expect(try read(#"{"groups": {"group": []}}"#).perGroup.isEmpty)
    }

    @Test func anItemsErrorNamesTheColumnAndTheItem() {
        let cases: [(String, String)] = [
            (#"{"group": [1, 2], "time_zone": ["UTC", "Mars/Olympus"]}"#, "groups.time_zone[1]"),
            (#"{"group": [1, 2], "first_weekday": [9, null]}"#, "groups.first_weekday[0]"),
            (#"{"group": [1, "two"]}"#, "groups.group[1]"),
            (#"{"group": [1, null]}"#, "groups.group[1]"),
            (#"{"group": [4, 5, 4]}"#, "groups.group[2]"),
        ]
        for (groups, path) in cases {
            let found = error(#"{"groups": \#(groups)}"#)
            #expect(found?.path == path, "\(groups): \(String(describing: found))")
        }
        #expect(error(#"{"groups": {"group": [4, 5, 4]}}"#)?.message == "group 4 is listed twice")
    }

    @Test func theColumnsThemselvesAreChecked() {
        let cases: [(String, String, String)] = [
            (#"{"time_zone": ["UTC"]}"#, "groups.group", "is required"),
            (#"{"group": [1, 2], "time_zone": ["UTC"]}"#, "groups.time_zone", "has 1 items but \"group\" has 2"),
            (#"{"group": [1], "zone": ["UTC"]}"#, "groups.zone", "is not an option here"),
            (#"{"group": [1], "group": [2]}"#, "groups.group", "is given twice"),
            (#"{"group": 1}"#, "groups.group", "must be an array"),
            (#"{"group": [1], "time_zone": "UTC"}"#, "groups.time_zone", "must be an array"),
            (#""UTC""#, "groups", "or an object of those columns"),
        ]
        for (groups, path, message) in cases {
            let found = error(#"{"groups": \#(groups)}"#)
            #expect(
                found?.path == path && found?.message.contains(message) == true,
                "\(groups): \(String(describing: found))")
        }
    }

    @Test func withSkipABadItemSkipsItsGroupNamingTheItem() throws {
        let options = try read(
            #"{"on_error": "skip", "groups": {"group": [1, 2, 3], "time_zone": ["UTC", "Mars/Olympus", null], "#
                + #""first_weekday": [null, null, 0]}}"#)
        #expect(
            summary(options) == ["1:UTC:0", "2 skipped at groups.time_zone[1]", "3 skipped at groups.first_weekday[2]"])
    }
}
