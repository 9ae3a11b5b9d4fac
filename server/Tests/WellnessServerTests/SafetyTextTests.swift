import Testing

@testable import WellnessServer

/// The normalisation every safety screen reads, and its leet reading.
@Suite struct SafetyTextTests {
    @Test(arguments: [
        ("ＫＩＬＬ ｍｙｓｅｌｆ", "kill myself"),  // fullwidth
        ("𝐤𝐢𝐥𝐥 𝐦𝐲𝐬𝐞𝐥𝐟", "kill myself"),  // mathematical bold
        ("kill\u{200B}myself", "killmyself"),  // zero-width space
        ("su\u{00AD}ici\u{200D}de", "suicide"),  // soft hyphen, zero-width joiner
        ("\u{202E}die\u{202C} \u{2066}now\u{2069}", "die now"),  // bidi overrides and isolates
        ("\u{FEFF}w\u{2060}ant\u{2063}", "want"),  // BOM, word joiner, invisible separator
        ("d\u{FE0F}ie", "die"),  // variation selector
        ("ѕuісіdе", "suicide"),  // Cyrillic look-alikes
        ("d\u{03BF}se", "dose"),  // Greek omicron
        ("self\u{2011}harm", "self-harm"), ("self\u{2014}harm", "self-harm"), ("a\u{2212}b", "a-b"),
        ("don\u{2019}t", "don't"), ("don\u{2018}t", "don't"), ("don\u{02BC}t", "don't"),
        ("  I \n\t want\u{00A0}\u{3000}to  die ", "i want to die"),
        ("Müde UND Traurig", "müde und traurig"), ("QUÉ", "qué"),
        ("我想死", "我想死"), ("死にたい ノート", "死にたい ノート"),
    ])
    func normalizes(_ text: String, _ expected: String) {
        #expect(SafetyText.normalized(text) == expected)
    }

    @Test func accentsAreKeptAndCanBeDropped() {
        #expect(SafetyText.withoutDiacritics("qué pasó, müde, ça") == "que paso, mude, ca")
        #expect(SafetyText.withoutDiacritics("が") == "が", "Japanese voicing marks are not accents")
    }

    @Test(arguments: [
        ("i want to d1e", "i want to die"), ("k1ll myself", "kill myself"), ("$uicide", "suicide"),
        ("5elf h4rm", "self harm"), ("h@ng", "hang"), ("ki|| me", "kill me"), ("k!ll", "kill"),
        ("i ran 5 km", "i ran 5 km"), ("die! now", "die! now"), ("in 2024", "in 2024"),
    ])
    func deLeets(_ text: String, _ expected: String) {
        #expect(SafetyText.deLeeted(text) == expected)
    }

    @Test func wordsOfDigitsAreReadOnlyWhenAsked() {
        #expect(SafetyText.deLeeted("n0 r3450n 70 l1v3") == "no reason 70 live")
        #expect(SafetyText.deLeeted("n0 r3450n 70 l1v3", wordsOfDigits: true) == "no reason to live")
    }

    @Test func theConfusablesTableIsUnicodesAndLeavesCJKAlone() {
        #expect(SafetyText.confusablesVersion == "13.0.0")
        #expect(SafetyText.confusables.count > 1500)
        #expect(SafetyText.confusables["\u{0430}"] == "a")
        #expect(SafetyText.confusables["\u{30CE}"] == nil, "katakana NO stays")
        #expect(SafetyText.confusables["a"] == nil, "ASCII stays")
    }

    @Test func everyScalarAndAHugeTextAreTotal() {
        var text = String.UnicodeScalarView()
        for value in stride(from: 0, through: 0x10FFFF, by: 97) {
            if let scalar = Unicode.Scalar(UInt32(value)) { text.append(scalar) }
        }
        let all = String(text)
        #expect(!SafetyText.normalized(all).isEmpty)
        #expect(!SafetyText.deLeeted(SafetyText.normalized(all)).isEmpty)
        let huge = String(repeating: "ｋ\u{200B}1ll ", count: 50_000)
        #expect(SafetyText.normalized(huge).count == 250_000 - 1)
    }

    @Test func digitsOfEveryScriptReadAsASCII() {
        #expect(SafetyText.normalized("Take ٤٠٠ mg, ४०० mg or ৫০ mg") == "take 400 mg, 400 mg or 50 mg")
    }
}
