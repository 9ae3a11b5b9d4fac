import Foundation
import WellnessKitCore

/// Everything stored about a user, opened, as one JSON document written
/// piece by piece (`GET /api/v1/account/export`, `wellness-server
/// export-user`): rows are read a page at a time, so a user with years of
/// data is never held in memory whole.
///
/// The document is an object: `format` and `exported_at`, then `user`
/// (`id`, `name`, `created_at`), `profile`, `api_keys` (id, prefix and
/// creation time; never a key), `checkins`, `daily_metrics` (oldest first), `workouts` (oldest first), `insights` (each with its
/// read/favourite/archive state and `generation`, how it was made), `goals`,
/// `consultations` (each with its `messages`, each with `data_queries` and `generation`),
/// `ai_token_usage` (tokens per UTC day), and last `"complete": true`: a
/// document cut short by a failure midway lacks it.
extension Store {
    /// Rows read per statement.
    static let exportPageSize: Int64 = 200
    /// Bytes gathered before they are handed on.
    static let exportChunkBytes = 64 << 10

    /// Writes the user's export to `write`, in chunks of about 64 KiB.
    /// - Returns: false when there is no such user (nothing is written then).
    /// - Throws: what the database, opening a sealed value or `write` throws;
    ///   what was written by then is a document without `"complete": true`.
    public func exportAccount(_ userId: String, to write: ([UInt8]) async throws -> Void) async throws -> Bool {
        guard
            let user = try await engine.query("SELECT name, created_ms FROM users WHERE id = ?", [.text(userId)]).first
        else { return false }
        try await userKeys.load(userId)
        try await withoutActuallyEscaping(write) { write in
            try await export(userId, user, to: ExportOutput(write: write))
        }
        return true
    }

    private func export(_ userId: String, _ user: SQLRow, to output: ExportOutput) async throws {
        let name = try cipher.open(
            try user.blob("name"), for: SealedField(table: "users", column: "name", row: userId, user: userId))
        try await output.append(#"{"format":"wellness-account-export","version":1,"exported_at":"#)
        try await output.append(Timestamp(milliseconds: clock()).json)
        try await output.append(#","user":"#)
        try await output.append(
            .object(
                JSONObject([
                    ("id", .string(userId)), ("name", .string(name)),
                    ("created_at", Timestamp(milliseconds: try user.integer("created_ms")).json),
                ])))
        try await output.append(#","profile":"#)
        try await output.append(try await profiles.get(for: userId).json)
        try await output.append(#","api_keys":"#)
        try await exportAPIKeys(of: userId, to: output)
        // The arrays, in the order of the AccountExport schema, each written as its rows are read.
        let arrays: [(String, (String, ExportOutput) async throws -> Void)] = [
            ("checkins", exportCheckIns), ("daily_metrics", exportDailyMetrics), ("workouts", exportWorkouts),
            ("insights", exportInsights),
            ("goals", exportGoals), ("consultations", exportConsultations), ("ai_token_usage", exportTokenUsage),
        ]
        for (name, exportRows) in arrays {
            try await output.open(#",""# + name + #"":["#)
            try await exportRows(userId, output)
            try await output.close("]")
        }
        try await output.append(#","complete":true}"#)
        try await output.flush()
    }

    private func exportAPIKeys(of userId: String, to output: ExportOutput) async throws {
        // A user from before `api_keys` still has the key of users.api_key_fingerprint (prefix unknown).
        let rows = try await engine.query(
            """
            SELECT id, prefix, created_ms FROM api_keys WHERE user_id = ?
            UNION ALL
            SELECT 'key_' || id AS id, NULL AS prefix, created_ms FROM users
            WHERE id = ? AND NOT EXISTS (SELECT 1 FROM api_keys WHERE api_keys.user_id = users.id)
            ORDER BY created_ms, id
            """, [.text(userId), .text(userId)])
        try await output.append(
            .array(
                try rows.map { row in
                    APIKeyRecord(
                        id: try row.text("id"), prefix: try row.optionalText("prefix"),
                        createdMilliseconds: try row.integer("created_ms")
                    ).json()
                }))
    }

    private func exportCheckIns(of userId: String, to output: ExportOutput) async throws {
        var after = ""
        while true {
            let rows = try await engine.query(
                "SELECT date, body FROM checkins WHERE user_id = ? AND date > ? ORDER BY date LIMIT ?",
                [.text(userId), .text(after), .integer(Self.exportPageSize)])
            for row in rows {
                let date = try row.text("date")
                let body = try cipher.open(
                    try row.blob("body"), for: SealedField(table: "checkins", column: "body", row: date, user: userId))
                try await output.element(try CheckIn(json: JSONParser.parse(body)).json)
                after = date
            }
            if Int64(rows.count) < Self.exportPageSize { return }
        }
    }

    private func exportDailyMetrics(of userId: String, to output: ExportOutput) async throws {
        var after = ""
        while true {
            let rows = try await engine.query(
                "SELECT date, body FROM daily_metrics WHERE user_id = ? AND date > ? ORDER BY date LIMIT ?",
                [.text(userId), .text(after), .integer(Self.exportPageSize)])
            for row in rows {
                try await output.element(try dailyMetrics.dailyMetrics(from: row, userId: userId).json)
                after = try row.text("date")
            }
            if Int64(rows.count) < Self.exportPageSize { return }
        }
    }

    private func exportWorkouts(of userId: String, to output: ExportOutput) async throws {
        var after: [SQLValue] = [.integer(Int64.min), .text("")]
        while true {
            let rows = try await engine.query(
                """
                SELECT id, start_ms, end_ms, body FROM workouts WHERE user_id = ? AND (start_ms, id) > (?, ?)
                ORDER BY start_ms, id LIMIT ?
                """, [.text(userId)] + after + [.integer(Self.exportPageSize)])
            for row in rows {
                let workout = try workouts.workout(from: row, userId: userId)
                try await output.element(workout.json)
                after = [.integer(workout.start), .text(workout.id)]
            }
            if Int64(rows.count) < Self.exportPageSize { return }
        }
    }

    private func exportInsights(of userId: String, to output: ExportOutput) async throws {
        var after = ""
        while true {
            let rows = try await engine.query(
                """
                SELECT \(InsightSQLRepository.columns), generation_source, generation_model, generation_prompt_version,
                    generation_fallback_reason
                FROM insights WHERE user_id = ? AND id > ? ORDER BY id LIMIT ?
                """, [.text(userId), .text(after), .integer(Self.exportPageSize)])
            for row in rows {
                try await output.element(
                    Self.with(
                        generation: try Self.provenance(from: row),
                        try insights.insight(from: row, remembering: false).json))
                after = try row.text("id")
            }
            if Int64(rows.count) < Self.exportPageSize { return }
        }
    }

    private func exportGoals(of userId: String, to output: ExportOutput) async throws {
        var after = ""
        while true {
            let rows = try await engine.query(
                "SELECT id, body FROM goals WHERE user_id = ? AND id > ? ORDER BY id LIMIT ?",
                [.text(userId), .text(after), .integer(Self.exportPageSize)])
            for row in rows {
                try await output.element(try goals.goal(from: row, userId: userId).json)
                after = try row.text("id")
            }
            if Int64(rows.count) < Self.exportPageSize { return }
        }
    }

    private func exportConsultations(of userId: String, to output: ExportOutput) async throws {
        var after = ""
        while true {
            let rows = try await engine.query(
                "SELECT id, body FROM consultations WHERE user_id = ? AND id > ? ORDER BY id LIMIT ?",
                [.text(userId), .text(after), .integer(Self.exportPageSize)])
            for row in rows {
                let consultation = try consultations.consultation(from: row, userId: userId)
                guard case .object(var members) = consultation.json else { continue }
                members.remove("messages")
                // The consultation's members, then its messages, written as they are read.
                var head = try JSONWriter.bytes(.object(members))
                head.removeLast()
                head.append(contentsOf: (members.members.isEmpty ? #""messages":["# : #","messages":["#).utf8)
                try await output.separate()
                try await output.open(head)
                try await exportMessages(of: consultation, to: output)
                try await output.close("]}")
                after = consultation.id
            }
            if Int64(rows.count) < Self.exportPageSize { return }
        }
    }

    private func exportMessages(of consultation: Consultation, to output: ExportOutput) async throws {
        var after: Int64 = 0
        while true {
            let page = try await consultations.messages(of: consultation, after: after, limit: Self.exportPageSize)
            for entry in page {
                try await output.element(
                    Self.with(generation: entry.provenance, entry.message.apiJSON(dataQueries: entry.dataQueries)))
                after = entry.sequence
            }
            if Int64(page.count) < Self.exportPageSize { return }
        }
    }

    private func exportTokenUsage(of userId: String, to output: ExportOutput) async throws {
        let rows = try await engine.query(
            "SELECT day, tokens FROM ai_token_usage WHERE user_id = ? ORDER BY day", [.text(userId)])
        for row in rows {
            let day = try row.integer("day")
            let date = Timestamp(milliseconds: day.multipliedReportingOverflow(by: 86_400_000).partialValue)
            try await output.element(
                .object(
                    JSONObject([
                        ("date", .string(String(date.description.prefix(10)))),
                        ("tokens", .number(String(try row.integer("tokens")))),
                    ])))
        }
    }

    /// `json` (an object) with `generation`: how it was made, or null when not recorded.
    private static func with(generation: GenerationProvenance?, _ json: JSONValue) -> JSONValue {
        guard case .object(var members) = json else { return json }
        let value: JSONValue =
            generation.map { provenance in
                .object(
                    JSONObject([
                        ("source", .string(provenance.source.rawValue)),
                        ("model", provenance.model.map(JSONValue.string) ?? .null),
                        ("prompt_version", provenance.promptVersion.map(JSONValue.string) ?? .null),
                        ("fallback_reason", provenance.fallbackReason.map { .string($0.rawValue) } ?? .null),
                    ]))
            } ?? .null
        members.append("generation", value)
        return .object(members)
    }
}

/// Gathers an export's bytes and hands them on in chunks. Used by one task at a time.
private final class ExportOutput: @unchecked Sendable {
    private let write: ([UInt8]) async throws -> Void
    private var buffer: [UInt8] = []
    /// For each array open, innermost last: whether it has an element yet.
    private var arrays: [Bool] = []

    init(write: @escaping ([UInt8]) async throws -> Void) {
        self.write = write
        buffer.reserveCapacity(Store.exportChunkBytes)
    }

    func append(_ text: String) async throws {
        try await append(Array(text.utf8))
    }

    func append(_ json: JSONValue) async throws {
        try await append(try JSONWriter.bytes(json))
    }

    func append(_ bytes: [UInt8]) async throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Store.exportChunkBytes { try await flush() }
    }

    /// Writes `text`, which opens an array (it ends with `[`).
    func open(_ text: String) async throws {
        try await open(Array(text.utf8))
    }

    func open(_ bytes: [UInt8]) async throws {
        arrays.append(false)
        try await append(bytes)
    }

    /// Writes `text`, which closes the innermost array.
    func close(_ text: String) async throws {
        _ = arrays.popLast()
        try await append(text)
    }

    /// The separator before the innermost array's next element.
    func separate() async throws {
        if arrays.last == true { buffer.append(UInt8(ascii: ",")) }
        if !arrays.isEmpty { arrays[arrays.count - 1] = true }
    }

    /// One element of the array being written.
    func element(_ json: JSONValue) async throws {
        try await separate()
        try await append(json)
    }

    func flush() async throws {
        guard !buffer.isEmpty else { return }
        let chunk = buffer
        buffer.removeAll(keepingCapacity: true)
        try await write(chunk)
    }
}
