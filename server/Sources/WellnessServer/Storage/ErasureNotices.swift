import Foundation

/// Erasures this instance waits to hear of on its own PostgreSQL listener
/// before it answers them: every instance's listener gets an erasure's
/// notice when it commits, so once this instance's has, the others' have
/// too (the same delivery), and the next request anywhere is refused even
/// when it follows the answer at once (``Store/erase(_:)``).
final class ErasureNotices: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [String: [UUID: AsyncStream<Void>.Continuation]] = [:]

    /// How long an erasure waits for its notice at most.
    static let patience = Duration.seconds(1)

    /// One erasure's wait for its notice.
    struct Notice: Sendable {
        fileprivate let stream: AsyncStream<Void>
        fileprivate let continuation: AsyncStream<Void>.Continuation

        /// Waits until the notice is heard (``ErasureNotices/heard(_:)``) or ``ErasureNotices/patience`` has passed.
        func wait() async {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { for await _ in stream {} }
                group.addTask { try? await Task.sleep(for: ErasureNotices.patience) }
                await group.next()
                group.cancelAll()
            }
        }

        /// Stops waiting (the registration goes); called whatever became of the erasure.
        func end() {
            continuation.finish()
        }
    }

    /// A wait for the notice of `user`'s erasure, registered now (before the
    /// erasure commits, so that the notice cannot come first and be missed).
    func expect(_ user: String) -> Notice {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        continuation.onTermination = { [weak self] _ in self?.remove(id, of: user) }
        lock.withLock { waiting[user, default: [:]][id] = continuation }
        return Notice(stream: stream, continuation: continuation)
    }

    /// The listener heard `user`'s erasure: every wait for it ends.
    func heard(_ user: String) {
        let continuations = lock.withLock { waiting.removeValue(forKey: user) } ?? [:]
        for continuation in continuations.values { continuation.finish() }
    }

    private func remove(_ id: UUID, of user: String) {
        lock.withLock {
            waiting[user]?[id] = nil
            if waiting[user]?.isEmpty == true { waiting[user] = nil }
        }
    }
}
