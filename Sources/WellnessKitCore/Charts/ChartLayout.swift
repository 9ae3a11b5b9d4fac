/// Everything a chart draws, placed for one size: the plot area, title and
/// axis titles, calendar x ticks, nice y ticks, the points' positions and
/// the value annotations that fit. ``SVGChart`` draws it as is, so the
/// boxes here are the boxes of the SVG's texts (estimated from per-character
/// widths), and no two of them overlap.
public struct ChartLayout: Sendable {
    /// What a text is, which sets its colour and weight.
    public enum Role: String, Sendable {
        case title, axisTitle, xTick, yTick, annotation, message
    }

    /// One placed line of text.
    public struct Label: Sendable {
        public let text: String
        public let role: Role
        /// The anchor's x coordinate and the alphabetic baseline.
        public let x: Double
        public let baseline: Double
        public let fontSize: Double
        public let anchor: TextAnchor
        public let box: ChartBox

        init(_ text: String, role: Role, x: Double, baseline: Double, fontSize: Double, anchor: TextAnchor) {
            self.text = text
            self.role = role
            self.x = x
            self.baseline = baseline
            self.fontSize = fontSize
            self.anchor = anchor
            box = ChartBox.text(
                text, x: x, baseline: baseline, fontSize: fontSize, anchor: anchor, bold: role == .title)
        }
    }

    /// An x-axis tick: a grid line at `x`, a label unless it was dropped.
    public struct XTick: Sendable {
        public let day: Int
        public let x: Double
        public let label: Label?
    }

    /// A y-axis tick: a grid line at `y`, a label unless it was dropped.
    public struct YTick: Sendable {
        public let value: Double
        public let y: Double
        public let label: Label?
    }

    /// A point's position in SVG user space.
    public struct Position: Sendable, Equatable {
        public let x: Double
        public let y: Double
    }

    public static let titleFontSize = 15.0
    public static let axisTitleFontSize = 11.0
    public static let tickFontSize = 11.0
    public static let annotationFontSize = 10.0
    public static let messageFontSize = 14.0
    /// The radius of a point mark.
    public static let pointRadius = 3.5
    /// The least horizontal gap between two x-axis labels.
    public static let labelGap = 8.0

    private static let padding = 12.0

    public let width: Double
    public let height: Double
    /// The plot area: the y axis' range spans its height.
    public let plot: ChartBox
    public let title: Label
    /// Nil for an empty chart, which has no axes.
    public let yAxisTitle: Label?
    /// The step of the x ticks; nil for an empty chart.
    public let xStep: TimeStep?
    public let xTicks: [XTick]
    public let yTicks: [YTick]
    /// One per point of the spec.
    public let positions: [Position]
    /// The y of value 0, down to which the area is filled; nil when no area is drawn.
    public let areaBaseline: Double?
    /// The y of value 0 when it lies on the axis.
    public let zeroY: Double?
    /// One per point when the spec shows annotations, nil where one would
    /// collide with another label, a point or the line; empty otherwise.
    public let annotations: [Label?]
    /// "No data" for an empty chart.
    public let message: Label?

    /// Every visible text, title first.
    public var labels: [Label] {
        [title] + [yAxisTitle, message].compactMap { $0 } + xTicks.compactMap(\.label) + yTicks.compactMap(\.label)
            + annotations.compactMap { $0 }
    }

    /// Places `spec` on a `width` × `height` canvas (clamped to 160…4096 × 120…4096).
    /// - Parameter annotating: false to skip placing value annotations
    ///   (``annotations`` is then empty), for callers that need the axes only.
    public init(spec: ChartSpec, width: Int, height: Int, annotating: Bool = true) {
        let width = Double(min(max(width, 160), 4096))
        let height = Double(min(max(height, 120), 4096))
        self.width = width
        self.height = height
        let padding = Self.padding
        title = Label(
            Self.fitted(spec.title, width: width - 2 * padding, fontSize: Self.titleFontSize, bold: true),
            role: .title, x: padding, baseline: 24, fontSize: Self.titleFontSize, anchor: .start)

        guard !spec.isEmpty else {
            plot = ChartBox(minX: padding, minY: 40, maxX: width - padding, maxY: height - padding)
            message = Label(
                ChartSpec.noDataText, role: .message, x: width / 2,
                baseline: (40 + height) / 2 + Self.messageFontSize * 0.3,
                fontSize: Self.messageFontSize, anchor: .middle)
            yAxisTitle = nil
            xStep = nil
            xTicks = []
            yTicks = []
            positions = []
            areaBaseline = nil
            zeroY = nil
            annotations = []
            return
        }
        message = nil
        let axisTitle = Label(
            Self.fitted(spec.yAxisTitle, width: width - 2 * padding, fontSize: Self.axisTitleFontSize),
            role: .axisTitle, x: padding, baseline: 44, fontSize: Self.axisTitleFontSize, anchor: .start)
        yAxisTitle = axisTitle

        // The plot: room for the y labels on the left, the x labels below,
        // and in day view for an annotation above the highest point.
        let scale = spec.valueScale
        let labelWidth = scale.labels.map { ChartBox.textWidth($0, fontSize: Self.tickFontSize) }.max() ?? 0
        let plotLeft = min(padding + labelWidth + 8, width / 2)
        let plotRight = max(width - 20, plotLeft + 40)
        let plotTop = 60.0 + (spec.showsPoints ? 10 : 0)
        let plotBottom = max(height - 28, plotTop + 10)
        plot = ChartBox(minX: plotLeft, minY: plotTop, maxX: plotRight, maxY: plotBottom)
        let plotHeight = plotBottom - plotTop
        func y(_ value: Double) -> Double { plotBottom - plotHeight * scale.fraction(of: value) }

        // x by date: the points' days, inset in day view so that edge
        // points and their annotations stay clear of the axes.
        let first = spec.points.first?.day ?? 0
        let last = spec.points.last?.day ?? first
        let inset = spec.showsPoints ? 12.0 : 0
        let (domainStart, domainEnd) = first < last ? (first, last) : (first - 1, first + 1)
        let dataLeft = plotLeft + inset
        let dataWidth = max(plotRight - inset - dataLeft, 1)
        func x(_ day: Int) -> Double {
            dataLeft + dataWidth * Double(day - domainStart) / Double(domainEnd - domainStart)
        }
        positions = spec.points.map { Position(x: x($0.day), y: y($0.value)) }
        zeroY = scale.lower <= 0 && scale.upper >= 0 ? y(0) : nil
        areaBaseline = spec.fillsArea ? zeroY : nil

        (xStep, xTicks) = Self.timeTicks(
            spec, first: first, last: last, width: width,
            baseline: plotBottom + 18, position: x)
        yTicks = Self.valueTicks(scale, x: plotLeft - 8, position: y)

        if spec.showsPoints && annotating {
            let obstacles = [title, axisTitle] + xTicks.compactMap(\.label) + yTicks.compactMap(\.label)
            let region = ChartBox(minX: 2, minY: axisTitle.box.maxY + 2, maxX: width - 2, maxY: plotBottom - 1)
            annotations = Self.annotations(spec, positions: positions, obstacles: obstacles, region: region)
        } else {
            annotations = []
        }
    }

    // MARK: - x axis

    /// The calendar step whose tick count is closest to the seed's
    /// `spec.xAxisTickCount` (a tie goes to more ticks), among the steps with
    /// at least two ticks whose labels do not overlap. When none fits (a very
    /// narrow chart), the coarsest step with two ticks (or one), its
    /// overlapping labels dropped.
    private static func timeTicks(
        _ spec: ChartSpec, first: Int, last: Int, width: Double, baseline: Double,
        position: (Int) -> Double
    ) -> (TimeStep, [XTick]) {
        let candidates = TimeStep.candidates(for: spec.interval)
        if first == last {
            let step = candidates[0]
            let label = xLabel(step.label(first), x: position(first), baseline: baseline, width: width)
            return (step, [XTick(day: first, x: position(first), label: label)])
        }
        let desired = max(spec.xAxisTickCount, 2)
        var best: (step: TimeStep, ticks: [XTick])?
        var fallback: (TimeStep, [Int])?
        for step in candidates {
            // Steps with more than three times the desired count are not
            // worth enumerating (a day step over decades).
            guard
                let days = step.ticks(
                    from: first, through: last, firstWeekday: spec.firstWeekday,
                    limit: 3 * desired + 2),
                !days.isEmpty
            else { continue }
            if fallback == nil || days.count >= 2 { fallback = (step, days) }
            guard days.count >= 2 else { continue }
            if let best, abs(best.ticks.count - desired) <= abs(days.count - desired) { continue }
            let labels = days.map { xLabel(step.label($0), x: position($0), baseline: baseline, width: width) }
            if zip(labels, labels.dropFirst()).allSatisfy({ $0.box.maxX + labelGap <= $1.box.minX }) {
                best = (step, zip(days, labels).map { XTick(day: $0, x: position($0), label: $1) })
            }
        }
        if let best { return best }
        let (step, days) = fallback ?? (candidates[0], [first])
        var ticks: [XTick] = []
        var previous: ChartBox?
        for day in days {
            let label = xLabel(step.label(day), x: position(day), baseline: baseline, width: width)
            let fits = previous.map { $0.maxX + labelGap <= label.box.minX } ?? true
            ticks.append(XTick(day: day, x: position(day), label: fits ? label : nil))
            if fits { previous = label.box }
        }
        return (step, ticks)
    }

    /// A centred x label, moved inwards where it would cross the canvas' edge.
    private static func xLabel(_ text: String, x: Double, baseline: Double, width: Double) -> Label {
        let half = ChartBox.textWidth(text, fontSize: tickFontSize) / 2
        let centre = min(max(x, 2 + half), width - 2 - half)
        return Label(text, role: .xTick, x: centre, baseline: baseline, fontSize: tickFontSize, anchor: .middle)
    }

    // MARK: - y axis

    /// Every tick with a grid line; labels from the bottom up, each kept
    /// only when clear of the one below (and whole on the canvas).
    private static func valueTicks(_ scale: ValueScale, x: Double, position: (Double) -> Double) -> [YTick] {
        var ticks: [YTick] = []
        var previous: ChartBox?
        for (value, text) in zip(scale.ticks, scale.labels) {
            let y = position(value)
            let label = Label(
                text, role: .yTick, x: x, baseline: y + tickFontSize * 0.35, fontSize: tickFontSize,
                anchor: .end)
            let fits = label.box.minX >= 0 && (previous.map { label.box.maxY + 2 <= $0.minY } ?? true)
            ticks.append(YTick(value: value, y: y, label: fits ? label : nil))
            if fits { previous = label.box }
        }
        return ticks
    }

    // MARK: - Annotations

    /// Value annotations, left to right: centred above a point that is not
    /// below both neighbours, else centred below it; then the other side;
    /// then diagonally beside the point (above or below, to the left or
    /// right), for a point on a steep line; none when every placement
    /// collides. A placement collides when it leaves `region` or overlaps an
    /// obstacle, an earlier annotation, a point mark or the line.
    private static func annotations(
        _ spec: ChartSpec, positions: [Position], obstacles: [Label],
        region: ChartBox
    ) -> [Label?] {
        let halfLine = Double(spec.lineWidth) / 2 + 1
        var placed: [ChartBox] = []
        var result: [Label?] = []
        for (index, point) in spec.points.enumerated() {
            let position = positions[index]
            let text = ChartNumberFormat.annotation(point.value)
            let neighbours = [
                index > 0 ? positions[index - 1].y : nil,
                index + 1 < positions.count ? positions[index + 1].y : nil,
            ].compactMap { $0 }
            // Screen y grows downwards: a valley has both neighbours above it.
            let valley = !neighbours.isEmpty && neighbours.allSatisfy { $0 < position.y }
            let placements: [(above: Bool, anchor: TextAnchor)] = [
                (!valley, .middle), (valley, .middle),
                (!valley, .end), (!valley, .start), (valley, .end), (valley, .start),
            ]
            func fits(_ label: Label) -> Bool {
                let box = label.box
                guard region.contains(box) else { return false }
                if obstacles.contains(where: { $0.box.intersects(box) }) { return false }
                if placed.suffix(16).contains(where: { $0.intersects(box) }) { return false }
                return !collidesWithMarks(
                    box, index: index, positions: positions, halfLine: halfLine,
                    showsLine: positions.count > 1)
            }
            let choice = placements.lazy
                .map { annotation(text, at: position, above: $0.above, anchor: $0.anchor) }
                .first(where: fits)
            if let choice { placed.append(choice.box) }
            result.append(choice)
        }
        return result
    }

    /// An annotation above or below the point at `position`: centred
    /// (`.middle`), or diagonally to its left (`.end`) or right (`.start`).
    private static func annotation(_ text: String, at position: Position, above: Bool, anchor: TextAnchor) -> Label {
        let fontSize = annotationFontSize
        let gap = anchor == .middle ? pointRadius + 3 : pointRadius
        let x: Double
        switch anchor {
        case .middle: x = position.x
        case .end: x = position.x - pointRadius - 1
        case .start: x = position.x + pointRadius + 1
        }
        let baseline = above ? position.y - gap - fontSize * 0.25 : position.y + gap + fontSize * 0.8
        return Label(text, role: .annotation, x: x, baseline: baseline, fontSize: fontSize, anchor: anchor)
    }

    /// Whether `box` touches a point mark or a line segment near point `index`.
    private static func collidesWithMarks(
        _ box: ChartBox, index: Int, positions: [Position], halfLine: Double,
        showsLine: Bool
    ) -> Bool {
        let markBox = ChartBox(
            minX: box.minX - pointRadius - 1, minY: box.minY - pointRadius - 1,
            maxX: box.maxX + pointRadius + 1, maxY: box.maxY + pointRadius + 1)
        let lineBox = ChartBox(
            minX: box.minX - halfLine, minY: box.minY - halfLine,
            maxX: box.maxX + halfLine, maxY: box.maxY + halfLine)
        // Walk outwards while marks can still reach the box. More than 32
        // points under one label is a dense line that crosses it anyway:
        // counted as a collision, which keeps crowded charts linear in time.
        for direction in [-1, 1] {
            var other = index
            while other >= 0 && other < positions.count {
                if abs(other - index) > 32 { return true }
                let position = positions[other]
                if direction < 0 ? position.x < markBox.minX : position.x > markBox.maxX {
                    // Marks beyond the box; the segment to this one may still cross it.
                    let previous = positions[other - direction]
                    if showsLine && lineBox.intersectsSegment(previous.x, previous.y, position.x, position.y) {
                        return true
                    }
                    break
                }
                if markBox.contains(ChartBox(circleAt: position.x, position.y, radius: 0)) { return true }
                if showsLine && other != index {
                    let previous = positions[other - direction]
                    if lineBox.intersectsSegment(previous.x, previous.y, position.x, position.y) { return true }
                }
                other += direction
            }
        }
        return false
    }

    /// `text` shortened with "…" to fit `width`.
    private static func fitted(_ text: String, width: Double, fontSize: Double, bold: Bool = false) -> String {
        guard ChartBox.textWidth(text, fontSize: fontSize, bold: bold) > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty
            && ChartBox.textWidth(String(characters) + "…", fontSize: fontSize, bold: bold) > width
        {
            characters.removeLast()
        }
        return String(characters) + "…"
    }
}
