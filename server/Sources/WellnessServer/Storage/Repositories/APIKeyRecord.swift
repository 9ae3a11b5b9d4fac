import WellnessKitCore

/// One of a user's API keys as it may be shown: never the key or its fingerprint.
public struct APIKeyRecord: Sendable, Equatable {
    /// Names the key in `DELETE /api/v1/auth/keys/{id}` and `wellness-server keys revoke`.
    public let id: String
    /// The key's first characters, to tell keys apart; nil for a key created before keys were listed.
    public let prefix: String?
    public let createdMilliseconds: Int64

    /// `{"id", "prefix", "created_at"}`, and `api_key` when given (once, at creation).
    public func json(apiKey: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id)), ("prefix", prefix.map(JSONValue.string) ?? .null),
            ("created_at", Timestamp(milliseconds: createdMilliseconds).json),
        ]
        if let apiKey { members.append(("api_key", .string(apiKey))) }
        return .object(JSONObject(members))
    }
}
