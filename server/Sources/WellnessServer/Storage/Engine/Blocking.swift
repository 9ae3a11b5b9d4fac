import Dispatch

/// Runs blocking work (SQLite's calls, which may wait for a lock or a busy
/// database) on a dispatch queue's threads, off Swift concurrency's
/// cooperative pool, whose few threads must never wait.
enum Blocking {
    private static let queue = DispatchQueue(label: "wellness-server.blocking", attributes: .concurrent)

    static func run<T>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
