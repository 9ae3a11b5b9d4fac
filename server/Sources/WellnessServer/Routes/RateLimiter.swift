import Foundation

/// A token bucket per user and endpoint for the AI endpoints (seed 003:
/// "429 Rate limit exceeded"): `capacity` requests, refilled over `window`.
public final class RateLimiter: @unchecked Sendable {
    public let capacity: Double
    public let window: TimeInterval
    private var buckets: [String: (tokens: Double, updated: Date)] = [:]
    private let lock = NSLock()

    public init(capacity: Int, window: TimeInterval) {
        self.capacity = Double(max(capacity, 1))
        self.window = max(window, 1)
    }

    /// Takes a token for `key`; returns nil when allowed, else the seconds until one is available.
    public func retryAfter(for key: String, now: Date = Date()) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let rate = capacity / window
        var bucket = buckets[key] ?? (capacity, now)
        bucket.tokens = min(capacity, bucket.tokens + now.timeIntervalSince(bucket.updated) * rate)
        bucket.updated = now
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            buckets[key] = bucket
            return nil
        }
        buckets[key] = bucket
        return Int(((1 - bucket.tokens) / rate).rounded(.up))
    }
}
