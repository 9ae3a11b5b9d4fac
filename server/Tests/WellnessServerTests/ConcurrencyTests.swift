import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WellnessKitCore
@testable import WellnessServer

/// Issue 13.1: transactions hold the writer connection from BEGIN to COMMIT,
/// so concurrent writers never collide and no statement runs inside another
/// request's transaction.
@Suite struct ConcurrencyTests {
    static func goal(_ title: String) throws -> CreateGoalRequest {
        try CreateGoalRequest(json: JSONParser.parse(Array("""
            {"title":"\(title)","goal_type":"activity","start_date":"2025-01-01","is_recurring":false}
            """.utf8)))
    }

    @Test func concurrentTransactionsThroughTheStore() throws {
        let server = try TestServer()
        let user = try server.user()
        let store = server.store
        let errors = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for n in 0..<50 {
                do {
                    let date = try #require(CalendarDate(daysSinceEpoch: 19_000 + writer * 50 + n))
                    try store.upsert([CheckIn(date: date, steps: Double(n))], for: user.id)
                    _ = try store.createGoal(try Self.goal("goal \(writer)-\(n)"), for: user.id)
                } catch {
                    errors.add("\(error)")
                }
            }
        }
        #expect(errors.values.isEmpty, "\(errors.values.prefix(3))")
        #expect(try store.checkIns(for: user.id).count == 400)
        #expect(try store.allGoals(for: user.id).count == 400)
    }

    @Test func concurrentWritersThroughTheRoutes() async throws {
        let server = try TestServer()
        let user = try server.user()
        try await server.test { client in
            let failures = try await withThrowingTaskGroup(of: [String].self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        var failures: [String] = []
                        for n in 0..<50 {
                            let date = CalendarDate(daysSinceEpoch: 19_000 + writer * 50 + n)!.description
                            let (ingested, _, _) = try await client.call(
                                .post, "/api/v1/checkins", as: user, json: #"{"checkins":[{"date":"\#(date)","steps":\#(n)}]}"#)
                            if ingested != .created { failures.append("checkins \(ingested)") }
                            let (created, _, _) = try await client.call(.post, "/api/v1/goals", as: user, json: """
                                {"title":"goal \(writer)-\(n)","goal_type":"activity","start_date":"2025-01-01","is_recurring":false}
                                """)
                            if created != .created { failures.append("goals \(created)") }
                        }
                        return failures
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(failures.isEmpty, "\(failures.count) failed, first \(failures.prefix(3))")
            let (_, _, checkIns) = try await client.call(.get, "/api/v1/checkins", as: user)
            #expect(checkIns["data"].count == 400)
            let (_, _, goals) = try await client.call(.get, "/api/v1/goals?page_size=1", as: user)
            #expect(goals["data"]["pagination"]["total_count"] == .int(400))
        }
    }

    /// A write acknowledged while another request's transaction is open is
    /// never undone by that transaction's rollback.
    @Test func rollbackNeverUndoesAnotherWrite() throws {
        let server = try TestServer()
        let user = try server.user()
        let store = server.store
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        struct Abort: Error {}
        Thread.detachNewThread {
            _ = try? store.database.transaction {
                _ = try store.createGoal(try Self.goal("rolled back"), for: user.id)
                started.signal()
                Thread.sleep(forTimeInterval: 0.3)
                throw Abort()
            }
            finished.signal()
        }
        started.wait()
        let kept = try store.createGoal(try Self.goal("kept"), for: user.id)
        finished.wait()
        let titles = try store.allGoals(for: user.id).map(\.title)
        #expect(titles == ["kept"] && kept.title == "kept")
    }

    /// Statements inside a transaction see its own uncommitted writes; others see only committed data.
    @Test func readsInsideATransactionSeeItsWrites() throws {
        let server = try TestServer()
        let user = try server.user()
        let store = server.store
        try store.database.transaction {
            _ = try store.createGoal(try Self.goal("inside"), for: user.id)
            #expect(try store.allGoals(for: user.id).count == 1)
            let outside = Counter()
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                outside.add("\((try? store.allGoals(for: user.id).count) ?? -1)")
                done.signal()
            }
            done.wait()
            #expect(outside.values == ["0"])
        }
        #expect(try store.allGoals(for: user.id).count == 1)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func add(_ value: String) {
        lock.withLock { stored.append(value) }
    }

    var values: [String] { lock.withLock { stored } }
}
