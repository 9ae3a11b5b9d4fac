import Crypto
import Foundation

/// Encrypts every user-written or health field at rest with AES-256-GCM,
/// each bound to where it belongs (``SealedField``, the associated data): a
/// sealed value copied to another row, column, table or user does not open.
/// `@unchecked`: SymmetricKey is immutable once made, so sharing it is safe.
public struct FieldCipher: @unchecked Sendable {
    private let key: SymmetricKey

    public init(key: SymmetricKey) {
        self.key = key
    }

    /// The key from `WELLNESS_SERVER_KEY` (base64 of 32 bytes) or from
    /// `<dataDirectory>/encryption.key`.
    ///
    /// An existing key file is never replaced: when it cannot be read or does
    /// not hold exactly 32 bytes, loading fails. A missing one is created
    /// (exclusively, mode 0600) only when `mayCreate` — the database holds no
    /// sealed data; otherwise loading fails, since a new key could open none of it.
    /// - Throws: ``ConfigurationError`` saying what is wrong and what to do.
    public static func load(dataDirectory: URL, environment: [String: String], mayCreate: Bool = true) throws
        -> FieldCipher
    {
        if let encoded = environment["WELLNESS_SERVER_KEY"] {
            guard let bytes = Data(base64Encoded: encoded), bytes.count == 32 else {
                throw ConfigurationError("WELLNESS_SERVER_KEY must be the base64 of 32 bytes")
            }
            return FieldCipher(key: SymmetricKey(data: bytes))
        }
        let path = dataDirectory.appendingPathComponent("encryption.key").path
        var status = stat()
        if lstat(path, &status) == 0 {
            return FieldCipher(key: SymmetricKey(data: try readKeyFile(path)))
        }
        guard errno == ENOENT else {
            throw ConfigurationError("cannot examine the encryption key \(path): \(String(cString: strerror(errno)))")
        }
        guard mayCreate else {
            throw ConfigurationError(
                """
                the encryption key \(path) is missing, but the database holds data sealed with it; \
                restore the key file (or set WELLNESS_SERVER_KEY to it). A new key is never generated for existing data
                """)
        }
        let key = SymmetricKey(size: .bits256)
        try writeNewKeyFile(path, key.withUnsafeBytes { Array($0) })
        return FieldCipher(key: key)
    }

    /// The 32 bytes of an existing key file.
    private static func readKeyFile(_ path: String) throws -> Data {
        let advice = "The key file is never replaced automatically: restore the original key (mode 0600)"
        let descriptor = openFile(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ConfigurationError(
                "cannot read the encryption key \(path): \(String(cString: strerror(errno))). \(advice)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw ConfigurationError("the encryption key \(path) is not a regular file. \(advice)")
        }
        var bytes = [UInt8](repeating: 0, count: 33)
        var count = 0
        while count < bytes.count {
            let result = bytes[count...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else {
                throw ConfigurationError(
                    "cannot read the encryption key \(path): \(String(cString: strerror(errno))). \(advice)")
            }
            if result == 0 { break }
            count += result
        }
        guard count == 32 else {
            throw ConfigurationError(
                "the encryption key \(path) must hold exactly 32 bytes, not \(count == 33 ? "more" : String(count)). \(advice)"
            )
        }
        return Data(bytes[0..<32])
    }

    /// Creates the key file, failing if anything exists at `path` (O_EXCL), mode 0600.
    private static func writeNewKeyFile(_ path: String, _ bytes: [UInt8]) throws {
        let descriptor = openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ConfigurationError("cannot create the encryption key \(path): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else {
            unlink(path)
            throw ConfigurationError("cannot write the encryption key to \(path)")
        }
    }

    /// The constant sealed in the database to recognise the key it was sealed with.
    private static let checkText = "wellness-server key check v2"
    private static let checkField = SealedField(table: "meta", column: "value", row: "key_check", user: "")

    /// A value recorded in the database so that a later start can tell whether its key is the same.
    func keyCheckValue() throws -> [UInt8] {
        try seal(Self.checkText, for: Self.checkField)
    }

    /// Whether `value` was made by ``keyCheckValue()`` with this key.
    func matches(keyCheckValue value: [UInt8]) -> Bool {
        (try? open(value, for: Self.checkField)) == Self.checkText
    }

    func withKey<T>(_ body: (SymmetricKey) throws -> T) rethrows -> T {
        try body(key)
    }

    /// Nonce, ciphertext and tag of `text`, authenticated with `field` as associated data.
    public func seal(_ text: String, for field: SealedField) throws -> [UInt8] {
        guard
            let combined = try AES.GCM.seal(Data(text.utf8), using: key, authenticating: field.associatedData).combined
        else {
            throw ConfigurationError("AES-GCM produced no combined representation")
        }
        return [UInt8](combined)
    }

    /// The text `sealed` holds.
    /// - Throws: ``SealedValueError`` when it was sealed for another field,
    ///   row or user, with another key, or was altered.
    public func open(_ sealed: [UInt8], for field: SealedField) throws -> String {
        do {
            let box = try AES.GCM.SealedBox(combined: sealed)
            let plain = try AES.GCM.open(box, using: key, authenticating: field.associatedData)
            guard let text = String(validating: plain, as: UTF8.self) else { throw SealedValueError(field: field) }
            return text
        } catch {
            throw SealedValueError(field: field)
        }
    }
}

/// open(2), which the cipher's own `open` hides inside it.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}

/// A configuration problem that stops the server from starting.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
