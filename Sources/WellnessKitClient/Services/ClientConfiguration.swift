import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a ``WellnessClient`` reaches the API: the configuration document of
/// `wellness_client_new`.
public struct ClientConfiguration: Sendable {
    /// `http://` or `https://`, without a trailing slash.
    public var baseURL: String
    public var apiKey: String?
    public var token: String?
    /// Seconds an ordinary operation may take, retries included.
    public var timeout: Double = 10
    /// Seconds an AI operation (suggestions, tips, coach replies) may take.
    public var aiTimeout: Double = 30
    /// Retries after connection errors and 5xx responses.
    public var maxRetries = 2
    public var initialBackoff: Double = 0.5
    public var maxBackoff: Double = 5
    /// Appended to the User-Agent, e.g. "python/3.11".
    public var host: String = "c"
    /// The directory (an absolute path) where goal suggestions are cached;
    /// nil disables the cache.
    public var cacheDirectory: String? = ClientConfiguration.defaultCacheDirectory
    /// The directory (an absolute path) of the client's local store (per-goal
    /// interval preferences); nil disables it.
    public var storeDirectory: String? = ClientConfiguration.defaultStoreDirectory
    /// Seconds a loaded dashboard is reused (the seed refreshes every 5 minutes).
    public var dashboardMaxAge: Double = 300
    /// The scheme of the deep links the library builds (seed 004: `fitiq`).
    public var linkScheme = "fitiq"
    /// Offline mode (docs/OFFLINE.md): reads are cached in the local store and
    /// answered from it when the API cannot be reached; writes that cannot
    /// reach it are queued there. Off by default: it turns errors callers may
    /// rely on into answers, so it is asked for.
    public var offline = false
    /// The AES-256 key (32 bytes) that seals cached answers and queued request
    /// bodies at rest; nil stores them in clear (in the 0600 store).
    public var storeKey: [UInt8]?

    /// `$XDG_CACHE_HOME/wellnesskit`, else `~/.cache/wellnesskit`.
    public static var defaultCacheDirectory: String? {
        if let cache = environment("XDG_CACHE_HOME"), !cache.isEmpty {
            return POSIXFiles.joined(POSIXFiles.absolute(cache), "wellnesskit")
        }
        return environment("HOME").map { POSIXFiles.joined(POSIXFiles.absolute($0), ".cache/wellnesskit") }
    }

    /// `$XDG_DATA_HOME/wellnesskit`, else `~/.local/share/wellnesskit`.
    public static var defaultStoreDirectory: String? {
        if let data = environment("XDG_DATA_HOME"), !data.isEmpty {
            return POSIXFiles.joined(POSIXFiles.absolute(data), "wellnesskit")
        }
        return environment("HOME").map { POSIXFiles.joined(POSIXFiles.absolute($0), ".local/share/wellnesskit") }
    }

    /// An environment variable (ProcessInfo's environment is Foundation).
    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), here at most 32 characters.
    static func isValidScheme(_ scheme: String) -> Bool {
        let bytes = Array(scheme.utf8)
        let isLetter = { (byte: UInt8) in (65...90).contains(byte) || (97...122).contains(byte) }
        guard let first = bytes.first, isLetter(first), bytes.count <= 32 else { return false }
        return bytes.allSatisfy { isLetter($0) || (48...57).contains($0) || $0 == 43 || $0 == 45 || $0 == 46 }
    }

    public init(baseURL: String) {
        self.baseURL = baseURL
    }
}

extension ClientConfiguration: JSONDecodable {
    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys([
            "base_url", "api_key", "token", "token_provider", "timeout", "ai_timeout",
            "max_retries", "initial_backoff", "max_backoff", "host", "cache_directory",
            "dashboard_max_age", "link_scheme", "store_directory", "offline", "store_key",
        ])
        var url: String = try reader.nonEmptyString("base_url")
        while url.hasSuffix("/") { url.removeLast() }
        let scheme = url.hasPrefix("http://") ? "http://" : url.hasPrefix("https://") ? "https://" : nil
        // curl reads "http:///x" as host x; an empty authority stays an error.
        guard let scheme, !url.dropFirst(scheme.count).hasPrefix("/"), CurlURL.host(of: url) != nil else {
            throw WellnessError.validation("must be an http:// or https:// URL", at: reader.path(of: "base_url"))
        }
        baseURL = url
        apiKey = try reader.optional("api_key")
        token = try reader.optional("token")
        timeout = try reader.optionalDouble("timeout", in: 0.001...3600) ?? 10
        aiTimeout = try reader.optionalDouble("ai_timeout", in: 0.001...3600) ?? 30
        maxRetries = try reader.optionalInt("max_retries", in: 0...10) ?? 2
        initialBackoff = try reader.optionalDouble("initial_backoff", in: 0...60) ?? 0.5
        maxBackoff = try reader.optionalDouble("max_backoff", in: 0...600) ?? 5
        host = try reader.optional("host") ?? "c"
        dashboardMaxAge = try reader.optionalDouble("dashboard_max_age", in: 0...86_400) ?? 300
        linkScheme = try reader.optional("link_scheme") ?? "fitiq"
        guard Self.isValidScheme(linkScheme) else {
            throw WellnessError.validation(
                "must be a URL scheme: a letter, then letters, digits, +, - or .",
                at: reader.path(of: "link_scheme"))
        }
        switch reader.object["cache_directory"] {
        case .bool(false)?: cacheDirectory = nil
        case .string(let path)? where !path.isEmpty: cacheDirectory = POSIXFiles.absolute(path)
        case nil, .null?: cacheDirectory = ClientConfiguration.defaultCacheDirectory
        default:
            throw WellnessError.validation(
                "must be a directory path, or false to disable the cache",
                at: reader.path(of: "cache_directory"))
        }
        switch reader.object["store_directory"] {
        case .bool(false)?: storeDirectory = nil
        case .string(let path)? where !path.isEmpty: storeDirectory = POSIXFiles.absolute(path)
        case nil, .null?: storeDirectory = ClientConfiguration.defaultStoreDirectory
        default:
            throw WellnessError.validation(
                "must be a directory path, or false for no local store",
                at: reader.path(of: "store_directory"))
        }
        offline = try reader.optional("offline") ?? false
        if let encoded: String = try reader.optional("store_key") {
            guard let key = PayloadCipher.base64Decoded(encoded), key.count == PayloadCipher.keyLength else {
                throw WellnessError.validation(
                    "must be base64 of exactly 32 bytes (an AES-256 key)",
                    at: reader.path(of: "store_key"))
            }
            storeKey = key
        }
        if offline, storeDirectory == nil {
            throw WellnessError.validation(
                "needs a store directory (offline data lives in the local store)",
                at: reader.path(of: "offline"))
        }
        if offline, apiKey == nil, token == nil {
            throw WellnessError.validation(
                "needs api_key or token: offline data is kept per credential",
                at: reader.path(of: "offline"))
        }
        if apiKey == nil, token == nil, try reader.optional("token_provider", as: Bool.self) != true {
            throw WellnessError.validation("needs api_key, token, or \"token_provider\": true", at: path)
        }
    }
}
