import Foundation
import Testing
import WellnessSQLite

@Suite struct SQLiteConnectionTests {
    private func connection(cachesStatements: Bool = false) throws -> SQLiteConnection {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString).db").path
        let connection = try SQLiteConnection(path: path, cachesStatements: cachesStatements)
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, body BLOB, score REAL)")
        return connection
    }

    @Test func rowsAreReadByColumnName() throws {
        let db = try connection()
        try db.query(
            "INSERT INTO t (id, name, body, score) VALUES (?, ?, ?, ?)",
            [.integer(7), .text("seven"), .blob([1, 2]), .real(0.5)])
        let row = try #require(try db.query("SELECT score, body, name, id FROM t").first)
        #expect(try row.integer("id") == 7)
        #expect(try row.text("name") == "seven")
        #expect(try row.blob("body") == [1, 2])
        #expect(try row.real("score") == 0.5)
    }

    @Test func aMissingColumnOrAnUnexpectedNullIsAnErrorNamingTheColumn() throws {
        let db = try connection()
        try db.query("INSERT INTO t (id) VALUES (1)")
        let row = try #require(try db.query("SELECT id, name FROM t").first)
        #expect(throws: SQLColumnError.self) { try row.text("body") }
        do {
            _ = try row.text("name")
            Issue.record("a NULL read as text")
        } catch let error as SQLColumnError {
            #expect(error.description == "column name holds NULL, not text")
        }
        #expect(try row.optionalText("name") == nil)
        #expect(throws: SQLColumnError.self) { try row.optionalBlob("id") }
    }

    @Test func textWithANulAndEmptyBytesSurviveARoundTrip() throws {
        let db = try connection()
        try db.query("INSERT INTO t (id, name, body) VALUES (1, ?, ?)", [.text("a\u{0}b é"), .blob([])])
        let row = try #require(try db.query("SELECT name, body, typeof(body) AS kind FROM t").first)
        #expect(try row.text("name") == "a\u{0}b é")
        #expect(try row.blob("body") == [])
        #expect(try row.text("kind") == "blob")
    }

    @Test func cachedStatementsAreResetBetweenQueries() throws {
        let db = try connection(cachesStatements: true)
        for id in 1...3 {
            try db.query("INSERT INTO t (id, name) VALUES (?, ?)", [.integer(Int64(id)), .text("n\(id)")])
        }
        for id in 1...3 {
            let rows = try db.query("SELECT name FROM t WHERE id = ?", [.integer(Int64(id))])
            #expect(try rows.map { try $0.text("name") } == ["n\(id)"])
        }
    }

    @Test func aFailedTransactionRollsBack() throws {
        let db = try connection()
        #expect(throws: SQLiteError.self) {
            try db.transaction {
                try db.query("INSERT INTO t (id) VALUES (1)")
                try db.query("INSERT INTO t (id) VALUES (1)")
            }
        }
        #expect(try db.query("SELECT count(*) AS n FROM t").first?.integer("n") == 0)
    }

    @Test func errorsCarrySQLitesMessage() throws {
        let db = try connection()
        do {
            try db.query("SELECT missing_column FROM t")
            Issue.record("a bad statement ran")
        } catch let error as SQLiteError {
            #expect(error.description.contains("no such column: missing_column"))
        }
    }
}
