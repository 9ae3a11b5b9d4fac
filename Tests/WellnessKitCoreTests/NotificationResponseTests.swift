import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct NotificationResponseTests {
    private func route(_ action: String, _ info: [(String, JSONValue)]) -> (link: DeepLink, destination: AIDestination)?
    {
        NotificationResponse(action: action, userInfo: JSONObject(info)).route
    }

    @Test func eachActionOfTheSeed() {
        let insight: [(String, JSONValue)] = [("type", .string("insight")), ("insightId", .string("i1"))]
        let goal: [(String, JSONValue)] = [("type", .string("goal")), ("goalId", .string("g1"))]
        #expect(route("CREATE_GOAL", insight)?.link == .insight(id: "i1"))
        #expect(route("CREATE_GOAL", insight)?.destination == .goalCreation(suggestion: nil, insightId: "i1"))
        #expect(
            route("DISCUSS_INSIGHT", insight)?.destination
                == .consultation(persona: .wellnessSpecialist, contextType: .insight, contextId: "i1", title: nil))
        #expect(route("GET_TIPS", goal)?.link == .goalTips(goalId: "g1"))
        #expect(route("CHAT_GOAL", goal)?.link == .goalConsultation(goalId: "g1"))
        #expect(route(NotificationResponse.defaultAction, goal)?.link == .goal(id: "g1"))
        #expect(route("open", insight)?.destination == .insightDetail(id: "i1"))
    }

    @Test func theSeedDoesNothingWithoutItsId() {
        #expect(route("GET_TIPS", [("insightId", .string("i1"))]) == nil)
        #expect(route("GET_TIPS", [("goalId", .int(7))]) == nil)
        #expect(route("GET_TIPS", [("goalId", .string(""))]) == nil)
        #expect(route("open", [("goalId", .string("g1"))]) == nil)
        #expect(route("com.apple.UNNotificationDismissActionIdentifier", [("goalId", .string("g1"))]) == nil)
        #expect(route("get_tips", [("goalId", .string("g1"))]) == nil)
    }

    @Test func requestsAreValidated() {
        #expect(wellnessError { try decode(NotificationResponse.self, #"{"user_info":{}}"#) }?.path == "action")
        #expect(
            wellnessError { try decode(NotificationResponse.self, #"{"action":"x","user_info":null}"#) }?.path
                == "user_info")
        #expect(
            wellnessError { try decode(NotificationResponse.self, #"{"action":"x","user_info":{},"extra":1}"#) }?.path
                == "extra")
        #expect(
            wellnessError { try decode(NotificationResponse.self, #"{"action":"x","user_info":{"anything":[1]}}"#) }
                == nil)
    }
}
