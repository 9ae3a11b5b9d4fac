import Foundation
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Performance: on PostgreSQL a list page kept in memory is checked against
/// the list's version held in memory, kept current by the database's notices;
/// never believed while notices may be missed.
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

    /// SQLite has no listener: every check reads the database, as before.
    @Test func sqliteReadsTheDatabaseEveryTime() async throws {
        let server = try await TestServer.make(.sqlite)
        let user = try await server.user(days: 10)
        #expect(!server.store.listVersions.isListening)
        let version = try await server.store.listVersion(.insights, for: user.id)
        #expect(version > 0)
        #expect(server.store.listVersions.version(of: ListVersionKey(user: user.id, list: .insights)) == nil)
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
        try await Self.expectCurrent(reader, writer, user.id, query, "first read")
        try await Self.expectCurrent(reader, writer, user.id, query, "read again")
        #expect(reader.listVersions.version(of: key) == (try await Self.stored(writer, user.id)))

        let listed = try await writer.insights.list(for: user.id, query: query).insights[0]
        _ = try await writer.insights.update(listed.id, for: user.id, with: UpdateInsightRequest(isFavorite: true))
        let raised = try await Self.stored(writer, user.id)
        #expect(writer.listVersions.version(of: key) == raised, "the writer knows its own change at once")
        try await Self.expectCurrent(writer, writer, user.id, query, "the writer's next read")
        // Only a notice tells the reader: it looks nothing up while it believes its version.
        try await Self.until("the reader hears the change") { reader.listVersions.version(of: key) == raised }
        try await Self.expectCurrent(reader, writer, user.id, query, "after the notice")

        // And the other way round: the reader's own change is seen by its next read.
        _ = try await reader.insights.update(listed.id, for: user.id, with: UpdateInsightRequest(isRead: true))
        #expect(reader.listVersions.version(of: key) == (try await Self.stored(writer, user.id)))
        try await Self.expectCurrent(reader, writer, user.id, query, "the reader's own change")
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
        try await Self.expectCurrent(reader, writer, user.id, query, "before")
        try await Self.expectCurrent(reader, writer, user.id, query, "before, read again")
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
            #expect(try await reader.listVersion(.insights, for: user.id) == (try await Self.stored(writer, user.id)))
            try await Self.expectCurrent(reader, writer, user.id, query, "while lost, change \(index)")
            try await Self.expectCurrent(reader, writer, user.id, query, "while lost, change \(index) read again")
            #expect(!reader.listVersions.isListening && reader.listVersions.version(of: key) == nil)
        }
        try await admin.query("ALTER DATABASE \(database) ALLOW_CONNECTIONS true")
        await admin.shutdown()
        try await Self.untilListening(writer, reader)
        try await Self.expectCurrent(reader, writer, user.id, query, "reconnected")
        _ = try await writer.insights.update(listed[0].id, for: user.id, with: UpdateInsightRequest(isRead: true))
        let raised = try await Self.stored(writer, user.id)
        try await Self.until("the reconnected reader hears the change") {
            reader.listVersions.version(of: key) == raised
        }
        try await Self.expectCurrent(reader, writer, user.id, query, "after a change heard on the new listener")
        await reader.shutdown()
    }

    /// The page `reader` serves is the one `writer` reads from the database now.
    private static func expectCurrent(
        _ reader: Store, _ writer: Store, _ userId: String, _ query: InsightQuery, _ label: String
    ) async throws {
        let served = try await reader.insights.encodedInsights(for: userId, query: query)
        let current = try await writer.insights.list(for: userId, query: query)
        #expect(served.insights == (try current.insights.map { try JSONWriter.bytes($0.json) }), "\(label)")
        #expect(served.pagination == current.pagination, "\(label)")
    }

    /// The version of the user's insights list in the database.
    private static func stored(_ store: Store, _ userId: String) async throws -> Int64 {
        try await store.engine.query(
            "SELECT version FROM list_versions WHERE user_id = ? AND list = 'insights'", [.text(userId)]
        ).first?.integer("version") ?? 0
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
