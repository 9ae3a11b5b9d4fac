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

    /// How the general wellness coach closes an exact answer.
    static let answerClosing = "Ask me about any other day or measure whenever you like."

    static func reply(_ message: String) -> String {
        Coach.reply(to: message, in: consultation, context: Coach.Context(checkIns: checkIns), today: today).text
    }

    @Test func questionsAboutCheckInsGetTheExactNumber() {
        // 17–20 November: 9,700 + 9,800 + 9,900 + 10,000.
        #expect(
            Self.reply("How many steps did I take this week?")
                == "I checked your log. You took 39,400 steps between 17 and 23 November 2025. \(Self.answerClosing)")
        #expect(
            Self.reply("How many days did I sleep less than 6 hours this month?")
                == "I checked your log. You had sleep less than 6 hours on 4 days between 1 and 30 November 2025. "
                + Self.answerClosing)
        #expect(
            Self.reply("What was my average sleep yesterday?")
                == "I checked your log. Your average sleep was 7 hours on 19 November 2025. \(Self.answerClosing)")
    }

    @Test func aCheckInsCaloriesEatenAreNeverReadAsCaloriesBurned() {
        // The reader reads "calories burned" with no workout named as the daily table's calories, which
        // here are what was eaten.
        let reply = Self.reply("How many calories did I burn yesterday?")
        #expect(reply.contains("Check-ins log the calories you ate, not the calories you burned"), "\(reply)")
        #expect(!Self.reply("How many days did I burn more than 2500 calories?").contains("days between"))
    }

    @Test func workoutQuestionsAreNotAnsweredFromMissingData() {
        // No workouts are stored here: "You didn't run" would be a guess.
        let reply = Self.reply("How many days did I run this week?")
        #expect(!reply.contains("didn't") && !reply.contains("You ran"))
        #expect(reply.hasPrefix("Good question. No workouts are logged here yet, so I can't answer that exactly."))
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
        #expect(
            runs.text == "I checked your log. You ran on 3 days between 17 and 23 November 2025. \(Self.answerClosing)")
        let record = try #require(runs.dataQueries.first)
        #expect(record["query"]["table"].string == "sessions")
        #expect(record["result"]["days"] == .int(3))
        #expect(record["result"]["query"] == .null, "the query is kept once, beside the result")

        let ride = Self.replyWithWorkouts("How far did I bike this month?")
        #expect(ride.text.contains("20 km"), "\(ride.text)")
        #expect(Self.replyWithWorkouts("How long did I sleep on days I ran?").dataQueries.count == 1)
        // A kind of workout the stored workouts hold by name is matched exactly: not the "Run" of the 20th.
        let outdoor = Self.replyWithWorkouts("How many outdoor runs did I do this week?")
        #expect(outdoor.text.contains("You did 2 outdoor runs"), "\(outdoor.text)")
        // A metric the check-ins do not hold: the reader's reason, not a guess.
        let score = Self.replyWithWorkouts("What was my average sleep score this week?")
        #expect(score.text.contains("Your data has no sleep score"), "\(score.text)")
    }

    @Test func checkInAnswersRecordTheirQueryAndOtherRepliesNone() {
        #expect(Self.replyWithWorkouts("How many steps did I take this week?").dataQueries.count == 1)
        #expect(Self.replyWithWorkouts("I feel tired lately, any advice?").dataQueries.isEmpty)
    }

    @Test func otherMessagesGetTheRulesReply() {
        #expect(!Self.reply("I feel tired lately, any advice?").contains("steps between"))
    }
}

/// Openings and closings that fit what was asked, in every persona.
extension CoachTests {
    /// The openings for something shared, which no question gets.
    static let sharedOpenings = [
        "Thanks for sharing.", "Let's look at this together.", "From a nutrition point of view:",
        "Here's how we can train for this:", "Sleep is a great lever here.",
    ]
    /// Closings that point at a step or a proposal in the reply.
    static let stepClosings = ["first step above", "Try it", "Give it a week", "Start this week"]
    static let wrongForAnyReply = ["You asked a question", "first step above"]

    static func reply(
        _ message: String, _ persona: Persona, goal: Goal? = nil, insight: Insight? = nil,
        workouts: [WorkoutRecord] = []
    ) -> Coach.Reply {
        var consultation = consultation
        consultation.persona = persona
        return Coach.reply(
            to: message, in: consultation,
            context: Coach.Context(goal: goal, insight: insight, checkIns: checkIns, workouts: workouts), today: today)
    }

    /// The reply's sentences after `body`: its closing.
    static func closing(of text: String, after body: String) throws -> String {
        let range = try #require(text.range(of: body), "\(text)")
        return String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    @Test(arguments: Persona.allCases)
    func anExactAnswerOpensAsAnAnswerAndClosesWithoutAStep(_ persona: Persona) throws {
        let answer = "You took 39,400 steps between 17 and 23 November 2025."
        let reply = Self.reply("How many steps did I take this week?", persona)
        #expect(reply.dataQueries.count == 1)
        #expect(!Self.sharedOpenings.contains { reply.text.hasPrefix($0) }, "\(reply.text)")
        for wrong in Self.wrongForAnyReply + Self.stepClosings { #expect(!reply.text.contains(wrong), "\(reply.text)") }
        let opening = try #require(reply.text.range(of: answer)).lowerBound
        #expect(!reply.text[..<opening].isEmpty && !reply.text[..<opening].contains("?"))
        let closing = try Self.closing(of: reply.text, after: answer)
        #expect(!closing.isEmpty, "an exact answer ends with an invitation, not the bare number: \(reply.text)")
    }

    @Test(arguments: Persona.allCases)
    func aDeclinedDataQuestionSaysWhyAndIsNotThanked(_ persona: Persona) {
        let text = Self.reply("How many days did I run this week?", persona).text
        #expect(text.contains("No workouts are logged here yet, so I can't answer that exactly."), "\(text)")
        #expect(!Self.sharedOpenings.contains { text.hasPrefix($0) }, "\(text)")
        for wrong in Self.wrongForAnyReply { #expect(!text.contains(wrong), "\(text)") }
    }

    @Test(arguments: Persona.allCases)
    func aGeneralQuestionGetsAQuestionOpeningAndAClosingOnTheStepShown(_ persona: Persona) throws {
        let text = Self.reply("I feel tired lately, any advice?", persona).text
        #expect(!Self.sharedOpenings.contains { text.hasPrefix($0) }, "\(text)")
        for wrong in Self.wrongForAnyReply { #expect(!text.contains(wrong), "\(text)") }
        let closing = try Self.closing(of: text, after: "Pick one small step you can repeat daily.")
        #expect(!closing.isEmpty && !closing.contains("proposed"), "\(text)")
    }

    @Test(arguments: [Persona.generalWellness, .nutritionist, .sleepCoach])
    func aQuestionAboutAnInsightWithoutAStepClosesWithoutNamingOne(_ persona: Persona) throws {
        let insight = Insight(
            id: "ins_1", userId: "usr_1", insightType: .pattern, title: "Sleep and mood",
            content: "Your mood rises with your sleep.", generatedAt: Timestamp(seconds: 0),
            createdAt: Timestamp(seconds: 0), updatedAt: Timestamp(seconds: 0))
        let text = Self.reply("What does this mean for me?", persona, insight: insight).text
        for wrong in Self.wrongForAnyReply + Self.stepClosings { #expect(!text.contains(wrong), "\(text)") }
        #expect(!Self.sharedOpenings.contains { text.hasPrefix($0) }, "\(text)")
        let closing = try Self.closing(of: text, after: "hours of sleep.")
        #expect(!closing.isEmpty && !closing.contains("proposed"), "\(text)")
    }

    @Test(arguments: [Persona.generalWellness, .fitnessCoach, .wellnessSpecialist])
    func aGoalQuestionWithProposalsClosesOnTheProposals(_ persona: Persona) throws {
        let goal = Goal(
            id: "gol_1", userId: "usr_1", title: "Walk more", goalType: "activity", targetValue: 10,
            targetUnit: "workouts", currentValue: 1, startDate: .day(Self.today), createdAt: Timestamp(seconds: 0),
            updatedAt: Timestamp(seconds: 0))
        let reply = Self.reply("Why am I not there yet?", persona, goal: goal)
        #expect(reply.proposals.count == 2)
        for wrong in Self.wrongForAnyReply { #expect(!reply.text.contains(wrong), "\(reply.text)") }
        let closing = try Self.closing(of: reply.text, after: "the most reliable lever.")
        #expect(closing.contains("proposed changes"), "\(reply.text)")
    }

    @Test(arguments: Persona.allCases)
    func somethingSharedKeepsThePersonasOpeningAndGetsNoQuestionClosing(_ persona: Persona) {
        let text = Self.reply("I feel tired lately.", persona).text
        #expect(Self.sharedOpenings.contains { text.hasPrefix($0) }, "\(text)")
        for wrong in Self.wrongForAnyReply { #expect(!text.contains(wrong), "\(text)") }
        #expect(!text.contains("Good question"), "\(text)")
    }

    @Test func eachPersonaHasItsOwnVoice() {
        let openings = Persona.allCases.map { Self.reply("I feel tired lately, any advice?", $0).text }
        #expect(Set(openings).count == Persona.allCases.count)
        let answers = Persona.allCases.map { Self.reply("How many steps did I take this week?", $0).text }
        #expect(Set(answers).count == Persona.allCases.count)
    }

    @Test(arguments: ["how do I sleep better", "What should I change", "Any advice for my mornings"])
    func aQuestionWithoutAQuestionMarkIsAQuestion(_ message: String) {
        let text = Self.reply(message, .generalWellness).text
        #expect(text.hasPrefix("Good question."), "\(text)")
        #expect(!Self.reply("I slept badly.", .generalWellness).text.hasPrefix("Good question."))
    }

    @Test(arguments: Persona.allCases)
    func everyOpeningAndClosingPassesTheSafetyScreens(_ persona: Persona) {
        let voice = CoachVoice(persona)
        let closings = CoachVoice.Kind.allCases.flatMap { kind in
            CoachVoice.Offer.allCases.map { voice.closing(kind, offer: $0) }
        }
        for text in voice.openings + closings {
            #expect(MedicalAdviceScreen.violation(in: text) == nil, "\(text)")
            #expect(!CrisisScreen.flags(text), "\(text)")
        }
    }
}
