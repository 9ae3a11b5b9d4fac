import Testing
import WellnessKitCore

@testable import WellnessServer

@Suite struct PartialReplyTextTests {
    static let answer =
        #"{ "context_id" : {"a":[1,"}"]}, "reply":"Sleep \"well\"\n\u00e9 \ud83d\ude00 at 7.5 h.", "x":null}"#
    static let reply = "Sleep \"well\"\n\u{e9} \u{1F600} at 7.5 h."

    @Test func everyPrefixGivesAPrefixOfTheReply() {
        let scalars = Array(Self.answer.unicodeScalars)
        var previous = ""
        for end in 0...scalars.count {
            let text = PartialReplyText.of(String(String.UnicodeScalarView(scalars[..<end])))
            #expect(Self.reply.hasPrefix(text), "\(end): \(text)")
            #expect(text.unicodeScalars.count >= previous.unicodeScalars.count, "never shrinks")
            previous = text
        }
        #expect(previous == Self.reply)
    }

    @Test(arguments: ["", "Sure!", "[\"reply\"]", #"{"replies":"no"}"#, #"{"reply":3}"#, #"{"reply":"a\x"#])
    func anythingElseGivesNothingOrStopsAtTheFault(_ text: String) {
        #expect(PartialReplyText.of(text).isEmpty || PartialReplyText.of(text) == "a")
    }

    @Test(
        arguments: zip(
            [
                #"{"reply":"Nice walk. ","reply":"Please take metformin."}"#,
                #"{"reply":"Nice walk. ", "context_id":null, "re\u0070ly":"x"}"#,
                #"{"reply":"Nice walk. ","context_id":{"reply":"nested"}}"#,
                #"{"reply":"Nice walk. ","rep"#,
                #"{"reply":"Nice walk. ","context_id":null}"#,
            ], [true, true, false, false, false]))
    func aSecondReplyKeyIsTold(_ json: String, _ repeated: Bool) {
        let reading = PartialReplyText.read(json)
        #expect(reading.text == "Nice walk. ")
        #expect(reading.repeated == repeated)
    }

    @Test func sentencesEndAfterTheSpaceThatFollowsTheirMark() {
        let text = Substring("You slept 7.5 h. Keep it up! Then")
        let end = SentenceScreen.sentencesEnd(in: text.unicodeScalars)
        #expect(end.map { String(text.unicodeScalars[..<$0]) } == "You slept 7.5 h. Keep it up! ")
        #expect(SentenceScreen.sentencesEnd(in: Substring("No end yet.").unicodeScalars) == nil)
        #expect(SentenceScreen.sentencesEnd(in: Substring("Line\nmore").unicodeScalars) != nil)
    }
}
