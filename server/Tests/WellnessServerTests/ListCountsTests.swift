import Testing
@testable import WellnessServer

@Suite struct ListCountsTests {
    @Test func totalSumsTheMatchingBuckets() {
        let joined = "daily|0|0|0=5,daily|1|0|0=3,weekly|0|1|0=2"
        #expect(Store.total(ofCounts: joined, matching: { _ in true }) == 10)
        #expect(Store.total(ofCounts: joined, matching: { $0.hasPrefix("daily|") }) == 8)
        #expect(Store.total(ofCounts: joined, matching: { $0 == "weekly|0|1|0" }) == 2)
        #expect(Store.total(ofCounts: "", matching: { _ in true }) == 0)
    }

    @Test func malformedNegativeAndHugeCountsNeverTrap() {
        #expect(Store.total(ofCounts: "a=x,=4,b,c=-7,d=2", matching: { _ in true }) == 6)
        let huge = "a=\(Int64.max),b=\(Int64.max)"
        #expect(Store.total(ofCounts: huge, matching: { _ in true }) == Int(Int64.max))
    }
}
