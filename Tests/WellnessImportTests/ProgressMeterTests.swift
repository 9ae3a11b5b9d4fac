import Testing
import WellnessKitCore

@testable import WellnessImport

@Suite struct ProgressMeterTests {
    @Test func reportsNeverGoBackNorPassTheTotal() throws {
        var seen: [Int] = []
        var meter = ProgressMeter(
            { done, _ in
                seen.append(done)
                return true
            }, total: 10 << 20)
        // A zip's members may lie after one another in any order.
        for position in [3 << 20, 1 << 20, 5 << 20, 40 << 20] { try meter.advance(to: position) }
        try meter.advance(to: 10 << 20, force: true)
        #expect(seen == [3 << 20, 5 << 20, 10 << 20, 10 << 20])
    }
}
