import Testing
import WellnessTestSupport

@testable import WellnessKitCore

@Suite struct ChartSpecTests {
    static let start: Int64 = 1_704_067_200  // 2024-01-01, a Monday

    static func spec(days: Int, interval: String) throws -> ChartSpec {
        let timestamps = (0..<days).map { start + Int64($0) * 86_400 }
        return try ChartSpec(
            try SeriesAggregationTests.columns(
                timestamps, timestamps.indices.map { Double($0) },
                #"{"interval":"\#(interval)"}"#))
    }

    /// A chart of `values`, one a day from 2024-01-01, with `options` (series and chart keys).
    static func chart(_ values: [Double], _ options: String) throws -> ChartSpec {
        let timestamps = values.indices.map { start + Int64($0) * 86_400 + 43_200 }
        let document = try JSONParser.parse(options)
        let seriesOptions = try SeriesOptions(json: document, at: .root, sharedWith: ChartOptions.keys)
        let aggregation = try timestamps.withUnsafeBufferPointer { stamps in
            try values.withUnsafeBufferPointer {
                try SeriesAggregation(timestamps: stamps, values: $0, options: seriesOptions)
            }
        }
        return try ChartSpec(
            aggregation, options: ChartOptions(json: document, at: .root, sharedWith: SeriesOptions.keys))
    }

    /// Deterministic pseudo-random values in 0..<1.
    struct Noise {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
    }

    // MARK: - The seed's spec

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
        #expect(ChartNumberFormat.annotation(12_345.67) == "12,345.7")
        #expect(ChartNumberFormat.annotation(-3_103) == "-3,103")
    }

    @Test func largeAnnotationsInTheSpecAreScientificAsInTheSVG() {
        #expect(ChartSpec.annotation(1e308) == "1e308")
        #expect(ChartSpec.annotation(-1.23456e20) == "-1.23e20")
        #expect(ChartSpec.annotation(999_999_999_999_999.96) == "1e15")
        #expect(ChartSpec.annotation(999_999_999_999.9) == "999999999999.9")
        #expect(ChartSpec.annotation(1e-9) == "0")
        for value in [1e308, -2.5e17, 4.2e15] {
            #expect(ChartSpec.annotation(value) == ChartNumberFormat.annotation(value))
        }
    }

    @Test func svgDrawsWhatTheSpecSays() throws {
        let day = SVGChart(spec: try Self.spec(days: 5, interval: "day")).document
        #expect(day.hasPrefix("<svg") && day.contains("linearGradient") && day.contains(#"stroke-width="2""#))
        #expect(day.components(separatedBy: "<circle").count == 6)
        let month = SVGChart(spec: try Self.spec(days: 100, interval: "month")).document
        #expect(!month.contains("<circle") && month.contains(#"stroke-width="3""#) && month.contains("Jan 2024"))
    }

    @Test func specJSONCarriesTheNewKeys() throws {
        let spec = try Self.chart([1_932, 3_103, 2_500], #"{"interval":"day","title":"Steps","unit":"steps"}"#)
        let json = try JSONWriter.string(spec.json)
        #expect(json.contains(#""interpolation":"linear""#) && !json.contains("monotone"))
        #expect(json.contains(#""title":"Steps""#) && json.contains(#""theme":"light""#))
        #expect(
            json.contains(
                #""y_axis":{"position":"leading","title":"Average (steps)","unit":"steps","min":0,"max":4000"#))
        #expect(json.contains(#""ticks":[0,1000,2000,3000,4000],"tick_labels":["0","1,000","2,000","3,000","4,000"]"#))
        #expect(json.contains(#""tick_dates":["2024-01-01","2024-01-02","2024-01-03"]"#))
        #expect(json.contains(#""fill_area":true"#))
    }

    // MARK: - Straight lines

    @Test func linesAreStraightSegments() throws {
        for interval in ["day", "week", "month"] {
            let svg = SVGChart(spec: try Self.spec(days: 120, interval: interval)).document
            let paths = svg.components(separatedBy: #"<path d=""#).dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(!paths.isEmpty)
            for path in paths {
                #expect(path.allSatisfy { "ML Z0123456789.,-".contains($0) }, "\(path)")
            }
        }
        #expect(
            [0, 1.25, -0.04, -0.06, 12.349, 100, 4095.95, 1e300, -1e300].map { SVGChart.format($0) }
                == ["0", "1.3", "0", "-0.1", "12.3", "100", "4096", "1000000000", "-1000000000"])
        #expect(SVGChart.format(0.305, digits: 2) == "0.31" && SVGChart.format(0.3, digits: 2) == "0.3")
        #expect(
            SVGChart.linearPath(through: [.init(x: 0, y: 0), .init(x: 10, y: 5), .init(x: 20, y: 0)])
                == "M0,0 L10,5 L20,0")
    }

    // MARK: - Nice y ticks

    /// Whether `step` is 1, 2, 2.5 or 5 × 10^k.
    static func isNiceStep(_ step: Double) -> Bool {
        var mantissa = step
        while mantissa >= 10 { mantissa /= 10 }
        while mantissa < 1 { mantissa *= 10 }
        return [1, 2, 2.5, 5, 10].contains { abs(mantissa - $0) < 1e-9 * $0 }
    }

    @Test func niceTicksForManyRanges() {
        var noise = Noise(state: 7)
        for round in 0..<5_000 {
            let magnitude = [1e-6, 0.01, 1, 7, 100, 1_000, 12_345, 1e6, 1e9, 1e12][round % 10]
            let count = 1 + Int(noise.next() * 30)
            let offset = (noise.next() * 2 - 1) * magnitude * [0, 1, 10, 100][round % 4]
            let values = (0..<count).map { _ in offset + (noise.next() * 2 - 1) * magnitude }
            let scale = ValueScale(values: values)
            let lowest = values.min()!
            let highest = values.max()!
            #expect(ValueScale.tickCountRange.contains(scale.ticks.count), "\(values)")
            #expect(scale.labels.count == scale.ticks.count)
            #expect(zip(scale.ticks, scale.ticks.dropFirst()).allSatisfy { $0 < $1 })
            #expect(Self.isNiceStep(scale.step), "step \(scale.step)")
            for tick in scale.ticks {
                let multiple = tick / scale.step
                #expect(abs(multiple - multiple.rounded()) < 1e-6, "\(tick) is not a multiple of \(scale.step)")
            }
            #expect(scale.lower == scale.ticks.first && scale.upper == scale.ticks.last)
            #expect(scale.lower <= lowest && scale.upper >= highest, "\(scale.ticks) covers \(lowest)…\(highest)")
            if scale.includesZero { #expect(scale.lower <= 0 && scale.upper >= 0) }
            // Labels: no exponent for moderate values, no trailing zeros,
            // thousands separated.
            for label in scale.labels where magnitude >= 0.01 && magnitude <= 1e9 {
                #expect(!label.contains("e") && !(label.contains(".") && label.hasSuffix("0")), "\(label)")
                let digits = label.prefix { $0 != "." }.filter(\.isNumber).count
                #expect(digits < 4 || label.contains(","), "\(label)")
            }
        }
    }

    @Test func niceTicksOfKnownRanges() {
        let steps = ValueScale(values: [1_932, 3_103])
        #expect(steps.ticks == [0, 1_000, 2_000, 3_000, 4_000] && steps.includesZero)
        #expect(steps.labels == ["0", "1,000", "2,000", "3,000", "4,000"])
        let weight = ValueScale(values: [80.2, 81.9])
        #expect(!weight.includesZero && weight.ticks == [80, 80.5, 81, 81.5, 82])
        #expect(weight.labels == ["80", "80.5", "81", "81.5", "82"])
        #expect(ValueScale(values: [0.1, 0.3]).labels == ["0", "0.1", "0.2", "0.3"])
        #expect(ValueScale(values: [0, 9]).labels == ["0", "2", "4", "6", "8", "10"])
        #expect(ValueScale(values: [0, 11]).labels == ["0", "2.5", "5", "7.5", "10", "12.5"])
        #expect(ValueScale(values: [-5, 12]).ticks == [-5, 0, 5, 10, 15])
        #expect(ValueScale(values: [7]).ticks == [0, 2, 4, 6, 8])
        #expect(ValueScale(values: [0, 0]).ticks == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(ValueScale(values: [-40, -41]).ticks == [-41, -40.8, -40.6, -40.4, -40.2, -40])
        #expect(ValueScale(values: [2e15, 2.1e15]).labels.allSatisfy { $0.hasSuffix("e15") })
    }

    @Test func zeroIsOnTheAxisUnderAFilledArea() throws {
        let spec = try Self.chart([1_932, 2_400, 3_103, 2_800], #"{"interval":"day"}"#)
        #expect(spec.fillsArea && spec.valueScale.lower == 0)
        let layout = spec.layout()
        #expect(layout.areaBaseline == layout.plot.maxY && layout.zeroY == layout.plot.maxY)
        let svg = SVGChart(spec: spec).document
        #expect(svg.contains(#"fill="url(#area)""#) && svg.contains(">0</text>"))
        // The area closes on the zero line.
        let baseline = SVGChart.format(layout.plot.maxY)
        #expect(svg.contains(" L\(SVGChart.format(layout.positions.last!.x)),\(baseline) "))
        // Mixed signs fill to the zero line inside the plot.
        let mixed = try Self.chart([-3, 5, 2], #"{"interval":"day"}"#).layout()
        #expect(mixed.areaBaseline != nil && mixed.areaBaseline! < mixed.plot.maxY)
    }

    @Test func dataFarFromZeroIsNotFilled() throws {
        let spec = try Self.chart([80.2, 81.9, 81.1, 80.6], #"{"interval":"day","unit":"kg"}"#)
        #expect(!spec.fillsArea && spec.valueScale.lower == 80)
        let svg = SVGChart(spec: spec).document
        #expect(!svg.contains("url(#area)") && svg.contains("Average (kg)"))
    }

    // MARK: - Title, unit, theme, font, no data

    @Test func titleUnitAndThemeAreDrawn() throws {
        let options = #"{"interval":"week","title":"Daily steps & more","unit":"steps","theme":"dark"}"#
        let spec = try Self.chart((0..<60).map { 5_000 + Double($0) * 20 }, options)
        let svg = SVGChart(spec: spec).document
        #expect(svg.contains(">Daily steps &amp; more</text>") && svg.contains(">Average (steps)</text>"))
        #expect(svg.contains(#"fill="\#(ChartTheme.dark.background)""#) && svg.contains(ChartTheme.dark.accent))
        #expect(svg.contains(#"fill="\#(ChartTheme.dark.primaryText)""#) && !svg.contains(ChartTheme.light.background))
        let texts = svg.components(separatedBy: "<text ").count - 1
        #expect(texts > 5 && svg.components(separatedBy: #"font-family="\#(SVGChart.fontFamily)""#).count - 1 == texts)
        #expect(SVGChart.fontFamily.hasSuffix("sans-serif"))
        let light = SVGChart(spec: try Self.chart([1, 2, 3], #"{"interval":"week"}"#)).document
        #expect(light.contains(">Weekly average</text>") && light.contains(">Average</text>"))
        #expect(light.contains(#"fill="\#(ChartTheme.light.background)""#))
        #expect(try Self.chart([1, 0, 1], #"{"interval":"day","kind":"boolean"}"#).title == "Daily yes answers")
        #expect(try Self.chart([1, 0, 1], #"{"interval":"month","kind":"boolean"}"#).title == "Yes days per month")
    }

    @Test func chartOptionsAreValidated() throws {
        #expect(try decode(ChartOptions.self, "{}") == ChartOptions())
        let long = String(repeating: "x", count: ChartOptions.maximumTextLength)
        #expect(try decode(ChartOptions.self, #"{"title":"\#(long)"}"#).title == long)
        for (document, path) in [
            (#"{"title":"\#(long)x"}"#, "title"), (#"{"title":5}"#, "title"),
            (#"{"unit":"a\u0007b"}"#, "unit"), (#"{"theme":"blue"}"#, "theme"),
            (#"{"width":100}"#, "width"),
        ] {
            let error = wellnessError { try decode(ChartOptions.self, document) }
            #expect(error?.kind == .validation && error?.path == path, "\(document)")
        }
        #expect(try decode(ChartOptions.self, #"{"title":"  "}"#).title == nil)
    }

    @Test func emptyChartSaysNoData() throws {
        let spec = try ChartSpec(try SeriesAggregationTests.columns([], [], #"{"interval":"week"}"#))
        #expect(spec.isEmpty)
        let svg = SVGChart(spec: spec, width: 500).document
        #expect(svg.contains(#"text-anchor="middle" fill="\#(ChartTheme.light.secondaryText)">No data</text>"#))
        #expect(svg.contains(#"<text x="250" "#))
        #expect(!svg.contains("<path") && !svg.contains("<line") && svg.contains(">Weekly average</text>"))
        #expect(try JSONWriter.string(spec.json).contains(#""empty":true"#))
    }

    // MARK: - Labels never overlap

    static func overlapFree(_ layout: ChartLayout, _ spec: ChartSpec, _ name: String) {
        let labels = layout.labels
        let canvas = ChartBox(minX: 0, minY: 0, maxX: layout.width, maxY: layout.height)
        for (index, label) in labels.enumerated() {
            #expect(canvas.contains(label.box), "\(name): \(label.text) leaves the canvas")
            for other in labels[(index + 1)...] {
                #expect(!label.box.intersects(other.box), "\(name): \(label.text) overlaps \(other.text)")
            }
        }
        let positions = layout.positions
        for label in layout.annotations.compactMap({ $0 }) {
            let box = label.box
            #expect(layout.plot.maxY >= box.maxY, "\(name): annotation below the axis")
            for position in positions {
                #expect(
                    !box.intersects(ChartBox(circleAt: position.x, position.y, radius: ChartLayout.pointRadius)),
                    "\(name): \(label.text) covers a point")
            }
            for (a, b) in zip(positions, positions.dropFirst()) {
                #expect(!box.intersectsSegment(a.x, a.y, b.x, b.y), "\(name): \(label.text) crosses the line")
            }
        }
        // The SVG draws exactly these texts.
        let svg = SVGChart(spec: spec, width: Int(layout.width), height: Int(layout.height)).document
        #expect(svg.components(separatedBy: "<text ").count - 1 == labels.count)
    }

    @Test func labelsNeverOverlap() throws {
        var noise = Noise(state: 3)
        for round in 0..<60 {
            let days = [3, 7, 10, 13, 21, 40, 90][round % 7]
            let scale = [1.0, 100, 10_000, 1e6][round % 4]
            let values = (0..<days).map { _ in (noise.next() * scale * 10).rounded() / 10 }
            let interval = ["day", "day", "week", "auto"][round % 4]
            let size = [(640, 220), (320, 180), (160, 120), (1_000, 400)][round / 4 % 4]
            let spec = try Self.chart(
                values, #"{"interval":"\#(interval)","unit":"steps","width":\#(size.0),"height":\#(size.1)}"#)
            let layout = spec.layout()
            Self.overlapFree(layout, spec, "round \(round)")
            if spec.interval == .day && size.0 >= 640 {
                #expect(
                    layout.annotations.compactMap { $0 }.count * 2 >= min(days, 10),
                    "round \(round) keeps some annotations: \(values)")
            }
        }
    }

    @Test func annotationsGoBelowValleys() throws {
        let spec = try Self.chart([5_000, 9_000, 2_000, 9_500, 6_000], #"{"interval":"day"}"#)
        let layout = spec.layout()
        let annotations = layout.annotations
        #expect(annotations.count == 5)
        let valley = try #require(annotations[2])
        #expect(valley.box.minY > layout.positions[2].y)
        let peak = try #require(annotations[1])
        #expect(peak.box.maxY < layout.positions[1].y)
        Self.overlapFree(layout, spec, "valley")
    }

    // MARK: - Calendar ticks

    /// The gaps between neighbouring x ticks, in pixels and in days.
    static func gaps(_ layout: ChartLayout) -> [(pixels: Double, days: Int)] {
        zip(layout.xTicks, layout.xTicks.dropFirst()).map { ($1.x - $0.x, $1.day - $0.day) }
    }

    @Test func weekTicksAreEvenlySpaced() throws {
        for weeks in [3, 6, 8, 12] {
            let spec = try Self.chart((0..<(weeks * 7)).map { Double($0 % 5) }, #"{"interval":"week"}"#)
            let layout = spec.layout()
            let step = try #require(layout.xStep)
            #expect(step.unit == .week, "\(weeks) weeks: \(step)")
            let gaps = Self.gaps(layout)
            #expect(gaps.count >= 1)
            #expect(gaps.allSatisfy { abs($0.pixels - gaps[0].pixels) < 0.01 && $0.days == 7 * step.count })
            // On the first weekday (Monday by default).
            #expect(layout.xTicks.allSatisfy { LocalCalendar.weekday(of: $0.day) == 2 })
        }
    }

    @Test func monthTicksAreCalendarMonthsEvenlyStepped() throws {
        for (days, interval) in [(182, "week"), (365, "month"), (120, "month"), (730, "month"), (1_100, "quarter")] {
            let spec = try Self.chart((0..<days).map { Double($0 % 9) }, #"{"interval":"\#(interval)"}"#)
            let layout = spec.layout()
            let step = try #require(layout.xStep)
            #expect(step.unit == .month || step.unit == .year, "\(days) \(interval): \(step)")
            let months = layout.xTicks.map { tick -> Int in
                let date = LocalCalendar.date(of: tick.day)
                #expect(date.day == 1)
                return date.year * 12 + date.month - 1
            }
            let stride = step.unit == .month ? step.count : 12 * step.count
            #expect(zip(months, months.dropFirst()).allSatisfy { $1 - $0 == stride }, "\(months)")
            #expect(months.allSatisfy { $0 % stride == 0 })
            // x is proportional to days: one pixel width per day throughout.
            let perDay = Self.gaps(layout).map { $0.pixels / Double($0.days) }
            #expect(perDay.allSatisfy { abs($0 - perDay[0]) < 1e-6 })
            #expect((2...8).contains(layout.xTicks.count), "\(days) \(interval): \(layout.xTicks.count) ticks")
        }
    }

    @Test func dayTicksFollowTheSpan() throws {
        let ten = try Self.chart((0..<10).map(Double.init), #"{"interval":"day"}"#).layout()
        #expect(ten.xStep == TimeStep(.day, 2) && Self.gaps(ten).allSatisfy { $0.days == 2 })
        let three = try Self.chart((0..<21).map(Double.init), #"{"interval":"day"}"#).layout()
        #expect(three.xStep == TimeStep(.week) && three.xTicks.count == 3)
        let single = try Self.chart([42], #"{"interval":"month"}"#).layout()
        #expect(single.xTicks.count == 1 && single.xTicks[0].label?.text == "Jan 2024")
        #expect(abs(single.positions[0].x - (single.plot.minX + single.plot.maxX) / 2) < 1e-9)
    }

    // MARK: - Regressions found by fuzzing

    @Test func extremeValuesDrawFiniteCharts() throws {
        let cases: [([Int64], [Double])] = [
            ([0], [1e16]),
            ([0, 86_400], [0, 5e-324]),
            ([0, 1], [1e308, 1e308]),
            ([0, 86_400], [1e308, -1e308]),
            ([0, 86_400], [.greatestFiniteMagnitude, -.greatestFiniteMagnitude]),
            ([0, 86_400, 172_800], [-5e-324, 0, 5e-324]),
            ([0, 86_400], [.greatestFiniteMagnitude, .greatestFiniteMagnitude]),
            ([0, 86_400], [-.greatestFiniteMagnitude, 0]),
            ([0, 86_400], [1e16, 1e16 + 2]),
            ([0, 86_400], [5e-324, 1e-323]),
        ]
        for (timestamps, values) in cases {
            let spec = try ChartSpec(try SeriesAggregationTests.columns(timestamps, values, #"{"interval":"day"}"#))
            let svg = SVGChart(spec: spec).document
            #expect(!containsNonFiniteWord(svg), "\(values)")
            let json = try JSONWriter.string(spec.json)
            #expect(!containsNonFiniteWord(json), "\(values)")
            let scale = spec.valueScale
            #expect(scale.lower.isFinite && scale.upper.isFinite && scale.lower < scale.upper, "\(values)")
            #expect(scale.ticks.allSatisfy(\.isFinite) && (3...6).contains(scale.ticks.count), "\(values)")
            let layout = spec.layout()
            #expect(layout.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite })
            #expect(layout.positions.allSatisfy { $0.y >= layout.plot.minY - 1e-9 && $0.y <= layout.plot.maxY + 1e-9 })
            Self.overlapFree(layout, spec, "\(values)")
        }
    }

    @Test func annotationsOfHugeValuesAreShort() {
        #expect(ChartSpec.annotation(-.greatestFiniteMagnitude) == "-1.8e308")
        #expect(ChartNumberFormat.annotation(-.greatestFiniteMagnitude) == "-1.8e308")
        #expect(ChartNumberFormat.scientific(5e-324, significantDigits: 3) == "4.94e-324")
    }
}
