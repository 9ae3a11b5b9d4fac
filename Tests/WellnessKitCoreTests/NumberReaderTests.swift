import Testing

@testable import WellnessKitCore

/// The grounding check's number reader (docs/AI.md, "What a text may write"):
/// every script's digits, number forms, hidden digits, groupings, number words and units.
@Suite struct NumberReaderTests {
    static let facts = [
        GroundingFact(name: "steps_average", value: .number(9_996), unit: "steps"),
        GroundingFact(name: "sleep_hours", value: .number(7.23), unit: "hours"),
        GroundingFact(name: "run_km", value: .number(5), unit: "km"),
        GroundingFact(name: "mood_this_week", value: .number(6.2), unit: "mood_score"),
        GroundingFact(name: "mood_last_week", value: .number(3.1), unit: "mood_score"),
        GroundingFact(name: "checkins", value: .number(30), unit: "checkins"),
        GroundingFact(name: "weight", value: .number(70), unit: "kg"),
    ]

    static func check(_ text: String, _ facts: [GroundingFact] = facts) -> GroundingCheck {
        GroundingCheck(text: text, facts: facts)
    }

    static func read(_ text: String) -> [NumberMention] { NumberMention.find(in: text) }

    /// The texts and values read from `text`.
    static func values(_ text: String) -> [String] {
        read(text).map { "\($0.text)=\($0.value.isNaN ? "NaN" : String($0.value))" }
    }

    @Test func everyScriptsDecimalDigitsAreRead() {
        #expect(Self.values("１２，０００ steps") == ["１２，０００=12000.0"])
        #expect(Self.values("١٢٠٠٠ steps") == ["١٢٠٠٠=12000.0"])
        #expect(Self.values("१२ hours") == ["१२=12.0"])
        #expect(Self.values("𝟏𝟐 km") == ["𝟏𝟐=12.0"])
        #expect(Self.values("١٢٬٠٠٠ and ٧٫٢") == ["١٢٬٠٠٠=12000.0", "٧٫٢=7.2"])
        #expect(Self.values("７．２ h") == ["７．２=7.2"])
        // Invented, in any script: reported.
        for text in ["You walked １２，０００ steps", "You walked ١٢٠٠٠ steps", "You ran 𝟏𝟐 km", "You slept ९ hours"] {
            #expect(!Self.check(text).isGrounded, "\(text)")
        }
        // A fact written in another script's digits is grounded.
        #expect(Self.check("You walked １０，０００ steps and ran ٥ km.").isGrounded)
        // Chinese and Japanese glue digits to words: still numbers.
        #expect(Self.values("我跑了１２公里") == ["１２=12.0"])
        #expect(Self.read("我跑了１２公里今天")[0].unit == "公里")
        #expect(Self.check("我跑了５公里，很好").isGrounded)
        #expect(!Self.check("我跑了１２公里").isGrounded)
        #expect(Self.read("我跑了５次").first?.unit == nil)
    }

    @Test func numberFormsAreRead() {
        #expect(
            Self.values("Ⅻ ⑫ ⑴ ⒈ ➓ ½ ¾ ⅓") == [
                "Ⅻ=12.0", "⑫=12.0", "⑴=1.0", "⒈=1.0", "➓=10.0", "½=0.5", "¾=0.75", "⅓=0.3333333333333333",
            ])
        #expect(Self.values("¹² and ₃₄") == ["¹²=12.0", "₃₄=34.0"])
        #expect(Self.values("1½ hours")[0] == "1½=1.5")
        for text in ["You ran Ⅻ times", "You ran ⑫ times", "Your mood rose ⑴ point", "¹² runs"] {
            #expect(!Self.check(text).isGrounded, "\(text)")
        }
        #expect(Self.check("You ran ⑤ km.").isGrounded)
        // Exponents glued to digits make the whole unreadable, not shorter.
        #expect(Self.values("10² steps") == ["10²=NaN"])
        // Ideographs with numeric values are words, like "one".
        #expect(Self.read("一起").isEmpty)
    }

    @Test func invisibleCharactersHideNoDigits() {
        #expect(Self.values("1\u{200B}2 km") == ["1\u{200B}2=12.0"])
        for hidden in ["\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{200F}"] {
            #expect(Self.read("You ran 1\(hidden)2 km")[0].value == 12, "\(hidden.unicodeScalars.first!.value)")
        }
        #expect(!Self.check("You walked 12\u{200B},\u{2060}000 steps").isGrounded)
        let mention = Self.read("ran 1\u{200B}2 km")[0]
        #expect(mention.start == 4 && mention.end == 7 && mention.text == "1\u{200B}2")
        // A digit glued to a word stays part of it, across an invisible joiner too.
        #expect(Self.read("x\u{200B}2").isEmpty)
    }

    @Test func groupingsAreReadWhole() {
        #expect(Self.values("10 000 steps") == ["10 000=10000.0"])
        #expect(
            Self.values("10\u{2009}000 and 12\u{202F}000 and 1\u{00A0}000\u{00A0}000") == [
                "10\u{2009}000=10000.0", "12\u{202F}000=12000.0", "1\u{00A0}000\u{00A0}000=1000000.0",
            ])
        #expect(Self.values("10'000 and 12’500") == ["10'000=10000.0", "12’500=12500.0"])
        // Spaces between numbers that are no thousands group: separate numbers.
        #expect(
            Self.values("3 10 and 2025 100 and 1 0000") == [
                "3=3.0", "10=10.0", "2025=2025.0", "100=100.0", "1=1.0", "0000=0.0",
            ])
        // Malformed groupings are one unreadable mention, never the leading digits.
        #expect(Self.values("5,7.2") == ["5,7.2=NaN"])
        #expect(Self.values("1,22.3") == ["1,22.3=NaN"])
        #expect(Self.values("1,234,5 and 7.2.2025 and 10'00") == ["1,234,5=NaN", "7.2.2025=NaN", "10'00=NaN"])
        #expect(!Self.check("You ran 5,7.2 km").isGrounded)
        #expect(!Self.check("You ran 5,000.2 km").isGrounded)
        // A decimal comma that groups no thousands: "7,2", "10 000,5".
        #expect(Self.values("7,2 h and 10 000,5") == ["7,2=7.2", "10 000,5=10000.5"])
        #expect(Self.check("Du hast 7,2 Stunden geschlafen.").isGrounded)
        #expect(Self.check("You walked 10\u{202F}000 steps").isGrounded)
        #expect(!Self.check("You walked 12\u{2009}000 steps").isGrounded)
        // Still: "10,000", "7.2", sentence ends, lists with spaces.
        #expect(
            Self.values("10,000, then 7.2. Runs 3, 4 and 5.") == [
                "10,000=10000.0", "7.2=7.2", "3=3.0", "4=4.0", "5=5.0",
            ])
    }

    @Test func numberWordsAreRead() {
        #expect(Self.values("twelve thousand steps") == ["twelve thousand=12000.0"])
        #expect(Self.values("two hundred and five") == ["two hundred and five=205.0"])
        #expect(
            Self.values("twenty-one days, a dozen runs, two dozen eggs") == [
                "twenty-one=21.0", "a dozen=12.0", "two dozen=24.0",
            ])
        #expect(Self.values("a hundred and twenty minutes") == ["a hundred and twenty=120.0"])
        #expect(Self.values("half an hour, one and a half hours") == ["half=0.5", "one and a half=1.5"])
        #expect(Self.values("a couple of runs, twice a week, ten times") == ["a couple=2.0", "twice=2.0", "ten=10.0"])
        #expect(Self.values("once a day; once you rest") == ["once=1.0"])
        #expect(
            Self.values("12 thousand, 1.5 million, 12k steps") == [
                "12 thousand=12000.0", "1.5 million=1500000.0", "12k=12000.0",
            ])
        #expect(Self.values("dozens of runs") == ["dozens=NaN"])
        // "one" alone is read only before a unit; ordinals and "someone" are not numbers.
        #expect(Self.values("one of your runs, no one, someone, one day, one hour") == ["one=1.0", "one=1.0"])
        #expect(Self.values("your third run; first, rest") == [])
        #expect(Self.values("One step at a time, one day at a time.") == [])
        for text in [
            "You walked twelve thousand steps", "You ran a dozen times", "You slept half an hour more",
            "You ran ten times", "You ran dozens of times", "You slept two hundred and five minutes",
        ] {
            #expect(!Self.check(text).isGrounded, "\(text)")
        }
        #expect(Self.check("You walked ten thousand steps a day and ran five km.").isGrounded)
        #expect(Self.check("You checked in thirty times.").isGrounded)
    }

    @Test(arguments: [
        "You're a quarter of the way to your goal.", "You doubled your steps this week.",
        "You slept an hour and a half longer.", "You tripled your workouts.", "That's a fortnight of check-ins.",
        "Your streak is a baker's dozen days long.", "You logged a score of workouts.", "Double your melatonin.",
        "You did XII workouts.", "Chapter IV of your streak.",
        "Du bist zwölftausend Schritte gegangen.", "Du hast zwei Stunden mehr geschlafen.",
        "Du hast dreimal trainiert.", "Du hast eine halbe Stunde länger geschlafen.",
        "Du hast ein Dutzend Läufe gemacht.", "Je liep twaalfduizend stappen.", "Je sliep een half uur langer.",
        "Tweeëntwintig keer gelopen.", "Caminaste doce mil pasos.", "Dormiste media hora más.",
        "Entrenaste tres veces esta semana.", "Hiciste una docena de carreras.", "Corriste veintidós días.",
        "Tu as marché douze mille pas.", "Tu as dormi une demi-heure de plus.", "Tu t'es entraîné deux fois.",
        "Você andou doze mil passos.", "Você dormiu meia hora a mais.", "Hai camminato dodicimila passi.",
        "Hai dormito mezz'ora in più.", "Hai corso ventidue volte.",
        "你走了一万两千步。", "你睡了七个半小时。", "你这周锻炼了三次。", "你这周走了十二公里。", "你走了壹万贰仟步。",
        "一万二千歩歩きました。", "七時間半眠りました。", "三回運動しました。", "今週は十二回運動しました。",
    ])
    func numberWordsOfTheCoachsLanguagesAreRead(_ text: String) {
        #expect(!Self.read(text).isEmpty, "\(text)")
        // Other languages' words carry no value, so no fact grounds them: a grounded text writes digits.
        if text.unicodeScalars.contains(where: { $0.value > 0x7F }) || text.hasPrefix("Du") || text.hasPrefix("Je") {
            #expect(!Self.check(text).isGrounded, "\(text)")
        }
    }

    /// Words that look like numbers of another language, idioms and articles: no number.
    @Test(arguments: [
        "Ein kurzer Spaziergang nach dem Abendessen kann helfen.", "Eine feste Schlafenszeit hilft.",
        "Noch einmal: eine gute Nacht zählt.", "Achte auf deine Atmung.", "Seien Sie geduldig mit sich.",
        "Een korte wandeling na het avondeten kan helpen.", "Onze tips: drink water.", "Let op je tienen.",
        "Caminaste de media más que antes.", "Un paseo corto después de cenar puede ayudarte.",
        "Une courte marche après le dîner peut aider.", "Seize the day with a walk.",
        "Your goal is due soon.", "Sei stato bravo questa settimana.", "Una breve passeggiata dopo cena.",
        "Uma caminhada curta depois do jantar pode ajudar.", "I think you can do it. I'm proud of you.",
        "Try a triple-check of your shoes.", "Half-hearted walks still count.",
        "晚饭后散散步会有帮助。", "一起去散步吧。", "万一下雨，就在家做拉伸。", "千万不要熬夜。", "你做得十分好。",
        "夕食後の短い散歩が役立ちます。", "一緒に歩きましょう。", "三明治也可以。",
    ])
    func lookalikesAreNoNumbers(_ text: String) {
        #expect(Self.read(text).isEmpty, "\(text): \(Self.values(text))")
    }

    @Test func unitsMustMatchTheFactsUnit() {
        // A unit of another dimension, or another noun, matches nothing.
        let coincidence = Self.check("You ran 30 marathons and 3.1 miles.", Self.facts.filter { $0.name != "run_km" })
        #expect(coincidence.results.map(\.match) == [nil, nil])
        #expect(coincidence.results.map(\.mention.unit) == ["marathons", "miles"])
        #expect(Self.check("You checked in 30 times, 30 check-ins").isGrounded)
        #expect(!Self.check("You lifted 30 kg").isGrounded)
        // Documented conversions: 5 km is 3.1 miles; 7.23 h is 434 minutes; 70 kg is 154 lb.
        #expect(Self.check("You ran 3.1 miles, slept 434 minutes and weigh 154 lb.").isGrounded)
        #expect(Self.check("Your mood rose 3.1 points").results.map(\.match) == [nil])
        #expect(Self.check("Your mood rose by 3.1").isGrounded)
        // A range takes the unit of its end.
        let range = Self.check("Aim for 7-8 hours, or seven to eight hours")
        #expect(range.results.map(\.mention.unit) == ["hours", "hours", "hours", "hours"])
        #expect(range.results.map { $0.match != nil } == [true, false, true, false])
        // A fact without a unit matches any unit; a number without a unit, any fact.
        let unitless = [GroundingFact(name: "n", value: .number(30))]
        #expect(Self.check("30 marathons, 30 km", unitless).isGrounded)
        #expect(Self.check("about 30 on average", Self.facts).isGrounded)
        // "percent" is a percent sign.
        #expect(Self.read("85 percent and 85 per cent")[1].kind == .percent)
    }

    @Test func readingStaysLinear() {
        let clock = ContinuousClock()
        let texts = [
            String(repeating: "１2\u{200B}3 twelve thousand 10 000 km ½ 5,7.2 one hour ", count: 3_000),
            "1" + String(repeating: " 000", count: 25_000),
            String(repeating: "1,", count: 50_000),
            String(repeating: "twenty-one ", count: 10_000),
            "1 " + String(repeating: "a", count: 99_000),
        ]
        for text in texts {
            let bounded = String(String.UnicodeScalarView(text.unicodeScalars.prefix(100_000)))
            let elapsed = clock.measure { _ = Self.check(bounded) }
            // Generous for a debug build on a loaded machine; a quadratic reader takes hours here.
            #expect(elapsed < .seconds(60), "\(elapsed) for \(text.prefix(20))")
        }
    }
}
