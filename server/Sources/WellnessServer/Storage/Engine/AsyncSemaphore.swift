/// A counting semaphore whose waiters are suspended tasks, not blocked
/// threads: a request waiting for SQLite's writer or a reader connection holds
/// no thread, so the threads that run SQLite calls are always free to finish
/// the work that will release it. First come, first served.
actor AsyncSemaphore {
    private var permits: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(permits: Int) {
        self.permits = max(permits, 0)
    }

    func acquire() async {
        if permits > 0 {
            permits -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            permits += 1
        } else {
            waiters.removeFirst().resume()
        }
    }

    /// Runs `body` holding one permit.
    func holding<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        do {
            let result = try await body()
            release()
            return result
        } catch {
            release()
            throw error
        }
    }
}
