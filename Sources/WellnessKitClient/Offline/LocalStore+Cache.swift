import WellnessKitCore
import WellnessSQLite

extension LocalStore {
    /// A cached answer and when it was stored (seconds since 1970).
    public struct CacheEntry: Sendable {
        public var value: JSONValue
        public var cachedSeconds: Int64
    }

    /// What an optimistic edit does to one cached answer.
    public enum CacheEdit: Sendable {
        case keep
        case replace(JSONValue)
        case delete
    }

    /// Seconds a cached answer is served: older health data is more likely
    /// wrong than useful, and is not kept longer than needed (purged on the
    /// owner's next cache write).
    public static let cacheRetention: Int64 = 30 * 86_400

    /// The associated data of a cache row: its table, owner and key, so a
    /// sealed payload opens only in the row it was written to.
    static func cacheAssociatedData(_ scope: OfflineScope, _ key: String) -> String {
        "cache_entries\n\(scope.owner)\n\(key)"
    }

    /// Keeps `value` as the answer for `key`, replacing an older one.
    /// - Throws: ``WellnessError`` when the store cannot be written.
    public func cachePut(_ value: JSONValue, key: String, scope: OfflineScope) throws {
        let stored = try scope.stored(try JSONWriter.bytes(value), associatedData: Self.cacheAssociatedData(scope, key))
        try withConnection { connection in
            try connection.transaction {
                try Self.putCache(connection, stored, key: key, owner: scope.owner)
                try connection.query(
                    "DELETE FROM cache_entries WHERE owner = ? AND cached_s < ?",
                    [.text(scope.owner), .integer(Timestamp.now().seconds - Self.cacheRetention)])
            }
        }
    }

    static func putCache(
        _ connection: SQLiteConnection, _ stored: (bytes: [UInt8], sealed: Bool), key: String,
        owner: String
    ) throws {
        try connection.query(
            """
            INSERT INTO cache_entries (owner, key, payload, sealed, cached_s) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (owner, key) DO UPDATE SET payload = excluded.payload, sealed = excluded.sealed,
                cached_s = excluded.cached_s
            """,
            [
                .text(owner), .text(key), .blob(stored.bytes), .integer(stored.sealed ? 1 : 0),
                .integer(Timestamp.now().seconds),
            ])
    }

    /// The cached answer for `key`, if any.
    /// - Throws: ``WellnessError`` when the store cannot be read, or a sealed
    ///   payload does not open with the client's key.
    public func cacheGet(key: String, scope: OfflineScope) throws -> CacheEntry? {
        let row = try withConnection { connection in
            try connection.query(
                "SELECT payload, sealed, cached_s FROM cache_entries WHERE owner = ? AND key = ?",
                [.text(scope.owner), .text(key)]
            ).first
        }
        guard let row else { return nil }
        let seconds = try Self.reading { try row.integer("cached_s") }
        guard seconds >= Timestamp.now().seconds - Self.cacheRetention else { return nil }
        let bytes = try scope.plaintext(
            try Self.reading { try row.blob("payload") },
            sealed: try Self.reading { try row.bool("sealed") },
            associatedData: Self.cacheAssociatedData(scope, key))
        return CacheEntry(value: try JSONParser.parse(bytes), cachedSeconds: seconds)
    }

    /// The cached object with `id` in an array of any cached page whose key
    /// starts with `prefix` (an insight seen only in a list), if any.
    public func cachedElement(id: String, inPagesWithPrefix prefix: String, scope: OfflineScope) throws -> JSONValue? {
        let rows = try withConnection { connection in
            try connection.query(
                """
                SELECT key, payload, sealed FROM cache_entries WHERE owner = ? AND substr(key, 1, ?) = ?
                ORDER BY cached_s DESC
                """, [.text(scope.owner), .integer(Int64(prefix.utf8.count)), .text(prefix)])
        }
        for row in rows {
            guard let key = try? row.text("key"), let payload = try? row.blob("payload"),
                let sealed = try? row.bool("sealed"),
                let bytes = try? scope.plaintext(
                    payload, sealed: sealed, associatedData: Self.cacheAssociatedData(scope, key)),
                case .object(let page)? = try? JSONParser.parse(bytes)
            else { continue }
            for member in page.members {
                guard case .array(let elements) = member.value else { continue }
                if let found = elements.first(where: {
                    if case .object(let element) = $0, element["id"] == .string(id) { return true }
                    return false
                }) {
                    return found
                }
            }
        }
        return nil
    }

    /// Applies `edit` to every cached answer whose key is in `keys` or starts
    /// with one of `prefixes`, inside the caller's transaction.
    static func editCache(
        _ connection: SQLiteConnection, scope: OfflineScope, keys: [String], prefixes: [String],
        _ edit: (String, JSONValue) -> CacheEdit
    ) throws {
        var rows: [SQLRow] = []
        for key in keys {
            rows += try connection.query(
                "SELECT key, payload, sealed FROM cache_entries WHERE owner = ? AND key = ?",
                [.text(scope.owner), .text(key)])
        }
        for prefix in prefixes {
            // substr rather than LIKE: keys may hold % and _.
            rows += try connection.query(
                """
                SELECT key, payload, sealed FROM cache_entries WHERE owner = ? AND substr(key, 1, ?) = ?
                """, [.text(scope.owner), .integer(Int64(prefix.utf8.count)), .text(prefix)])
        }
        for row in rows {
            let key = try Self.reading { try row.text("key") }
            let associated = Self.cacheAssociatedData(scope, key)
            let bytes = try scope.plaintext(
                try Self.reading { try row.blob("payload") },
                sealed: try Self.reading { try row.bool("sealed") }, associatedData: associated)
            guard let value = try? JSONParser.parse(bytes) else { continue }
            switch edit(key, value) {
            case .keep:
                continue
            case .delete:
                try connection.query(
                    "DELETE FROM cache_entries WHERE owner = ? AND key = ?",
                    [.text(scope.owner), .text(key)])
            case .replace(let edited):
                // The edit keeps the answer's age: it is still the server's data, changed locally.
                let stored = try scope.stored(try JSONWriter.bytes(edited), associatedData: associated)
                try connection.query(
                    "UPDATE cache_entries SET payload = ?, sealed = ? WHERE owner = ? AND key = ?",
                    [
                        .blob(stored.bytes), .integer(stored.sealed ? 1 : 0), .text(scope.owner),
                        .text(key),
                    ])
            }
        }
    }
}
