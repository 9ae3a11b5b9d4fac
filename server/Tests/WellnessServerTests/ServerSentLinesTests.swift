import Testing

@testable import WellnessServer

@Suite struct ServerSentLinesTests {
    static let stream = Array(
        "data: {\"a\":\"é\"}\r\n\r\n: keep-alive\n\nevent: x\ndata:{\"b\":2}\n\nid: 3\ndata: [DONE]\n\n".utf8)

    @Test func everySplitPointGivesTheSameValues() throws {
        for split in 0...Self.stream.count {
            var lines = ServerSentLines(maximumBytes: 1 << 10)
            let values =
                try lines.feed(Self.stream[..<split]) + lines.feed(Self.stream[split...])
            #expect(values == [#"{"a":"é"}"#, #"{"b":2}"#, "[DONE]"], "split at \(split)")
        }
    }

    @Test func aStreamPastTheBoundIsRefused() {
        var lines = ServerSentLines(maximumBytes: 16)
        #expect(throws: ChatCompletionsClient.Failure.self) {
            _ = try lines.feed(Array(repeating: UInt8(ascii: "a"), count: 17))
        }
    }
}
