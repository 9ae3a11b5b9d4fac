import Testing

@testable import WellnessKitCore

@Suite struct JSONArrayScanTests {
    private func elements(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { raw in
            JSONArrayScan.elements(ofOnlyMember: "queries", in: raw)?.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    @Test func eachElementsBytesAreFoundWithoutParsing() {
        #expect(
            elements(#" { "queries" : [1, {"a": [2, "]}"]} ,"x,]\"" , [] ] } "#) == [
                "1", #"{"a": [2, "]}"]}"#, #""x,]\"""#, "[]",
            ])
        #expect(elements(#"{"queries":[]}"#) == [])
        #expect(elements("{\"queries\":[ \n\t]}") == [])
    }

    @Test func anyOtherShapeIsLeftToTheParser() {
        for text in [
            #"{"queries": [1], "more": 2}"#, #"{"que\u0072ies": [1]}"#, #"{"queries": [1]} x"#, #"{"queries": {}}"#,
            #"{"queries": ["open]}"#, #"{"queries": [{]}]}"#, #"{"queries": [1 2]}"#, #"{"queries": [1,]}"#,
            #"[{"queries": []}]"#, #"{"queries": [1]"#, "",
        ] {
            #expect(elements(text) == nil, "\(text)")
        }
    }

    @Test func nestingPastTheParsersLimitIsLeftToTheParser() {
        let allowed = JSONParser.maximumDepth - 2
        let deepest = String(repeating: "[", count: allowed) + String(repeating: "]", count: allowed)
        #expect(elements(#"{"queries": ["# + deepest + "]}")?.count == 1)
        #expect(elements(#"{"queries": [["# + deepest + "]]}") == nil)
    }
}
