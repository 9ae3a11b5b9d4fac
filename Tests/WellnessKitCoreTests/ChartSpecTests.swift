import Testing
@testable import WellnessKitCore

@Suite struct ChartSpecTests {
    static func spec(days: Int, interval: String) throws -> ChartSpec {
        let start: Int64 = 1_704_067_200
        let timestamps = (0..<days).map { start + Int64($0) * 86_400 }
        return try ChartSpec(try SeriesAggregationTests.columns(timestamps, timestamps.indices.map { Double($0) },
                                                                #"{"interval":"\#(interval)"}"#))
    }

    @Test func dayViewHasPointsAnnotationsAndThinLine() throws {
        let day = try Self.spec(days: 10, interval: "day")
        #expect(day.lineWidth == 2 && day.showsPoints && day.xAxisTickCount == 6 && day.xAxisDateFormat == "MMM d")
        #expect(day.accessibilityLabel == "Trend of day averages")
        let week = try Self.spec(days: 100, interval: "week")
        #expect(week.lineWidth == 3 && !week.showsPoints && week.xAxisTickCount == 8)
        #expect(try Self.spec(days: 400, interval: "half").xAxisTickCount == 2)
        #expect(try Self.spec(days: 3, interval: "day").xAxisTickCount == 3)
    }

    @Test func annotationsUseZeroToOneDecimals() {
        #expect(ChartSpec.annotation(12) == "12")
        #expect(ChartSpec.annotation(12.34) == "12.3")
        #expect(ChartSpec.annotation(12.96) == "13")
    }

    @Test func svgDrawsWhatTheSpecSays() throws {
        let day = SVGChart(spec: try Self.spec(days: 5, interval: "day")).document
        #expect(day.hasPrefix("<svg") && day.contains("linearGradient") && day.contains(#"stroke-width="2""#))
        #expect(day.components(separatedBy: "<circle").count == 6)
        let month = SVGChart(spec: try Self.spec(days: 100, interval: "month")).document
        #expect(!month.contains("<circle") && month.contains(#"stroke-width="3""#) && month.contains("Jan 2024"))
    }

    @Test func monotoneCurveDoesNotOvershoot() {
        let points = [CGPointLike(x: 0, y: 0), CGPointLike(x: 10, y: 10), CGPointLike(x: 20, y: 10), CGPointLike(x: 30, y: 0)]
        let path = MonotoneCurve.path(through: points)
        let ys = path.split(whereSeparator: { " ,CML".contains($0) }).enumerated()
            .filter { $0.offset % 2 == 1 }.compactMap { Double($0.element) }
        #expect(ys.allSatisfy { $0 >= 0 && $0 <= 10 })
    }

    // MARK: - Regressions found by fuzzing (issue "never trap")

    @Test func extremeValuesDrawFiniteCharts() throws {
        let cases: [([Int64], [Double])] = [
            ([0], [1e16]),
            ([0, 86_400], [0, 5e-324]),
            ([0, 1], [1e308, 1e308]),
            ([0, 86_400], [1e308, -1e308]),
            ([0, 86_400], [.greatestFiniteMagnitude, -.greatestFiniteMagnitude]),
            ([0, 86_400, 172_800], [-5e-324, 0, 5e-324]),
        ]
        for (timestamps, values) in cases {
            let spec = try ChartSpec(try SeriesAggregationTests.columns(timestamps, values, #"{"interval":"day"}"#))
            let svg = SVGChart(spec: spec).document
            #expect(!containsNonFiniteWord(svg), "\(values)")
            let json = try JSONWriter.string(spec.json)
            #expect(!containsNonFiniteWord(json), "\(values)")
        }
    }

    @Test func annotationsOfHugeValuesAreNumbers() {
        #expect(ChartSpec.annotation(1e308).allSatisfy { $0.isNumber || $0 == "." })
        #expect(ChartSpec.annotation(-.greatestFiniteMagnitude).hasPrefix("-1797693134862315"))
    }
}
