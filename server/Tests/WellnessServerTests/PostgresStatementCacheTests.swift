import Testing

@testable import WellnessServer

/// Reads are prepared once per connection, by the SQL and
/// parameter types they run with, and a read whose preparation failed still runs.
@Suite(
    .enabled(
        if: TestEngine.postgresURL != nil,
        "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
struct PostgresStatementCacheTests {
    /// An engine with one connection, so that every statement runs on it.
    private func withEngine(_ body: (PostgresEngine) async throws -> Void) async throws {
        let engine = try PostgresEngine(url: try await TestEngine.newPostgresDatabase(), maximumConnections: 1)
        do {
            try await body(engine)
        } catch {
            await engine.shutdown()
            throw error
        }
        await engine.shutdown()
    }

    /// The connection's prepared statements whose SQL contains `marker`, with their parameter types.
    private func prepared(_ marker: String, on engine: PostgresEngine) async throws -> [String] {
        try await engine.query(
            """
            SELECT parameter_types::text AS types FROM pg_prepared_statements WHERE statement LIKE '%' || ? || '%'
            AND statement NOT LIKE '%pg_prepared_statements%' ORDER BY 1
            """, [.text(marker)]
        ).map { try $0.text("types") }
    }

    @Test func aReadIsPreparedOnceAndRunsAgainWithNewValues() async throws {
        let sql = "SELECT CAST(? AS BIGINT) * 2 AS marker_double"
        // The numbers are the process's: the suites running beside this one may have taken all of them, and
        // then the read must run unprepared (and still answer).
        let converted = try PostgresEngine.statement(sql, [.integer(1)]).sql
        let numbered = PostgresStatementCache.shared.number(for: converted, types: [.int8]) != nil
        try await withEngine { engine in
            for number in 1...3 {
                let rows = try await engine.query(sql, [.integer(Int64(number))])
                #expect(try rows.first?.integer("marker_double") == Int64(number) * 2)
            }
            #expect(try await prepared("marker_double", on: engine) == (numbered ? ["{bigint}"] : []))
        }
    }

    @Test func eachParameterTypeHasItsOwnStatement() async throws {
        let sql = "SELECT COALESCE(CAST(? AS TEXT), 'none') AS marker_types"
        let converted = try PostgresEngine.statement(sql, [.null]).sql
        // As above: only the statements that got one of the process's numbers are prepared.
        let cache = PostgresStatementCache.shared
        let numbered = [
            cache.number(for: converted, types: [.null]), cache.number(for: converted, types: [.text]),
            cache.number(for: converted, types: [.int8]),
        ].compactMap { $0 }
        try await withEngine { engine in
            var answers: [String?] = []
            for value: SQLValue in [.null, .text("x"), .integer(5)] {
                answers.append(try await engine.query(sql, [value]).first?.text("marker_types"))
            }
            #expect(answers == ["none", "x", "5"])
            let statements = try await prepared("marker_types", on: engine)
            #expect(statements.count == numbered.count, "\(statements)")
        }
    }

    @Test func aReadWhosePreparationFailedStillRuns() async throws {
        try await withEngine { engine in
            let read = "SELECT n FROM marker_later WHERE n > ?"
            await #expect(throws: SQLFailure.self) { try await engine.query(read, [.integer(0)]) }
            try await engine.query("CREATE TABLE marker_later (n BIGINT)")
            try await engine.query("INSERT INTO marker_later (n) VALUES (4)")
            // postgres-nio now fails the prepared statement on this connection for good; the read runs unprepared.
            #expect(try await engine.query(read, [.integer(0)]).first?.integer("n") == 4)
        }
    }

    @Test func writesAreNotPrepared() async throws {
        try await withEngine { engine in
            try await engine.query("CREATE TABLE marker_writes (n BIGINT)")
            for number in 1...2 {
                try await engine.query("INSERT INTO marker_writes (n) VALUES (?)", [.integer(Int64(number))])
            }
            #expect(try await prepared("INSERT INTO marker_writes", on: engine).isEmpty)
        }
    }
}

@Suite struct StatementNumberingTests {
    @Test func statementsAreNumberedUpToTheCapacity() {
        let cache = PostgresStatementCache(capacity: 3)
        #expect(cache.number(for: "SELECT 1", types: []) == 0)
        #expect(cache.number(for: "SELECT ?", types: [.int8]) == 1)
        #expect(cache.number(for: "SELECT ?", types: [.text]) == 2)
        #expect(cache.number(for: "SELECT 1", types: []) == 0)
        #expect(cache.number(for: "SELECT 2", types: []) == nil)
        #expect(cache.number(for: "SELECT ?", types: [.int8]) == 1)
    }
}
