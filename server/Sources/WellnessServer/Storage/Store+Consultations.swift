import Foundation
import WellnessKitCore

extension Store {
    public func createConsultation(_ request: CreateConsultationRequest, for userId: String) throws -> Consultation {
        let now = Timestamp(milliseconds: Self.nowMilliseconds())
        let consultation = Consultation(id: Self.newId("con"), userId: userId, persona: request.persona,
                                        contextType: request.contextType, contextId: request.contextId,
                                        title: request.title, createdAt: now, updatedAt: now)
        try save(consultation, created: true)
        return consultation
    }

    public func consultation(_ id: String, for userId: String) throws -> Consultation? {
        try database.query("SELECT body FROM consultations WHERE id = ? AND user_id = ?", [.text(id), .text(userId)])
            .first.flatMap { $0.first?.text }.map { try Consultation(json: JSONParser.parse($0)) }
    }

    public func consultations(for userId: String, archived: Bool?, page: Int, pageSize: Int) throws
        -> ([Consultation], Pagination) {
        var filter = "user_id = ?"
        var parameters: [Database.Value] = [.text(userId)]
        if let archived {
            filter += " AND is_archived = ?"
            parameters.append(.init(archived))
        }
        let total = Int(try database.query("SELECT COUNT(*) FROM consultations WHERE \(filter)", parameters)
            .first?.first?.integer ?? 0)
        let rows = try database.query(
            "SELECT body FROM consultations WHERE \(filter) ORDER BY created_ms DESC, id DESC LIMIT ? OFFSET ?",
            parameters + [.integer(Int64(pageSize)), .integer(Int64((page - 1) * pageSize))])
        return (try rows.compactMap { $0.first?.text }.map { try Consultation(json: JSONParser.parse($0)) },
                Pagination.of(page: page, pageSize: pageSize, total: total))
    }

    /// Appends messages (sealed) to a consultation and updates its counters.
    public func append(_ messages: [(role: ConsultationMessage.Role, content: String)],
                       to consultation: Consultation) throws -> [ConsultationMessage] {
        try database.transaction {
            var stored: [ConsultationMessage] = []
            var updated = consultation
            for message in messages {
                let now = Store.nowMilliseconds()
                let sequence = updated.messageCount + 1
                let record = ConsultationMessage(id: Self.newId("msg"), consultationId: consultation.id,
                                                 role: message.role, content: message.content,
                                                 createdAt: Timestamp(milliseconds: now))
                try database.query("""
                    INSERT INTO messages (id, consultation_id, role, content, created_ms, sequence) VALUES (?, ?, ?, ?, ?, ?)
                    """, [.text(record.id), .text(consultation.id), .text(message.role.rawValue),
                          .blob(try cipher.seal(message.content)), .integer(now), .integer(Int64(sequence))])
                updated.messageCount = sequence
                updated.lastMessageAt = record.createdAt
                updated.updatedAt = record.createdAt
                stored.append(record)
            }
            try save(updated, created: false)
            return stored
        }
    }

    public func messages(of consultation: Consultation) throws -> [ConsultationMessage] {
        try database.query("""
            SELECT id, role, content, created_ms FROM messages WHERE consultation_id = ? ORDER BY sequence
            """, [.text(consultation.id)]).map { row in
            ConsultationMessage(id: row[0].text ?? "", consultationId: consultation.id,
                                role: ConsultationMessage.Role(rawValue: row[1].text ?? "") ?? .user,
                                content: try cipher.open(row[2].blob ?? []),
                                createdAt: Timestamp(milliseconds: row[3].integer ?? 0))
        }
    }

    private func save(_ consultation: Consultation, created: Bool) throws {
        let body = try JSONWriter.string(consultation.json)
        if created {
            try database.query("INSERT INTO consultations (id, user_id, is_archived, body, created_ms) VALUES (?, ?, ?, ?, ?)",
                               [.text(consultation.id), .text(consultation.userId), .init(consultation.isArchived),
                                .text(body), .integer(Self.nowMilliseconds())])
        } else {
            try database.query("UPDATE consultations SET is_archived = ?, body = ? WHERE id = ?",
                               [.init(consultation.isArchived), .text(body), .text(consultation.id)])
        }
    }
}
