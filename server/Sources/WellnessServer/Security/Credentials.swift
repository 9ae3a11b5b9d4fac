import Crypto
import Foundation

/// API keys and HS256 JSON Web Tokens.
///
/// JWT signing and verification are written here on swift-crypto's HMAC
/// rather than taken from jwt-kit: the server needs HS256 only, and jwt-kit
/// brings RSA/ECDSA stacks (swift-certificates, BigInt) that would double the
/// build for code it never runs. Verification checks the header, the
/// signature in constant time, and the expiry.
/// `@unchecked`: SymmetricKey is immutable once made, so sharing it is safe.
public struct Credentials: @unchecked Sendable {
    private let signingKey: SymmetricKey
    public static let tokenLifetime: TimeInterval = 30 * 24 * 3600

    public init(signingKey: SymmetricKey) {
        self.signingKey = signingKey
    }

    /// A new random API key: 32 bytes, base64url.
    public static func newAPIKey() -> String {
        base64URL(Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }))
    }

    /// The stored form of an API key (its SHA-256, hex), so a leaked database leaks no keys.
    public static func fingerprint(ofAPIKey key: String) -> String {
        SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A signed token for `userId`, valid for ``tokenLifetime``.
    public func token(for userId: String, now: Date = Date()) -> String {
        let header = Self.base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let issued = Int(now.timeIntervalSince1970)
        let claims = #"{"sub":"\#(userId)","iat":\#(issued),"exp":\#(issued + Int(Self.tokenLifetime))}"#
        let payload = Self.base64URL(Data(claims.utf8))
        let signature = HMAC<SHA256>.authenticationCode(for: Data("\(header).\(payload)".utf8), using: signingKey)
        return "\(header).\(payload).\(Self.base64URL(Data(signature)))"
    }

    /// The user a valid, unexpired token names; nil for anything else.
    public func userId(fromToken token: String, now: Date = Date()) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerData = Self.decodeBase64URL(parts[0]),
              let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
              header["alg"] as? String == "HS256",
              let signature = Self.decodeBase64URL(parts[2]),
              HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data("\(parts[0]).\(parts[1])".utf8),
                                                     using: signingKey),
              let payloadData = Self.decodeBase64URL(parts[1]),
              let claims = try? JSONSerialization.jsonObject(with: payloadData) as? [String: Any],
              let subject = claims["sub"] as? String, !subject.isEmpty,
              let expiry = claims["exp"] as? Double, expiry > now.timeIntervalSince1970 else { return nil }
        return subject
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decodeBase64URL(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
