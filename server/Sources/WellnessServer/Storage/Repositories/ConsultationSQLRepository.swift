import Foundation
import WellnessKitCore

/// ``ConsultationRepository`` in the store's database (either engine,
/// ``SQLEngine``): each consultation sealed in `body`, its archive flag plain
/// for the list's filter; messages sealed, bound to their consultation.
public struct ConsultationSQLRepository: ConsultationRepository {
    /// The database, the users' keys and the lists' bookkeeping the consultations share with the other resources.
    let store: Store

    public func create(_ request: CreateConsultationRequest, for userId: String) async throws
        -> Consultation
    {
        try await store.userKeys.load(userId)
        let now = store.clock()
        let consultation = Consultation(
            id: Store.newId("con"), userId: userId, persona: request.persona,
            contextType: request.contextType, contextId: request.contextId,
            title: request.title, createdAt: Timestamp(milliseconds: now),
            updatedAt: Timestamp(milliseconds: now))
        let body = try sealedBody(of: consultation)
        try await store.changingLists(of: userId) { [self] session in
            try await requireContext(request, of: userId, on: session)
            try await session.query(
                """
                INSERT INTO consultations (id, user_id, is_archived, body, created_ms) VALUES (?, ?, ?, ?, ?)
                """,
                [.text(consultation.id), .text(userId), .init(consultation.isArchived), .blob(body), .integer(now)])
            var change = ListChange()
            change.added(.consultation(archived: consultation.isArchived))
            return ((), change)
        }
        return consultation
    }

    /// A consultation may only be about the user's own insight or goal: any other id,
    /// another user's or none at all, is 404, as everywhere else.
    private func requireContext(_ request: CreateConsultationRequest, of userId: String, on session: any SQLSession)
        async throws
    {
        guard let contextId = request.contextId else { return }
        let (table, what): (String, String)
        switch request.contextType {
        case .insight?: (table, what) = ("insights", "Insight")
        case .goal?: (table, what) = ("goals", "Goal")
        case .general?, nil: return
        }
        guard
            try await !session.query(
                "SELECT 1 FROM \(table) WHERE id = ? AND user_id = ?",
                [.text(contextId), .text(userId)]
            ).isEmpty
        else {
            throw APIFailure.notFound(what)
        }
    }

    public func get(_ id: String, for userId: String) async throws -> Consultation? {
        try await store.userKeys.load(userId)
        return try await consultation(id, for: userId, on: store.engine, locking: false)
    }

    private func consultation(_ id: String, for userId: String, on session: any SQLSession, locking: Bool) async throws
        -> Consultation?
    {
        let lock = locking ? store.engine.dialect.forUpdate : ""
        return try await session.query(
            "SELECT id, body FROM consultations WHERE id = ? AND user_id = ?\(lock)",
            [.text(id), .text(userId)]
        ).first.map { try consultation(from: $0, userId: userId) }
    }

    public func list(for userId: String, archived: Bool?, page: Int, pageSize: Int) async throws
        -> ([Consultation], Pagination)
    {
        try await store.userKeys.load(userId)
        return try await store.newestFirst(
            .consultations, of: userId, where: "is_archived", equals: archived.map { SQLValue($0) }, page: page,
            pageSize: pageSize
        ) { try consultation(from: $0, userId: userId) }
    }

    /// Appends messages (sealed) to a consultation and updates its counters,
    /// the last message with `records` (how the reply was made, its data
    /// queries) when given: one transaction through ``changingLists(of:_:)``,
    /// so a reply is stored with its records or not at all. The consultation
    /// is read again, locked, inside the transaction, so concurrent messages
    /// get consecutive sequence numbers.
    public func append(
        _ messages: [(role: ConsultationMessage.Role, content: String, proposals: [CoachProposal])],
        to consultation: Consultation, records replyRecords: ReplyRecords? = nil
    ) async throws -> [ConsultationMessage] {
        let userId = consultation.userId
        try await store.userKeys.load(userId)
        let now = store.clock()
        let records = messages.map { message in
            ConsultationMessage(
                id: Store.newId("msg"), consultationId: consultation.id, role: message.role,
                content: message.content, createdAt: Timestamp(milliseconds: now),
                proposals: message.proposals)
        }
        let lastId = records.last?.id
        let sealed = try records.map { record in
            (
                content: try store.cipher.seal(
                    record.content, for: Self.messageField(consultation.id, record.id, userId)),
                proposals: record.proposals.isEmpty
                    ? SQLValue.null
                    : .blob(
                        try store.cipher.seal(
                            try JSONWriter.string(.array(record.proposals.map(\.json))),
                            for: Self.proposalsField(consultation.id, record.id, userId))),
                made: try record.id == lastId ? sealedRecords(replyRecords, of: record, userId: userId) : Self.noRecords
            )
        }
        return try await store.changingLists(of: userId) { [self] session in
            guard var updated = try await self.consultation(consultation.id, for: userId, on: session, locking: true)
            else {
                throw APIFailure.notFound("Consultation")
            }
            for (record, values) in zip(records, sealed) {
                let sequence = updated.messageCount + 1
                try await session.query(
                    """
                    INSERT INTO messages (id, consultation_id, role, content, proposals, created_ms, sequence,
                        generation_source, generation_model, generation_prompt_version, generation_fallback_reason,
                        data_queries)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(record.id), .text(consultation.id), .text(record.role.rawValue), .blob(values.content),
                        values.proposals, .integer(now), .integer(Int64(sequence)),
                    ] + values.made)
                updated.messageCount = sequence
                updated.lastMessageAt = record.createdAt
                updated.updatedAt = record.createdAt
            }
            try await session.query(
                "UPDATE consultations SET body = ? WHERE id = ?",
                [.blob(try sealedBody(of: updated)), .text(updated.id)])
            return (records, ListChange())
        }
    }

    /// A message's `generation_*` and `data_queries` columns, all null.
    private static let noRecords: [SQLValue] = [.null, .null, .null, .null, .null]

    /// The `generation_*` and `data_queries` columns of a reply with `records` (null without them).
    private func sealedRecords(_ records: ReplyRecords?, of message: ConsultationMessage, userId: String) throws
        -> [SQLValue]
    {
        guard let records else { return Self.noRecords }
        let queries: SQLValue =
            records.dataQueries.isEmpty
            ? .null
            : .blob(
                try store.cipher.seal(
                    try JSONWriter.string(.array(records.dataQueries)),
                    for: Self.dataQueriesField(message.consultationId, message.id, userId)))
        return Store.values(records.provenance) + [queries]
    }

    public func messages(of consultation: Consultation) async throws -> [ConsultationMessage] {
        try await messages(of: consultation, after: 0, limit: Int64.max).map(\.message)
    }

    /// The consultation's messages in their API form: each with the data queries its reply ran
    /// (`data_queries`, empty when none).
    public func messagesJSON(of consultation: Consultation) async throws -> [JSONValue] {
        try await messages(of: consultation, after: 0, limit: Int64.max).map { entry in
            entry.message.apiJSON(dataQueries: entry.dataQueries)
        }
    }

    /// Up to `limit` of the consultation's messages after the one numbered
    /// `sequence` (0: from the first), in order, each with its number, how it
    /// was made and the data queries it ran.
    func messages(of consultation: Consultation, after sequence: Int64, limit: Int64) async throws
        -> [(
            message: ConsultationMessage, sequence: Int64, provenance: GenerationProvenance?, dataQueries: [JSONValue]
        )]
    {
        try await store.userKeys.load(consultation.userId)
        return try await store.engine.query(
            """
            SELECT id, role, content, created_ms, proposals, sequence, generation_source, generation_model,
                generation_prompt_version, generation_fallback_reason, data_queries
            FROM messages WHERE consultation_id = ? AND sequence > ? ORDER BY sequence LIMIT ?
            """, [.text(consultation.id), .integer(sequence), .integer(limit)]
        ).map { row in
            let id = try row.text("id")
            let role = try row.text("role")
            guard let messageRole = ConsultationMessage.Role(rawValue: role) else {
                throw SQLColumnError.invalid("role", holds: role, expected: "a message role")
            }
            let proposals = try row.optionalBlob("proposals").map { sealed in
                try [CoachProposal](
                    json: JSONParser.parse(
                        store.cipher.open(sealed, for: Self.proposalsField(consultation.id, id, consultation.userId))))
            }
            let message = ConsultationMessage(
                id: id, consultationId: consultation.id,
                role: messageRole,
                content: try store.cipher.open(
                    try row.blob("content"), for: Self.messageField(consultation.id, id, consultation.userId)),
                createdAt: Timestamp(milliseconds: try row.integer("created_ms")), proposals: proposals ?? [])
            var dataQueries: [JSONValue] = []
            if let sealed = try row.optionalBlob("data_queries") {
                let field = Self.dataQueriesField(consultation.id, id, consultation.userId)
                guard case .array(let items) = try JSONParser.parse(store.cipher.open(sealed, for: field)) else {
                    throw SQLColumnError.invalid("data_queries", holds: "another JSON value", expected: "an array")
                }
                dataQueries = items
            }
            return (message, try row.integer("sequence"), try Store.provenance(from: row), dataQueries)
        }
    }

    private func sealedBody(of consultation: Consultation) throws -> [UInt8] {
        try store.cipher.seal(
            try JSONWriter.string(consultation.json),
            for: SealedField(
                table: "consultations", column: "body", row: consultation.id,
                user: consultation.userId))
    }

    func consultation(from row: SQLRow, userId: String) throws -> Consultation {
        let field = SealedField(table: "consultations", column: "body", row: try row.text("id"), user: userId)
        return try Consultation(json: JSONParser.parse(store.cipher.open(try row.blob("body"), for: field)))
    }

    /// A message is bound to its consultation as well as its own id.
    static func messageField(_ consultationId: String, _ id: String, _ userId: String) -> SealedField {
        SealedField(table: "messages", column: "content", row: "\(consultationId)/\(id)", user: userId)
    }

    static func proposalsField(_ consultationId: String, _ id: String, _ userId: String) -> SealedField {
        SealedField(table: "messages", column: "proposals", row: "\(consultationId)/\(id)", user: userId)
    }

    static func dataQueriesField(_ consultationId: String, _ id: String, _ userId: String) -> SealedField {
        SealedField(table: "messages", column: "data_queries", row: "\(consultationId)/\(id)", user: userId)
    }

    /// Records the data queries a reply ran and their results (a JSON array of
    /// `{"query": {…}, "result": {…}}`), sealed; nothing when the array is empty.
    /// - Returns: false when the user has no such message.
    /// - Throws: a validation error when `queries` is not an array; the database's failure.
    @discardableResult
    public func recordDataQueries(ofMessage messageId: String, userId: String, _ queries: JSONValue) async throws
        -> Bool
    {
        guard case .array(let items) = queries else {
            throw WellnessError.validation("expected an array, found \(queries.kindDescription)", at: .root)
        }
        guard !items.isEmpty else { return true }
        try await store.userKeys.load(userId)
        guard
            let consultationId = try await store.engine.query(
                """
                SELECT messages.consultation_id AS consultation_id FROM messages
                JOIN consultations ON consultations.id = messages.consultation_id
                WHERE messages.id = ? AND consultations.user_id = ?
                """, [.text(messageId), .text(userId)]
            ).first?.text("consultation_id")
        else { return false }
        let sealed = try store.cipher.seal(
            try JSONWriter.string(queries), for: Self.dataQueriesField(consultationId, messageId, userId))
        try await store.engine.query(
            "UPDATE messages SET data_queries = ? WHERE id = ? AND consultation_id = ?",
            [.blob(sealed), .text(messageId), .text(consultationId)])
        return true
    }
}
