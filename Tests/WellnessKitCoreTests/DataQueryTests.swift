import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct DataQueryTests {
    @Test func theNormalisedDocumentWritesEveryMember() throws {
        let query = try decode(DataQuery.self, #"{"table":"sessions","activity":"run","reduce":"count_days"}"#)
        #expect(
            try canonical(query)
                == #"{"table":"sessions","metric":null,"activity":["run"],"where":[],"on_days_where":[],"#
                + #""window":"all","anchor":null,"take":null,"reduce":"count_days","activity_match":"synonyms","#
                + #""weekdays":null,"same_day_where":[]}"#)
        #expect(try decode(DataQuery.self, canonical(query)) == query)
    }

    @Test func nullMembersCountAsAbsentAsStrictToolCallsSendThem() throws {
        let strict = try decode(
            DataQuery.self,
            #"{"table":"daily","metric":"steps","activity":null,"where":null,"on_days_where":null,"window":null,"#
                + #""anchor":null,"take":null,"reduce":"sum"}"#)
        #expect(strict == DataQuery(table: .daily, metric: "steps", reducer: .sum))
    }

    @Test func everyWindowReadsAndWritesBack() throws {
        for window in [
            #""this_week""#, #"{"last_days":14}"#, #"{"between":["2025-03-01","2025-03-31"]}"#,
            #"{"day_of":{"which":"last","activity":["run"]}}"#,
            #"{"day_of_max":{"table":"sessions","metric":"distance","activity":["run"]}}"#,
            #"{"day_of_min":{"table":"daily","metric":"sleep_minutes","activity":null}}"#,
        ] {
            let query = try decode(DataQuery.self, #"{"table":"daily","reduce":"count","window":\#(window)}"#)
            #expect(try JSONWriter.string(query.window.json) == window)
        }
    }

    @Test func takeIsFirstOrLast() throws {
        #expect(try decode(DataQuery.self, #"{"table":"daily","reduce":"count","take":{"last":3}}"#).take == .last(3))
        let both = wellnessError {
            try decode(DataQuery.self, #"{"table":"daily","reduce":"count","take":{"first":1,"last":2}}"#)
        }
        #expect(both?.path == "take")
    }

    static let badDocuments: [(document: String, path: String, message: String)] = [
        (#"{"table":"daily","reduce":"count","tabel":"x"}"#, "tabel", "did you mean \"table\""),
        (#"{"table":"weekly","reduce":"count"}"#, "table", "not one of"),
        (#"{"table":"daily"}"#, "reduce", "is required"),
        (#"{"table":"daily","reduce":"avg"}"#, "reduce", "not one of"),
        (#"{"table":"daily","reduce":"count","window":"this_wek"}"#, "window", "did you mean \"this_week\""),
        (#"{"table":"daily","reduce":"count","window":{"last_days":0}}"#, "window.last_days", "between 1 and"),
        (#"{"table":"daily","reduce":"count","window":{"last_days":36601}}"#, "window.last_days", "between 1 and"),
        (
            #"{"table":"daily","reduce":"count","window":{"between":["2025-03-31","2025-03-01"]}}"#, "window.between",
            "is after"
        ),
        (#"{"table":"daily","reduce":"count","window":{"last_days":3,"between":[]}}"#, "window", "exactly one"),
        (#"{"table":"daily","reduce":"count","take":{"first":0}}"#, "take.first", "between 1 and"),
        (#"{"table":"daily","reduce":"count","anchor":"2025-02-30"}"#, "anchor", "expected a date"),
        (
            #"{"table":"daily","reduce":"count","where":[{"metric":"steps","op":"=>","value":1}]}"#, "where[0].op",
            "not one of"
        ),
        (
            #"{"table":"daily","reduce":"count","where":[{"metric":"steps","op":">","value":"1"}]}"#, "where[0].value",
            "expected a number"
        ),
        (
            #"{"table":"sessions","reduce":"count","where":[{"metric":"activity","op":">","value":"run"}]}"#,
            "where[0].op", "== or !="
        ),
        (#"{"table":"sessions","reduce":"count","activity":[]}"#, "activity", "1 to 50"),
        (#"{"table":"sessions","reduce":"count","activity":7}"#, "activity", "expected an activity name"),
    ]

    @Test(arguments: badDocuments)
    func badDocumentsNameTheField(document: String, path: String, message: String) {
        let error = wellnessError { try decode(DataQuery.self, document) }
        #expect(error?.kind == .validation)
        #expect(error?.path == path)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test func theToolSchemaKeepsToTheStrictSubset() throws {
        let tool = DataQuery.toolDefinition
        guard case .object(let definition) = tool, case .object(let parameters)? = definition["parameters"] else {
            Issue.record("no parameters")
            return
        }
        #expect(definition["strict"] == .bool(true))
        var objects = 0
        func visit(_ value: JSONValue) {
            switch value {
            case .object(let object):
                if object["type"] == .string("object") {
                    objects += 1
                    guard case .object(let properties)? = object["properties"] else {
                        Issue.record("an object schema without properties")
                        return
                    }
                    #expect(object["additionalProperties"] == .bool(false))
                    #expect(object["required"] == .array(properties.members.map { .string($0.key) }))
                }
                for member in object.members { visit(member.value) }
            case .array(let values):
                for value in values { visit(value) }
            default:
                break
            }
        }
        visit(.object(parameters))
        // The query, the condition, take's two, day_of's two and day_of_max's and day_of_min's two each.
        #expect(objects == 12)
        // Its enumerations are the decoder's own.
        #expect(try JSONWriter.string(tool).contains(#""most_frequent_activity""#))
        #expect(try JSONWriter.string(tool).contains(#""last_month""#))
    }
}
