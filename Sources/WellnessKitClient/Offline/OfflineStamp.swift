import WellnessKitCore

/// Says an answer came from the local store because the API could not be
/// reached, and how old it is.
public struct OfflineStamp: Sendable, Equatable {
    /// When the API gave the answer now served from the cache.
    public var cachedAt: Timestamp
    /// Seconds since then (0 if the clock went back).
    public var ageSeconds: Int64

    public init(cachedSeconds: Int64, now: Int64 = Timestamp.now().seconds) {
        cachedAt = Timestamp(seconds: cachedSeconds)
        let age = now.subtractingReportingOverflow(cachedSeconds)
        ageSeconds = age.overflow ? 0 : max(0, age.partialValue)
    }

    /// `"source": "offline_cache"`, `"cached_at"`, `"age_seconds"` appended to
    /// an answer object; the only change an offline answer has from a fresh one.
    /// A key the answer already has is replaced (the dashboard's `age_seconds`
    /// becomes the age of its oldest cached section).
    public func stamping(_ answer: JSONValue) -> JSONValue {
        guard case .object(var object) = answer else { return answer }
        for key in ["source", "cached_at", "age_seconds"] { object.remove(key) }
        object.append("source", .string("offline_cache"))
        object.append("cached_at", .string(cachedAt.description))
        object.append("age_seconds", .int(Int(clamping: ageSeconds)))
        return .object(object)
    }
}

/// An answer and, when it came from the cache, its stamp.
public struct CachedRead<Value: Sendable>: Sendable {
    public var value: Value
    /// nil for a fresh answer from the API.
    public var offline: OfflineStamp?

    public init(value: Value, offline: OfflineStamp?) {
        self.value = value
        self.offline = offline
    }
}
