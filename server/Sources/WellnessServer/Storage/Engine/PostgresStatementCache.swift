import Foundation
import Logging
import PostgresNIO

/// Reads that PostgreSQL parses and plans once per connection, not on every run.
///
/// Parsing and planning were about two thirds of PostgreSQL's CPU for a list
/// request; executing the plan was a tenth of it. postgres-nio prepares a
/// statement once per connection and then only binds and executes it, but
/// only for a type conforming to `PostgresPreparedStatement`, whose SQL is a
/// static property; it has no such call for SQL known at run time. So each
/// distinct statement (its SQL and its parameters' types) is given a number
/// the first time it runs, and statement number n is the type
/// `Numbered<Numbered<…<First>>>`, nested n deep, whose SQL this cache holds.
///
/// Only reads outside transactions use it. postgres-nio remembers a failed
/// preparation on its connection for good, so a prepared read that fails is
/// run once more unprepared: a read may run twice, a write may not.
/// At most 128 statements are numbered; others run unprepared.
final class PostgresStatementCache: @unchecked Sendable {
    /// One for the process: a number names the same statement on every connection.
    static let shared = PostgresStatementCache(capacity: 128)

    private struct Key: Hashable {
        var sql: String
        var types: [PostgresDataType]
    }

    /// The most statements numbered.
    let capacity: Int
    private let lock = NSLock()
    private var numbers: [Key: Int] = [:]
    private var keys: [Key] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Runs `sql` prepared on `connection`; nil (nothing run) when it has no number and can get none.
    func rows(
        _ sql: String, _ bindings: PostgresBindings, types: [PostgresDataType],
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [SQLRow]? {
        guard let number = number(for: sql, types: types) else { return nil }
        let statement = Self.statement(First.self, remaining: number, bindings: bindings)
        return try await statement.rows(on: connection, logger: logger)
    }

    /// The number of the statement, nil when ``capacity`` statements are numbered already.
    func number(for sql: String, types: [PostgresDataType]) -> Int? {
        let key = Key(sql: sql, types: types)
        return lock.withLock {
            if let number = numbers[key] { return number }
            guard keys.count < capacity else { return nil }
            numbers[key] = keys.count
            keys.append(key)
            return keys.count - 1
        }
    }

    fileprivate func key(_ number: Int) -> (sql: String, types: [PostgresDataType]) {
        lock.withLock { keys.indices.contains(number) ? (keys[number].sql, keys[number].types) : ("", []) }
    }

    /// Statement number `Slot.index + 1 + remaining`.
    private static func statement<Slot: StatementNumber>(
        _ slot: Slot.Type, remaining: Int,
        bindings: PostgresBindings
    ) -> any RowsStatement {
        remaining > 0
            ? statement(Numbered<Slot>.self, remaining: remaining - 1, bindings: bindings)
            : Numbered<Slot>.Statement(bindings: bindings)
    }
}

/// A type standing for a statement's number.
private protocol StatementNumber {
    static var index: Int { get }
}

private enum First: StatementNumber {
    static var index: Int { -1 }
}

private enum Numbered<Previous: StatementNumber>: StatementNumber {
    static var index: Int { Previous.index + 1 }

    struct Statement: PostgresPreparedStatement, RowsStatement {
        static var name: String { "wellness_\(Numbered.index)" }
        static var sql: String { PostgresStatementCache.shared.key(Numbered.index).sql }
        static var bindingDataTypes: [PostgresDataType] { PostgresStatementCache.shared.key(Numbered.index).types }
        let bindings: PostgresBindings

        func makeBindings() -> PostgresBindings { bindings }
        func decodeRow(_ row: PostgresRow) -> PostgresRow { row }

        func rows(on connection: PostgresConnection, logger: Logger) async throws -> [SQLRow] {
            try await PostgresEngine.rows(connection.execute(self, logger: logger))
        }
    }
}

private protocol RowsStatement {
    func rows(on connection: PostgresConnection, logger: Logger) async throws -> [SQLRow]
}
