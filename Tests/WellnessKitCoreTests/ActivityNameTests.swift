import Testing

@testable import WellnessKitCore

@Suite struct ActivityNameTests {
    static func matches(_ asked: String, _ recorded: String) -> Bool {
        QueryPlan.matchingCodes([asked], in: [ActivityName(recorded)]) == [true]
    }

    @Test func wordsIgnoreCaseAndPunctuation() {
        #expect(ActivityName("Outdoor-Run (5K)!").words == ["outdoor", "run", "5k"])
        #expect(ActivityName("  ").words.isEmpty)
    }

    /// ASCII names take a byte path, others the Character path: both split and lowercase alike.
    @Test func asciiAndUnicodeNamesSplitAlike() {
        #expect(ActivityName("HIIT/Core_Training\t2x").words == ["hiit", "core", "training", "2x"])
        #expect(ActivityName("Course À Pied").words == ["course", "à", "pied"])
        #expect(ActivityName("ÉLAN-Run").words == ["élan", "run"])
        #expect(Self.matches("run", "ÉLAN-Run"))
    }

    @Test func aNameMatchesRecordedNamesThatContainItAsWholeWords() {
        #expect(Self.matches("run", "Outdoor Run"))
        #expect(Self.matches("RUN", "treadmill run"))
        #expect(Self.matches("outdoor run", "Outdoor Run"))
        #expect(!Self.matches("run", "Brunch walk"))
        #expect(!Self.matches("outdoor run", "Run outdoor"))
    }

    @Test func synonymsFindTheGroup() {
        #expect(Self.matches("bike", "Outdoor Cycling"))
        #expect(Self.matches("cycling", "Outdoor Bike"))
        #expect(Self.matches("bike ride", "Spinning"))
        #expect(Self.matches("running", "Trail Run"))
        #expect(Self.matches("weights", "Functional Strength Training"))
        #expect(Self.matches("swim", "Pool Swim"))
        #expect(!Self.matches("swim", "Outdoor Run"))
        #expect(!Self.matches("rowing", "Running"))
    }

    @Test func anUnknownNameMatchesOnlyItself() {
        #expect(Self.matches("pickleball", "Pickleball doubles"))
        #expect(!Self.matches("pickleball", "Tennis"))
    }
}
