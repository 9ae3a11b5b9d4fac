import WellnessKitCore

/// Whose rows a store call reads and writes, and how their payloads are sealed.
///
/// `owner` names the user without being a secret: the SHA-256 of the base URL
/// and the credential (API key, else token), so that two users, or one user
/// of two servers, never read each other's cache or replay each other's
/// writes, and the credential itself never reaches the disk.
public struct OfflineScope: Sendable {
    public let owner: String
    /// Seals payloads and request bodies at rest when the client has a `store_key`.
    public let cipher: PayloadCipher?

    /// - Parameters:
    ///   - baseURL: the API's base URL.
    ///   - credential: the API key or bearer token.
    ///   - cipher: the `store_key`'s cipher, nil to store in clear.
    public init(baseURL: String, credential: String, cipher: PayloadCipher?) {
        owner = PayloadCipher.sha256Hex(Array("\(baseURL)\n\(credential)".utf8))
        self.cipher = cipher
    }

    /// Bytes as stored: sealed with `associatedData` when there is a cipher.
    func stored(_ plaintext: [UInt8], associatedData: String) throws -> (bytes: [UInt8], sealed: Bool) {
        guard let cipher else { return (plaintext, false) }
        return (try cipher.seal(plaintext, associatedData: Array(associatedData.utf8)), true)
    }

    /// The plaintext of stored bytes.
    /// - Throws: ``WellnessError`` (internal) for sealed bytes without the key, or with another.
    func plaintext(_ bytes: [UInt8], sealed: Bool, associatedData: String) throws -> [UInt8] {
        guard sealed else { return bytes }
        guard let cipher else {
            throw WellnessError.internal("the local store holds encrypted data; the client needs its store_key")
        }
        return try cipher.open(bytes, associatedData: Array(associatedData.utf8))
    }
}
