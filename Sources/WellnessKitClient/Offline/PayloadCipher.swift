import CWellnessCrypto
import WellnessKitCore

/// SHA-256 and AES-256-GCM from OpenSSL's libcrypto.
///
/// Why libcrypto: the library may not use Foundation (so no CryptoKit or
/// swift-crypto's Foundation paths), hand-written cryptography is not an
/// option for health data, and libcrypto is already in the process on every
/// Debian system the library runs on: libcurl (libcurl4-openssl-dev) links it.
/// GCM authenticates as well as encrypts, so a tampered or misplaced row
/// fails to open instead of decrypting to garbage; the row's table and key
/// are the associated data, so a ciphertext copied to another row fails too.
public struct PayloadCipher: Sendable {
    /// Bytes of an AES-256 key.
    public static let keyLength = 32
    static let nonceLength = 12
    static let tagLength = 16
    /// The first byte of a sealed payload: the format, so that a later one can be told apart.
    static let formatVersion: UInt8 = 1

    private let key: [UInt8]

    /// - Parameter key: exactly 32 bytes.
    /// - Throws: ``WellnessError`` (validation at `store_key`) for another length.
    public init(key: [UInt8]) throws {
        guard key.count == Self.keyLength else {
            throw WellnessError.validation(
                "must be base64 of exactly 32 bytes (an AES-256 key), not \(key.count) bytes",
                at: FieldPath.root.appending("store_key"))
        }
        self.key = key
    }

    /// The SHA-256 of `bytes`, as 64 lowercase hex digits.
    public static func sha256Hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let done = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil)
        }
        // EVP_Digest only fails without memory; an all-zero name is still a name.
        if done != 1 { digest = [UInt8](repeating: 0, count: 32) }
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `version ‖ nonce (12 random bytes) ‖ ciphertext ‖ tag (16 bytes)`.
    /// - Parameters:
    ///   - plaintext: the payload.
    ///   - associatedData: what the payload belongs to (table and key), authenticated, not stored.
    /// - Throws: ``WellnessError`` (internal) when libcrypto fails.
    public func seal(_ plaintext: [UInt8], associatedData: [UInt8]) throws -> [UInt8] {
        var nonce = [UInt8](repeating: 0, count: Self.nonceLength)
        guard RAND_bytes(&nonce, Int32(Self.nonceLength)) == 1 else {
            throw WellnessError.internal("no random bytes for a nonce")
        }
        guard let context = EVP_CIPHER_CTX_new() else { throw WellnessError.internal("out of memory (cipher)") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + 16)
        var written: Int32 = 0
        var total = 0
        var tag = [UInt8](repeating: 0, count: Self.tagLength)
        guard plaintext.count < Int(Int32.max) - 16, associatedData.count < Int(Int32.max),
            EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1,
            EVP_CipherUpdate(context, nil, &written, associatedData, Int32(associatedData.count)) == 1,
            EVP_CipherUpdate(context, &output, &written, plaintext, Int32(plaintext.count)) == 1
        else {
            throw WellnessError.internal("cannot encrypt a cached payload")
        }
        total = Int(written)
        let finished = output.withUnsafeMutableBufferPointer { buffer in
            EVP_EncryptFinal_ex(context, buffer.baseAddress.map { $0 + total }, &written)
        }
        guard finished == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(Self.tagLength), &tag) == 1
        else {
            throw WellnessError.internal("cannot encrypt a cached payload")
        }
        total += Int(written)
        return [Self.formatVersion] + nonce + output.prefix(total) + tag
    }

    /// The plaintext of a sealed payload.
    /// - Throws: ``WellnessError`` (internal) when the payload was not sealed
    ///   with this key for this row (wrong key, tampering, another row's data).
    public func open(_ sealed: [UInt8], associatedData: [UInt8]) throws -> [UInt8] {
        let overhead = 1 + Self.nonceLength + Self.tagLength
        guard sealed.count >= overhead, sealed.first == Self.formatVersion, sealed.count < Int(Int32.max),
            associatedData.count < Int(Int32.max)
        else {
            throw WellnessError.internal("a cached payload is not in the sealed format")
        }
        let nonce = Array(sealed[1..<(1 + Self.nonceLength)])
        let body = Array(sealed[(1 + Self.nonceLength)..<(sealed.count - Self.tagLength)])
        var tag = Array(sealed.suffix(Self.tagLength))
        guard let context = EVP_CIPHER_CTX_new() else { throw WellnessError.internal("out of memory (cipher)") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: body.count + 16)
        var written: Int32 = 0
        guard EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce) == 1,
            EVP_CipherUpdate(context, nil, &written, associatedData, Int32(associatedData.count)) == 1,
            EVP_CipherUpdate(context, &output, &written, body, Int32(body.count)) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(Self.tagLength), &tag) == 1
        else {
            throw WellnessError.internal("cannot decrypt a cached payload")
        }
        let total = Int(written)
        let finished = output.withUnsafeMutableBufferPointer { buffer in
            EVP_DecryptFinal_ex(context, buffer.baseAddress.map { $0 + total }, &written)
        }
        guard finished == 1 else {
            throw WellnessError.internal("a cached payload does not open with this store_key (another key, or altered)")
        }
        return Array(output.prefix(total + Int(written)))
    }

    /// Standard base64 (RFC 4648, padding optional); nil for anything else.
    public static func base64Decoded(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case 65...90: values.append(byte - 65)
            case 97...122: values.append(byte - 71)
            case 48...57: values.append(byte + 4)
            case 43: values.append(62)
            case 47: values.append(63)
            case 61:
                padding += 1
                continue
            default: return nil
            }
            if padding > 0 { return nil }
        }
        guard padding <= 2, values.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            var accumulator: UInt32 = 0
            for value in chunk { accumulator = accumulator << 6 | UInt32(value) }
            accumulator <<= UInt32(6 * (4 - chunk.count))
            let produced = chunk.count - 1
            for shift in [16, 8, 0].prefix(produced) {
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(shift)))
            }
            index += 4
        }
        return bytes
    }
}
