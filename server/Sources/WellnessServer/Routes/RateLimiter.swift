import Foundation

/// A token bucket per key (user and endpoint, or client address) for the AI
/// endpoints (seed 003: "429 Rate limit exceeded") and sign-up: `capacity`
/// requests, refilled over `window`. The buckets are in the database
/// (``Store/takeToken(_:capacity:window:now:)``), so instances sharing it
/// share the limits.
public struct RateLimiter: Sendable {
    public let store: Store
    public let capacity: Int
    public let window: TimeInterval

    public init(store: Store, capacity: Int, window: TimeInterval) {
        self.store = store
        self.capacity = max(capacity, 1)
        self.window = max(window, 1)
    }

    /// Takes a token for `key`; returns nil when allowed, else the seconds until one is available.
    public func retryAfter(for key: String) async throws -> Int? {
        try await store.takeToken(key, capacity: capacity, window: window)
    }
}
