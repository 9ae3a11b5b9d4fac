import Crypto
import Foundation

/// Encrypts sensitive fields at rest with AES-256-GCM (seed 000: insight
/// title, content, summary and suggestions; consultation messages).
/// `@unchecked`: SymmetricKey is immutable once made, so sharing it is safe.
public struct FieldCipher: @unchecked Sendable {
    private let key: SymmetricKey

    public init(key: SymmetricKey) {
        self.key = key
    }

    /// The key from `WELLNESS_SERVER_KEY` (base64 of 32 bytes) or from
    /// `<dataDirectory>/encryption.key`, generated there with mode 0600 on first run.
    /// - Throws: when the key is malformed or cannot be stored.
    public static func load(dataDirectory: URL, environment: [String: String]) throws -> FieldCipher {
        if let encoded = environment["WELLNESS_SERVER_KEY"] {
            guard let bytes = Data(base64Encoded: encoded), bytes.count == 32 else {
                throw ConfigurationError("WELLNESS_SERVER_KEY must be the base64 of 32 bytes")
            }
            return FieldCipher(key: SymmetricKey(data: bytes))
        }
        let path = dataDirectory.appendingPathComponent("encryption.key").path
        if let stored = FileManager.default.contents(atPath: path) {
            guard stored.count == 32 else { throw ConfigurationError("\(path) must hold exactly 32 bytes") }
            return FieldCipher(key: SymmetricKey(data: stored))
        }
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: path, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
            throw ConfigurationError("cannot write the encryption key to \(path)")
        }
        return FieldCipher(key: key)
    }

    func withKey<T>(_ body: (SymmetricKey) throws -> T) rethrows -> T {
        try body(key)
    }

    /// Nonce, ciphertext and tag of `text`.
    public func seal(_ text: String) throws -> [UInt8] {
        guard let combined = try AES.GCM.seal(Data(text.utf8), using: key).combined else {
            throw ConfigurationError("AES-GCM produced no combined representation")
        }
        return [UInt8](combined)
    }

    /// The text `sealed` holds.
    /// - Throws: when it was not sealed with this key or was altered.
    public func open(_ sealed: [UInt8]) throws -> String {
        let box = try AES.GCM.SealedBox(combined: Data(sealed))
        return String(decoding: try AES.GCM.open(box, using: key), as: UTF8.self)
    }
}

/// A configuration problem that stops the server from starting.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
