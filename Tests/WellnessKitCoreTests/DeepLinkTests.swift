import Testing
import WellnessTestSupport

@testable import WellnessKitCore

/// A seeded generator, so that a failing property run can be replayed.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct DeepLinkTests {
    private func link(_ url: String, scheme: String = "fitiq") -> DeepLink? {
        try? DeepLink.parse(url, scheme: scheme).get()
    }

    private func rejection(_ url: String) -> DeepLinkRejection? {
        if case .failure(let reason) = DeepLink.parse(url) { return reason }
        return nil
    }

    @Test func everyFormOfTheSeedsHandler() {
        #expect(link("fitiq://insights") == .insightsList)
        #expect(link("fitiq://insights?id=abc")?.identifier == "insight_abc")
        #expect(link("fitiq://insights?id=") == .insightsList)
        #expect(link("fitiq://goals") == .goalsList)
        #expect(link("fitiq://goals")?.identifier == "goals_list")
        #expect(link("fitiq://goals?id=g1") == .goal(id: "g1"))
        #expect(link("fitiq://goals?id=g1&action=tips")?.identifier == "goal_tips_g1")
        #expect(link("fitiq://goals?id=g1&action=chat")?.identifier == "goal_consultation_g1")
        #expect(link("fitiq://goals?id=g1&action=dance") == .goal(id: "g1"))
        #expect(link("fitiq://goals?suggestions=true")?.identifier == "goal_suggestions")
        #expect(link("fitiq://goals?suggestions=yes") == .goalsList)
        #expect(link("fitiq://goals?suggestions=true&id=g2") == .goal(id: "g2"))
        #expect(link("fitiq://chat") == .consultationsList)
        #expect(link("fitiq://chat?id=c1")?.identifier == "consultation_c1")
        #expect(link("fitiq://chat/new")?.identifier == "new_consultation")
        #expect(
            link("fitiq://chat/new?persona=wellnessSpecialist&context=goal&contextId=g1")
                == .newConsultation(persona: .wellnessSpecialist, contextType: .goal, contextId: "g1"))
        #expect(
            link("fitiq://chat/new?persona=sleep_coach&context=party")
                == .newConsultation(persona: .sleepCoach, contextType: nil, contextId: nil))
        #expect(link("FITIQ://Goals?id=x#top") == .goal(id: "x"))
        #expect(link("fitiq://goals?id=a%20b%2Bc+d") == .goal(id: "a b+c+d"))
        #expect(link("fitiq://goals?id=first&id=second") == .goal(id: "first"))
        #expect(link("myapp://goals", scheme: "myapp") == .goalsList)
    }

    @Test func destinationsOfLinks() {
        #expect(
            DeepLink.goalConsultation(goalId: "g").destination
                == .consultation(persona: .generalWellness, contextType: .goal, contextId: "g", title: nil))
        #expect(DeepLink.goalTips(goalId: "g").destination == .goalTips(goalId: "g", title: nil))
        #expect(DeepLink.insight(id: "i").destination == .insightDetail(id: "i"))
    }

    @Test func hostileInputGetsAnAnswer() {
        #expect(rejection("javascript:alert(1)") == .otherScheme)
        #expect(rejection("https://goals?id=1") == .otherScheme)
        #expect(rejection("fitiq://settings") == .unknownHost)
        #expect(rejection("fitiq://goals?id=%zz") == .malformed)
        #expect(rejection("fitiq://goals?id=%e2%82") == .malformed)
        #expect(rejection("fitiq://goals?id=%ff") == .malformed)
        #expect(rejection("fitiq://goals?id=%") == .malformed)
        #expect(rejection("fitiq://goals?id=a b") == .malformed)
        #expect(rejection("fitiq://goals?id=é") == .malformed)
        #expect(rejection("fitiq:goals") == .malformed)
        #expect(rejection("fitiq://goals:x") == .malformed)
        #expect(rejection("") == .malformed)
        #expect(rejection("fitiq://goals?id=" + String(repeating: "a", count: 100_000)) == .tooLong)
        #expect(link("fitiq://user@goals:80?id=%00") == .goal(id: "\u{0}"))
    }

    /// A random link, ids drawn from hostile characters.
    private func randomLink(_ random: inout SplitMix64) -> DeepLink {
        let alphabet = Array("aZ09-._~ /?&=#%+é😀\u{0}\"")
        func id() -> String {
            String(
                (0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
        }
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .insight(id: id())
        case 1: return .insightsList
        case 2: return .goal(id: id())
        case 3: return .goalsList
        case 4: return .goalSuggestions
        case 5: return .goalTips(goalId: id())
        case 6: return .goalConsultation(goalId: id())
        case 7: return .consultation(id: id())
        case 8: return .consultationsList
        default:
            return .newConsultation(
                persona: Bool.random(using: &random) ? Persona.allCases.randomElement(using: &random) : nil,
                contextType: Bool.random(using: &random) ? ContextType.allCases.randomElement(using: &random) : nil,
                contextId: Bool.random(using: &random) ? id() : nil)
        }
    }

    @Test func buildThenParseRoundTrips() throws {
        var random = SplitMix64(state: 20_251_123)
        for _ in 0..<2000 {
            let original = randomLink(&random)
            for scheme in ["fitiq", "my-app.dev"] {
                let url = original.url(scheme: scheme)
                let parsed = try DeepLink.parse(url, scheme: scheme).get()
                #expect(parsed == original, "\(url)")
                #expect(parsed.url(scheme: scheme) == url)
                #expect(try DeepLink(json: original.json) == original)
            }
        }
    }

    @Test func linkJSONIsValidated() {
        #expect(wellnessError { try decode(DeepLink.self, #"{"kind":"goal"}"#) }?.path == "id")
        #expect(wellnessError { try decode(DeepLink.self, #"{"kind":"goal","id":""}"#) }?.path == "id")
        #expect(wellnessError { try decode(DeepLink.self, #"{"kind":"goals_list","id":"x"}"#) }?.path == "id")
        #expect(wellnessError { try decode(DeepLink.self, #"{"kind":"somewhere"}"#) }?.path == "kind")
        #expect(
            wellnessError { try decode(DeepLink.self, #"{"kind":"new_consultation","persona":"doctor"}"#) }?.path
                == "persona")
        #expect(
            wellnessError {
                try DeepLinkRequest.build(JSONParser.parse(#"{"link":{"kind":"goals_list"},"scheme":"1x"}"#))
            }?.path
                == "scheme")
    }
}
