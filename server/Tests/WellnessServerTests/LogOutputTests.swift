import Foundation
import Testing

@testable import WellnessServer

/// Log lines are batched, yet each comes out whole, soon, and in order.
@Suite struct LogOutputTests {
    /// A temporary file open for writing, and a way to read what it holds.
    private final class TemporaryFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)").path
        let descriptor: Int32

        init() throws {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            try #require(descriptor >= 0)
        }

        var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

        deinit {
            close(descriptor)
            unlink(path)
        }
    }

    private static func line(_ text: String) -> [UInt8] { Array("\(text)\n".utf8) }

    @Test func linesFromManyThreadsComeOutWholeAndInEachThreadsOrder() async throws {
        let file = try TemporaryFile()
        let output = LogOutput(descriptor: file.descriptor)
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for n in 0..<500 { output.append(Self.line("\(writer) \(n) " + String(repeating: "x", count: n))) }
                }
            }
        }
        output.flush()
        let lines = file.text.split(separator: "\n")
        #expect(lines.count == 4000)
        var next = Array(repeating: 0, count: 8)
        for line in lines {
            let parts = line.split(separator: " ")
            let writer = try #require(Int(parts[0]))
            let n = try #require(Int(parts[1]))
            let padding = parts.count > 2 ? parts[2].count : 0
            #expect(n == next[writer] && padding == n, "\(line.prefix(40))")
            next[writer] = n + 1
        }
    }

    @Test func linesWaitForTheBatchDelay() throws {
        let file = try TemporaryFile()
        let output = LogOutput(descriptor: file.descriptor, delay: .seconds(60))
        output.append(Self.line("one"))
        output.append(Self.line("two"))
        #expect(file.text.isEmpty)
        output.flush()
        #expect(file.text == "one\ntwo\n")
    }

    @Test func aLineIsWrittenSoonWithoutAFlush() async throws {
        let file = try TemporaryFile()
        LogOutput(descriptor: file.descriptor).append(Self.line("soon"))
        let deadline = Date().addingTimeInterval(5)
        while file.text.isEmpty && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(file.text == "soon\n")
    }

    @Test func aFullBatchIsWrittenAtOnce() throws {
        let file = try TemporaryFile()
        let output = LogOutput(descriptor: file.descriptor)
        let line = Self.line(String(repeating: "y", count: 1023))
        for _ in 0..<(LogOutput.batchSize / line.count) { output.append(line) }
        #expect(file.text.utf8.count == LogOutput.batchSize)
    }
}
