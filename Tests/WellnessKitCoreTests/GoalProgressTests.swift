import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct GoalProgressTests {
    @Test func percentIsTruncatedAsTheSeeds() {
        #expect(GoalProgress.percent(of: 0) == 0)
        #expect(GoalProgress.percent(of: 0.5) == 50)
        #expect(GoalProgress.percent(of: 0.999) == 99)
        #expect(GoalProgress.percent(of: 0.29) == 28)  // 0.29 * 100 is 28.999999999999996, as Int() in the seed
        #expect(GoalProgress.percent(of: 2.5) == 250)
        #expect(GoalProgress.percent(of: .infinity) == 0)
        #expect(GoalProgress.percent(of: -1) == 0)
    }

    @Test func everyMilestoneExactlyOnce() {
        var previous = 0.0
        var crossed: [Int] = []
        for step in 1...120 {
            let current = Double(step) / 100
            crossed += GoalProgress.crossed(from: previous, to: current)
            previous = current
        }
        #expect(crossed == [25, 50, 75, 100])
        #expect(GoalProgress.crossed(from: 0, to: 0) == [])
        #expect(GoalProgress.crossed(from: 0.75, to: 0.75) == [])
        #expect(GoalProgress.crossed(from: 0.7499999, to: 0.75) == [75])
    }

    @Test func readingRefusesWhatCannotBeAFraction() throws {
        func read(_ text: String) throws -> Double {
            try GoalProgress.read(
                "progress", from: ObjectReader(JSONParser.parse(#"{"progress":\#(text)}"#), at: .root))
        }
        #expect(try read("0.25") == 0.25)
        #expect(try read("1000") == 1000)
        for bad in ["1000.5", "-0.01", "1e999", "\"0.5\"", "true"] {
            #expect(wellnessError { try read(bad) }?.path == "progress", "\(bad)")
        }
    }
}
