import Testing

@testable import WellnessServer

@Suite struct SQLDialectTests {
    @Test func postgresNumbersEachPlaceholderInOrder() {
        #expect(
            SQLDialect.postgres.placeholders("SELECT a FROM t WHERE b = ? AND c IN (?, ?)")
                == "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)")
        let many = Array(repeating: "?", count: 12).joined(separator: ",")
        #expect(SQLDialect.postgres.placeholders(many) == (1...12).map { "$\($0)" }.joined(separator: ","))
    }

    @Test func quotedQuestionMarksAndTextAreLeftAlone() {
        #expect(
            SQLDialect.postgres.placeholders(#"SELECT '?', "a?b", 'é ? ü', ? FROM "t?""#)
                == #"SELECT '?', "a?b", 'é ? ü', $1 FROM "t?""#)
        #expect(SQLDialect.postgres.placeholders("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', $1")
    }

    @Test func sqliteKeepsItsPlaceholdersAndTypes() {
        let sql = "CREATE TABLE t (a BLOB, b INTEGER, c REAL) -- ?"
        #expect(SQLDialect.sqlite.placeholders(sql) == sql)
        #expect(SQLDialect.sqlite.schema(sql) == sql)
        #expect(SQLDialect.postgres.schema(sql) == "CREATE TABLE t (a BYTEA, b BIGINT, c DOUBLE PRECISION) -- ?")
    }

    @Test func selectsAreToldFromWrites() {
        #expect(SQLStatement.isSelect("SELECT 1"))
        #expect(SQLStatement.isSelect(" \n\r\tselect id FROM t"))
        #expect(!SQLStatement.isSelect("INSERT INTO t VALUES (1)"))
        #expect(!SQLStatement.isSelect("UPDATE t SET a = 1 -- SELECT"))
        #expect(!SQLStatement.isSelect("SELEC"))
        #expect(!SQLStatement.isSelect(""))
    }
}
