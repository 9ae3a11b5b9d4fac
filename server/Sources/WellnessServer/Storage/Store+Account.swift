import Foundation
import WellnessKitCore

/// A user's whole account: erased at the user's request (or an operator's),
/// everywhere at once.
///
/// Erasing deletes the user's data key first (a key store that fails stops
/// it before anything is deleted), then every row of the user in every table
/// in one transaction, then forgets the user's cached credentials, pages and opened insights on
/// every instance: on PostgreSQL the transaction sends a notice that each
/// instance's watch hears when it commits (``SQLEngine/watch(channel:_:)``);
/// on SQLite it changes a mark that every instance on the file reads before
/// believing a remembered credential (``followErasures()``).
/// Writes of the user racing with it never outlive it: each write
/// transaction first holds the user's row (``holdUser(_:on:)``), so it either
/// commits before the erasure starts deleting (and its rows are deleted with
/// the rest) or finds the user gone (``AccountErased``) and writes nothing.
extension Store {
    /// The notification channel of erasures (the payload is the user's id)
    /// and of lists' new versions (``ListVersions/noticePrefix``), so that one
    /// listening connection per instance hears both.
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
        ("daily_metrics", "user_id = ?"),
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

    /// The name, in `meta`, of the mark each erasure on SQLite changes: what
    /// an instance reads to learn of an erasure by another process on the
    /// same file (``followErasures()``), as PostgreSQL's instances hear of it
    /// through notices.
    static let erasureMarkName = "erasure_mark"

    /// Erases the user (``erase(_:)``).
    /// - Returns: false when there was nothing to erase (no such user, and no key of theirs).
    @discardableResult
    public func eraseUser(_ userId: String) async throws -> Bool {
        try await erase(userId) != .nothing
    }

    /// Deletes the user's data key (``UserKeys``) first, then every row of the
    /// user in every table (``userRows``) in one transaction, and forgets what
    /// any instance remembers of them: their API keys and tokens are refused
    /// from the moment it commits (on PostgreSQL it returns once this
    /// instance's listener has heard the erasure's notice, at most 1 s after:
    /// ``ErasureNotices``). So an erasure that reports success has
    /// shredded every copy of the data made before (backups, dumps), and one
    /// whose key store fails erases nothing and is retried. Between the two
    /// steps the user's rows remain but no longer open anywhere but in the
    /// memory of instances already holding the key.
    /// - Returns: what was erased: ``Erasure/keyOnly`` finishes an erasure
    ///   interrupted after its rows were deleted (by versions that deleted the key last).
    /// - Throws: ``KeyStoreUnavailable`` when the key store fails: nothing is
    ///   erased then; the database's failure (the key is gone, the rows stay;
    ///   a retry deletes them).
    public func erase(_ userId: String) async throws -> Erasure {
        let hadKey = try await userKeys.erase(userId)
        defer { forgetErased(userId) }
        let dialect = engine.dialect
        let shared = engine.isShared
        // Only while listening: an instance not listening believes no remembered credential anyway.
        let notice = shared && principals.isTrusted ? erasureNotices.expect(userId) : nil
        defer { notice?.end() }
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
            if !shared {
                try await session.query(
                    """
                    INSERT INTO meta (name, value) VALUES (?, ?)
                    ON CONFLICT (name) DO UPDATE SET value = excluded.value
                    """, [.text(Self.erasureMarkName), .blob(Array(UUID().uuidString.utf8))])
            }
            return true
        }
        if erased { await notice?.wait() }
        return erased ? .account : hadKey ? .keyOnly : .nothing
    }

    /// On an engine without notices (SQLite), where another process
    /// (`wellness-server erase-user`) may erase a user of the same file:
    /// reads the erasure mark (one row), and when it changed since this
    /// instance last read it, forgets every remembered credential and data
    /// key, so that the erased user's key and token are refused from the
    /// next request on. Called before a remembered credential is believed.
    /// The mark is not read again while nothing was committed to the file
    /// since it last was (``SQLEngine/commitEpoch()``, a cheaper check).
    func followErasures() async throws {
        guard !engine.isShared else { return }
        let epoch = engine.commitEpoch()
        if let epoch, principals.hasFollowedErasures(in: epoch) { return }
        // Shared with the requests asking at the same time: a read that started after this call is as good.
        let mark = try await erasureMarkReads.value(for: 0) {
            try await engine.pointQuery("SELECT value FROM meta WHERE name = ?", [.text(Self.erasureMarkName)])
                .first?.blob("value") ?? []
        }
        if principals.follow(erasureMark: mark) { userKeys.forgetAll() }
        // Only once followed: a request finding this epoch believes what is remembered.
        if let epoch { principals.followedErasures(in: epoch) }
    }

    /// Forgets every cached credential, page and opened insight of an erased user.
    func forgetErased(_ userId: String) {
        principals.forgetUser(userId)
        userKeys.forget(userId)
        insightPages.forget(user: userId)
        openedInsights.forget(user: userId)
        listVersions.forget(user: userId)
    }

    /// Follows the erasures of every instance sharing the database: each one's
    /// user is forgotten when it commits, and while notices may be missed no
    /// cached credential (or list version, ``ListVersions``) is believed.
    /// Nothing to do on an unshared database.
    func watchErasures() {
        guard engine.isShared else { return }
        principals.isTrusted = false
        engine.watch(channel: Self.erasureChannel) { [self] notice in
            switch notice {
            case .listening:
                principals.isTrusted = true
                listVersions.listenerConnected()
            case .lost:
                principals.isTrusted = false
                listVersions.listenerLost()
            case .notified(let payload) where payload.hasPrefix(ListVersions.noticePrefix):
                // A list's new version, on the same listener (one connection per instance).
                if let (key, version) = ListVersions.announcement(in: payload) { listVersions.heard(version, of: key) }
            case .notified(let userId):
                forgetErased(userId)
                erasureNotices.heard(userId)
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
        return try await engine.query(APIKeySQLRepository.keyOwnerQuery, [.text(fingerprint), .text(fingerprint)])
            .contains { (try? $0.text("user_id")) == userId }
    }
}

/// What ``Store/erase(_:)`` found to erase.
public enum Erasure: Sendable, Equatable {
    /// The user's data key and every row of theirs.
    case account
    /// The user's data key only: their rows were deleted by an erasure that
    /// was interrupted before it deleted the key.
    case keyOnly
    /// Nothing: no such user, and no key of theirs.
    case nothing
}

/// A write of a user whose account was erased while the request was in flight.
public struct AccountErased: Error, CustomStringConvertible {
    public let userId: String

    public var description: String { "the account \(userId) was erased" }
}
