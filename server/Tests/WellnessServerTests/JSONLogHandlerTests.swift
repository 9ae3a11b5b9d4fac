import Foundation
import Logging
import Testing
import WellnessKitCore

@testable import WellnessServer

/// The server's log lines: one JSON object per line, which log pipelines parse.
@Suite struct JSONLogHandlerTests {
    /// The lines `body` logs through a handler writing to a pipe.
    private static func lines(_ body: (inout Logger) -> Void) throws -> [JSONValue] {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let output = LogOutput(descriptor: descriptors[1])
        var logger = Logger(label: "test-label") { JSONLogHandler(label: $0, output: output) }
        body(&logger)
        output.flush()
        close(descriptors[1])
        let handle = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
    }

    @Test func eachEventIsOneJSONObjectOnOneLine() throws {
        let lines = try Self.lines { logger in
            logger[metadataKey: "instance"] = "a"
            logger.info(
                "request",
                metadata: [
                    "status": .stringConvertible(200), "route": "/api/v1/insights",
                    "tags": ["x", "y"], "nested": ["k": "v"],
                ])
            logger.debug("not at the default level")
            logger.error("a \"quoted\"\nmessage")
            logger.error("request failed", metadata: ["error": "PostgreSQL: no answer within 30 s"])
        }
        try #require(lines.count == 3)
        #expect(lines[2]["error"].string == "PostgreSQL: no answer within 30 s", "why a request failed is logged")
        let request = lines[0]
        #expect(request["level"].string == "info" && request["label"].string == "test-label")
        #expect(request["message"].string == "request" && request["status"].string == "200")
        #expect(request["route"].string == "/api/v1/insights" && request["instance"].string == "a")
        #expect(request["tags"] == .array([.string("x"), .string("y")]))
        #expect(request["nested"]["k"].string == "v")
        let time = try #require(request["time"].string)
        #expect(time.hasSuffix("Z") && Timestamp(parsing: time) != nil, "UTC RFC 3339: \(time)")
        #expect(lines[1]["message"].string == "a \"quoted\"\nmessage" && lines[1]["level"].string == "error")
    }

    /// Metadata cannot replace the line's own members.
    @Test func metadataNeverOverwritesTheLinesOwnMembers() throws {
        let lines = try Self.lines { logger in
            logger.warning("kept", metadata: ["message": "replaced", "level": "replaced", "time": "replaced"])
        }
        try #require(lines.count == 1)
        #expect(lines[0]["message"].string == "kept" && lines[0]["level"].string == "warning")
        #expect(lines[0]["time"].string != "replaced")
    }

    /// Hummingbird's request id is written as `request_id`, the name `X-Request-ID` goes by.
    @Test func theRequestIdIsNamedRequestId() throws {
        let lines = try Self.lines { logger in
            logger[metadataKey: "hb.request.id"] = "0a1b"
            logger.info("request", metadata: ["route": "/x"])
        }
        try #require(lines.count == 1)
        #expect(lines[0]["request_id"].string == "0a1b")
        guard case .object(let object) = lines[0] else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.map(\.key) == ["time", "level", "label", "message", "request_id", "route"])
    }
}
