import Crypto
import Foundation
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Tokens checked for `nbf`, `iat`, `exp`, their key and their
/// exact encoding; keys of their own that rotate.
@Suite struct CredentialsTests {
    let credentials = Credentials(keys: .random())

    @Test func tokensRoundTripAndExpire() {
        let token = credentials.token(for: "usr_1")
        #expect(credentials.claims(fromToken: token)?.subject == "usr_1")
        let later = Date().addingTimeInterval(Double(credentials.tokenLifetimeMilliseconds) / 1000 + 1)
        #expect(credentials.claims(fromToken: token, now: later) == nil)
    }

    @Test func tokensFromTheFutureAreRefused() {
        let issuedLater = credentials.token(for: "usr_1", now: Date().addingTimeInterval(300))
        #expect(credentials.claims(fromToken: issuedLater) == nil, "iat and nbf five minutes ahead")
        #expect(credentials.claims(fromToken: issuedLater, now: Date().addingTimeInterval(300)) != nil)
        let skewed = credentials.token(for: "usr_1", now: Date().addingTimeInterval(30))
        #expect(credentials.claims(fromToken: skewed) != nil, "within the minute of clock skew")
    }

    @Test func onlyTheExactEncodingIsAccepted() {
        let token = credentials.token(for: "usr_1")
        #expect(credentials.claims(fromToken: token + "==") == nil)
        #expect(credentials.claims(fromToken: token + "=") == nil)
        #expect(credentials.claims(fromToken: token + " ") == nil)
        let parts = token.split(separator: ".").map(String.init)
        #expect(credentials.claims(fromToken: "\(parts[0])=.\(parts[1]).\(parts[2])") == nil)
        // The last character of a 32-byte signature carries 2 unused bits: setting one names the same bytes.
        let signature = Array(parts[2])
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        if let last = signature.last, let index = alphabet.firstIndex(of: last) {
            let variant = String(signature.dropLast()) + String(alphabet[index ^ 1])
            #expect(credentials.claims(fromToken: "\(parts[0]).\(parts[1]).\(variant)") == nil)
        }
    }

    @Test func forgedTokensAreRejected() throws {
        let token = credentials.token(for: "usr_1")
        let other = Credentials(keys: .random()).token(for: "usr_1")
        #expect(credentials.claims(fromToken: other) == nil)
        var tampered = Array(token)
        tampered[tampered.count - 3] = tampered[tampered.count - 3] == "A" ? "B" : "A"
        #expect(credentials.claims(fromToken: String(tampered)) == nil)
        let payload = token.split(separator: ".")[1]
        for header in [
            #"{"alg":"none","typ":"JWT"}"#, #"{"alg":"HS256","typ":"JWT"}"#,
            #"{"alg":"HS256","typ":"JWT","kid":"nope"}"#,
        ] {
            let forged = Credentials.base64URL(Data(header.utf8)) + "." + payload + "."
            #expect(credentials.claims(fromToken: forged) == nil, "\(header)")
        }
        #expect(credentials.claims(fromToken: "not.a.token") == nil)
        #expect(credentials.claims(fromToken: "") == nil)
    }

    @Test func repeatedClaimsAreRefused() throws {
        let token = credentials.token(for: "usr_1")
        let parts = token.split(separator: ".")
        let claims = String(decoding: try #require(Credentials.decodeBase64URL(parts[1])), as: UTF8.self)
        let repeated = claims.dropLast() + #","sub":"usr_2"}"#
        let input = "\(parts[0])." + Credentials.base64URL(Data(repeated.utf8))
        let signed = try signature(of: input)
        #expect(credentials.claims(fromToken: "\(input).\(signed)") == nil)
        let resigned = try signature(of: "\(parts[0]).\(parts[1])")
        #expect(
            credentials.claims(fromToken: "\(parts[0]).\(parts[1]).\(resigned)")?.subject == "usr_1",
            "the same claims, signed the same way, pass: the refusal above is the repetition's")
    }

    private func signature(of input: String) throws -> String {
        let entry = try #require(credentials.keys.text.split(separator: "\n").first?.split(separator: ":"))
        let key = SymmetricKey(data: try #require(Data(base64Encoded: String(entry[1]))))
        return Credentials.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: key)))
    }

    @Test func sessionsEndAfterTheirLifetime() {
        let now = Credentials.milliseconds(Date())
        #expect(credentials.mayRefresh(sessionStart: now - 86_400_000))
        #expect(!credentials.mayRefresh(sessionStart: now - credentials.sessionLifetimeMilliseconds - 1))
        let refreshed = credentials.token(for: "usr_1", sessionStart: now - 5000)
        #expect(credentials.claims(fromToken: refreshed)?.sessionStartMilliseconds == now - 5000)
    }

    @Test func apiKeysAreStoredAsFingerprints() {
        let key = Credentials.newAPIKey()
        #expect(key.count >= 43 && Credentials.fingerprint(ofAPIKey: key).count == 64)
        #expect(Credentials.fingerprint(ofAPIKey: key) != key)
    }
}

@Suite struct TokenKeysTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wellness-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theKeyFileIsCreatedPrivateAndReused() throws {
        let dir = try directory()
        let first = try TokenKeys.load(dataDirectory: dir, environment: [:])
        let path = dir.appendingPathComponent(TokenKeys.fileName).path
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try TokenKeys.load(dataDirectory: dir, environment: [:]).ids == first.ids)
    }

    @Test func aBrokenKeyFileStopsLoadingAndIsKept() throws {
        let dir = try directory()
        let path = dir.appendingPathComponent(TokenKeys.fileName).path
        for text in ["", "k1:c2hvcnQ=\n", "bad id:" + Data(count: 32).base64EncodedString(), "\u{FF}"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: ConfigurationError.self) { try TokenKeys.load(dataDirectory: dir, environment: [:]) }
            #expect(FileManager.default.contents(atPath: path) == Data(text.utf8), "never replaced")
        }
    }

    @Test func rotationKeepsOldTokensUntilTheOldKeyIsDropped() throws {
        let dir = try directory()
        let before = Credentials(keys: try TokenKeys.load(dataDirectory: dir, environment: [:]))
        let oldToken = before.token(for: "usr_1")
        let newId = try TokenKeys.rotate(dataDirectory: dir, dropPrevious: false)
        let rotated = Credentials(keys: try TokenKeys.load(dataDirectory: dir, environment: [:]))
        #expect(rotated.keys.signingId == newId && rotated.keys.ids.count == 2)
        #expect(rotated.claims(fromToken: oldToken)?.subject == "usr_1")
        #expect(before.claims(fromToken: rotated.token(for: "usr_1")) == nil, "a new kid the old keys do not know")
        _ = try TokenKeys.rotate(dataDirectory: dir, dropPrevious: true)
        let dropped = Credentials(keys: try TokenKeys.load(dataDirectory: dir, environment: [:]))
        #expect(dropped.keys.ids.count == 1 && dropped.claims(fromToken: oldToken) == nil)
    }

    @Test func theEnvironmentOverridesTheFile() throws {
        let key = Data(repeating: 7, count: 32).base64EncodedString()
        let keys = try TokenKeys.load(
            dataDirectory: try directory(),
            environment: [TokenKeys.environmentVariable: "a:\(key),b:\(key)"])
        #expect(keys.ids == ["a", "b"])
        #expect(throws: ConfigurationError.self) {
            try TokenKeys.load(
                dataDirectory: try directory(), environment: [TokenKeys.environmentVariable: "a:\(key),a:\(key)"])
        }
    }
}
