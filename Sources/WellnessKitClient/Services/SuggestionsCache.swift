import WellnessKitCore

/// Goal suggestions kept on disk for 24 hours (seed 003: "cache suggestions
/// locally for 24 hours", "save suggestions locally for offline viewing").
///
/// One file per user and API, named by a hash of the base URL and the
/// credential (FNV-1a: only a name, not a secret; the credential never
/// reaches the disk), under a format version that busts old files.
struct SuggestionsCache: Sendable {
    static let formatVersion = 1
    /// Seconds.
    static let lifetime: Double = 24 * 3600
    /// A larger file is not a cache this library wrote; it is ignored.
    static let maximumFileSize = 16 << 20

    let directory: String
    let file: String

    init(directory: String, baseURL: String, credential: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(baseURL)\n\(credential)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        self.directory = directory
        file = POSIXFiles.joined(directory, "suggestions-v\(Self.formatVersion)-\(String(hash, radix: 16)).json")
    }

    /// Seconds since 1970 on the wall clock, as stored in `stored_at`.
    static func wallClock() -> Double {
        Double(Timestamp.now().seconds)
    }

    /// The cached suggestions and their age in seconds, if any were stored.
    func read(now: Double = wallClock()) -> (suggestions: [GoalSuggestion], age: Double)? {
        guard let data = POSIXFiles.readFile(file, limit: Self.maximumFileSize),
            let document = try? JSONParser.parse(data),
            let reader = try? ObjectReader(document, at: .root),
            (try? reader.required("version", as: Int.self)) == Self.formatVersion,
            let stored = try? reader.required("stored_at", as: Double.self),
            let suggestions = try? reader.required("suggestions", as: [GoalSuggestion].self)
        else { return nil }
        return (suggestions, now - stored)
    }

    /// Stores suggestions atomically, readable by the user only (directory
    /// 0700, file 0600). Failures are ignored: a cache that cannot be written
    /// only costs a request.
    func write(_ suggestions: [GoalSuggestion], now: Double = wallClock()) {
        let document = JSONValue.object(
            JSONObject([
                ("version", .int(Self.formatVersion)), ("stored_at", .double(now)),
                ("suggestions", suggestions.json),
            ]))
        guard let bytes = try? JSONWriter.bytes(document) else { return }
        POSIXFiles.makeDirectories(directory, mode: 0o700)
        POSIXFiles.writeAtomically(bytes, to: file, mode: 0o600)
    }

    func invalidate() {
        POSIXFiles.removeFile(file)
    }
}
