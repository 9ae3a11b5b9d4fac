import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

@Suite struct ServerSentEventParserTests {
    /// Every feature the parser handles, mixed line ends included: a
    /// byte-order mark, comments, CRLF, lone CR and LF, a data field over two
    /// lines, a field without a colon, a value without the optional space,
    /// `id:` and `retry:`, an event without data, a multi-byte character.
    static let sample: [UInt8] = {
        let lines: [String] = [
            "\u{FEFF}: keep-alive\r\n\r\nevent: delta\r\ndata: {\"text\": \"Hé\"}\r\n\r\n",
            "event: reset\ndata:{\"reason\":\"grounding\"}\nid: 7\nretry: 10\n\n",
            "event: delta\rdata: {\"text\":\rdata: \"😴 ok\"}\r\r",
            "event: nothing\n\n",
            "data\n\n",
            "event: done\r\ndata: {\"count\": 2}\r\n\r\n",
        ]
        return Array(lines.joined().utf8)
    }()

    static let expected = [
        ServerSentEvent(type: "delta", data: Array("{\"text\": \"Hé\"}".utf8)),
        ServerSentEvent(type: "reset", data: Array("{\"reason\":\"grounding\"}".utf8)),
        ServerSentEvent(type: "delta", data: Array("{\"text\":\n\"😴 ok\"}".utf8)),
        ServerSentEvent(type: "message", data: []),
        ServerSentEvent(type: "done", data: Array("{\"count\": 2}".utf8)),
    ]

    @Test func theSampleGivesItsEvents() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Self.sample) == Self.expected)
        #expect(!parser.hasPartialEvent)
    }

    /// The sample cut in two at every byte (inside CRLFs and UTF-8 sequences
    /// too), then fed one byte at a time: always the same events.
    @Test func everySplitPointGivesTheSameEvents() throws {
        for cut in 0...Self.sample.count {
            var parser = ServerSentEventParser()
            let events = try parser.feed(Self.sample[..<cut]) + parser.feed(Self.sample[cut...])
            #expect(events == Self.expected, "cut at byte \(cut)")
        }
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for byte in Self.sample { events += try parser.feed([byte]) }
        #expect(events == Self.expected)
    }

    @Test func anUnfinishedEventIsHeldBackAndReported() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("event: delta\ndata: {}\n".utf8)).isEmpty)
        #expect(parser.hasPartialEvent)
        #expect(try parser.feed([0x0A]) == [ServerSentEvent(type: "delta", data: Array("{}".utf8))])
    }

    @Test func anEventLargerThanTheBoundIsRefused() throws {
        var parser = ServerSentEventParser(maximumEventSize: 64)
        let fits = Array("data: \(String(repeating: "x", count: 50))\n\n".utf8)
        #expect(try parser.feed(fits).count == 1)
        // Over several lines and pieces, never ended: refused once it passes the bound.
        let error = wellnessError {
            for _ in 0..<10 { _ = try parser.feed(Array("data: 0123456789\n".utf8)) }
            return parser.hasPartialEvent
        }
        #expect(error?.kind == .invalidResponse && error?.message.contains("64 bytes") == true)
        var longLine = ServerSentEventParser(maximumEventSize: 64)
        #expect(wellnessError { try longLine.feed([UInt8](repeating: 0x61, count: 100)) }?.kind == .invalidResponse)
    }

    @Test func commentsDoNotCountAgainstTheBound() throws {
        var parser = ServerSentEventParser(maximumEventSize: 32)
        for _ in 0..<100 { #expect(try parser.feed(Array(": keep-alive ping\n".utf8)).isEmpty) }
        #expect(try parser.feed(Array("data: 1\n\n".utf8)) == [ServerSentEvent(type: "message", data: [0x31])])
    }

    @Test func invalidUTF8IsPassedOnForTheJSONParserToRefuse() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed([0x64, 0x61, 0x74, 0x61, 0x3A, 0x20, 0xC3, 0x28, 0x0A, 0x0A])
        #expect(events == [ServerSentEvent(type: "message", data: [0xC3, 0x28])])
        #expect(wellnessError { try JSONParser.parse(events[0].data) } != nil)
    }
}
