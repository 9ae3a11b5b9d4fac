import Foundation
import WellnessKitCore

/// The sealed fields of recently read insights, opened (decrypted and
/// parsed), so that reading the same insights again costs no AES-GCM open and
/// no JSON parse: opening is most of what a list page costs.
///
/// An insight's sealed fields never change once stored, so an entry never
/// goes stale. A list also keeps the whole insight's JSON in its entry, with
/// the row state it was written in, and writes it again from there only while
/// the row is in that state. It is keyed by the insight's id and owner, exactly what the
/// sealed values are bound to, and only values that opened are kept.
/// Deleting an insight through this instance forgets it at once; an insight
/// deleted by another instance is no longer listed (lists come from the
/// database) and ages out. The opened text lives in this process's memory
/// only, never on disk. A capacity of 0 turns the cache off.
final class OpenedInsightCache: @unchecked Sendable {
    /// The opened sealed fields of one insight.
    struct Content: Sendable {
        var title: String
        var content: String
        var summary: String?
        var suggestions: [String]?
        var dataContext: DataContext?
        /// The whole insight as JSON, once a list has written it.
        var encoding: Encoding?
    }

    /// An insight's JSON and the state it was written in: the row's values
    /// that an update may change. It is valid while the row has that state.
    struct Encoding: Sendable {
        var state: [SQLValue]
        var json: [UInt8]
    }

    private struct Key: Hashable {
        let id: String
        let user: String
    }

    /// Entries kept at most.
    let capacity: Int
    private let lock = NSLock()
    // Two generations approximate least-recently-used eviction at dictionary
    // cost: a hit in the older one moves the entry to the newer one, and when
    // the newer one is full the older one (what was not read since) goes.
    private var recent: [Key: Content] = [:]
    private var older: [Key: Content] = [:]

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    /// The opened fields of insight `id` of `user`, if remembered.
    func content(of id: String, user: String) -> Content? {
        guard capacity > 0 else { return nil }
        let key = Key(id: id, user: user)
        return lock.withLock {
            if let content = recent[key] { return content }
            guard let content = older.removeValue(forKey: key) else { return nil }
            insert(content, for: key)
            return content
        }
    }

    func remember(_ content: Content, of id: String, user: String) {
        guard capacity > 0 else { return }
        lock.withLock { insert(content, for: Key(id: id, user: user)) }
    }

    /// Adds `encoding` to the entry of insight `id` of `user`, if there is one.
    func remember(_ encoding: Encoding, of id: String, user: String) {
        let key = Key(id: id, user: user)
        lock.withLock {
            recent[key]?.encoding = encoding
            older[key]?.encoding = encoding
        }
    }

    /// Forgets a deleted insight, so its text does not outlive it in memory.
    func forget(_ id: String, user: String) {
        let key = Key(id: id, user: user)
        lock.withLock {
            recent[key] = nil
            older[key] = nil
        }
    }

    /// Forgets every insight of an erased user.
    func forget(user: String) {
        lock.withLock {
            recent = recent.filter { $0.key.user != user }
            older = older.filter { $0.key.user != user }
        }
    }

    /// Entries held now (at most ``capacity``).
    var count: Int {
        lock.withLock { recent.count + older.count }
    }

    private func insert(_ content: Content, for key: Key) {
        let generation = max(capacity / 2, 1)
        if recent.count >= generation {
            // With a capacity of 1 there is room for the newer generation only.
            older = capacity == 1 ? [:] : recent
            recent = [:]
            recent.reserveCapacity(generation)
        }
        recent[key] = content
    }
}
