import Foundation

/// A token bucket per scope and subject (an AI endpoint and a user, or
/// sign-up and a client address) for the AI endpoints (seed 003: "429 Rate limit exceeded") and sign-up: `capacity`
/// requests, refilled over `window`. The buckets are in the database
/// (``Store/takeToken(_:for:ofUser:capacity:window:now:)``), so instances sharing it
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

    /// Takes a token from the bucket of `scope` and `subject`; returns nil when allowed, else the seconds until one is available.
    /// `ofUser`: the subject is a user's id (see ``Store/takeToken(_:for:ofUser:capacity:window:now:)``).
    public func retryAfter(_ scope: String, for subject: String, ofUser: Bool = false) async throws -> Int? {
        try await store.takeToken(scope, for: subject, ofUser: ofUser, capacity: capacity, window: window)
    }
}
