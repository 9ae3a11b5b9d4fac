import Crypto
import Foundation

/// The ciphers of the store's sealed values: each user's own key
/// (``UserKeys``) for their values, the server key for the server's own
/// (the key check value). A user's key must be in memory before their values
/// are sealed or opened (``UserKeys/load(_:)``); without it a value does not
/// open (``SealedValueError``), as after the user's erasure.
struct UserCiphers: Sendable {
    let server: FieldCipher
    let keys: UserKeys

    func seal(_ text: String, for field: SealedField) throws -> [UInt8] {
        try cipher(for: field).seal(text, for: field)
    }

    func open(_ sealed: [UInt8], for field: SealedField) throws -> String {
        try cipher(for: field).open(sealed, for: field)
    }

    /// A keyed digest of `text` with a key derived from the user's own for
    /// `purpose` (HKDF, then HMAC-SHA-256), as 32 hex digits: an id derived
    /// from sealed values that tells nothing of them without the key, and
    /// links nothing once the user's key is erased.
    /// - Throws: ``SealedValueError`` when the user's key is not loaded.
    func digest(_ text: String, purpose: String, user: String) throws -> String {
        let field = SealedField(table: "", column: purpose, row: "", user: user)
        return try cipher(for: field).withKey { key in
            let derived = HKDF<SHA256>.deriveKey(
                inputKeyMaterial: key, info: Array("wellness-server \(purpose)".utf8), outputByteCount: 32)
            let mac = HMAC<SHA256>.authenticationCode(for: Array(text.utf8), using: derived)
            return mac.prefix(16).map { byte in
                let hex = String(byte, radix: 16)
                return byte < 16 ? "0" + hex : hex
            }.joined()
        }
    }

    func keyCheckValue() throws -> [UInt8] {
        try server.keyCheckValue()
    }

    func matches(keyCheckValue value: [UInt8]) -> Bool {
        server.matches(keyCheckValue: value)
    }

    private func cipher(for field: SealedField) throws -> FieldCipher {
        guard let cipher = keys.cached(field.user) else { throw SealedValueError(field: field) }
        return cipher
    }
}
