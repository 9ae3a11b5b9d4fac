import WellnessKitCore

extension WellnessClient {
    /// The store and scope of offline mode; nil when it is off.
    /// - Throws: the store's error when offline mode is on but the store cannot be opened.
    func offlineContext() throws -> (store: LocalStore, scope: OfflineScope)? {
        guard configuration.offline, let credential = configuration.apiKey ?? configuration.token else { return nil }
        let cipher = configuration.storeKey.flatMap { try? PayloadCipher(key: $0) }
        return (try localStore(), OfflineScope(baseURL: configuration.baseURL, credential: credential, cipher: cipher))
    }

    /// Runs `call` as without offline mode, whose store failed with
    /// `storeError`: when the API cannot be reached, the error says why
    /// nothing was answered from the cache or queued.
    func withoutOfflineMode<Value>(because storeError: Error, _ call: () throws -> Value) throws -> Value {
        do {
            return try call()
        } catch let error as WellnessError where Self.isUnreachable(error) {
            throw error.appending("; offline mode could not help: \(storeError)")
        }
    }

    /// The scope of offline mode, for calls that need it (the queue's).
    /// - Throws: ``WellnessError`` (validation at `offline`) when offline mode is off.
    func requireOfflineContext() throws -> (store: LocalStore, scope: OfflineScope) {
        guard configuration.offline else {
            throw WellnessError(
                kind: .validation, message: "the client is not in offline mode (\"offline\": true)",
                path: "offline")
        }
        guard let credential = configuration.apiKey ?? configuration.token else {
            throw WellnessError(
                kind: .validation, message: "offline mode needs api_key or token (the owner of the data)",
                path: "offline")
        }
        let cipher = try configuration.storeKey.map { try PayloadCipher(key: $0) }
        return (try localStore(), OfflineScope(baseURL: configuration.baseURL, credential: credential, cipher: cipher))
    }

    /// Whether `error` means the API could not be reached: what offline mode
    /// answers from the cache or queues. Any other answer (a 404, a 422) is
    /// the API's word and is passed on.
    static func isUnreachable(_ error: WellnessError) -> Bool {
        switch error.kind {
        case .network, .timeout: return true
        case .http: return (error.httpStatus ?? 500) >= 500
        default: return false
        }
    }

    /// Fetches through the cache: a fresh answer is stored under `key` (and a
    /// few due queued writes are replayed, now that the API answers); when the
    /// API cannot be reached, the stored answer is returned with its stamp.
    /// - Throws: what `fetch` throws when there is nothing cached (or offline mode is off).
    func readThrough<Value: JSONCodable & Sendable>(_ key: String, _ fetch: () throws -> Value) throws -> CachedRead<
        Value
    > {
        let context: (store: LocalStore, scope: OfflineScope)?
        do {
            context = try offlineContext()
        } catch {
            return CachedRead(value: try withoutOfflineMode(because: error, fetch), offline: nil)
        }
        guard let context else { return CachedRead(value: try fetch(), offline: nil) }
        do {
            let value = try fetch()
            // A cache that cannot be written costs an offline answer later, not this one.
            try? context.store.cachePut(value.json, key: key, scope: context.scope)
            drainAfterSuccess(context)
            return CachedRead(value: value, offline: nil)
        } catch let error as WellnessError where Self.isUnreachable(error) {
            guard let entry = try? context.store.cacheGet(key: key, scope: context.scope),
                let value = try? Value(json: entry.value)
            else { throw error }
            return CachedRead(value: value, offline: OfflineStamp(cachedSeconds: entry.cachedSeconds))
        }
    }

    /// The cache key of a GET: its path and query, as sent.
    static func cacheKey(_ path: String, _ query: [(String, String)] = []) -> String {
        query.isEmpty
            ? path : path + "?" + query.map { "\($0.0)=\($0.1.percentEncodedUnreserved)" }.joined(separator: "&")
    }

    static let insightsKeyPrefix = "/api/v1/insights?"
}
