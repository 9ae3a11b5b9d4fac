import Crypto
import Foundation
import WellnessKitCore

/// API keys and HS256 JSON Web Tokens.
///
/// JWT signing and verification are written here on swift-crypto's HMAC
/// rather than taken from jwt-kit: the server needs HS256 only, and jwt-kit
/// brings RSA/ECDSA stacks (swift-certificates, BigInt) that would double the
/// build for code it never runs. Verification accepts only the canonical
/// base64url form of each part, the header this server writes (HS256 and a
/// known `kid`), a signature checked in constant time, and `nbf`, `iat` and
/// `exp` within a minute's clock skew; revocation is the caller's check of
/// ``TokenClaims/issuedMilliseconds``.
public struct Credentials: Sendable {
    public let keys: TokenKeys
    /// How long an access token is valid.
    public var tokenLifetimeMilliseconds: Int64 = 3_600_000
    /// How long tokens can be refreshed from one another before the API key is needed again.
    public var sessionLifetimeMilliseconds: Int64 = 30 * 86_400_000
    /// Tolerated difference between the issuing and the verifying clock.
    static let clockSkewMilliseconds: Int64 = 60_000

    public init(keys: TokenKeys) {
        self.keys = keys
    }

    /// A new random API key: 32 bytes, base64url.
    public static func newAPIKey() -> String {
        base64URL(Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }))
    }

    /// The stored form of an API key (its SHA-256, hex), so a leaked database leaks no keys.
    public static func fingerprint(ofAPIKey key: String) -> String {
        // Hex by table: String(format:) per byte was a measurable part of every authenticated request.
        var hex: [UInt8] = []
        hex.reserveCapacity(SHA256.byteCount * 2)
        for byte in SHA256.hash(data: Array(key.utf8)) {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    // MARK: - Tokens

    /// A signed token for `userId`, valid from now for the token lifetime.
    /// - Parameters:
    ///   - userId: The subject.
    ///   - sessionStart: When the user last authenticated with an API key (now, if nil).
    ///   - now: The issuing time.
    public func token(for userId: String, sessionStart: Int64? = nil, now: Date = Date()) -> String {
        let issued = Self.milliseconds(now)
        let header = JSONObject([("alg", .string("HS256")), ("typ", .string("JWT")), ("kid", .string(keys.signingId))])
        let claims = JSONObject([
            ("sub", .string(userId)), ("iat", Self.seconds(issued)), ("nbf", Self.seconds(issued)),
            ("exp", Self.seconds(issued + tokenLifetimeMilliseconds)),
            ("auth_time", Self.seconds(sessionStart ?? issued)),
        ])
        let signingInput = Self.base64URL(Self.json(header)) + "." + Self.base64URL(Self.json(claims))
        let signature = HMAC<SHA256>.authenticationCode(for: Data(signingInput.utf8), using: keys.signingKey)
        return signingInput + "." + Self.base64URL(Data(signature))
    }

    /// The claims of a well-formed, correctly signed token that is valid at `now`; nil for anything else.
    public func claims(fromToken token: String, now: Date = Date()) -> TokenClaims? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let header = Self.decodeBase64URL(parts[0]).flatMap(Self.object),
            header["alg"] == .string("HS256"), header["typ"].map({ $0 == .string("JWT") }) ?? true,
            case .string(let keyId)? = header["kid"], let key = keys.key(id: keyId),
            let signature = Self.decodeBase64URL(parts[2]),
            HMAC<SHA256>.isValidAuthenticationCode(
                signature, authenticating: Data("\(parts[0]).\(parts[1])".utf8),
                using: key),
            let payload = Self.decodeBase64URL(parts[1]).flatMap(Self.object),
            case .string(let subject)? = payload["sub"], !subject.isEmpty,
            let issued = Self.milliseconds(payload["iat"]), let notBefore = Self.milliseconds(payload["nbf"]),
            let expiry = Self.milliseconds(payload["exp"]), let sessionStart = Self.milliseconds(payload["auth_time"])
        else { return nil }
        let current = Self.milliseconds(now)
        guard notBefore <= current + Self.clockSkewMilliseconds, issued <= current + Self.clockSkewMilliseconds,
            expiry > current, sessionStart <= issued
        else { return nil }
        return TokenClaims(subject: subject, issuedMilliseconds: issued, sessionStartMilliseconds: sessionStart)
    }

    /// Whether a token session that began at `sessionStart` may still be refreshed.
    public func mayRefresh(sessionStart: Int64, now: Date = Date()) -> Bool {
        Self.milliseconds(now) - sessionStart <= sessionLifetimeMilliseconds
    }

    // MARK: - Encoding

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// A JWT NumericDate (seconds, fractions allowed) as milliseconds; nil unless a number in range.
    private static func milliseconds(_ value: JSONValue?) -> Int64? {
        guard case .number(let lexeme)? = value, let seconds = Double(lexeme), seconds.isFinite,
            seconds >= 0, seconds < 1e11
        else { return nil }
        return Int64((seconds * 1000).rounded())
    }

    /// Milliseconds as a JWT NumericDate with millisecond precision, so that
    /// a token issued just after a revocation is told from one issued before.
    private static func seconds(_ milliseconds: Int64) -> JSONValue {
        let fraction = String(milliseconds % 1000)
        return .number("\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)")
    }

    private static func json(_ object: JSONObject) -> Data {
        Data((try? JSONWriter.bytes(.object(object))) ?? Array("{}".utf8))
    }

    /// An object without repeated keys, which could make two readers see two different claims.
    private static func object(_ data: Data) -> JSONObject? {
        guard case .object(let object)? = try? JSONParser.parse([UInt8](data)),
            Set(object.members.map(\.key)).count == object.members.count
        else { return nil }
        return object
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Only the canonical unpadded base64url text of some bytes: no `=`, no
    /// other alphabet, no unused bits set, so no two texts name one token.
    static func decodeBase64URL(_ text: Substring) -> Data? {
        let alphabet = { (byte: UInt8) in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
        }
        guard text.utf8.allSatisfy(alphabet), text.utf8.count % 4 != 1 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), base64URL(data) == text else { return nil }
        return data
    }
}

/// What a verified token says.
public struct TokenClaims: Sendable, Equatable {
    public let subject: String
    /// `iat`, for revocation: tokens issued before a user's revocation are refused.
    public let issuedMilliseconds: Int64
    /// `auth_time`: when the user last presented the API key; refreshing keeps it.
    public let sessionStartMilliseconds: Int64
}
