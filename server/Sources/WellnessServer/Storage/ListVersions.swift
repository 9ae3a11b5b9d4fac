import Foundation

/// The versions of users' lists (``Store/listVersion(_:for:)``) this instance
/// holds in memory, so that checking a list page kept in ``InsightPageCache``
/// costs no read of the database: on PostgreSQL while the listener hears
/// every change, on SQLite while nothing was committed to the file since.
///
/// On PostgreSQL, kept current by the database's notices: the transaction
/// that raises a list's version also sends the new version on the store's
/// notice channel (``raise(_:for:channel:dialect:)``), which every instance's
/// listener hears when it commits (``heard(_:of:)``), and the instance that
/// made the change takes the new version itself once it has committed
/// (``learn(_:of:readAt:)``). So the next read on the instance that made a
/// change sees it; another instance sees it once its listener has heard the
/// notice (a few milliseconds). A version is believed only while the
/// listener is connected and has been since the version was learned: losing
/// the listener forgets every version (notices sent meanwhile are missed),
/// and a lookup that began before the listener was lost or connected is not
/// remembered (``Ticket``). Until the listener connects, nothing is believed
/// and every check reads the database.
///
/// On SQLite, where another process (`wellness-server erase-user`) may write
/// the file and no notice tells of it, every lookup first asks the engine
/// whether anything was committed to the file since it last asked
/// (``SQLEngine/commitEpoch()``, SQLite's `PRAGMA data_version`): when
/// something was, by any process (this one's own writes too), every version
/// is forgotten and a lookup that began before is not remembered, exactly as
/// when a listener is lost; when nothing was, what was read since the
/// previous commit is still the file's. So every lookup sees every change
/// committed before it began (before its request began, ``RequestStart``),
/// in this process or another, at once. When the engine cannot tell,
/// nothing is believed.
///
/// A version is believed for ``lifetime`` at most, then read again: a
/// listener whose connection dies without a word (no loss is reported)
/// leaves a version stale for that long at most.
final class ListVersions: @unchecked Sendable {
    /// A mark taken before the database is read, so that what the read finds
    /// is remembered only if the listener has been connected throughout.
    struct Ticket: Sendable {
        fileprivate let epoch: UInt64
    }

    private struct Entry {
        var version: Int64
        /// When the version was last learned or heard, in monotonic nanoseconds.
        var learned: UInt64
    }

    /// How long a version is believed without being heard or read again, by default: 1 s, in nanoseconds.
    static let defaultLifetime: UInt64 = 1_000_000_000
    /// Versions held at most by default; beyond it all are forgotten (and read again).
    static let defaultCapacity = 100_000
    /// The start of a notice's payload that announces a list's version (an
    /// erasure's payload is a user id, never with a space).
    static let noticePrefix = "list "

    /// Whether `list`'s versions are held (and announced): the insights', whose
    /// pages are kept (``InsightPageCache``). No other list is read by version,
    /// and announcing costs every change: PostgreSQL commits the transactions
    /// that notify one at a time (the POST mix of the benchmark, goals and
    /// consultations among its writes, lost a third of its throughput when
    /// every list was announced).
    static func holds(_ list: CountedList) -> Bool {
        list == .insights
    }

    /// Nanoseconds a version is believed at most.
    let lifetime: UInt64
    let capacity: Int
    private let clock: @Sendable () -> UInt64
    /// On a database without notices (SQLite), the engine's ``SQLEngine/commitEpoch()``,
    /// asked before every lookup; nil where a listener hears the changes (PostgreSQL).
    private let commits: (@Sendable () -> UInt64?)?
    /// The commit epoch the versions held were learned in (``commits``).
    private var followedCommits: UInt64?
    private let lock = NSLock()
    private var entries: [ListVersionKey: Entry] = [:]
    private var listening = false
    /// Raised whenever notices may have been missed or remembered versions
    /// dropped: a lookup whose ticket is older is not remembered.
    private var epoch: UInt64 = 0
    private var losses = 0

    /// - Parameters:
    ///   - lifetime: nanoseconds a version is believed at most (0: none is).
    ///   - capacity: versions held at most (0: none is).
    ///   - clock: monotonic nanoseconds that versions age by (the system's
    ///     uptime, unless a test moves its own clock).
    ///   - commits: on a database without notices (SQLite), its engine's
    ///     ``SQLEngine/commitEpoch()``: versions are believed (no listener is
    ///     waited for) while it is unchanged. Nil: versions are believed while
    ///     the listener is connected (``listenerConnected()``).
    init(
        lifetime: UInt64 = defaultLifetime, capacity: Int = defaultCapacity,
        clock: @escaping @Sendable () -> UInt64 = PrincipalCache.uptimeNanoseconds,
        commits: (@Sendable () -> UInt64?)? = nil
    ) {
        self.lifetime = lifetime
        self.capacity = max(capacity, 0)
        self.clock = clock
        self.commits = commits
        listening = commits != nil
    }

    /// The version of the list, when this instance may believe the one it
    /// holds; on SQLite, only after finding nothing committed to the file
    /// since it was learned.
    func version(of key: ListVersionKey) -> Int64? {
        guard Self.holds(key.list) else { return nil }
        // Asked before the versions are looked at: a version learned after this answer is newer still.
        let committed = commits.map { $0() }
        let now = clock()
        return lock.withLock {
            guard listening, committed.map(follow) ?? true, let entry = entries[key], now >= entry.learned,
                now - entry.learned < lifetime
            else { return nil }
            return entry.version
        }
    }

    /// The mark to take before reading a version from the database (or raising it).
    var ticket: Ticket {
        lock.withLock { Ticket(epoch: epoch) }
    }

    /// A version read from the database (or raised by this instance) after
    /// `ticket` was taken: remembered if the listener has been connected
    /// since then, so that no notice of a newer version can have been missed.
    /// A newer version already heard is kept.
    func learn(_ version: Int64, of key: ListVersionKey, readAt ticket: Ticket) {
        let now = clock()
        lock.withLock {
            guard listening, Self.holds(key.list), ticket.epoch == epoch else { return }
            store(version, for: key, at: now)
        }
    }

    /// The listener heard `key`'s list raised to `version`.
    func heard(_ version: Int64, of key: ListVersionKey) {
        let now = clock()
        lock.withLock {
            guard listening, Self.holds(key.list) else { return }
            store(version, for: key, at: now)
        }
    }

    /// The listener is connected: every notice is heard from now on. Lookups
    /// that began before are not remembered (a notice may have come before it).
    func listenerConnected() {
        lock.withLock {
            listening = true
            epoch &+= 1
        }
    }

    /// The listener is lost: notices may be missed until it is back, so every
    /// version is forgotten and none is believed meanwhile.
    func listenerLost() {
        lock.withLock {
            listening = false
            epoch &+= 1
            losses &+= 1
            entries.removeAll()
        }
    }

    /// Forgets the versions of an erased user's lists.
    func forget(user: String) {
        lock.withLock {
            entries = entries.filter { $0.key.user != user }
            epoch &+= 1
        }
    }

    /// Whether the listener is connected (versions may be believed).
    var isListening: Bool {
        lock.withLock { listening }
    }

    /// How many times the listener was lost (for tests).
    var lossCount: Int {
        lock.withLock { losses }
    }

    /// Whether the versions held may be believed after the engine answered
    /// `epoch` (``commits``): a new epoch (something was committed to the
    /// file) or none (the engine cannot tell) forgets them all and any lookup
    /// under way, as a lost listener does. Called with the lock held.
    private func follow(_ epoch: UInt64?) -> Bool {
        if let epoch, let followed = followedCommits, epoch <= followed {
            // An older epoch than the one followed is an answer that lost the race for the lock: not believed.
            return epoch == followed
        }
        entries.removeAll()
        self.epoch &+= 1
        followedCommits = epoch
        return false
    }

    /// Called with the lock held.
    private func store(_ version: Int64, for key: ListVersionKey, at now: UInt64) {
        let known = entries[key]?.version
        if known == nil, entries.count >= capacity {
            // Lookups under way may have missed notices of what goes: they are not remembered.
            entries.removeAll()
            epoch &+= 1
        }
        guard capacity > 0 else { return }
        entries[key] = Entry(version: max(version, known ?? version), learned: now)
    }

    /// The statement that raises `list`'s version for `userId` by one and
    /// returns the new version (`version`); on a database with notices, for a
    /// list whose versions are held (``holds(_:)``), in the same statement,
    /// sends it on `channel` (``announcement(in:)`` reads it).
    static func raise(_ list: CountedList, for userId: String, channel: String, dialect: SQLDialect)
        -> SQLStatement
    {
        let upsert = """
            INSERT INTO list_versions (user_id, list, version) VALUES (?, ?, 1)
            ON CONFLICT (user_id, list) DO UPDATE SET version = list_versions.version + 1
            RETURNING version
            """
        let parameters: [SQLValue] = [.text(userId), .text(list.rawValue)]
        guard dialect.notify != nil, holds(list) else { return SQLStatement(upsert, parameters) }
        // "list VERSION LIST USER": the version is only known once raised, so the payload is written here.
        return SQLStatement(
            "WITH raised AS (\(upsert)) SELECT version, pg_notify(?, ? || version || ?) FROM raised",
            parameters + [.text(channel), .text(noticePrefix), .text(" \(list.rawValue) \(userId)")])
    }

    /// The list and version a notice's payload announces; nil for any other
    /// notice (an erasure's), and for an announcement of a list this version
    /// does not know (sent by a newer instance).
    static func announcement(in payload: String) -> (key: ListVersionKey, version: Int64)? {
        guard payload.hasPrefix(noticePrefix) else { return nil }
        let fields = payload.dropFirst(noticePrefix.count).split(
            separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let version = Int64(fields[0]), let list = CountedList(rawValue: String(fields[1])),
            !fields[2].isEmpty
        else { return nil }
        return (ListVersionKey(user: String(fields[2]), list: list), version)
    }
}
