/// One version of the schema: the steps that take a database from the
/// version before it to this one (see ``Schema/migrations``).
struct SchemaMigration: Sendable {
    /// One change to the database.
    enum Step: Sendable {
        /// A statement, written once for both engines (see ``SQLDialect/schema(_:)``).
        case statement(String)
        /// A column added unless the table has it: versions whose databases
        /// exist both with and without it (nullable or with a default, as
        /// `ALTER TABLE ... ADD COLUMN` requires).
        case addColumn(table: String, column: String, definition: String)
        /// Rows rewritten by code, for what one statement cannot say on both engines.
        case rewrite(@Sendable (any SQLSession) async throws -> Void)
    }

    /// The version a database records in `meta` once these steps are applied.
    let version: Int
    /// What the version changes, for the log.
    let summary: String
    let steps: [Step]

    init(version: Int, summary: String, steps: [Step]) {
        self.version = version
        self.summary = summary
        self.steps = steps
    }

    init(version: Int, summary: String, statements: [String]) {
        self.init(version: version, summary: summary, steps: statements.map(Step.statement))
    }

    /// Applies the steps on `session`, a transaction of an engine of `dialect`.
    func apply(on session: any SQLSession, dialect: SQLDialect) async throws {
        for step in steps {
            switch step {
            case .statement(let sql):
                try await session.query(dialect.schema(sql))
            case .addColumn(let table, let column, let definition):
                guard try await session.query(dialect.columnLookup, [.text(table), .text(column)]).isEmpty else {
                    continue
                }
                try await session.query(dialect.schema("ALTER TABLE \(table) ADD COLUMN \(column) \(definition)"))
            case .rewrite(let body):
                try await body(session)
            }
        }
    }
}
