import Foundation

/// Goal suggestions kept on disk for 24 hours (seed 003: "cache suggestions
/// locally for 24 hours", "save suggestions locally for offline viewing").
///
/// One file per user and API, named by a hash of the base URL and the
/// credential (FNV-1a: only a name, not a secret; the credential never
/// reaches the disk), under a format version that busts old files.
struct SuggestionsCache: Sendable {
    static let formatVersion = 1
    static let lifetime: TimeInterval = 24 * 3600

    let file: URL

    init(directory: URL, baseURL: String, credential: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(baseURL)\n\(credential)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        file = directory.appendingPathComponent("suggestions-v\(Self.formatVersion)-\(String(hash, radix: 16)).json")
    }

    /// The cached suggestions and their age, if any were stored.
    func read(now: Date = Date()) -> (suggestions: [GoalSuggestion], age: TimeInterval)? {
        guard let data = FileManager.default.contents(atPath: file.path),
              let document = try? JSONParser.parse([UInt8](data)),
              let reader = try? ObjectReader(document, at: .root),
              (try? reader.required("version", as: Int.self)) == Self.formatVersion,
              let stored = try? reader.required("stored_at", as: Double.self),
              let suggestions = try? reader.required("suggestions", as: [GoalSuggestion].self) else { return nil }
        return (suggestions, now.timeIntervalSince1970 - stored)
    }

    /// Stores suggestions atomically, readable by the user only. Failures are
    /// ignored: a cache that cannot be written only costs a request.
    func write(_ suggestions: [GoalSuggestion], now: Date = Date()) {
        let document = JSONValue.object(JSONObject([
            ("version", .int(Self.formatVersion)), ("stored_at", .double(now.timeIntervalSince1970)),
            ("suggestions", suggestions.json),
        ]))
        let directory = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        // A cache that cannot be written is only a cache miss later.
        guard let bytes = try? JSONWriter.bytes(document),
              FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes),
                                             attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }

    func invalidate() {
        try? FileManager.default.removeItem(at: file)
    }
}
