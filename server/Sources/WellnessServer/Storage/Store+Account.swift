import Foundation
import WellnessKitCore

/// A user's whole account: erased at the user's request (or an operator's),
/// everywhere at once.
///
/// Erasing deletes every row of the user in every table in one transaction,
/// then forgets the user's cached credentials, pages and opened insights on
/// every instance: on PostgreSQL the transaction sends a notice that each
/// instance's watch hears when it commits (``SQLEngine/watch(channel:_:)``).
/// Writes of the user racing with it never outlive it: each write
/// transaction first holds the user's row (``holdUser(_:on:)``), so it either
/// commits before the erasure starts deleting (and its rows are deleted with
/// the rest) or finds the user gone (``AccountErased``) and writes nothing.
extension Store {
    /// The notification channel of erasures; the payload is the user's id.
    static let erasureChannel = "wellness_erased"

    /// Every table with rows of a user, and the condition selecting them (one
    /// parameter, the user's id), children before parents. A new table of
    /// user data joins this list; `AccountTests` fails for a table left out.
    static let userRows: [(table: String, condition: String)] = [
        ("messages", "consultation_id IN (SELECT id FROM consultations WHERE user_id = ?)"),
        ("consultations", "user_id = ?"),
        ("consultation_counts", "user_id = ?"),
        ("goals", "user_id = ?"),
        ("goal_counts", "user_id = ?"),
        ("insights", "user_id = ?"),
        ("insight_counts", "user_id = ?"),
        ("list_versions", "user_id = ?"),
        ("checkins", "user_id = ?"),
        ("workouts", "user_id = ?"),
        ("workout_counts", "user_id = ?"),
        ("profiles", "user_id = ?"),
        ("idempotency_keys", "user_id = ?"),
        ("ai_token_usage", "user_id = ?"),
        // The AI endpoints' buckets are the user's; sign-up buckets are a client address's.
        ("rate_limit_buckets", "subject = ? AND scope <> 'signup'"),
        ("api_keys", "user_id = ?"),
        ("users", "id = ?"),
    ]

    /// Deletes every row of the user in every table (``userRows``) in one
    /// transaction, and forgets what any instance remembers of them: their
    /// API keys and tokens are refused from the moment it commits. Then
    /// deletes their data key (``UserKeys``): copies of the data made before
    /// hold nothing of theirs that opens.
    /// - Returns: false when there is no such user (already erased, say).
    /// - Throws: the database's failure (nothing is deleted then), or the key
    ///   store's (the rows are gone; a retry deletes the key).
    @discardableResult
    public func eraseUser(_ userId: String) async throws -> Bool {
        let dialect = engine.dialect
        let erased = try await engine.transaction { session in
            // Taken first, as every write of the user takes it first (holdUser): no write waits for a row
            // this transaction holds while holding one it needs.
            guard
                try await !session.query("SELECT id FROM users WHERE id = ?\(dialect.forUpdate)", [.text(userId)])
                    .isEmpty
            else { return false }
            for (table, condition) in Self.userRows {
                try await session.query("DELETE FROM \(table) WHERE \(condition)", [.text(userId)])
            }
            if let notify = dialect.notify {
                try await session.query(notify, [.text(Self.erasureChannel), .text(userId)])
            }
            return true
        }
        forgetErased(userId)
        // Also when the user was gone already: an erasure whose key deletion failed is finished by its retry.
        try await userKeys.erase(userId)
        return erased
    }

    /// Forgets every cached credential, page and opened insight of an erased user.
    func forgetErased(_ userId: String) {
        principals.forgetUser(userId)
        userKeys.forget(userId)
        insightPages.forget(user: userId)
        openedInsights.forget(user: userId)
    }

    /// Follows the erasures of every instance sharing the database: each one's
    /// user is forgotten when it commits, and while notices may be missed no
    /// cached credential is believed. Nothing to do on an unshared database.
    func watchErasures() {
        guard engine.isShared else { return }
        principals.isTrusted = false
        engine.watch(channel: Self.erasureChannel) { [self] notice in
            switch notice {
            case .listening: principals.isTrusted = true
            case .lost: principals.isTrusted = false
            case .notified(let userId): forgetErased(userId)
            }
        }
    }

    /// Holds the user's row until the transaction ends, so that an erasure
    /// cannot delete it meanwhile (PostgreSQL's `FOR KEY SHARE`; SQLite has one
    /// writer). The first statement of every write transaction of a user.
    /// - Throws: ``AccountErased`` when the user is gone: nothing of theirs is written.
    func holdUser(_ userId: String, on session: any SQLSession) async throws {
        guard
            try await !session.query(
                "SELECT id FROM users WHERE id = ?\(engine.dialect.forKeyShare)", [.text(userId)]
            ).isEmpty
        else { throw AccountErased(userId: userId) }
    }

    /// Whether `apiKey` is one of the user's keys, looked up now (never
    /// remembered): the confirmation an erasure asks for.
    public func isAPIKey(_ apiKey: String, of userId: String) async throws -> Bool {
        let fingerprint = Credentials.fingerprint(ofAPIKey: apiKey)
        return try await engine.query(Self.keyOwnerQuery, [.text(fingerprint), .text(fingerprint)])
            .contains { (try? $0.text("user_id")) == userId }
    }
}

/// A write of a user whose account was erased while the request was in flight.
public struct AccountErased: Error, CustomStringConvertible {
    public let userId: String

    public var description: String { "the account \(userId) was erased" }
}
