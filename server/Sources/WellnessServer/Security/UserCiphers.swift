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
