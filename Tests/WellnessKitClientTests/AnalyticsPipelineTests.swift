import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#endif

/// A sink that records lines and can be made to block until released.
private final class GateSink: AnalyticsSink, @unchecked Sendable {
    private let monitor = PThreadMonitor()
    private var open: Bool
    private(set) var lines: [String] = []
    private(set) var entered = 0

    init(open: Bool) { self.open = open }

    func deliver(_ line: [UInt8]) -> Bool {
        monitor.lock()
        entered += 1
        monitor.broadcast()
        while !open { monitor.wait() }
        lines.append(String(decoding: line, as: UTF8.self))
        monitor.unlock()
        return true
    }

    func release() {
        monitor.lock()
        open = true
        monitor.broadcast()
        monitor.unlock()
    }

    func waitUntilEntered(_ count: Int) {
        monitor.lock()
        while entered < count { monitor.wait() }
        monitor.unlock()
    }

    var recorded: [String] {
        monitor.lock()
        defer { monitor.unlock() }
        return lines
    }
}

@Suite struct AnalyticsPipelineTests {
    @Test func deliversInOrderAndFlushes() throws {
        let sink = GateSink(open: true)
        let pipeline = try AnalyticsPipeline(capacity: 100, sink: sink)
        for index in 0..<50 { #expect(try pipeline.emit(Array("e\(index)".utf8))) }
        #expect(try pipeline.flush(timeout: 5))
        #expect(sink.recorded == (0..<50).map { "e\($0)" })
        #expect(pipeline.stats.delivered == 50)
        #expect(try pipeline.shutdown(timeout: 5))
        #expect(throws: AnalyticsPipeline.Refusal.shutDown) { try pipeline.emit([1]) }
    }

    @Test func aBlockedSinkNeverBlocksEmitAndDropsAreCounted() throws {
        let sink = GateSink(open: false)
        let pipeline = try AnalyticsPipeline(capacity: 4, sink: sink)
        try pipeline.emit(Array("first".utf8))
        sink.waitUntilEntered(1)
        let start = MonotonicClock.now()
        var accepted = 0
        for _ in 0..<100 where try pipeline.emit(Array("x".utf8)) { accepted += 1 }
        #expect(MonotonicClock.now() - start < 1)
        #expect(accepted == 4)
        #expect(pipeline.stats.dropped == 96)
        #expect(pipeline.stats.inFlight)
        #expect(try !pipeline.flush(timeout: 0.05))
        sink.release()
        #expect(try pipeline.flush(timeout: 5))
        #expect(pipeline.stats.delivered == 5)
        #expect(try pipeline.shutdown(timeout: 5))
    }

    @Test func shutdownWithABlockedSinkTimesOutAndDrops() throws {
        let sink = GateSink(open: false)
        let pipeline = try AnalyticsPipeline(capacity: 10, sink: sink)
        for _ in 0..<3 { try pipeline.emit([0x61]) }
        sink.waitUntilEntered(1)
        #expect(try !pipeline.shutdown(timeout: 0.05))
        #expect(pipeline.stats.dropped == 2)
        sink.release()
        // The delivery in flight completes on the detached worker; nothing else is delivered.
        #expect(try pipeline.flush(timeout: 5))
        #expect(try pipeline.shutdown(timeout: 0))
        #expect(sink.recorded == ["a"])
        #expect(pipeline.stats.delivered == 1)
    }

    @Test func eventsWaitForASinkAndSetSinkWaitsForTheOneInFlight() throws {
        let pipeline = try AnalyticsPipeline(capacity: 10, sink: nil)
        try pipeline.emit([0x61])
        #expect(try !pipeline.flush(timeout: nil))
        let sink = GateSink(open: true)
        try pipeline.setSink(sink)
        #expect(try pipeline.flush(timeout: 5))
        #expect(sink.recorded == ["a"])
        try pipeline.setSink(nil)
        try pipeline.emit([0x62])
        #expect(pipeline.stats.queued == 1)
        // Not drained: the event had no sink to go to, so it is dropped.
        #expect(try !pipeline.shutdown(timeout: 0))
        #expect(pipeline.stats.dropped == 1)
    }

    @Test func fileSinkAppendsJSONLines() throws {
        let path = "/tmp/wellness-analytics-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        defer { unlink(path) }
        let pipeline = try AnalyticsPipeline(capacity: 10, sink: try AnalyticsFileSink(path: path, at: .root))
        try pipeline.emit(Array(#"{"a":1}"#.utf8))
        try pipeline.emit(Array(#"{"b":2}"#.utf8))
        #expect(try pipeline.shutdown(timeout: 5))
        #expect(
            POSIXFiles.readFile(path, limit: 1000).map { String(decoding: $0, as: UTF8.self) }
                == "{\"a\":1}\n{\"b\":2}\n")
        #expect(
            wellnessError {
                try AnalyticsFileSink(path: "/nonexistent/dir/x.jsonl", at: FieldPath.root.appending("jsonl_path"))
            }?
            .path == "jsonl_path")
    }
}
