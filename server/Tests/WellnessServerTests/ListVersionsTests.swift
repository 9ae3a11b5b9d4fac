import Foundation
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Performance: a list page kept in memory is checked against the list's
/// version held in memory, kept current on PostgreSQL by the database's
/// notices (never believed while notices may be missed), on SQLite believed
/// only while nothing was committed to the file since it was read.
@Suite struct ListVersionsTests {
    private static let key = ListVersionKey(user: "usr_1", list: .insights)

    @Test func nothingIsBelievedUntilTheListenerConnects() {
        let versions = ListVersions()
        let before = versions.ticket
        versions.learn(3, of: Self.key, readAt: before)
        versions.heard(4, of: Self.key)
        #expect(versions.version(of: Self.key) == nil, "not listening: every check reads the database")
        versions.listenerConnected()
        versions.learn(3, of: Self.key, readAt: before)
        #expect(versions.version(of: Self.key) == nil, "read before the listener connected: a notice may be missed")
        versions.learn(3, of: Self.key, readAt: versions.ticket)
        #expect(versions.version(of: Self.key) == 3)
        #expect(versions.version(of: ListVersionKey(user: "usr_1", list: .goals)) == nil)
        #expect(versions.version(of: ListVersionKey(user: "usr_2", list: .insights)) == nil)
    }

    @Test func aLookupOvertakenByALossIsNotRemembered() {
        let versions = ListVersions()
        versions.listenerConnected()
        let ticket = versions.ticket
        versions.listenerLost()
        versions.listenerConnected()
        versions.learn(3, of: Self.key, readAt: ticket)
        #expect(versions.version(of: Self.key) == nil)
    }

    @Test func losingTheListenerForgetsEverything() {
        let versions = ListVersions()
        versions.listenerConnected()
        versions.learn(3, of: Self.key, readAt: versions.ticket)
        versions.listenerLost()
        #expect(versions.version(of: Self.key) == nil)
        #expect(!versions.isListening && versions.lossCount == 1)
        versions.listenerConnected()
        #expect(versions.version(of: Self.key) == nil, "nothing from before the loss comes back")
    }

    /// A lookup that read an older version than a notice heard meanwhile keeps the newer one.
    @Test func aNewerVersionHeardIsKept() {
        let versions = ListVersions()
        versions.listenerConnected()
        let ticket = versions.ticket
        versions.heard(5, of: Self.key)
        versions.learn(4, of: Self.key, readAt: ticket)
        #expect(versions.version(of: Self.key) == 5)
        versions.heard(6, of: Self.key)
        #expect(versions.version(of: Self.key) == 6)
    }

    @Test func aVersionIsBelievedForItsLifetimeOnly() {
        let clock = ManualClock()
        let versions = ListVersions(lifetime: 1_000_000_000, clock: { clock.nanoseconds })
        versions.listenerConnected()
        versions.learn(3, of: Self.key, readAt: versions.ticket)
        clock.advance(milliseconds: 999)
        #expect(versions.version(of: Self.key) == 3)
        clock.advance(milliseconds: 1)
        #expect(versions.version(of: Self.key) == nil, "read again once the lifetime is over")
        versions.heard(4, of: Self.key)
        #expect(versions.version(of: Self.key) == 4, "a notice renews it")
    }

    /// Past its capacity everything goes, and a lookup under way (which may
    /// have missed a notice of what went) is not remembered.
    @Test func neverHoldsMoreThanItsCapacity() {
        let versions = ListVersions(capacity: 2)
        versions.listenerConnected()
        let ticket = versions.ticket
        for user in ["usr_1", "usr_2"] { versions.heard(1, of: ListVersionKey(user: user, list: .insights)) }
        versions.heard(1, of: ListVersionKey(user: "usr_3", list: .insights))
        #expect(versions.version(of: Self.key) == nil)
        #expect(versions.version(of: ListVersionKey(user: "usr_3", list: .insights)) == 1)
        versions.learn(1, of: ListVersionKey(user: "usr_4", list: .insights), readAt: ticket)
        #expect(versions.version(of: ListVersionKey(user: "usr_4", list: .insights)) == nil)
    }

    @Test func anErasureForgetsTheUsersVersions() {
        let versions = ListVersions()
        versions.listenerConnected()
        let ticket = versions.ticket
        versions.heard(2, of: Self.key)
        versions.heard(2, of: ListVersionKey(user: "usr_2", list: .insights))
        versions.forget(user: "usr_1")
        #expect(versions.version(of: Self.key) == nil)
        #expect(versions.version(of: ListVersionKey(user: "usr_2", list: .insights)) == 2)
        versions.learn(1, of: Self.key, readAt: ticket)
        #expect(versions.version(of: Self.key) == nil, "a lookup under way is not remembered")
    }

    /// Only the insights list is read by version: no other list is held, or
    /// announced (each announcement serializes a commit on PostgreSQL).
    @Test func onlyTheInsightsListIsHeldAndAnnounced() {
        let versions = ListVersions()
        versions.listenerConnected()
        let goals = ListVersionKey(user: "usr_1", list: .goals)
        versions.heard(3, of: goals)
        versions.learn(3, of: goals, readAt: versions.ticket)
        #expect(versions.version(of: goals) == nil)
        for list in [CountedList.goals, .consultations, .workouts] {
            #expect(!ListVersions.raise(list, for: "usr_1", channel: "c", dialect: .postgres).sql.contains("pg_notify"))
        }
        #expect(ListVersions.raise(.insights, for: "usr_1", channel: "c", dialect: .postgres).sql.contains("pg_notify"))
        #expect(!ListVersions.raise(.insights, for: "usr_1", channel: "c", dialect: .sqlite).sql.contains("pg_notify"))
    }

    @Test func announcementsAreToldFromErasures() {
        let announced = ListVersions.announcement(in: "list 42 insights usr_ab")
        #expect(announced?.key == ListVersionKey(user: "usr_ab", list: .insights) && announced?.version == 42)
        for payload in [
            "usr_ab", "list", "list 42 insights", "list 42 insights ", "list x insights usr_ab",
            "list 42 meals usr_ab", "list 99999999999999999999 insights usr_ab",
        ] {
            #expect(ListVersions.announcement(in: payload) == nil, "\(payload)")
        }
    }

    /// On a file (SQLite), no listener: a version is believed while the
    /// engine's commit epoch is unchanged, and a new epoch (anyone committed
    /// to the file) forgets every version.
    @Test func onAFileAVersionIsBelievedWhileNothingIsCommitted() {
        let epoch = CommitEpoch(1)
        let versions = ListVersions(commits: epoch.answer)
        #expect(versions.isListening, "no listener to wait for")
        #expect(versions.version(of: Self.key) == nil)
        versions.learn(3, of: Self.key, readAt: versions.ticket)
        #expect(versions.version(of: Self.key) == 3)
        #expect(versions.version(of: Self.key) == 3, "still nothing committed")
        epoch.set(2)
        #expect(versions.version(of: Self.key) == nil, "something was committed: read again")
        #expect(versions.version(of: Self.key) == nil, "and forgotten, not only hidden")
        versions.learn(4, of: Self.key, readAt: versions.ticket)
        #expect(versions.version(of: Self.key) == 4)
        #expect(epoch.asked == 6, "every lookup asks")
        #expect(versions.version(of: ListVersionKey(user: "usr_1", list: .goals)) == nil)
        #expect(epoch.asked == 6, "a list not held asks nothing")
    }

    /// A read that began before a commit was noticed is not remembered, and
    /// one that nobody has checked since is forgotten at the next lookup.
    @Test func onAFileALookupOvertakenByACommitIsNotRemembered() {
        let epoch = CommitEpoch(1)
        let versions = ListVersions(commits: epoch.answer)
        _ = versions.version(of: Self.key)
        let ticket = versions.ticket
        epoch.set(2)
        _ = versions.version(of: ListVersionKey(user: "usr_2", list: .insights))
        versions.learn(3, of: Self.key, readAt: ticket)
        #expect(versions.version(of: Self.key) == nil, "read before the commit was noticed")

        let unchecked = versions.ticket
        epoch.set(3)
        versions.learn(5, of: Self.key, readAt: unchecked)
        #expect(versions.version(of: Self.key) == nil, "read before a commit nobody had noticed yet")
    }

    /// When the engine cannot tell (the file busy), nothing is believed, and
    /// what was held before is not believed again afterwards.
    @Test func onAFileNothingIsBelievedWhenTheEngineCannotTell() {
        let epoch = CommitEpoch(1)
        let versions = ListVersions(commits: epoch.answer)
        _ = versions.version(of: Self.key)
        versions.learn(3, of: Self.key, readAt: versions.ticket)
        epoch.set(nil)
        #expect(versions.version(of: Self.key) == nil)
        versions.learn(3, of: Self.key, readAt: versions.ticket)
        #expect(versions.version(of: Self.key) == nil)
        epoch.set(1)
        #expect(versions.version(of: Self.key) == nil, "an answer after a failure is a new start")
    }

    /// An answer older than the epoch followed (a lookup that asked earlier
    /// but took the lock later) is not believed; it forgets nothing either.
    @Test func onAFileAnOlderAnswerIsNotBelieved() {
        let epoch = CommitEpoch(2)
        let versions = ListVersions(commits: epoch.answer)
        _ = versions.version(of: Self.key)
        versions.learn(3, of: Self.key, readAt: versions.ticket)
        epoch.set(1)
        #expect(versions.version(of: Self.key) == nil)
        epoch.set(2)
        #expect(versions.version(of: Self.key) == 3)
    }
}

/// A commit epoch a test sets (``SQLEngine/commitEpoch()``), counting how often it is asked.
private final class CommitEpoch: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64?
    private var asks = 0

    init(_ value: UInt64?) {
        self.value = value
    }

    var answer: @Sendable () -> UInt64? {
        { [self] in
            lock.withLock {
                asks += 1
                return value
            }
        }
    }

    var asked: Int { lock.withLock { asks } }

    func set(_ newValue: UInt64?) {
        lock.withLock { value = newValue }
    }
}

/// SQLite: another process (another store on the same file, as
/// `wellness-server erase-user` opens, or any other connection) may write the
/// file at any time; what it commits is seen by the next lookup at once,
/// while versions are believed from memory when nothing was committed.
@Suite struct SQLiteListVersionsTests {
    private static var query: InsightQuery {
        var query = InsightQuery()
        query.pageSize = 5
        return query
    }

    /// Nothing committed: the version is believed (no read); another store's
    /// change is served by the next read, and so is this store's own.
    @Test func anotherProcesssChangeIsSeenAtOnce() async throws {
        let server = try await TestServer.make(.sqlite)
        let reader = server.store
        let user = try await server.user(days: 30)
        let other = try await server.reopen()
        let key = ListVersionKey(user: user.id, list: .insights)
        try await Self.expectCurrent(reader, other, user.id, "first read")
        try await Self.expectCurrent(reader, other, user.id, "read again")
        #expect(reader.listVersions.version(of: key) == (try await ListPages.stored(other, user.id)), "believed")

        let listed = try await other.insights.list(for: user.id, query: Self.query).insights
        for (index, insight) in listed.prefix(3).enumerated() {
            _ = try await other.insights.update(insight.id, for: user.id, with: UpdateInsightRequest(isFavorite: true))
            try await Self.expectCurrent(reader, other, user.id, "another store's change \(index)")
            try await Self.expectCurrent(reader, other, user.id, "another store's change \(index), read again")
        }
        _ = try await reader.insights.update(listed[0].id, for: user.id, with: UpdateInsightRequest(isRead: true))
        try await Self.expectCurrent(reader, other, user.id, "its own change")
        try await Self.expectCurrent(reader, other, user.id, "its own change, read again")
        #expect(reader.listVersions.version(of: key) == (try await ListPages.stored(other, user.id)), "believed again")
        await other.shutdown()
    }

    /// A connection that is no store's raises the version in the file: the next lookup reads it.
    @Test func aVersionWrittenByAnyConnectionIsSeenAtOnce() async throws {
        let server = try await TestServer.make(.sqlite)
        let user = try await server.user(days: 10)
        let key = ListVersionKey(user: user.id, list: .insights)
        let before = try await server.store.listVersion(.insights, for: user.id)
        #expect(try await server.store.listVersion(.insights, for: user.id) == before)
        #expect(server.store.listVersions.version(of: key) == before, "believed while nothing is committed")
        let path = try #require(server.store.engine as? SQLiteEngine).path
        let connection = try SQLiteEngine(path: path, readers: 1)
        try await connection.query(
            "UPDATE list_versions SET version = version + 7 WHERE user_id = ? AND list = 'insights'", [.text(user.id)])
        #expect(try await server.store.listVersion(.insights, for: user.id) == before + 7)
        await connection.shutdown()
    }

    /// Another store erases the user (what `wellness-server erase-user`
    /// does): this one, which holds the user's page and version, serves
    /// nothing of theirs from memory afterwards.
    @Test func anErasureByAnotherProcessIsNeverServedFromMemory() async throws {
        let server = try await TestServer.make(.sqlite)
        let user = try await server.user(days: 30)
        let reader = server.store
        _ = try await reader.insights.encodedInsights(for: user.id, query: Self.query)
        let held = try await reader.insights.encodedInsights(for: user.id, query: Self.query)
        #expect(!held.insights.isEmpty)
        let command = try await server.reopen()
        #expect(try await command.erase(user.id) == .account)
        let served = try await reader.insights.encodedInsights(for: user.id, query: Self.query)
        #expect(served.insights.isEmpty && served.pagination.totalCount == 0)
        #expect(try await reader.listVersion(.insights, for: user.id) == 0)
        await command.shutdown()
    }

    /// The engine's commit epoch: unchanged while nothing is committed,
    /// new after a commit by another connection or by its own writer.
    @Test func theCommitEpochMovesWithEveryCommit() async throws {
        let server = try await TestServer.make(.sqlite)
        let engine = server.store.engine
        let first = try #require(engine.commitEpoch())
        #expect(engine.commitEpoch() == first)
        let user = try await server.user()
        let afterOwn = try #require(engine.commitEpoch())
        #expect(afterOwn != first, "its own writer's commit")
        #expect(engine.commitEpoch() == afterOwn)
        let other = try await server.reopen()
        _ = try await other.engine.query("UPDATE users SET tokens_valid_after_ms = 1 WHERE id = ?", [.text(user.id)])
        #expect(engine.commitEpoch() != afterOwn, "another store's commit")
        await other.shutdown()
    }

    /// Within a request, a check that began after the request did answers
    /// for it (it has seen every commit made before the request began); a
    /// request that began after a commit always sees it.
    @Test func aCheckIsSharedOnlyByRequestsThatBeganBeforeIt() async throws {
        let server = try await TestServer.make(.sqlite)
        let engine = server.store.engine
        let user = try await server.user()
        let other = try SQLiteEngine(path: try #require(engine as? SQLiteEngine).path, readers: 1)
        let raise = "UPDATE users SET tokens_valid_after_ms = tokens_valid_after_ms + 1 WHERE id = ?"
        let commit = { @Sendable in try await other.query(raise, [.text(user.id)]) }
        let checked = try await RequestStart.$nanoseconds.withValue(RequestStart.now()) {
            let checked = try #require(engine.commitEpoch(), "the last check began before the request: checks")
            try await commit()
            #expect(engine.commitEpoch() == checked, "answered by the check that began after the request did")
            return checked
        }
        let later = try await RequestStart.$nanoseconds.withValue(RequestStart.now()) {
            let later = engine.commitEpoch()
            #expect(later != checked, "a request that began after a commit sees it")
            return later
        }
        try await commit()
        #expect(engine.commitEpoch() != later, "outside a request every call checks")
        await other.shutdown()
    }

    /// The page `reader` serves is the one `writer` reads from the database now.
    private static func expectCurrent(_ reader: Store, _ writer: Store, _ userId: String, _ label: String)
        async throws
    {
        try await ListPages.expectCurrent(reader, writer, userId, query, label)
    }
}

/// Two instances on one PostgreSQL database (two stores): each serves its
/// own changes at once and another's once its listener has heard them, and
/// reads the database while its listener is lost.
@Suite(
    .enabled(
        if: TestEngine.postgresURL != nil,
        "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
struct PostgresListVersionsTests {
    /// A change through one instance is seen by the other from its listener
    /// (the version in memory, no lookup), and by itself at once.
    @Test func anotherInstancesChangeIsHeard() async throws {
        let server = try await TestServer.make(.postgres)
        let writer = server.store
        let reader = try await server.reopen()
        let user = try await server.user(days: 30)
        let key = ListVersionKey(user: user.id, list: .insights)
        try await Self.untilListening(writer, reader)
        var query = InsightQuery()
        query.pageSize = 5
        try await ListPages.expectCurrent(reader, writer, user.id, query, "first read")
        try await ListPages.expectCurrent(reader, writer, user.id, query, "read again")
        #expect(reader.listVersions.version(of: key) == (try await ListPages.stored(writer, user.id)))

        let listed = try await writer.insights.list(for: user.id, query: query).insights[0]
        _ = try await writer.insights.update(listed.id, for: user.id, with: UpdateInsightRequest(isFavorite: true))
        let raised = try await ListPages.stored(writer, user.id)
        #expect(writer.listVersions.version(of: key) == raised, "the writer knows its own change at once")
        try await ListPages.expectCurrent(writer, writer, user.id, query, "the writer's next read")
        // Only a notice tells the reader: it looks nothing up while it believes its version.
        try await Self.until("the reader hears the change") { reader.listVersions.version(of: key) == raised }
        try await ListPages.expectCurrent(reader, writer, user.id, query, "after the notice")

        // And the other way round: the reader's own change is seen by its next read.
        _ = try await reader.insights.update(listed.id, for: user.id, with: UpdateInsightRequest(isRead: true))
        #expect(reader.listVersions.version(of: key) == (try await ListPages.stored(writer, user.id)))
        try await ListPages.expectCurrent(reader, writer, user.id, query, "the reader's own change")
        await reader.shutdown()
    }

    /// The listeners' connections are cut: until they are back every check
    /// reads the database (a change made meanwhile, whose notice nobody
    /// hears, is seen at once), and after they are back no page from before is served.
    @Test func aLostListenerFallsBackToTheDatabase() async throws {
        let server = try await TestServer.make(.postgres)
        let writer = server.store
        let reader = try await server.reopen()
        let user = try await server.user(days: 30)
        let key = ListVersionKey(user: user.id, list: .insights)
        try await Self.untilListening(writer, reader)
        var query = InsightQuery()
        query.pageSize = 5
        try await ListPages.expectCurrent(reader, writer, user.id, query, "before")
        try await ListPages.expectCurrent(reader, writer, user.id, query, "before, read again")
        #expect(reader.listVersions.version(of: key) != nil)

        let losses = reader.listVersions.lossCount
        // No new connection until the checks are done, so that the listeners stay lost meanwhile (the pools' stay).
        let database = try #require(
            try await writer.engine.query("SELECT current_database() AS name").first?.text("name"))
        let admin = try PostgresEngine(url: try #require(TestEngine.postgresURL), maximumConnections: 1)
        try await admin.query("ALTER DATABASE \(database) ALLOW_CONNECTIONS false")
        let listeners = try await writer.engine.query(
            """
            SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%'
            """)
        #expect(listeners.count == 2, "one listener per instance")
        try await Self.until("the reader notices its listener is lost") { reader.listVersions.lossCount > losses }
        #expect(reader.listVersions.version(of: key) == nil, "what it held is forgotten")
        // Changes nobody hears: each seen at once, from the database.
        let listed = try await writer.insights.list(for: user.id, query: query).insights
        for (index, insight) in listed.prefix(3).enumerated() {
            _ = try await writer.insights.update(insight.id, for: user.id, with: UpdateInsightRequest(isFavorite: true))
            let stored = try await ListPages.stored(writer, user.id)
            #expect(try await reader.listVersion(.insights, for: user.id) == stored)
            try await ListPages.expectCurrent(reader, writer, user.id, query, "while lost, change \(index)")
            try await ListPages.expectCurrent(reader, writer, user.id, query, "while lost, change \(index) read again")
            #expect(!reader.listVersions.isListening && reader.listVersions.version(of: key) == nil)
        }
        try await admin.query("ALTER DATABASE \(database) ALLOW_CONNECTIONS true")
        await admin.shutdown()
        try await Self.untilListening(writer, reader)
        try await ListPages.expectCurrent(reader, writer, user.id, query, "reconnected")
        _ = try await writer.insights.update(listed[0].id, for: user.id, with: UpdateInsightRequest(isRead: true))
        let raised = try await ListPages.stored(writer, user.id)
        try await Self.until("the reconnected reader hears the change") {
            reader.listVersions.version(of: key) == raised
        }
        try await ListPages.expectCurrent(reader, writer, user.id, query, "after a change heard on the new listener")
        await reader.shutdown()
    }

    private static func untilListening(_ stores: Store...) async throws {
        try await until("the listeners connect") { stores.allSatisfy(\.listVersions.isListening) }
    }

    /// Waits until `condition` holds, 10 s at most.
    static func until(_ what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try await !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("not within 10 s: \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

extension Store {
    /// Waits until this instance sees `writer`'s last change to the user's
    /// insights (on PostgreSQL, once its listener has heard the notice).
    func caughtUp(with writer: Store, on userId: String) async throws {
        let stored =
            try await writer.engine.query(
                "SELECT version FROM list_versions WHERE user_id = ? AND list = 'insights'", [.text(userId)]
            ).first?.integer("version") ?? 0
        try await PostgresListVersionsTests.until("the change is heard") {
            try await listVersion(.insights, for: userId) >= stored
        }
    }
}

/// What both engines' list-version suites check a served page and a stored version by.
private enum ListPages {
    /// The page `reader` serves is the one `writer` reads from the database now.
    static func expectCurrent(
        _ reader: Store, _ writer: Store, _ userId: String, _ query: InsightQuery, _ label: String
    ) async throws {
        let served = try await reader.insights.encodedInsights(for: userId, query: query)
        let current = try await writer.insights.list(for: userId, query: query)
        #expect(served.insights == (try current.insights.map { try JSONWriter.bytes($0.json) }), "\(label)")
        #expect(served.pagination == current.pagination, "\(label)")
    }

    /// The version of the user's insights list in the database.
    static func stored(_ store: Store, _ userId: String) async throws -> Int64 {
        try await store.engine.query(
            "SELECT version FROM list_versions WHERE user_id = ? AND list = 'insights'", [.text(userId)]
        ).first?.integer("version") ?? 0
    }
}
