import Crypto
import Foundation

/// The HS256 keys of access tokens, kept apart from the encryption key so that
/// each rotates on its own. The first key signs new tokens; every key verifies
/// the tokens that name it (`kid`), so tokens signed before a rotation stay
/// valid until they expire or the old key is dropped.
///
/// Written as `ID:BASE64` entries, one per line in `DIR/token.keys` or
/// comma-separated in `WELLNESS_SERVER_TOKEN_KEYS`; IDs are 1–64 characters
/// of `[A-Za-z0-9_-]` and keys 32 bytes.
/// `@unchecked`: SymmetricKey is immutable once made, so sharing it is safe.
public struct TokenKeys: @unchecked Sendable {
    public static let fileName = "token.keys"
    public static let environmentVariable = "WELLNESS_SERVER_TOKEN_KEYS"

    /// The ID of the key that signs.
    public let signingId: String
    /// The key that signs new tokens.
    let signingKey: SymmetricKey
    private let keys: [(id: String, key: SymmetricKey)]

    private init(_ keys: [(id: String, key: SymmetricKey)]) throws {
        guard let first = keys.first else { throw ConfigurationError("the token keys hold no key") }
        var seen = Set<String>()
        for entry in keys where !seen.insert(entry.id).inserted {
            throw ConfigurationError("the token key id \(entry.id) appears twice")
        }
        signingId = first.id
        signingKey = first.key
        self.keys = keys
    }

    /// One new random key.
    public static func random() -> TokenKeys {
        TokenKeys(single: newEntry())
    }

    private init(single entry: (id: String, key: SymmetricKey)) {
        signingId = entry.id
        signingKey = entry.key
        keys = [entry]
    }

    /// The key named `id`, if it is one of these.
    func key(id: String) -> SymmetricKey? {
        keys.first { $0.id == id }?.key
    }

    /// The IDs, signing key first.
    public var ids: [String] { keys.map(\.id) }

    // MARK: - Text form

    /// - Throws: ``ConfigurationError`` naming the entry that is wrong (never its key).
    static func parse(_ text: String, source: String) throws -> TokenKeys {
        let entries = text.split(whereSeparator: { $0 == "\n" || $0 == "," || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        return try TokenKeys(
            entries.enumerated().map { index, entry in
                let parts = entry.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, isValidId(parts[0]) else {
                    throw ConfigurationError(
                        "\(source): entry \(index + 1) is not ID:BASE64 with an ID of 1–64 of [A-Za-z0-9_-]")
                }
                guard let bytes = Data(base64Encoded: String(parts[1])), bytes.count == 32 else {
                    throw ConfigurationError("\(source): the key of \(parts[0]) is not the base64 of 32 bytes")
                }
                return (String(parts[0]), SymmetricKey(data: bytes))
            })
    }

    var text: String {
        keys.map { entry in "\(entry.id):" + entry.key.withUnsafeBytes { Data($0).base64EncodedString() } }
            .joined(separator: "\n") + "\n"
    }

    private static func isValidId(_ id: Substring) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    private static func newEntry() -> (id: String, key: SymmetricKey) {
        let id = SymmetricKey(size: .bits128).withUnsafeBytes {
            $0.prefix(8).map { String(format: "%02x", $0) }.joined()
        }
        return (id, SymmetricKey(size: .bits256))
    }

    // MARK: - Files

    /// The keys from `WELLNESS_SERVER_TOKEN_KEYS`, else from `DIR/token.keys`,
    /// which is created (exclusively, mode 0600) with one key when missing.
    /// - Throws: ``ConfigurationError`` when the keys cannot be read or are malformed;
    ///   an existing file is never replaced.
    public static func load(dataDirectory: URL, environment: [String: String]) throws -> TokenKeys {
        if let text = environment[environmentVariable] {
            return try parse(text, source: environmentVariable)
        }
        let path = dataDirectory.appendingPathComponent(fileName).path
        if let text = try readIfPresent(path) {
            return try parse(text, source: path)
        }
        let keys = random()
        try write(keys, to: path, exclusive: true)
        return keys
    }

    /// Adds a new signing key to `DIR/token.keys`, keeping the others for
    /// verification unless `dropPrevious` (which invalidates every token
    /// issued before). Running servers use it once restarted.
    /// - Returns: the new key's ID.
    /// - Throws: ``ConfigurationError`` when the file cannot be read or written.
    public static func rotate(dataDirectory: URL, dropPrevious: Bool) throws -> String {
        let path = dataDirectory.appendingPathComponent(fileName).path
        let current = try readIfPresent(path).map { try parse($0, source: path) }
        let entry = newEntry()
        let keys = try TokenKeys([entry] + (dropPrevious ? [] : current?.keys ?? []))
        try write(keys, to: path, exclusive: false)
        return entry.id
    }

    private static func readIfPresent(_ path: String) throws -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw ConfigurationError("cannot examine the token keys \(path): \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw ConfigurationError("the token keys \(path) are not a regular file; restore them (mode 0600)")
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw ConfigurationError(
                "cannot read the token keys \(path); restore them (mode 0600). They are never replaced automatically")
        }
        return text
    }

    /// Writes mode 0600 through a temporary file renamed into place, so a
    /// crash leaves the old or the new keys, never half of either.
    private static func write(_ keys: TokenKeys, to path: String, exclusive: Bool) throws {
        let temporary = path + ".tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ConfigurationError("cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(keys.text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        // link(2) fails when the target exists, which keeps first creation exclusive.
        let placed = exclusive ? link(temporary, path) == 0 : rename(temporary, path) == 0
        let failure = String(cString: strerror(errno))
        unlink(temporary)
        guard written == bytes.count, synced, placed else {
            throw ConfigurationError("cannot write the token keys \(path): \(failure)")
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
