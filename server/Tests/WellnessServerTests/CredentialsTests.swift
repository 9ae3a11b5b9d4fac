import Crypto
import Foundation
import Testing
@testable import WellnessServer

@Suite struct CredentialsTests {
    let credentials = Credentials(signingKey: SymmetricKey(size: .bits256))

    @Test func tokensRoundTripAndExpire() {
        let token = credentials.token(for: "usr_1")
        #expect(credentials.userId(fromToken: token) == "usr_1")
        #expect(credentials.userId(fromToken: token, now: Date().addingTimeInterval(Credentials.tokenLifetime + 1)) == nil)
    }

    @Test func forgedTokensAreRejected() {
        let token = credentials.token(for: "usr_1")
        let other = Credentials(signingKey: SymmetricKey(size: .bits256)).token(for: "usr_1")
        #expect(credentials.userId(fromToken: other) == nil)
        var tampered = Array(token)
        tampered[tampered.count - 3] = tampered[tampered.count - 3] == "A" ? "B" : "A"
        #expect(credentials.userId(fromToken: String(tampered)) == nil)
        let unsigned = Credentials.base64URL(Data(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "."
            + token.split(separator: ".")[1] + "."
        #expect(credentials.userId(fromToken: unsigned) == nil)
        #expect(credentials.userId(fromToken: "not.a.token") == nil)
        #expect(credentials.userId(fromToken: "") == nil)
    }

    @Test func apiKeysAreStoredAsFingerprints() {
        let key = Credentials.newAPIKey()
        #expect(key.count >= 43 && Credentials.fingerprint(ofAPIKey: key).count == 64)
        #expect(Credentials.fingerprint(ofAPIKey: key) != key)
    }
}
