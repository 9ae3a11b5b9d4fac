import Foundation
import HummingbirdTesting
import Testing
import WellnessKitCore

@testable import WellnessServer

/// The coach's model calling the data query as a tool, through the real
/// routes against a scripted OpenAI-compatible server: what it is offered,
/// what it gets back, and what reaches the user.
@Suite struct DataQueryToolTests {
    typealias Reply = ProviderTests.Reply

    /// The query every test's model asks first: steps over the last 7 days.
    static let stepsQuery =
        #"{"table":"daily","metric":"steps","activity":null,"where":[],"on_days_where":[],"window":{"last_days":7},"anchor":null,"take":null,"reduce":"sum"}"#

    /// The fixture user's steps over the 7 days ending today, summed here from the fixture's check-ins.
    static var stepsOfTheLastSevenDays: Double {
        let today = Int(Date().timeIntervalSince1970 / 86_400)
        return TestServer.checkIns(days: 14).filter { today - $0.date.daysSinceEpoch < 7 }.compactMap(\.steps)
            .reduce(0, +)
    }

    static func reply(_ text: String) -> Reply {
        .json(.object(JSONObject([("reply", .string(text)), ("context_id", .null)])))
    }

    /// A reply citing the query's value and window.
    static var groundedReply: Reply { reply("You walked {{query_1_value}} over {{query_1_last_days}}. Keep it up.") }

    /// ``groundedReply`` as the user reads it.
    static var groundedText: String {
        "You walked \(FactRenderer.value(stepsOfTheLastSevenDays, unit: "steps")) over the last 7 days. Keep it up."
    }

    static func number(_ value: JSONValue) -> Double? {
        if case .number(let text) = value { return Double(text) }
        return nil
    }

    /// The messages of request `index`, as sent.
    static func messages(_ provider: ScriptedProvider, _ index: Int) -> JSONValue {
        provider.requests.indices.contains(index) ? provider.requests[index]["messages"] : .null
    }

    /// The last message of request `index` that answers a tool call.
    static func toolResult(_ provider: ScriptedProvider, _ index: Int) throws -> JSONValue {
        let messages = messages(provider, index)
        let last = try #require((0..<messages.count).last { messages[$0]["role"].string == "tool" })
        return try JSONParser.parse(try #require(messages[last]["content"].string))
    }

    @Test func aGoodCallIsAnsweredFromTheStoredDataAndTheReplyCitesIt() async throws {
        let provider = ScriptedProvider([.query(Self.stepsQuery), Self.groundedReply])
        try await ProviderTests.withServer(provider) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "How many steps did I walk this week?")
            #expect(reply.text == Self.groundedText, "\(reply.text)")
            #expect(try await ProviderTests.provenance(server, reply.id) == ProviderTests.llm)

            let offered = provider.requests[0]
            #expect(offered["tool_choice"].string == "auto")
            #expect(offered["tools"][0]["type"].string == "function")
            #expect(offered["tools"][0]["function"]["name"].string == DataQuery.toolName)
            #expect(offered["tools"][0]["function"]["strict"] == .bool(true))
            #expect(Self.messages(provider, 0)[0]["content"].string?.contains(DataQuery.toolName) == true)
            #expect(
                Self.messages(provider, 0)[1]["content"].string?.contains("your_data_for_the_query_data_tool") == true)

            #expect(provider.requests.count == 2)
            let second = Self.messages(provider, 1)
            let call = second[second.count - 2]
            #expect(call["role"].string == "assistant")
            #expect(call["tool_calls"][0]["id"].string == "call_1")
            #expect(call["tool_calls"][0]["function"]["arguments"].string == Self.stepsQuery)
            #expect(second[second.count - 1]["tool_call_id"].string == "call_1")
            let stored = try await client.call(
                .get, "/api/v1/consultations/\(try await Self.consultationId(of: reply.id, server))/messages", as: user)
            let record = stored.2["data"]["messages"][1]["data_queries"][0]
            #expect(record["query"]["metric"].string == "steps")
            #expect(Self.number(record["result"]["value"]) == Self.stepsOfTheLastSevenDays)
            #expect(stored.2["data"]["messages"][0]["data_queries"].count == 0, "the user's message cites nothing")

            let result = try Self.toolResult(provider, 1)
            #expect(Self.number(result["value"]) == Self.stepsOfTheLastSevenDays)
            #expect(result["unit"].string == "steps")
            #expect(Self.number(result["rows"]) == 6, "the fixture has no check-in today")
            #expect(result["facts"]["query_1_value"]["role"].string == "measurement")
            #expect(result["facts"]["query_1_last_days"]["role"].string == "parameter")
            #expect(result["facts"]["query_1_last_days"]["written_as"].string == "the last 7 days")
        }
    }

    static func consultationId(of messageId: String, _ server: TestServer) async throws -> String {
        let rows = try await server.store.engine.query(
            "SELECT consultation_id FROM messages WHERE id = ?", [.text(messageId)])
        return try #require(try rows.first?.text("consultation_id"))
    }

    @Test func withoutAModelTheRulesAnswerAWorkoutQuestionExactlyAndRecordIt() async throws {
        let server = try await TestServer.make(.sqlite)
        let user = try await server.user(days: 14)
        let today = Int64(Date().timeIntervalSince1970 / 86_400)
        // Runs yesterday and the day before, a swim 3 days ago, at 07:00 UTC.
        let workouts = [(1, "Outdoor Run"), (2, "run"), (3, "Pool Swim")].map { daysAgo, activity in
            let start = ((today - Int64(daysAgo)) * 86_400 + 25_200) * 1000
            return WorkoutRecord(start: start, end: start + 1_800_000, activity: activity, fields: ["distance": 5])
        }
        try await server.test { client in
            let rows = workouts.compactMap { try? JSONWriter.string(Self.wire($0)) }.joined(separator: ",")
            let posted = try await client.call(
                .post, "/api/v1/workouts", as: user, json: #"{"workouts":[\#(rows)]}"#)
            #expect(posted.0 == .created)
            let reply = try await ProviderTests.coachReply(client, user, "How many days did I run in the last 7 days?")
            #expect(reply.text.contains("You ran on 2 days"), "\(reply.text)")
            let messages = try await client.call(
                .get, "/api/v1/consultations/\(try await Self.consultationId(of: reply.id, server))/messages", as: user)
            #expect(messages.2["data"]["messages"][1]["data_queries"][0]["result"]["days"] == .int(2))
        }
    }

    static func wire(_ workout: WorkoutRecord) -> JSONValue {
        func instant(_ milliseconds: Int64) -> JSONValue { .double(Double(milliseconds) / 1000) }
        var object = JSONObject([
            ("start", instant(workout.start)), ("end", instant(workout.end)), ("activity", .string(workout.activity)),
        ])
        for (name, value) in workout.fields { object.append(name, .double(value)) }
        return .object(object)
    }

    @Test func malformedArgumentsGetTheErrorOnceAndACorrectedCallIsAnswered() async throws {
        let provider = ScriptedProvider([
            .query(#"{"table":"daily","reduce":"sum""#), .query(Self.stepsQuery, id: "call_2"), Self.groundedReply,
        ])
        try await ProviderTests.withServer(provider) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "Steps this week?")
            #expect(try await ProviderTests.provenance(server, reply.id) == ProviderTests.llm)
            #expect(provider.requests.count == 3)
            #expect(try Self.toolResult(provider, 1)["error"].string == "the arguments are not one JSON object")
            #expect(Self.number(try Self.toolResult(provider, 2)["value"]) == Self.stepsOfTheLastSevenDays)
        }
    }

    @Test func anUnknownMetricGetsADidYouMeanAndASecondBadCallGetsTheRules() async throws {
        let unknown =
            #"{"table":"daily","metric":"sleep","activity":null,"where":[],"on_days_where":[],"window":"all","anchor":null,"take":null,"reduce":"mean"}"#
        let provider = ScriptedProvider([.query(unknown), .query(unknown), Self.groundedReply])
        try await ProviderTests.withServer(provider) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "How long do I sleep?")
            let error = try #require(try Self.toolResult(provider, 1)["error"].string)
            #expect(error.contains("sleep_minutes"), "\(error)")
            #expect(provider.requests.count == 2, "the second bad call ends the conversation")
            #expect(try await ProviderTests.provenance(server, reply.id) == .fallback(.invalidToolCall))
            #expect(ProviderTests.fromRules(reply.text))
        }
    }

    @Test func aNumberNoToolReturnedIsRejected() async throws {
        let invented = Self.reply("You walked 123457 steps over the last 7 days.")
        let provider = ScriptedProvider([.query(Self.stepsQuery), invented, invented])
        try await ProviderTests.withServer(provider) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "Steps this week?")
            #expect(try await ProviderTests.provenance(server, reply.id) == .fallback(.ungrounded))
            #expect(provider.requests.count == 3, "one re-ask after the tool round")
            #expect(
                Self.messages(provider, 2)[Self.messages(provider, 2).count - 1]["content"].string?.contains(
                    "123457") == true)
            #expect(!reply.text.contains("123457"))
        }
    }

    /// Steps over 23,456 in the last 7 days, the last `take` of them.
    static func thresholdQuery(take: Int? = nil) -> String {
        let taken = take.map { #"{"last":\#($0)}"# } ?? "null"
        return
            #"{"table":"daily","metric":"steps","activity":null,"where":[{"metric":"steps","op":">","value":23456}],"on_days_where":[],"window":{"last_days":7},"anchor":null,"take":\#(taken),"reduce":"count"}"#
    }

    /// The threshold, window or count a model chose is no measurement: a sentence citing one alone is refused,
    /// re-asked naming it, and never shown.
    @Test(
        arguments: zip(
            [
                "You walked {{query_1_condition_1}} every day this week.",
                "You walked {{query_1_take}} steps over {{query_1_last_days}}.",
            ], [false, true]))
    func aQueryParameterCitedAsAMeasurementIsRefused(_ text: String, _ takes: Bool) async throws {
        let query = Self.thresholdQuery(take: takes ? 1_000_000 : nil)
        let provider = ScriptedProvider([.query(query), Self.reply(text), Self.reply(text)])
        try await ProviderTests.withServer(provider) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "Did I walk a lot?")
            #expect(try await ProviderTests.provenance(server, reply.id) == .fallback(.ungrounded))
            #expect(ProviderTests.fromRules(reply.text))
            #expect(!reply.text.contains("23,456") && !reply.text.contains("1,000,000"))
            let reask = Self.messages(provider, 2)
            let named = try #require(reask[reask.count - 1]["content"].string)
            #expect(named.contains("not a measurement"), "\(named)")
            let facts = try Self.toolResult(provider, 1)["facts"]
            #expect(facts["query_1_condition_1"]["written_as"].string == "more than 23,456 steps")
        }
    }

    /// The reply keeps the records of the queries it cites, and only those.
    @Test func dataQueriesKeepOnlyTheQueriesTheReplyCites() async throws {
        let provider = ScriptedProvider([
            .query(Self.stepsQuery), .query(Self.thresholdQuery(), id: "call_2"),
            Self.reply("On {{query_2_value}} you walked {{query_2_condition_1}}."),
            .query(Self.stepsQuery, id: "call_3"), .answer(ProviderTests.groundedReply),
        ])
        try await ProviderTests.withServer(provider) { server, user, client in
            let cited = try await ProviderTests.coachReply(client, user, "Long walks this week?")
            #expect(try await ProviderTests.provenance(server, cited.id) == ProviderTests.llm)
            let uncited = try await ProviderTests.coachReply(client, user, "And otherwise?")
            #expect(uncited.text == ProviderTests.groundedText)
            for (reply, count) in [(cited, 1), (uncited, 0)] {
                let consultation = try await Self.consultationId(of: reply.id, server)
                let listed = try await client.call(.get, "/api/v1/consultations/\(consultation)/messages", as: user)
                let records = listed.2["data"]["messages"][1]["data_queries"]
                #expect(records.count == count, "\(records)")
                if count == 1 { #expect(records[0]["query"]["reduce"].string == "count") }
            }
        }
    }

    @Test func aModelThatKeepsCallingPastTheCapGetsTheRules() async throws {
        let provider = ScriptedProvider(
            [.query(Self.stepsQuery, id: "a"), .query(Self.stepsQuery, id: "b"), .query(Self.stepsQuery, id: "c")])
        try await ProviderTests.withServer(provider, configure: { $0.toolRounds = 2 }) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "Steps?")
            #expect(try await ProviderTests.provenance(server, reply.id) == .fallback(.toolRounds))
            #expect(provider.requests.count == 3, "2 rounds answered, the third call refused")
            #expect(ProviderTests.fromRules(reply.text))
        }
    }

    @Test func withNoRoundsNoToolIsOffered() async throws {
        let provider = ScriptedProvider([.answer(ProviderTests.groundedReply)])
        try await ProviderTests.withServer(provider, configure: { $0.toolRounds = 0 }) { _, user, client in
            _ = try await ProviderTests.coachReply(client, user, "Tips?")
            #expect(provider.requests[0]["tools"] == .null)
            #expect(provider.requests[0]["tool_choice"] == .null)
        }
    }

    @Test func aStreamedCallIsPutTogetherAndTheAnswerStreams() async throws {
        let text = Self.groundedText
        let answer = try JSONWriter.string(
            .object(
                JSONObject([
                    ("reply", .string("You walked {{query_1_value}} over {{query_1_last_days}}. Keep it up.")),
                    ("context_id", .null),
                ])))
        let provider = ScriptedProvider([.streamedQuery(Self.stepsQuery), .stream([answer])])
        try await ProviderTests.withServer(provider) { _, user, client in
            let events = try StreamedReplyTests.events(try await StreamedReplyTests.stream(client, user, "Steps?").2)
            #expect(events.allSatisfy { $0.name != "reset" })
            #expect(StreamedReplyTests.shownText(events) == text)
            #expect(events.last?.data["messages"][1]["content"].string == text)
            #expect(provider.requests.count == 2)
            let call = Self.messages(provider, 1)[Self.messages(provider, 1).count - 2]
            #expect(call["tool_calls"][0]["function"]["arguments"].string == Self.stepsQuery)
            #expect(Self.number(try Self.toolResult(provider, 1)["value"]) == Self.stepsOfTheLastSevenDays)
        }
    }

    /// `count` calls of the steps query in one round, with ids `call_1` ….
    static func manyQueries(_ count: Int, from first: Int = 1) -> Reply {
        .toolCalls((first..<first + count).map { ("call_\($0)", DataQuery.toolName, Self.stepsQuery) })
    }

    /// The tool results of request `index`, in order.
    static func toolResults(_ provider: ScriptedProvider, _ index: Int) throws -> [JSONValue] {
        let messages = messages(provider, index)
        return try (0..<messages.count).filter { messages[$0]["role"].string == "tool" }.map {
            try JSONParser.parse(try #require(messages[$0]["content"].string))
        }
    }

    @Test func aRoundOfAThousandCallsRunsEightAndRefusesTheRestInOneResult() async throws {
        let provider = ScriptedProvider([Self.manyQueries(1000), .answer(ProviderTests.groundedReply)])
        try await ProviderTests.withServer(provider) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "Steps?")
            #expect(try await ProviderTests.provenance(server, reply.id) == ProviderTests.llm)
            #expect(provider.requests.count == 2)
            let results = try Self.toolResults(provider, 1)
            #expect(results.count == 9, "8 run, and one refusal for the other 992")
            #expect(results.prefix(8).allSatisfy { Self.number($0["value"]) == Self.stepsOfTheLastSevenDays })
            let refusal = try #require(results.last?["error"].string)
            #expect(refusal.hasPrefix("refused: 992 of this round's 1000 calls were not run"), "\(refusal)")
            let calls = Self.messages(provider, 1)[Self.messages(provider, 1).count - 10]["tool_calls"]
            #expect(calls.count == 9, "the calls not run are left out of the conversation")
            let prompt = try JSONWriter.bytes(provider.requests[1]).count
            #expect(prompt < 40_000, "the next prompt stays small: \(prompt) bytes")
            let stored = try await client.call(
                .get, "/api/v1/consultations/\(try await Self.consultationId(of: reply.id, server))/messages", as: user)
            #expect(stored.2["data"]["messages"][1]["data_queries"].count <= 8)
        }
    }

    @Test func callsAreCappedPerReplyAcrossRounds() async throws {
        let provider = ScriptedProvider([
            Self.manyQueries(2), Self.manyQueries(2, from: 3), Self.manyQueries(2, from: 5),
            .answer(ProviderTests.groundedReply),
        ])
        try await ProviderTests.withServer(
            provider,
            configure: {
                $0.toolCallsPerRound = 2
                $0.toolCallsPerReply = 3
            }
        ) { server, user, client in
            let reply = try await ProviderTests.coachReply(client, user, "Steps?")
            #expect(try await ProviderTests.provenance(server, reply.id) == ProviderTests.llm)
            let second = try Self.toolResults(provider, 2).suffix(2)
            #expect(Self.number(second.first?["value"] ?? .null) == Self.stepsOfTheLastSevenDays)
            #expect(second.last?["error"].string?.hasPrefix("refused: 1 of this round's 2 calls") == true)
            let third = try Self.toolResults(provider, 3).suffix(1)
            #expect(third.first?["error"].string?.hasPrefix("refused: 2 of this round's 2 calls") == true)
        }
    }

    @Test func argumentsThatRepeatAKeyAreAnErrorForTheModel() async throws {
        let repeated =
            #"{"table":"daily","metric":"steps","metric":"calories","activity":null,"where":[],"on_days_where":[],"window":{"last_days":7},"anchor":null,"take":null,"reduce":"sum"}"#
        let provider = ScriptedProvider([.query(repeated), .answer(ProviderTests.groundedReply)])
        try await ProviderTests.withServer(provider) { _, user, client in
            _ = try await ProviderTests.coachReply(client, user, "Steps?")
            #expect(try Self.toolResult(provider, 1)["error"].string == #"the arguments repeat the key "metric""#)
        }
    }

    @Test func theCallLimitsAreCheckedAtStart() {
        var ai = ProviderConfiguration(baseURL: "http://127.0.0.1:1/v1", model: "m")
        ai.toolCallsPerRound = 0
        #expect(throws: ProviderConfiguration.Invalid.self) { try ai.validate() }
        ai.toolCallsPerRound = 8
        ai.toolCallsPerReply = 257
        #expect(throws: ProviderConfiguration.Invalid.self) { try ai.validate() }
        ai.toolCallsPerReply = 16
        #expect(throws: Never.self) { try ai.validate() }
    }
}
