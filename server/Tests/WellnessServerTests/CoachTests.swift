import Testing
import WellnessKitCore

@testable import WellnessServer

@Suite struct CoachTests {
    static let today = CalendarDate(year: 2025, month: 11, day: 20)!
    static let consultation = Consultation(
        id: "con_1", userId: "usr_1", persona: .generalWellness, createdAt: Timestamp(seconds: 0),
        updatedAt: Timestamp(seconds: 0))

    /// 1–20 November: 8,000 steps plus 100 a day, 7 hours of sleep except every fifth day (5.5).
    static let checkIns = (1...20).map { day in
        CheckIn(
            date: CalendarDate(year: 2025, month: 11, day: day)!, steps: Double(8_000 + day * 100),
            sleepHours: day % 5 == 0 ? 5.5 : 7)
    }

    static func reply(_ message: String) -> String {
        Coach.reply(to: message, in: consultation, context: Coach.Context(checkIns: checkIns), today: today).text
    }

    @Test func questionsAboutCheckInsGetTheExactNumber() {
        // 17–20 November: 9,700 + 9,800 + 9,900 + 10,000.
        #expect(
            Self.reply("How many steps did I take this week?")
                == "Thanks for sharing. You took 39,400 steps between 17 and 23 November 2025.")
        #expect(
            Self.reply("How many days did I sleep less than 6 hours this month?")
                == "Thanks for sharing. You had sleep less than 6 hours on 4 days between 1 and 30 November 2025.")
        #expect(
            Self.reply("What was my average sleep yesterday?")
                == "Thanks for sharing. Your average sleep was 7 hours on 19 November 2025.")
    }

    @Test func workoutQuestionsAreNotAnsweredFromMissingData() {
        // No workouts are stored here: "You didn't run" would be a guess.
        let reply = Self.reply("How many days did I run this week?")
        #expect(!reply.contains("didn't") && !reply.contains("You ran"))
        #expect(reply.hasPrefix("Thanks for sharing."))
    }

    /// Runs on 17, 18 and 20 November (5, 6 and 10 km) and a ride on 19 November (20 km), 07:00 UTC.
    static let workouts = [
        (17, "Outdoor Run", 5.0), (18, "Outdoor Run", 6), (19, "Outdoor Cycling", 20), (20, "Run", 10),
    ]
    .map { day, activity, distance in
        let start = Int64(CalendarDate(year: 2025, month: 11, day: day)!.daysSinceEpoch) * 86_400_000 + 25_200_000
        return WorkoutRecord(
            id: "wo_\(day)", start: start, end: start + 2_700_000, activity: activity,
            fields: ["distance": distance])
    }

    static func replyWithWorkouts(_ message: String) -> Coach.Reply {
        Coach.reply(
            to: message, in: consultation, context: Coach.Context(checkIns: checkIns, workouts: workouts),
            today: today)
    }

    @Test func workoutQuestionsAreAnsweredFromStoredWorkoutsAndRecordTheirQuery() throws {
        let runs = Self.replyWithWorkouts("How many days did I run this week?")
        #expect(runs.text == "Thanks for sharing. You ran on 3 days between 17 and 23 November 2025.")
        let record = try #require(runs.dataQueries.first)
        #expect(record["query"]["table"].string == "sessions")
        #expect(record["result"]["days"] == .int(3))
        #expect(record["result"]["query"] == .null, "the query is kept once, beside the result")

        let ride = Self.replyWithWorkouts("How far did I bike this month?")
        #expect(ride.text.contains("20 km"), "\(ride.text)")
        #expect(Self.replyWithWorkouts("How long did I sleep on days I ran?").dataQueries.count == 1)
    }

    @Test func checkInAnswersRecordTheirQueryAndOtherRepliesNone() {
        #expect(Self.replyWithWorkouts("How many steps did I take this week?").dataQueries.count == 1)
        #expect(Self.replyWithWorkouts("I feel tired lately, any advice?").dataQueries.isEmpty)
    }

    @Test func otherMessagesGetTheRulesReply() {
        #expect(!Self.reply("I feel tired lately, any advice?").contains("steps between"))
    }
}
