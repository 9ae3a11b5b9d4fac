import Foundation

/// Reads of one value (per key) that requests asking at the same time share:
/// each request is answered by a read that *started after it asked*, so it
/// sees every write committed before it asked, exactly as a read of its own
/// would. While a key's read runs, the requests that ask for the key meanwhile
/// wait for the next read, which one of them makes as soon as the running one
/// ends: under load, one read (one trip to a database connection) per round
/// instead of one per request. Used for the single-row lookups that every
/// cached request makes: the erasure mark (SQLite) and a list's version.
final class SharedReads<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    /// What a waiting request is resumed with: make the next read for those
    /// given (who asked while the previous one ran), or the value a read that
    /// started after it asked found.
    private enum Turn {
        case read(followers: [CheckedContinuation<Turn, any Error>])
        case answered(Value)
    }

    private let lock = NSLock()
    /// Keys whose read is running (or about to start).
    private var running: Set<Key> = []
    /// Per running key, who asked after its read started: they wait for the next one.
    private var waiting: [Key: [CheckedContinuation<Turn, any Error>]] = [:]

    init() {}

    /// The value of `key`, from a read started after this call: `read`
    /// (which must read the same value for the same key) run by this call,
    /// or by another call for the key that waited alongside it.
    /// - Throws: what the read that answers it throws.
    func value(for key: Key, read: () async throws -> Value) async throws -> Value {
        let turn: Turn = try await withCheckedThrowingContinuation { continuation in
            let reads = lock.withLock { () -> Bool in
                guard running.insert(key).inserted else {
                    waiting[key, default: []].append(continuation)
                    return false
                }
                return true
            }
            if reads { continuation.resume(returning: .read(followers: [])) }
        }
        switch turn {
        case .answered(let value):
            return value
        case .read(let followers):
            let result: Result<Value, any Error>
            do {
                result = .success(try await read())
            } catch {
                result = .failure(error)
            }
            for follower in followers { follower.resume(with: result.map(Turn.answered)) }
            // Who asked while this read ran needs a read started after they asked: the first of them makes it.
            let next = lock.withLock { () -> [CheckedContinuation<Turn, any Error>] in
                let next = waiting.removeValue(forKey: key) ?? []
                if next.isEmpty { running.remove(key) }
                return next
            }
            if let first = next.first { first.resume(returning: .read(followers: Array(next.dropFirst()))) }
            return try result.get()
        }
    }

    /// How many calls wait for the next read of `key` (for tests).
    func waitingCount(for key: Key) -> Int {
        lock.withLock { waiting[key]?.count ?? 0 }
    }
}
