import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct DeepLinkURLTests {
    private func split(_ text: String) -> DeepLinkURL? {
        try? DeepLinkURL.split(text).get()
    }

    @Test func partsOfAURL() throws {
        let parts = try #require(split("FitIQ://me@Chat:8080/a/%6Eew//b?persona=x&flag&=v&id=1%2B2+3#frag"))
        #expect(parts.scheme == "fitiq")
        #expect(parts.host == "chat")
        #expect(parts.pathSegments == ["a", "new", "b"])
        #expect(parts.queryItems.map(\.name) == ["persona", "flag", "", "id"])
        #expect(parts.queryItems.map(\.value) == ["x", nil, "v", "1+2+3"])
        #expect(parts.value(of: "flag") == nil)
        #expect(parts.value(of: "id") == "1+2+3")
    }

    @Test func schemes() {
        #expect(DeepLinkURL.scheme(of: "Web+Cal.1-x:rest") == "web+cal.1-x")
        #expect(DeepLinkURL.scheme(of: "1abc:x") == nil)
        #expect(DeepLinkURL.scheme(of: "no colon") == nil)
        #expect(DeepLinkURL.scheme(of: ":x") == nil)
    }

    @Test func percentDecoding() {
        func decoded(_ text: String) -> String? { DeepLinkURL.percentDecoded(ArraySlice(text.utf8)) }
        #expect(decoded("a%20b%2f%2F") == "a b//")
        #expect(decoded("%F0%9F%98%80") == "😀")
        #expect(decoded("%") == nil)
        #expect(decoded("%2") == nil)
        #expect(decoded("%g0") == nil)
        #expect(decoded("%C3") == nil)
        #expect(decoded("%ED%A0%80") == nil)  // a UTF-8 encoded surrogate
        #expect(decoded("%00") == "\u{0}")
    }

    @Test func refusals() {
        func reason(_ text: String) -> DeepLinkRejection? {
            if case .failure(let rejection) = DeepLinkURL.split(text) { return rejection }
            return nil
        }
        #expect(reason(String(repeating: "x", count: DeepLinkURL.maximumLength + 1)) == .tooLong)
        #expect(reason("fitiq://" + String(repeating: "x", count: DeepLinkURL.maximumLength - 8)) == nil)
        #expect(reason("fitiq://goals\t") == .malformed)
        #expect(reason("fitiq://goals\u{7f}") == .malformed)
        #expect(reason("fitiq:/goals") == .malformed)
        #expect(reason("fitiq://goals:80x") == .malformed)
        #expect(reason("fitiq://go%zzals") == .malformed)
    }
}
