import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// The crisis screen on its own: the phrasings it must catch, in every
/// language and disguise, and the ordinary messages it must leave alone.
@Suite struct CrisisScreenTests {
    /// The phrasings that reached the model before the lexicon.
    @Test(arguments: [
        "I don't want to wake up tomorrow", "nobody would miss me if I was gone", "i wanna unalive myself",
        "kms tonight", "thinking about sucide", "I want to d1e", "I took all my pills",
        "I'm going to jump off a bridge tonight", "my chest is tight and my left arm is numb",
        "I can't breath and my chest hurts", "Ich will nicht mehr leben", "Quiero morir", "je veux mourir", "我想死",
        "self\u{2011}harm", "kill\u{200B}myself", "I want to kill myself", "thinking about SUICIDE lately",
        "I don’t want to live anymore", "sometimes I hurt   myself", "I self-harm when stressed",
        "I took an overdose", "my chest pain won't stop", "I can't breathe", "I think I'm having a heart attack",
        "I'd be better off dead", "suicde", "$uicide", "k1ll mys3lf", "sewerslide", "i want to disappear forever",
        "I swallowed a bottle of sleeping pills", "my face is drooping and my speech is slurred",
    ])
    func flags(_ message: String) {
        #expect(CrisisScreen.flags(message))
    }

    @Test(arguments: [
        "How do I sleep better?", "I killed it at the gym today", "My legs hurt after running",
        "I'm dying to try the new recipe", "I ran 5 km and my legs hurt", "this workout killed me",
        "my chest day at the gym", "I could kill for a pizza", "killer workout", "I slept badly",
        "breathing exercises", "the deadline is killing me", "I did 10 kms today", "I love cooking",
        "Je veux courir un marathon", "I did suicide sprints at practice", "Der Muskelkater bringt mich um",
        "I have my jump rope ready for tomorrow",
    ])
    func leavesAlone(_ message: String) {
        #expect(!CrisisScreen.flags(message))
    }

    /// Spellings that hide a phrase from the lexicon's words: letters one by
    /// one, stretched letters, hyphens inside words, chat spellings, elisions,
    /// kana and homophones (``CrisisReadings``).
    @Test(arguments: [
        "s u i c i d e", "S.U.I.C.I.D.E.", "k-y-s", "thinking of un-aliving myself", "i.want.to.die",
        "voglio morireee", "ik wil dooood", "I want to dieeee", "kiero morir", "kero morrer", "jveux mourir",
        "i wanna dye, nobody cares", "i want to dye", "i want to kil myself", "ho preso un'overdose", "ｼﾆﾀｲ",
        "シニタイ", "氏にたい", "タヒにたい",
    ])
    func flagsRespelledPhrases(_ message: String) {
        #expect(CrisisScreen.flags(message))
    }

    /// The further readings leave ordinary words alone.
    @Test(arguments: [
        "I want to dye my hair blue", "kiero comer algo sano", "jveux courir demain", "soooo tired after the run",
        "a b c d workout plan", "I.D.K what to eat", "the u-turn killed my pace", "タヒチに行きたい",
        "市に対して意見を言った", "ho preso un'ottima colazione", "me corto el pelo mañana",
        "je me coupe les cheveux ce soir", "mi taglio i capelli domani", "mi sono fatto male al ginocchio",
        "I need to replace the button battery in my scale", "my son drank a bottle of milk",
        "I can't catch my breath after hill sprints", "quiero que todo termine bien", "四十肩で腕が上がらない",
        "我一边洗脸一边听歌", "わたしのうちに来て", "がっこういきたくない", "わたしにたくさんくれた",
        "zelfmotivatie is moeilijk", "ik doe mezelf geen pijn tijdens het sporten",
    ])
    func respellingsLeaveOrdinaryMessagesAlone(_ message: String) {
        #expect(!CrisisScreen.flags(message))
    }

    @Test func readingsJoinShortenAndRespell() {
        #expect(CrisisReadings.all("s u i c i d e") == ["suicide"])
        #expect(CrisisReadings.all("s.u.i.c.i.d.e.") == ["suicide."])
        #expect(CrisisReadings.all("ik wil dooood") == ["ik wil dood", "ik wil dod"])
        #expect(CrisisReadings.all("un-aliving") == ["unaliving"])
        #expect(CrisisReadings.all("i wanna dye, ok") == ["i wanna die, ok"])
        #expect(CrisisReadings.all("i wanna dye my hair").isEmpty)
        #expect(CrisisReadings.all("シニタイ") == ["しにたい"])
        #expect(CrisisReadings.all("氏にたい") == ["死にたい"])
        #expect(CrisisReadings.all("I want to die").isEmpty, "a reading only when it differs")
        #expect(CrisisReadings.shortenedRuns("1000 aaa", to: 1) == "1000 a", "digits are not stretched letters")
    }

    @Test func anElisionIsTwoWordsAndAContractionOne() {
        #expect(CrisisMatcher.words(of: "ho preso un'overdose") == ["ho", "preso", "un", "overdose"])
        #expect(CrisisMatcher.words(of: "dell'anno jusqu'ici") == ["dell", "anno", "jusqu", "ici"])
        #expect(CrisisMatcher.words(of: "don't you'll we've") == ["dont", "youll", "weve"])
    }

    /// Every corpus message of `language`, as written and disguised (fullwidth,
    /// Cyrillic look-alikes, zero-width characters, leet, upper case), is caught,
    /// and as written is read in its language.
    @Test(arguments: CrisisCorpus.crises.keys.sorted())
    func catchesTheCorpus(_ language: String) {
        let messages = CrisisCorpus.crises[language] ?? []
        #expect(messages.count >= 15)
        var caught = 0
        var total = 0
        for message in messages {
            let assessment = CrisisScreen.assess(message, region: nil)
            #expect(assessment?.language.rawValue == language, "\(message)")
            for variant in CrisisCorpus.Variants.all(message) {
                total += 1
                if CrisisScreen.flags(variant) { caught += 1 } else { Issue.record("missed: \(variant)") }
            }
        }
        print("crisis recall \(language): \(caught)/\(total)")
        #expect(caught == total)
    }

    /// At most 1 % of ordinary wellness messages get the crisis reply.
    @Test func ordinaryMessagesStayBelowOnePercent() {
        #expect(CrisisCorpus.ordinary.count >= 300)
        let flagged = CrisisCorpus.ordinary.filter { CrisisScreen.flags($0) }
        print("crisis false positives: \(flagged.count)/\(CrisisCorpus.ordinary.count) \(flagged)")
        #expect(flagged.count * 100 <= CrisisCorpus.ordinary.count)
    }

    @Test(arguments: [
        ("I took all my pills", CrisisAssessment.Kind.overdose),
        ("my chest is tight and my left arm is numb", .medicalEmergency),
        ("I want to die", .suicideOrSelfHarm), ("胸が痛くて腕がしびれる", .medicalEmergency),
    ])
    func tellsTheKind(_ message: String, _ kind: CrisisAssessment.Kind) {
        #expect(CrisisScreen.assess(message, region: nil)?.kind == kind)
    }

    @Test func theReplySpeaksTheMessagesLanguageWithTheRegionsNumbers() throws {
        let spanish = try #require(CrisisScreen.assess("Quiero morir", region: "mx"))
        #expect(spanish.region == "MX")
        #expect(spanish.reply.hasPrefix("Siento mucho"))
        #expect(spanish.reply.contains("al 911") && spanish.reply.contains("800 911 2000"))
        let german = try #require(CrisisScreen.assess("Ich will nicht mehr leben", region: "AT"))
        #expect(german.reply.contains("144 / 112") && german.reply.contains("TelefonSeelsorge: 142"))
        let unknown = try #require(CrisisScreen.assess("I want to die", region: "ZZ"))
        #expect(unknown.region == nil)
        #expect(unknown.reply == CrisisScreen.reply)
        #expect(unknown.reply.contains("112 in Europe, 911 in North America"))
        let japanese = try #require(CrisisScreen.assess("死にたい", region: nil))
        #expect(japanese.language == .japanese && japanese.reply.contains("いのちの電話"))
    }

    @Test func everyRegionAndLanguageHasAReplyNamingTheNumbers() {
        #expect(CrisisHelp.regions.count >= 21)
        for language in CrisisAssessment.Language.allCases {
            for (region, numbers) in CrisisHelp.regions {
                let reply = CrisisHelp.reply(in: language, region: region)
                #expect(
                    reply.contains(numbers.emergency) && reply.contains(numbers.crisisLine), "\(language) \(region)")
                #expect(!reply.contains("{"), "\(language) \(region)")
            }
            #expect(!CrisisHelp.reply(in: language, region: nil).contains("{"))
        }
    }

    @Test(
        arguments: [
            ("de-AT,de;q=0.9,en;q=0.8", "AT"), ("en", nil), ("fr-CH;q=0.5, de-DE", "DE"), ("es-419", nil),
            ("zh-Hans-CN", "CN"), ("pt_BR", "BR"), ("*", nil), (";;;,,,q=", nil), ("en-US;q=0", nil),
        ] as [(String, String?)])
    func readsTheRegionFromAcceptLanguage(_ header: String, _ region: String?) {
        #expect(CrisisHelp.region(fromAcceptLanguage: header) == region)
    }

    @Test func aHugeMessageIsScreenedWithoutTrapping() {
        let huge = String(repeating: "I ran 5 km and my legs hurt. ", count: 40_000) + "I want to die"
        #expect(CrisisScreen.assess(huge, region: nil) == nil, "screened up to maxScreenedCharacters")
        #expect(CrisisScreen.flags("I want to die " + huge))
        #expect(!CrisisScreen.flags(String(repeating: "\u{200B}", count: 100_000)))
        let started = ContinuousClock.now
        #expect(!CrisisScreen.flags(String(repeating: "a", count: 200_000)), "one huge word")
        #expect(!CrisisScreen.flags(String(repeating: "死", count: 200_000)))
        #expect(ContinuousClock.now - started < .seconds(20), "linear, not quadratic, in a word's length")
        #expect(!CrisisScreen.flags(""))
    }

    @Test func typosNeedALetterOfFiveAndAnExactNeighbour() {
        #expect(CrisisMatcher.isOneEdit("sucide", "suicide"))
        #expect(CrisisMatcher.isOneEdit("suicdie", "suicide"))
        #expect(!CrisisMatcher.isOneEdit("uicide", "suicide"), "the first letter is kept")
        #expect(!CrisisMatcher.isOneEdit("courir", "mourir"))
        #expect(!CrisisMatcher.isOneEdit("suicdei", "suicide"))
    }
}

/// The crisis reply through the consultation routes: localised, with the
/// region of `Accept-Language`, and no provider call.
@Suite struct CrisisScreenRouteTests {
    @Test func aSpanishCrisisFromMexicoGetsTheSpanishReplyWithMexicanNumbers() async throws {
        let provider = ScriptedProvider([.answer(ProviderTests.groundedReply)])
        try await ProviderTests.withServer(provider) { server, user, client in
            let created = try await client.call(
                .post, "/api/v1/consultations", as: user, json: #"{"persona":"sleep_coach"}"#
            ).2
            let id = try #require(created["data"]["id"].string)
            var headers = user.headers
            headers[.acceptLanguage] = "es-MX,es;q=0.9"
            headers[.contentType] = "application/json"
            let text = try await client.execute(
                uri: "/api/v1/consultations/\(id)/messages", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"content":"Quiero morir"}"#)
            ) { response in
                try JSONParser.parse(Array(response.body.readableBytesView))["data"]["messages"][1]["content"].string
            }
            #expect(text == CrisisHelp.reply(in: .spanish, region: "MX"))
            #expect(provider.requests.isEmpty)
        }
    }

    @Test func aStreamedGermanCrisisFromAustriaStreamsTheGermanReplyWithAustrianNumbers() async throws {
        let provider = ScriptedProvider([])
        try await ProviderTests.withServer(provider) { _, user, client in
            let id = try await StreamedReplyTests.newConsultation(client, user)
            var headers = user.headers
            headers[.accept] = "text/event-stream"
            headers[.acceptLanguage] = "de-AT"
            let body = try await client.execute(
                uri: "/api/v1/consultations/\(id)/messages", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"content":"Ich will nicht mehr leben"}"#)
            ) { String(buffer: $0.body) }
            let shown = StreamedReplyTests.shownText(try StreamedReplyTests.events(body))
            #expect(shown == CrisisHelp.reply(in: .german, region: "AT"))
            #expect(shown.contains("TelefonSeelsorge: 142"))
            #expect(provider.requests.isEmpty)
        }
    }
}

/// The optional safety classifier (`--ai-safety-model`) on the scripted
/// provider: asked before the coach, its crisis verdict gets the crisis
/// reply, and its failures let the coach answer and are counted.
@Suite struct CrisisScreenSafetyModelTests {
    typealias Name = ServerMetrics.Name

    static func withClassifier(
        _ provider: ScriptedProvider, timeout: Duration = .seconds(2),
        _ body: @escaping @Sendable (TestServer, TestServer.User, any TestClientProtocol) async throws -> Void
    ) async throws {
        try await ProviderTests.withServer(
            provider,
            configure: {
                $0.safetyModel = "llama-guard3"
                $0.safetyTimeout = timeout
            }, body)
    }

    @Test func aCrisisVerdictGetsTheCrisisReplyWithoutAskingTheCoach() async throws {
        let provider = ScriptedProvider([.answer("unsafe\nS11"), .answer(ProviderTests.groundedReply)])
        try await Self.withClassifier(provider) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "everything feels pointless lately")
            #expect(reply.text == CrisisScreen.reply)
            #expect(try await ProviderTests.provenance(server, reply.id) == .fallback(.crisis))
            #expect(provider.requests.map { $0["model"].string } == ["llama-guard3"])
            #expect(provider.requests.first?["messages"][0]["content"].string == "everything feels pointless lately")
            let metrics = try await Exposition.read(client)
            #expect(metrics.value(Name.aiSafetyChecks, ["outcome": "crisis"]) == 1)
        }
    }

    @Test func aSafeVerdictLetsTheCoachAnswer() async throws {
        let provider = ScriptedProvider([.answer("safe"), .answer(ProviderTests.groundedReply)])
        try await Self.withClassifier(provider) { _, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "Tips?")
            #expect(reply.text == ProviderTests.groundedText)
            #expect(provider.requests.map { $0["model"].string } == ["llama-guard3", "scripted-model"])
            let metrics = try await Exposition.read(client)
            #expect(metrics.value(Name.aiSafetyChecks, ["outcome": "safe"]) == 1)
        }
    }

    @Test func aLexiconCrisisNeverAsksTheClassifier() async throws {
        let provider = ScriptedProvider([.answer("safe"), .answer(ProviderTests.groundedReply)])
        try await Self.withClassifier(provider) { _, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "I want to end my life")
            #expect(reply.text == CrisisScreen.reply)
            #expect(provider.requests.isEmpty)
        }
    }

    @Test func aFailingClassifierLetsTheCoachAnswerAndIsCounted() async throws {
        let provider = ScriptedProvider([.status(.internalServerError), .answer(ProviderTests.groundedReply)])
        try await Self.withClassifier(provider) { _, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "Tips?")
            #expect(reply.text == ProviderTests.groundedText)
            let metrics = try await Exposition.read(client)
            #expect(metrics.value(Name.aiSafetyChecks, ["outcome": "failed"]) == 1)
        }
    }

    @Test func aSlowClassifierTimesOutAndTheCoachAnswers() async throws {
        var slow = ScriptedProvider.Reply.answer("unsafe\nS11")
        slow.delay = .seconds(5)
        let provider = ScriptedProvider([slow, .answer(ProviderTests.groundedReply)])
        try await Self.withClassifier(provider, timeout: .milliseconds(300)) { _, user, client in
            let started = ContinuousClock.now
            let reply = try await ProviderTests.coachReply(client, user, "Tips?")
            #expect(reply.text == ProviderTests.groundedText)
            #expect(ContinuousClock.now - started < .seconds(4), "the classifier's wait ends at its timeout")
            let metrics = try await Exposition.read(client)
            #expect(metrics.value(Name.aiSafetyChecks, ["outcome": "failed"]) == 1)
        }
    }

    @Test(arguments: [
        ("safe", SafetyClassifier.Verdict.safe), ("unsafe\nS11", .crisis), ("unsafe\nS1,S11", .crisis),
        ("unsafe\nS1", .safe), ("unsafe", .crisis), (" Unsafe \n self-harm ", .crisis), ("Yes", .crisis),
        ("No", .safe), (#"{"crisis": true}"#, .crisis), (#"{"self_harm": false}"#, .safe),
    ])
    func readsTheClassifiersForms(_ answer: String, _ verdict: SafetyClassifier.Verdict) {
        #expect(SafetyClassifier.verdict(answer) == verdict)
    }

    @Test(arguments: ["", "maybe", "{}", #"{"crisis": "yes"}"#, "{not json"])
    func unknownFormsAreFailures(_ answer: String) {
        #expect(SafetyClassifier.verdict(answer) == nil)
    }
}
