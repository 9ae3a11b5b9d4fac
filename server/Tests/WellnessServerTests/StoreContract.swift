import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// The store test suite, run against every engine (``SQLiteStoreTests``,
/// ``PostgresStoreTests``): each case on a fresh server and database.
enum StoreContract: String, CaseIterable, Sendable, CustomStringConvertible {
    case everyUserWrittenValueIsSealedAtRest
    case aMovedSealedValueDoesNotOpen
    case listTotalsStayExact
    case pagesFollowTheSortOrder
    case encodedPagesMatchTheModel
    case aPageReadAgainIsNeverStale
    case aPageBodyIsSharedUntilAChange
    case generationIsIdempotent
    case concurrentGenerationStoresEachInsightOnce
    case rateLimitsAreSharedBetweenInstances
    case theScheduleRunsOncePerInterval
    case concurrentTransactions
    case concurrentUpdatesMoveCountsBothWays
    case aRollbackNeverUndoesAnotherWrite
    case aTransactionSeesItsOwnWrites
    case tokensCanBeRevoked
    case aConsultationNamesOnlyTheUsersOwnContext
    case aReplyIsStoredWithItsRecordsOrNotAtAll
    case apiKeysAreCreatedListedAndRevoked
    case aKeyFromBeforeTheKeyTableIsAdopted
    case waitsForAConnectionAreReported

    var description: String { rawValue }

    func run(on engine: TestEngine) async throws {
        let server = try await TestServer.make(engine)
        switch self {
        case .everyUserWrittenValueIsSealedAtRest: try await Self.sealedAtRest(server)
        case .aMovedSealedValueDoesNotOpen: try await Self.movedSealedValue(server)
        case .listTotalsStayExact: try await Self.listTotals(server)
        case .pagesFollowTheSortOrder: try await Self.pages(server)
        case .encodedPagesMatchTheModel: try await Self.encodedPages(server)
        case .aPageReadAgainIsNeverStale: try await Self.pageReadAgain(server)
        case .aPageBodyIsSharedUntilAChange: try await Self.pageBody(server)
        case .generationIsIdempotent: try await Self.idempotentGeneration(server)
        case .concurrentGenerationStoresEachInsightOnce: try await Self.concurrentGeneration(server)
        case .rateLimitsAreSharedBetweenInstances: try await Self.sharedRateLimits(server)
        case .theScheduleRunsOncePerInterval: try await Self.sharedSchedule(server)
        case .concurrentTransactions: try await Self.concurrentTransactions(server)
        case .concurrentUpdatesMoveCountsBothWays: try await Self.countsMovedBothWays(server)
        case .aRollbackNeverUndoesAnotherWrite: try await Self.rollback(server)
        case .aTransactionSeesItsOwnWrites: try await Self.ownWrites(server)
        case .tokensCanBeRevoked: try await Self.revocation(server)
        case .aConsultationNamesOnlyTheUsersOwnContext: try await Self.consultationContext(server)
        case .aReplyIsStoredWithItsRecordsOrNotAtAll: try await Self.replyWithRecords(server)
        case .apiKeysAreCreatedListedAndRevoked: try await Self.apiKeys(server)
        case .aKeyFromBeforeTheKeyTableIsAdopted: try await Self.adoptedKey(server)
        case .waitsForAConnectionAreReported: try await Self.connectionWaits(server)
        }
        await server.store.shutdown()
    }

    static func goal(_ title: String, description: String? = nil) throws -> CreateGoalRequest {
        var object = #"{"title":"\#(title)","goal_type":"activity","start_date":"2025-01-01","is_recurring":false"#
        if let description { object += #","description":"\#(description)""# }
        return try CreateGoalRequest(json: JSONParser.parse(Array((object + "}").utf8)))
    }

    // MARK: - Sealing

    /// Every string the test writes (and the numbers of the profile and check-ins) is absent from the files.
    static func sealedAtRest(_ server: TestServer) async throws {
        let store = server.store
        let marker = "Plaintext-Marker-\(UUID().uuidString.prefix(8))"
        let user = try await server.user(name: "\(marker) name")
        try await store.profiles.save(Profile(age: 42, heightCm: 187.25, weightKg: 81.75), for: user.id)
        let date = try #require(CalendarDate(daysSinceEpoch: 19_000))
        try await store.checkIns.upsert([CheckIn(date: date, steps: 12_345.5, sleepHours: 7.25, mood: 7)], for: user.id)
        let context = DataContext(goals: ["\(marker) context goal"], achievements: ["\(marker) achievement"])
        try await store.insights.add(
            [
                Store.NewInsight(
                    type: .pattern, title: "\(marker) title", content: "\(marker) content",
                    summary: "\(marker) summary", suggestions: ["\(marker) step"],
                    dataContext: context, dedupeKey: "test")
            ], for: user.id)
        _ = try await store.goals.create(try goal("\(marker) goal", description: "\(marker) why"), for: user.id)
        let consultation = try await store.consultations.create(
            CreateConsultationRequest(persona: .sleepCoach, title: "\(marker) consultation"), for: user.id)
        let proposal = CoachProposal(
            summary: "\(marker) proposal",
            action: .createGoal(
                CreateGoalRequest(
                    title: "\(marker) proposed goal", goalType: "activity", startDate: .day(CalendarDate.epoch))))
        _ = try await store.consultations.append(
            [(.user, "\(marker) message", []), (.assistant, "\(marker) reply", [proposal])],
            to: consultation)

        let files = try await server.filesAtRest()
        if server.engine == .sqlite { #expect(files.contains { $0.lastPathComponent == "wellness.sqlite" }) }
        if server.engine == .postgres && TestEngine.postgresData == nil {
            Issue.record("WELLNESS_TEST_POSTGRES_DATA is not set: the PostgreSQL files were not searched")
        }
        #expect(!files.isEmpty)
        let needles = [marker, "187.25", "81.75", "12345.5", "\"steps\"", "\"height_cm\""].map { Data($0.utf8) }
        for file in files {
            guard let bytes = try? Data(contentsOf: file) else { continue }
            for needle in needles {
                #expect(bytes.range(of: needle) == nil, "\(file.path) holds \(String(decoding: needle, as: UTF8.self))")
            }
        }
        // And everything reads back.
        #expect(try await store.accounts.name(of: user.id) == "\(marker) name")
        #expect(try await store.profiles.get(for: user.id).heightCm == 187.25)
        #expect(try await store.checkIns.all(for: user.id).first?.steps == 12_345.5)
        let stored = try await store.insights.list(for: user.id, query: InsightQuery()).insights
        #expect(stored.first?.title == "\(marker) title" && stored.first?.suggestions == ["\(marker) step"])
        #expect(stored.first?.dataContext?.goals == ["\(marker) context goal"])
        #expect(try await store.goals.all(for: user.id).first?.description == "\(marker) why")
        #expect(try await store.consultations.get(consultation.id, for: user.id)?.title == "\(marker) consultation")
        #expect(try await store.consultations.messages(of: consultation).first?.content == "\(marker) message")
    }

    /// A sealed value copied to another row or user: a clean error (500
    /// `DATA_INTEGRITY` in the envelope), never its plaintext.
    /// A read and a transaction each report their wait for a connection: SQLite's reader and writer, or the pool.
    static func connectionWaits(_ server: TestServer) async throws {
        func waits(_ connection: ServerMetrics.Connection) throws -> Double {
            try Exposition(server.metrics.exposition())
                .value(ServerMetrics.Name.databaseWait + "_count", ["connection": connection.rawValue]) ?? 0
        }
        let before = server.engine == .sqlite ? [try waits(.reader), try waits(.writer)] : [try waits(.pool)]
        try await server.store.engine.query("SELECT 1")
        _ = try await server.store.engine.transaction { try await $0.query("SELECT 1") }
        switch server.engine {
        case .sqlite: #expect([try waits(.reader), try waits(.writer)] == before.map { $0 + 1 })
        case .postgres: #expect(try waits(.pool) == before[0] + 2)
        }
    }

    static func movedSealedValue(_ server: TestServer) async throws {
        let store = server.store
        let owner = try await server.user(days: 10)
        let other = try await server.user(days: 10)
        // The ids from the database itself: reading the insights would keep
        // them opened in memory (``OpenedInsightCache``), and this case is
        // about what a read from the database finds.
        let ids = { (user: TestServer.User) in
            try await store.engine.query("SELECT id FROM insights WHERE user_id = ? ORDER BY id", [.text(user.id)])
                .map { try $0.text("id") }
        }
        let ownerIds = try await ids(owner)
        let sourceId = try #require(ownerIds.first)
        let sameUser = try #require(ownerIds.last)
        let otherUser = try #require(try await ids(other).first)
        // To another user's row, and to another row of the same user.
        for target in [otherUser, sameUser] {
            try await store.engine.query(
                "UPDATE insights SET title = (SELECT title FROM insights WHERE id = ?) WHERE id = ?",
                [.text(sourceId), .text(target)])
        }
        await #expect(throws: SealedValueError.self) { try await store.insights.get(otherUser, for: other.id) }
        await #expect(throws: SealedValueError.self) { try await store.insights.get(sameUser, for: owner.id) }
        let source = try #require(try await store.insights.get(sourceId, for: owner.id))
        // Another user's profile.
        try await store.profiles.save(Profile(age: 30), for: owner.id)
        try await store.profiles.save(Profile(age: 50), for: other.id)
        try await store.engine.query(
            "UPDATE profiles SET body = (SELECT body FROM profiles WHERE user_id = ?) WHERE user_id = ?",
            [.text(owner.id), .text(other.id)])
        await #expect(throws: SealedValueError.self) { try await store.profiles.get(for: other.id) }
        try await server.test { client in
            let (status, headers, body) = try await client.call(.get, "/api/v1/insights/\(otherUser)", as: other)
            #expect(status == .internalServerError && headers[.contentType] == "application/json")
            #expect(body["success"] == .bool(false) && body["error"]["code"].string == "DATA_INTEGRITY")
            #expect(body["error"]["message"].string?.contains(source.title) == false)
            let (profile, _, profileBody) = try await client.call(.get, "/api/v1/profile", as: other)
            #expect(profile == .internalServerError && profileBody["error"]["code"].string == "DATA_INTEGRITY")
        }
    }

    // MARK: - Lists

    /// The maintained totals equal a count of the rows, for every filter, after inserts, updates and deletes.
    static func listTotals(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 60)
        _ = try await server.user(days: 30)
        var all = InsightQuery()
        all.archivedStatus = nil
        all.pageSize = 100
        let insights = try await store.insights.list(for: user.id, query: all)
        #expect(insights.pagination.totalCount == insights.insights.count && insights.insights.count > 20)
        for (index, insight) in insights.insights.enumerated() {
            let change = UpdateInsightRequest(
                isRead: index % 2 == 0, isFavorite: index % 3 == 0,
                isArchived: index % 5 == 0)
            _ = try await store.insights.update(insight.id, for: user.id, with: change)
        }
        for insight in insights.insights.suffix(4) {
            #expect(try await store.insights.delete(insight.id, for: user.id))
        }
        await #expect(throws: AccountErased.self, "nobody's writes are refused") {
            try await store.insights.delete(insights.insights[0].id, for: "usr_nobody")
        }
        let remaining = try await store.insights.list(for: user.id, query: all).insights
        for type in [nil, InsightType.daily, .weekly, .milestone, .pattern] {
            for read in [nil, true, false] {
                for favorite in [false, true] {
                    for archived in [nil, true, false] {
                        var query = InsightQuery()
                        (query.insightType, query.readStatus, query.favoritesOnly, query.archivedStatus) = (
                            type, read, favorite, archived
                        )
                        query.pageSize = 100
                        let expected = remaining.filter { insight in
                            (type.map { $0 == insight.insightType } ?? true)
                                && (read.map { $0 == insight.isRead } ?? true)
                                && (!favorite || insight.isFavorite)
                                && (archived.map { $0 == insight.isArchived } ?? true)
                        }
                        let page = try await store.insights.list(for: user.id, query: query)
                        #expect(
                            page.pagination.totalCount == expected.count,
                            "\(String(describing: type)) \(String(describing: read)) \(favorite) \(String(describing: archived))"
                        )
                        #expect(Set(page.insights.map(\.id)) == Set(expected.map(\.id)))
                    }
                }
            }
        }
        for n in 0..<7 { _ = try await store.goals.create(try goal("goal \(n)"), for: user.id) }
        let (goals, goalPages) = try await store.goals.list(for: user.id, status: nil, page: 2, pageSize: 3)
        #expect(goals.count == 3 && goalPages.totalCount == 7 && goalPages.totalPages == 3 && goalPages.hasNext)
        #expect(try await store.goals.list(for: user.id, status: .completed, page: 1, pageSize: 3).1.totalCount == 0)
        for _ in 0..<3 {
            _ = try await store.consultations.create(CreateConsultationRequest(persona: .sleepCoach), for: user.id)
        }
        #expect(
            try await store.consultations.list(for: user.id, archived: false, page: 1, pageSize: 2).1.totalCount == 3)
        #expect(
            try await store.consultations.list(for: user.id, archived: true, page: 1, pageSize: 2).1.totalCount == 0)
    }

    /// Pages follow the sort order without gaps or repeats, in both directions.
    static func pages(_ server: TestServer) async throws {
        let user = try await server.user(days: 45)
        for field in InsightQuery.SortField.allCases {
            for ascending in [true, false] {
                var query = InsightQuery()
                query.sortBy = field
                query.ascending = ascending
                query.pageSize = 7
                var seen: [Insight] = []
                var page = 1
                while true {
                    query.page = page
                    let result = try await server.store.insights.list(for: user.id, query: query)
                    seen += result.insights
                    if !result.pagination.hasNext { break }
                    page += 1
                }
                var all = query
                all.page = 1
                all.pageSize = 100
                let whole = try await server.store.insights.list(for: user.id, query: all)
                #expect(seen.map(\.id) == whole.insights.map(\.id), "\(field) \(ascending)")
                #expect(seen.count == whole.pagination.totalCount)
            }
        }
        var beyond = InsightQuery()
        beyond.page = 1_000_000
        beyond.pageSize = 100
        #expect(try await server.store.insights.list(for: user.id, query: beyond).insights.isEmpty)
    }

    /// The list's encoded insights are the model's JSON, on first and later
    /// pages, read again, and after updates within the same millisecond.
    static func encodedPages(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user(days: 30)
        var query = InsightQuery()
        query.archivedStatus = nil
        query.pageSize = 8
        let expectSame = { (label: String) in
            for page in 1...3 {
                query.page = page
                let model = try await store.insights.list(for: user.id, query: query)
                let encoded = try await store.insights.encodedInsights(for: user.id, query: query)
                #expect(
                    encoded.insights == (try model.insights.map { try JSONWriter.bytes($0.json) }),
                    "\(label), page \(page)")
                #expect(encoded.pagination == model.pagination)
            }
        }
        try await expectSame("first read")
        try await expectSame("read again")
        query.page = 1
        let listed = try await store.insights.list(for: user.id, query: query).insights
        for insight in listed.prefix(3) {
            _ = try await store.insights.update(
                insight.id, for: user.id, with: UpdateInsightRequest(isRead: true, isFavorite: true))
            _ = try await store.insights.update(
                insight.id, for: user.id, with: UpdateInsightRequest(isFavorite: false, isArchived: true))
        }
        try await expectSame("after updates")
        query.page = 1
        let states = try await store.insights.list(for: user.id, query: query).insights.filter {
            listed.prefix(3).map(\.id).contains($0.id)
        }
        #expect(states.count == 3 && states.allSatisfy { $0.isRead && !$0.isFavorite && $0.isArchived })
    }

    /// A page read again is served from memory while the user's list is
    /// unchanged, and read again from the database after any change, by
    /// whichever instance made it (on PostgreSQL once the reader has heard
    /// another instance's change, ``ListVersions``): a page remembered with a
    /// marker stands for a page served from memory.
    static func pageReadAgain(_ server: TestServer) async throws {
        let writer = server.store
        let reader = try await server.reopen()
        let user = try await server.user(days: 30)
        var query = InsightQuery()
        query.archivedStatus = nil
        query.pageSize = 8
        let marker = Pagination(page: 99, pageSize: 1, totalPages: 0, totalCount: 0, hasNext: false, hasPrev: false)
        let expectCurrent = { (label: String) in
            for page in 1...2 {
                query.page = page
                let served = try await reader.insights.encodedInsights(for: user.id, query: query)
                let current = try await writer.insights.list(for: user.id, query: query)
                #expect(
                    served.insights == (try current.insights.map { try JSONWriter.bytes($0.json) }),
                    "\(label), page \(page)")
                #expect(served.pagination == current.pagination, "\(label), page \(page)")
                // Stand-in for the page just read, at the version it was read at.
                let version = try #require(
                    reader.insightPages.page(for: user.id, query: query)?.version, "\(label), page \(page)")
                #expect(version == (try await reader.listVersion(.insights, for: user.id)), "\(label), page \(page)")
                reader.insightPages.remember(
                    .init(version: version, insights: [], pagination: marker), for: user.id, query: query)
                #expect(
                    try await reader.insights.encodedInsights(for: user.id, query: query).pagination == marker,
                    "\(label), page \(page): served from memory while unchanged")
            }
        }
        try await expectCurrent("first read")
        query.page = 1
        let first = try await writer.insights.list(for: user.id, query: query).insights[0]
        _ = try await writer.insights.update(first.id, for: user.id, with: UpdateInsightRequest(isRead: true))
        try await reader.caughtUp(with: writer, on: user.id)
        try await expectCurrent("after a change of the read flag")
        _ = try await writer.insights.update(first.id, for: user.id, with: UpdateInsightRequest(isRead: true))
        try await reader.caughtUp(with: writer, on: user.id)
        try await expectCurrent("after an update that changes only the update time")
        #expect(try await writer.insights.delete(first.id, for: user.id))
        try await reader.caughtUp(with: writer, on: user.id)
        try await expectCurrent("after a delete")
        let new = Store.NewInsight(
            type: .pattern, title: "new", content: "new", summary: nil, suggestions: [],
            dataContext: nil, dedupeKey: "test-\(UUID().uuidString)")
        #expect(try await writer.insights.add([new], for: user.id) == 1)
        try await reader.caughtUp(with: writer, on: user.id)
        try await expectCurrent("after an insight is added")
        #expect(try await writer.insights.add([new], for: user.id) == 0)
        #expect(
            try await reader.insights.encodedInsights(for: user.id, query: query).pagination == marker,
            "a generation that adds nothing changes nothing")
        // A change through the instance that serves the page forgets the user's pages at once.
        let listed = try await writer.insights.list(for: user.id, query: query).insights[0]
        _ = try await reader.insights.update(listed.id, for: user.id, with: UpdateInsightRequest(isFavorite: true))
        #expect(reader.insightPages.page(for: user.id, query: query) == nil)
        await reader.shutdown()
    }

    /// The list route's body: the page's envelope, written once and served
    /// again as the same buffer (its storage shared, nothing re-encoded or
    /// copied) while the list is unchanged; written again after a change by
    /// another instance or this one; never another user's or another
    /// filter's or page's.
    static func pageBody(_ server: TestServer) async throws {
        let writer = server.store
        let reader = try await server.reopen()
        let user = try await server.user(days: 30)
        let neighbour = try await server.user(days: 20)
        var query = InsightQuery()
        query.pageSize = 5
        let written = CallCount()
        let body = { (store: Store, userId: String, query: InsightQuery) in
            try await store.insights.listBody(for: userId, query: query) { insights, pagination in
                written.increment()
                return try #require(JSONResponses.pageBody(insights, named: "insights", pagination: pagination))
            }
        }
        let expected = { (userId: String, query: InsightQuery) in
            let page = try await writer.insights.list(for: userId, query: query)
            let envelope = JSONValue.object(
                JSONObject([
                    ("success", .bool(true)),
                    (
                        "data",
                        .object(
                            JSONObject([
                                ("insights", .array(page.insights.map(\.json))), ("pagination", page.pagination.json),
                            ]))
                    ),
                ]))
            return try JSONWriter.bytes(envelope)
        }
        let storage = { (buffer: ByteBuffer) in buffer.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) } }
        let first = try await body(reader, user.id, query)
        #expect(Array(buffer: first) == (try await expected(user.id, query)))
        let again = try await body(reader, user.id, query)
        #expect(written.count == 1 && storage(again) == storage(first), "served again from the same buffer")
        var filtered = query
        filtered.readStatus = false
        var second = query
        second.page = 2
        for (label, userId, other) in [
            ("a filter", user.id, filtered), ("a page", user.id, second), ("a user", neighbour.id, query),
        ] {
            let served = try await body(reader, userId, other)
            #expect(Array(buffer: served) == (try await expected(userId, other)), "another \(label)")
        }
        #expect(written.count == 4, "each filter, page and user written once")
        let listed = try await writer.insights.list(for: user.id, query: query).insights[0]
        _ = try await writer.insights.update(listed.id, for: user.id, with: UpdateInsightRequest(isFavorite: true))
        try await reader.caughtUp(with: writer, on: user.id)
        let changed = try await body(reader, user.id, query)
        #expect(written.count == 5, "written again after another instance's change")
        #expect(Array(buffer: changed) == (try await expected(user.id, query)))
        #expect(Array(buffer: changed) != Array(buffer: first))
        _ = try await reader.insights.update(listed.id, for: user.id, with: UpdateInsightRequest(isRead: true))
        #expect(Array(buffer: try await body(reader, user.id, query)) == (try await expected(user.id, query)))
        #expect(written.count == 6, "written again after this instance's change")
        _ = try await body(reader, neighbour.id, query)
        #expect(written.count == 6, "another user's change leaves the neighbour's page")
        await reader.shutdown()
    }

    // MARK: - Generation

    static func idempotentGeneration(_ server: TestServer) async throws {
        let user = try await server.user(days: 40)
        let store = server.store
        let again = try await store.insights.add(
            InsightGenerator.insights(from: store.checkIns.all(for: user.id)), for: user.id)
        #expect(again == 0)
        var query = InsightQuery()
        query.pageSize = 100
        let all = try await store.insights.list(for: user.id, query: query)
        #expect(Set(all.insights.map(\.insightType)).isSuperset(of: [.daily, .weekly, .milestone]))
    }

    /// Two instances generating at once store each insight once, and count it once.
    static func concurrentGeneration(_ server: TestServer) async throws {
        let other = try await server.reopen()
        let user = try await server.user()
        let checkIns = TestServer.checkIns(days: 40)
        try await server.store.checkIns.upsert(checkIns, for: user.id)
        let generated = InsightGenerator.insights(from: checkIns)
        let added = try await withThrowingTaskGroup(of: Int.self) { group in
            for store in [server.store, other, server.store, other] {
                group.addTask { try await store.insights.add(generated, for: user.id) }
            }
            return try await group.reduce(0, +)
        }
        #expect(added == generated.count)
        var query = InsightQuery()
        query.pageSize = 100
        let page = try await server.store.insights.list(for: user.id, query: query)
        #expect(page.insights.count == generated.count && page.pagination.totalCount == generated.count)
        await other.shutdown()
    }

    // MARK: - Instances

    static func sharedRateLimits(_ server: TestServer) async throws {
        let other = try await server.reopen()
        let limiters = [
            RateLimiter(store: server.store, capacity: 3, window: 60),
            RateLimiter(store: other, capacity: 3, window: 60),
        ]
        var allowed = 0
        for n in 0..<6 where try await limiters[n % 2].retryAfter("suggestions", for: "usr_x") == nil { allowed += 1 }
        #expect(allowed == 3)
        let retry = try await limiters[0].retryAfter("suggestions", for: "usr_x")
        #expect((retry ?? 0) >= 1 && (retry ?? 100) <= 20)
        #expect(try await limiters[1].retryAfter("suggestions", for: "usr_y") == nil)
        // Concurrently, too.
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for n in 0..<10 { group.addTask { try await limiters[n % 2].retryAfter("tips", for: "usr_z") == nil } }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 3)
        await other.shutdown()
    }

    static func sharedSchedule(_ server: TestServer) async throws {
        let other = try await server.reopen()
        let now = Store.nowMilliseconds()
        let claims = try await withThrowingTaskGroup(of: Bool.self) { group in
            for n in 0..<6 {
                let store = n % 2 == 0 ? server.store : other
                group.addTask { try await store.claimScheduledRun("job", interval: 60, now: now) }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(claims.filter { $0 }.count == 1)
        #expect(try await !other.claimScheduledRun("job", interval: 60, now: now + 59_000))
        #expect(try await other.claimScheduledRun("job", interval: 60, now: now + 60_000))
        await other.shutdown()
    }

    // MARK: - Transactions

    static func concurrentTransactions(_ server: TestServer) async throws {
        let user = try await server.user()
        let store = server.store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for n in 0..<25 {
                        let date = try #require(CalendarDate(daysSinceEpoch: 19_000 + writer * 25 + n))
                        try await store.checkIns.upsert([CheckIn(date: date, steps: Double(n))], for: user.id)
                        _ = try await store.goals.create(try goal("goal \(writer)-\(n)"), for: user.id)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.checkIns.all(for: user.id).count == 200)
        #expect(try await store.goals.all(for: user.id).count == 200)
        #expect(try await store.goals.list(for: user.id, status: nil, page: 1, pageSize: 1).1.totalCount == 200)
    }

    /// A write acknowledged while another transaction is open is never undone by that transaction's rollback.
    /// Updates moving insights (and goals) between two count buckets in opposite
    /// directions at once: each takes both buckets' rows, so taken in
    /// different orders they deadlocked on PostgreSQL (a 500 for one of them).
    static func countsMovedBothWays(_ server: TestServer) async throws {
        let user = try await server.user(days: 40)
        let store = server.store
        var query = InsightQuery()
        query.pageSize = 100
        let all = try await store.insights.list(for: user.id, query: query).insights
        let type = try #require(
            Dictionary(grouping: all, by: \.insightType).max { $0.value.count < $1.value.count }?.key)
        let sameType = all.filter { $0.insightType == type }.prefix(8)
        #expect(sameType.count >= 4)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, insight) in sameType.enumerated() {
                group.addTask {
                    for n in 0..<20 {
                        _ = try await store.insights.update(
                            insight.id, for: user.id, with: UpdateInsightRequest(isRead: (n + index) % 2 == 0))
                    }
                }
            }
            try await group.waitForAll()
        }
        query.insightType = type
        for read in [true, false] {
            query.readStatus = read
            let page = try await store.insights.list(for: user.id, query: query)
            #expect(page.pagination.totalCount == page.insights.count)
            #expect(page.insights.allSatisfy { $0.isRead == read })
        }
        var goals: [Goal] = []
        for n in 0..<8 { goals.append(try await store.goals.create(try goal("goal \(n)"), for: user.id)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, goal) in goals.enumerated() {
                group.addTask {
                    for n in 0..<20 {
                        let status: GoalStatus = (n + index) % 2 == 0 ? .paused : .active
                        _ = try await store.goals.update(goal.id, for: user.id, with: UpdateGoalRequest(status: status))
                    }
                }
            }
            try await group.waitForAll()
        }
        let stored = try await store.goals.all(for: user.id)
        for status in [GoalStatus.active, .paused] {
            #expect(
                try await store.goals.list(for: user.id, status: status, page: 1, pageSize: 1).1.totalCount
                    == stored.filter { $0.status == status }.count)
        }
    }

    /// A transaction that rolls back loses its own write and keeps another
    /// request's, made while it was open: the two are ordered by signals, not sleeps.
    static func rollback(_ server: TestServer) async throws {
        let user = try await server.user()
        let store = server.store
        struct Abort: Error {}
        let (updated, updatedSent) = AsyncStream.makeStream(of: Void.self)
        let (otherWrite, otherWriteSent) = AsyncStream.makeStream(of: Void.self)
        let rolledBack = Task {
            defer { updatedSent.finish() }
            try await store.engine.transaction { session in
                try await session.query("UPDATE users SET tokens_valid_after_ms = 5 WHERE id = ?", [.text(user.id)])
                updatedSent.yield()
                for await _ in otherWrite { break }
                throw Abort()
            }
        }
        for await _ in updated { break }
        // What the transaction waits for before it throws, so that neither engine deadlocks:
        // PostgreSQL writes the goal on another connection (its row lock does not conflict
        // with the UPDATE's), so the transaction waits until that write has committed, and
        // the rollback then comes after it. SQLite has one writer: the goal's transaction
        // waits for this one to end, so waiting for it to finish would never return; the
        // transaction waits only until it has been asked for, and it commits after the rollback.
        let kept = Task {
            defer { otherWriteSent.finish() }
            if server.engine == .sqlite { otherWriteSent.yield() }
            return try await store.goals.create(try goal("kept"), for: user.id)
        }
        let keptTitle = try await kept.value.title
        await #expect(throws: Abort.self) { try await rolledBack.value }
        #expect(try await store.goals.all(for: user.id).map(\.title) == ["kept"] && keptTitle == "kept")
        #expect(try await storedMark(of: user.id, in: store) == 0)
    }

    /// The user's revocation mark as the database has it (not as ``Store``'s principal cache remembers it).
    private static func storedMark(of userId: String, in store: Store) async throws -> Int64? {
        try await store.engine.query("SELECT tokens_valid_after_ms FROM users WHERE id = ?", [.text(userId)])
            .first?.integer("tokens_valid_after_ms")
    }

    /// Statements inside a transaction see its own uncommitted writes; others see only committed data.
    static func ownWrites(_ server: TestServer) async throws {
        let user = try await server.user()
        let store = server.store
        try await store.engine.transaction { session in
            try await session.query("UPDATE users SET tokens_valid_after_ms = 7 WHERE id = ?", [.text(user.id)])
            let inside = try await session.query(
                "SELECT tokens_valid_after_ms FROM users WHERE id = ?", [.text(user.id)])
            #expect(try inside.first?.integer("tokens_valid_after_ms") == 7)
            #expect(try await storedMark(of: user.id, in: store) == 0)
        }
        #expect(try await storedMark(of: user.id, in: store) == 7)
    }

    static func revocation(_ server: TestServer) async throws {
        let user = try await server.user()
        let store = server.store
        #expect(try await store.tokensValidAfter(userId: user.id) == 0)
        try await store.revokeTokens(userId: user.id, at: 1_700_000_000_000)
        try await store.revokeTokens(userId: user.id, at: 1_600_000_000_000)
        #expect(try await store.tokensValidAfter(userId: user.id) == 1_700_000_000_000)
        #expect(try await store.tokensValidAfter(userId: "usr_unknown") == nil)
    }

    // MARK: - Consultations and API keys

    /// What a store call was refused with, if anything.
    private static func refusal(_ call: () async throws -> Void) async -> (any Error)? {
        do {
            try await call()
            return nil
        } catch {
            return error
        }
    }

    /// Another user's insight or goal, or one that does not exist, is 404 and nothing is stored.
    static func consultationContext(_ server: TestServer) async throws {
        let store = server.store
        let owner = try await server.user(days: 5)
        let other = try await server.user()
        let insight = try #require(
            try await store.engine.query(
                "SELECT id FROM insights WHERE user_id = ? LIMIT 1",
                [.text(owner.id)]
            ).first?.text("id"))
        let goal = try await store.goals.create(try Self.goal("Walk"), for: owner.id).id
        for (type, id) in [
            (ContextType.insight, insight), (.goal, goal), (.insight, "ins_missing"), (.goal, "gol_missing"),
            (.goal, insight), (.insight, goal),
        ] {
            let request = CreateConsultationRequest(persona: .wellnessSpecialist, contextType: type, contextId: id)
            let error = await refusal { _ = try await store.consultations.create(request, for: other.id) }
            #expect((error as? APIFailure)?.status == .notFound, "\(type) \(id)")
        }
        #expect(
            try await store.consultations.list(for: other.id, archived: nil, page: 1, pageSize: 10).1.totalCount == 0)
        for (type, id) in [(ContextType.insight, insight), (.goal, goal)] {
            let request = CreateConsultationRequest(persona: .wellnessSpecialist, contextType: type, contextId: id)
            #expect(try await store.consultations.create(request, for: owner.id).contextId == id)
        }
    }

    /// A second key works; the list shows ids, prefixes and times only; a revoked key is
    /// refused at once here and within the principal lifetime by another instance; the last key stays.
    static func apiKeys(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user()
        var shortLived = server.configuration
        shortLived.principalLifetime = 1
        // The other instance's remembered principals expire on a clock the test moves past the lifetime.
        let uptime = ManualClock()
        let elsewhere = try await WellnessApplication.openStore(
            shortLived, environment: [:], principalClock: { uptime.nanoseconds }
        ).0
        // Twice: on SQLite the first remembered answer is believed once the erasure mark has been read.
        for _ in 0..<2 {
            #expect(try await elsewhere.userId(forAPIKey: user.apiKey) == user.id, "remembered by the other instance")
        }
        #expect(try await store.userId(forAPIKey: user.apiKey) == user.id, "remembered here")
        let created = try await store.apiKeys.create(for: user.id)
        #expect(created.record.prefix == String(created.apiKey.prefix(8)))
        #expect(try await store.userId(forAPIKey: created.apiKey) == user.id)
        let keys = try await store.apiKeys.list(of: user.id)
        #expect(keys.count == 2 && keys.last == created.record)
        #expect(keys.first?.prefix == String(user.apiKey.prefix(8)))
        let listed = try JSONWriter.string(.array(keys.map { $0.json() }))
        for secret in [
            user.apiKey, created.apiKey, Credentials.fingerprint(ofAPIKey: user.apiKey),
            Credentials.fingerprint(ofAPIKey: created.apiKey),
        ] {
            #expect(!listed.contains(secret))
        }
        let first = try #require(keys.first)
        try await store.apiKeys.revoke(first.id, of: user.id)
        #expect(try await store.userId(forAPIKey: user.apiKey) == nil, "refused at once here")
        #expect(try await store.apiKeys.list(of: user.id) == [created.record])
        if server.engine == .sqlite {
            // On PostgreSQL the other instance believes its cache only once its listener is connected.
            #expect(try await elsewhere.userId(forAPIKey: user.apiKey) == user.id, "still remembered elsewhere")
        }
        uptime.advance(milliseconds: 1_001)
        #expect(try await elsewhere.userId(forAPIKey: user.apiKey) == nil, "refused elsewhere within the lifetime")
        await elsewhere.shutdown()
        #expect(
            await refusal { try await store.apiKeys.revoke(created.record.id, of: user.id) } as? APIKeyRefusal
                == .lastKey
        )
        #expect(try await store.userId(forAPIKey: created.apiKey) == user.id, "the last key still works")
        #expect(
            await refusal { try await store.apiKeys.revoke(first.id, of: user.id) } as? APIKeyRefusal == .unknownKey)
        let stranger = try await server.user()
        #expect(
            await refusal { try await store.apiKeys.revoke(created.record.id, of: stranger.id) } as? APIKeyRefusal
                == .unknownKey, "another user's key")
        #expect(await refusal { _ = try await store.apiKeys.list(of: "usr_unknown") } as? APIKeyRefusal == .unknownUser)
        for _ in 1..<APIKeySQLRepository.maximumAPIKeys { _ = try await store.apiKeys.create(for: user.id) }
        #expect(await refusal { _ = try await store.apiKeys.create(for: user.id) } as? APIKeyRefusal == .tooManyKeys)
    }

    /// A user written before `api_keys` existed (only `users.api_key_fingerprint`) still
    /// authenticates, and that key is listed (without a prefix) and can be revoked.
    static func adoptedKey(_ server: TestServer) async throws {
        let store = server.store
        let user = try await server.user()
        try await store.engine.query("DELETE FROM api_keys WHERE user_id = ?", [.text(user.id)])
        let fresh = try await server.reopen()
        #expect(try await fresh.userId(forAPIKey: user.apiKey) == user.id)
        let keys = try await fresh.apiKeys.list(of: user.id)
        #expect(keys.count == 1 && keys.first?.prefix == nil)
        let created = try await fresh.apiKeys.create(for: user.id)
        try await fresh.apiKeys.revoke(try #require(keys.first?.id), of: user.id)
        #expect(try await fresh.userId(forAPIKey: user.apiKey) == nil)
        #expect(try await fresh.userId(forAPIKey: created.apiKey) == user.id)
        await fresh.shutdown()
    }
}

@Suite struct SQLiteStoreTests {
    @Test(arguments: StoreContract.allCases)
    func store(_ contract: StoreContract) async throws {
        try await contract.run(on: .sqlite)
    }
}

@Suite(
    .enabled(
        if: TestEngine.postgresURL != nil,
        "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
struct PostgresStoreTests {
    @Test(arguments: StoreContract.allCases)
    func store(_ contract: StoreContract) async throws {
        try await contract.run(on: .postgres)
    }
}

/// Counts calls from any task.
private final class CallCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    func increment() { lock.withLock { value += 1 } }
}
