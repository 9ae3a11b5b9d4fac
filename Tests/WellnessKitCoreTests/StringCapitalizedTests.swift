import Testing

@testable import WellnessKitCore

@Suite struct StringCapitalizedTests {
    /// The ASCII path gives what the character-by-character one gives, for
    /// every ASCII byte at a word start, inside a word and after each kind of
    /// whitespace (CR LF is one Character there, two bytes here).
    @Test func asciiPathMatchesTheUnicodeOne() throws {
        var texts = ["HIGH", "sleep hygiene", "  mixed\tCASE\r\nwords ", "", "a", "x1y2 Z3", "don't STOP-now"]
        for byte in UInt8(0)..<0x80 {
            let character = String(decoding: [byte], as: UTF8.self)
            texts += [character + "aB", "aB" + character + "cD", "Ab" + character]
        }
        for text in texts {
            let ascii = try #require(text.asciiCapitalizedWords, "\(text.debugDescription)")
            #expect(ascii == text.unicodeCapitalizedWords, "\(text.debugDescription)")
        }
    }

    @Test func otherTextTakesTheUnicodePath() {
        #expect("élan vital".asciiCapitalizedWords == nil)
        #expect("élan vital".capitalizedWords == "Élan Vital")
        #expect("straße".capitalizedWords == "Straße")
    }
}
