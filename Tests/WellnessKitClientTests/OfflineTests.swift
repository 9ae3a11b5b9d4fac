import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

/// Reads answered from the cache when the API cannot be
/// reached, writes queued with their idempotency key and optimistic change,
/// replayed in order by a sync, refusals kept, payloads sealed at rest.
@Suite struct OfflineTests {
    static let down = Result<HTTPExchange.Response, WellnessError>.failure(
        WellnessError(kind: .network, message: "refused"))
    static let goal =
        #"{"success":true,"data":{"id":"g1","user_id":"u1","title":"Walk daily","goal_type":"activity","start_date":"2025-01-01","is_recurring":false,"status":"active","created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}}"#

    static func client(_ transport: ScriptedTransport, directory: String, key: String? = nil) throws -> WellnessClient {
        let storeKey = key.map { #","store_key":"\#($0)""# } ?? ""
        let configuration = try ClientConfiguration(
            json: JSONParser.parse(
                #"""
                {"base_url":"http://127.0.0.1:9","api_key":"secret-key","cache_directory":false,"max_retries":0,
                 "offline":true,"store_directory":"\#(directory)"\#(storeKey)}
                """#))
        return WellnessClient(configuration: configuration, transport: transport, sleep: { _ in })
    }

    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wellness-offline-\(UUID().uuidString)").path
    }

    static func idempotencyKey(_ request: HTTPExchange.Request) -> String? {
        request.headers.first { $0.name == "Idempotency-Key" }?.value
    }

    @Test func readsAnswerFromTheCacheOnlyWhenTheAPICannotBeReached() throws {
        let transport = ScriptedTransport([
            WellnessClientTests.json(200, WellnessClientTests.insight), Self.down,
            WellnessClientTests.json(503, "{}"),
            WellnessClientTests.json(
                404, #"{"success":false,"error":{"code":"NOT_FOUND","message":"Insight not found"}}"#),
        ])
        let client = try Self.client(transport, directory: Self.directory())
        let fresh = try client.insightRead(id: "i1")
        #expect(fresh.offline == nil && fresh.value.id == "i1")
        let offline = try client.insightRead(id: "i1")
        #expect(offline.offline != nil && offline.value == fresh.value)
        #expect((offline.offline?.ageSeconds ?? -1) >= 0)
        #expect(try client.insightRead(id: "i1").offline != nil, "a 5xx after retries is unreachable too")
        // The API's own answer is passed on, never hidden behind the cache.
        #expect(wellnessError { try client.insightRead(id: "i1") }?.kind == .notFound)
        // Nothing cached: the network error, as without offline mode.
        #expect(wellnessError { try client.goalRead(id: "g1") }?.kind == .network)
    }

    @Test func theCacheIsPerUser() throws {
        let directory = Self.directory()
        let transport = ScriptedTransport([WellnessClientTests.json(200, WellnessClientTests.insight)])
        _ = try Self.client(transport, directory: directory).insight(id: "i1")
        var other = try Self.client(ScriptedTransport([]), directory: directory).configuration
        other.apiKey = "someone-else"
        let stranger = WellnessClient(configuration: other, transport: ScriptedTransport([Self.down]), sleep: { _ in })
        #expect(wellnessError { try stranger.insight(id: "i1") }?.kind == .network)
        let raw = try String(contentsOfFile: directory + "/store.sqlite-wal", encoding: .isoLatin1)
        #expect(!raw.contains("secret-key"), "the credential never reaches the disk")
    }

    @Test func aQueuedWriteIsOptimisticAndReplayedWithItsKey() throws {
        let transport = ScriptedTransport([
            WellnessClientTests.json(200, WellnessClientTests.insight),  // read: cached
            Self.down,  // mark read: queued
            Self.down,  // read: from the cache, marked read
            // create goal: queued behind the first, whose backoff is not over: no request
            WellnessClientTests.json(
                200, WellnessClientTests.insight.replacingOccurrences(of: #""is_read":false"#, with: #""is_read":true"#)
            ),
            WellnessClientTests.json(201, Self.goal),
        ])
        let directory = Self.directory()
        let client = try Self.client(transport, directory: directory)
        _ = try client.insight(id: "i1")
        guard case .queued(let queued) = try client.updateInsightOrQueue(id: "i1", UpdateInsightRequest(isRead: true))
        else {
            Issue.record("not queued")
            return
        }
        #expect(queued.pending.operation == "update_insight" && queued.reason.kind == .network)
        #expect(queued.optimistic.flatMap { try? Insight(json: $0) }?.isRead == true)
        #expect(try client.insight(id: "i1").isRead, "reads as read from the cache before any sync")
        // Its backoff (whole seconds, so at most 1 s) must not run out on a slow machine before the next write.
        try LocalStore(directory: directory).withConnection {
            try $0.execute("UPDATE outbox SET next_attempt_s = next_attempt_s + 3600")
        }
        let request = CreateGoalRequest(title: "Walk daily", goalType: "activity", startDate: .day(CalendarDate.epoch))
        guard case .queued(let second) = try client.createGoalOrQueue(request) else {
            Issue.record("not queued")
            return
        }
        #expect(try client.pendingWrites().map(\.id) == [queued.pending.id, second.pending.id])
        let report = try client.syncPending()
        #expect(
            report.delivered == 2 && report.remaining == 0
                && report.items.map(\.write.id) == [queued.pending.id, second.pending.id])
        let replayed = transport.requests.suffix(2)
        #expect(replayed.first?.method == "PATCH" && replayed.last?.method == "POST")
        #expect(replayed.last.flatMap(Self.idempotencyKey) == second.pending.idempotencyKey)
        #expect(try client.pendingWrites().isEmpty)
    }

    @Test func aQueuedGoalUpdateShowsInTheCachedGoalAndListsUntilTheAPIAnswers() throws {
        let goalJSON = Self.goal.replacingOccurrences(
            of: #""goal_type":"activity","#,
            with: #""goal_type":"activity","target_value":10,"current_value":2,"#)
        let goalBody = String(goalJSON.dropFirst(#"{"success":true,"data":"#.count).dropLast())
        let page =
            #"{"success":true,"data":{"goals":[\#(goalBody)],"pagination":{"page":1,"page_size":20,"total_pages":1,"total_count":1,"has_next":false,"has_prev":false}}}"#
        let answered = goalJSON.replacingOccurrences(of: #""current_value":2"#, with: #""current_value":5"#)
        let transport = ScriptedTransport([
            WellnessClientTests.json(200, goalJSON), WellnessClientTests.json(200, page),  // cached
            Self.down, Self.down,  // update: the goal from the cache, the PATCH queued
            Self.down, Self.down,  // reads from the cache
            WellnessClientTests.json(200, answered),  // sync
        ])
        let client = try Self.client(transport, directory: Self.directory())
        _ = try client.goal(id: "g1")
        _ = try client.listGoals(status: nil, page: 1, pageSize: 20)
        guard case .queued(let queued) = try client.updateGoalOrQueue(id: "g1", UpdateGoalRequest(progress: 0.5)) else {
            Issue.record("not queued")
            return
        }
        #expect(queued.pending.operation == "update_goal" && queued.pending.method == "PATCH")
        #expect(queued.optimistic.flatMap { try? Goal(json: $0) }?.currentValue == 5)
        #expect(try client.goalRead(id: "g1").value.currentValue == 5, "the cached goal shows the progress")
        let listed = try client.listGoalsRead(status: nil, page: 1, pageSize: 20)
        #expect(listed.offline != nil && listed.value.goals.first?.currentValue == 5, "and so does the cached list")
        #expect(try client.syncPending().delivered == 1)
        let replay = transport.requests.last
        #expect(replay?.method == "PATCH" && replay?.url.hasSuffix("/api/v1/goals/g1") == true)
        #expect(replay?.body.map { String(decoding: $0, as: UTF8.self) } == #"{"progress":0.5}"#)
    }

    @Test func theFirstAttemptAndTheReplayCarryTheSameKey() throws {
        let transport = ScriptedTransport([Self.down, WellnessClientTests.json(201, Self.goal)])
        let client = try Self.client(transport, directory: Self.directory())
        let request = CreateGoalRequest(title: "Walk daily", goalType: "activity", startDate: .day(CalendarDate.epoch))
        guard case .queued = try client.createGoalOrQueue(request) else {
            Issue.record("not queued")
            return
        }
        #expect(try client.syncPending().delivered == 1)
        #expect(transport.requests.count == 2 && Self.idempotencyKey(transport.requests[0]) != nil)
        #expect(Self.idempotencyKey(transport.requests[0]) == Self.idempotencyKey(transport.requests[1]))
    }

    @Test func aStoreThatCannotBeOpenedIsNamedWhenTheAPICannotBeReached() throws {
        let blocker = Self.directory()
        FileManager.default.createFile(atPath: blocker, contents: Data())
        let client = try Self.client(ScriptedTransport([Self.down, Self.down]), directory: blocker + "/store")
        let request = CreateGoalRequest(title: "Walk daily", goalType: "activity", startDate: .day(CalendarDate.epoch))
        let write = wellnessError { _ = try client.createGoalOrQueue(request) }
        #expect(write?.kind == .network && write?.message.contains("offline mode could not help") == true)
        #expect(write?.message.contains("local store") == true, "\(String(describing: write))")
        let read = wellnessError { try client.insightRead(id: "i1") }
        #expect(read?.kind == .network && read?.message.contains("offline mode could not help") == true)
    }

    @Test func refusedReplaysAreKeptAsFailedAndServerErrorsStayQueued() throws {
        let transport = ScriptedTransport([
            Self.down,  // the first delete; the others queue behind it without a request
            WellnessClientTests.json(
                404, #"{"success":false,"error":{"code":"NOT_FOUND","message":"Insight not found"}}"#),
            WellnessClientTests.json(503, "{}"),
        ])
        let client = try Self.client(transport, directory: Self.directory())
        _ = try client.deleteInsightOrQueue(id: "gone")
        _ = try client.deleteInsightOrQueue(id: "i2")
        _ = try client.deleteInsightOrQueue(id: "i3")
        let report = try client.syncPending()
        #expect(report.items.map(\.result) == ["failed", "deferred"], "stops at the 5xx, keeping the order")
        #expect(report.remaining == 2 && report.items.last?.nextAttemptSeconds != nil)
        let failed = try client.failedWrites()
        #expect(failed.count == 1 && failed.first?.httpStatus == 404 && failed.first?.reason == "Insight not found")
        #expect(failed.first?.path == "/api/v1/insights/gone")
        #expect(try client.pendingWrites().first?.attempts == 1, "queued behind without a try, then the replay")
        #expect(try client.clearFailedWrites(ids: nil) == 1 && client.failedWrites().isEmpty)
        let first = try #require(try client.pendingWrites().first)
        #expect(try client.cancelPending(id: first.id) && !client.cancelPending(id: first.id))
        #expect(try client.pendingWrites().count == 1)
    }

    @Test func aReplayTheServerIsStillApplyingStaysQueued() throws {
        let transport = ScriptedTransport([
            Self.down,
            WellnessClientTests.json(
                409, #"{"success":false,"error":{"code":"IDEMPOTENCY_IN_PROGRESS","message":"being applied"}}"#,
                headers: ["retry-after": "1"]),
        ])
        let client = try Self.client(transport, directory: Self.directory())
        _ = try client.deleteInsightOrQueue(id: "i1")
        let report = try client.syncPending()
        #expect(report.items.map(\.result) == ["deferred"] && report.remaining == 1)
        #expect(try client.failedWrites().isEmpty)
    }

    @Test func oneSyncAtATimeHoldsTheQueue() throws {
        let directory = Self.directory()
        let client = try Self.client(ScriptedTransport([Self.down]), directory: directory)
        _ = try client.deleteInsightOrQueue(id: "i1")
        let context = try client.requireOfflineContext()
        let held = try context.store.claimPending(
            scope: context.scope, claimant: "other", limit: 10, leaseSeconds: 60,
            dueOnly: false)
        #expect(held.writes.count == 1 && !held.busy)
        let report = try client.syncPending(waitSeconds: 0.1)
        #expect(report.busy && report.items.isEmpty && report.remaining == 1)
        #expect(wellnessError { try client.cancelPending(id: held.writes[0].id) }?.kind == .validation)
    }

    @Test func payloadsAreSealedWithTheStoreKey() throws {
        let directory = Self.directory()
        let key = Data(repeating: 7, count: 32).base64EncodedString()
        let transport = ScriptedTransport([WellnessClientTests.json(200, Self.goal), Self.down])
        let client = try Self.client(transport, directory: directory, key: key)
        _ = try client.goal(id: "g1")
        #expect(try client.goalRead(id: "g1").value.title == "Walk daily")
        let raw = try Data(contentsOf: URL(fileURLWithPath: directory + "/store.sqlite-wal"))
        #expect(raw.range(of: Data("Walk daily".utf8)) == nil, "the health data is not readable on disk")
        let wrongKey = Data(repeating: 8, count: 32).base64EncodedString()
        let other = try Self.client(ScriptedTransport([Self.down]), directory: directory, key: wrongKey)
        #expect(wellnessError { try other.goal(id: "g1") }?.kind == .network, "another key opens nothing")
    }

    @Test func theCipherAuthenticatesItsRow() throws {
        let cipher = try PayloadCipher(key: Array(repeating: 1, count: 32))
        let sealed = try cipher.seal(Array("hello".utf8), associatedData: Array("row-1".utf8))
        #expect(try cipher.open(sealed, associatedData: Array("row-1".utf8)) == Array("hello".utf8))
        #expect(wellnessError { try cipher.open(sealed, associatedData: Array("row-2".utf8)) } != nil)
        var altered = sealed
        altered[altered.count - 1] ^= 1
        #expect(wellnessError { try cipher.open(altered, associatedData: Array("row-1".utf8)) } != nil)
        #expect(
            PayloadCipher.sha256Hex(Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(PayloadCipher.base64Decoded("AQID") == [1, 2, 3] && PayloadCipher.base64Decoded("AQ==") == [1])
        #expect(PayloadCipher.base64Decoded("A") == nil && PayloadCipher.base64Decoded("A=B") == nil)
        #expect(
            wellnessError {
                try ClientConfiguration(
                    json: JSONParser.parse(
                        #"{"base_url":"http://x","api_key":"k","store_key":"AQID"}"#))
            }?.path == "store_key")
        #expect(
            wellnessError {
                try ClientConfiguration(
                    json: JSONParser.parse(
                        #"{"base_url":"http://x","api_key":"k","offline":true,"store_directory":false}"#))
            }?.path == "offline")
    }
}

extension OfflineTests {
    @Test func answersOlderThanTheRetentionAreNotServed() throws {
        let directory = Self.directory()
        let client = try Self.client(
            ScriptedTransport([WellnessClientTests.json(200, Self.goal), Self.down, Self.down]),
            directory: directory)
        _ = try client.goal(id: "g1")
        #expect(try client.goalRead(id: "g1").offline != nil)
        let context = try client.requireOfflineContext()
        try context.store.withConnection {
            try $0.query("UPDATE cache_entries SET cached_s = cached_s - ?", [.integer(LocalStore.cacheRetention + 1)])
        }
        #expect(wellnessError { try client.goalRead(id: "g1") }?.kind == .network)
    }
}
