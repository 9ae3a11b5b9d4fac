#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders a ``ChartSpec`` as a standalone SVG document: a monotone line over
/// a gradient area, point marks and value annotations in day view, date
/// labels on the x axis and values on the leading y axis.
public struct SVGChart: Sendable {
    public let spec: ChartSpec
    public let width: Int
    public let height: Int
    /// The line colour (seed 002 uses the accent colour).
    public let color: String

    private let left = 48.0
    private let right = 32.0
    private let top = 20.0
    private let bottom = 28.0

    public init(spec: ChartSpec, width: Int = 640, height: Int = ChartSpec.height, color: String = "#007AFF") {
        self.spec = spec
        self.width = min(max(width, 160), 4096)
        self.height = min(max(height, 120), 4096)
        self.color = color
    }

    public var document: String {
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-label="\(escape(spec.accessibilityLabel))">
            <title>\(escape(spec.accessibilityLabel))</title>
            <defs><linearGradient id="area" x1="0" y1="0" x2="0" y2="1">\
            <stop offset="0" stop-color="\(color)" stop-opacity="0.3"/>\
            <stop offset="1" stop-color="\(color)" stop-opacity="0.05"/></linearGradient></defs>

            """
        svg += axes()
        let positions = spec.points.map { CGPointLike(x: x(for: $0.day), y: y(for: $0.value)) }
        if let first = positions.first, let last = positions.last {
            let curve = MonotoneCurve.path(through: positions)
            svg += "<path d=\"\(curve) L\(format(last.x)),\(format(baseline)) L\(format(first.x)),\(format(baseline)) Z\" "
                + "fill=\"url(#area)\" stroke=\"none\"/>\n"
            svg += "<path d=\"\(curve)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(spec.lineWidth)\" "
                + "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        }
        if spec.showsPoints {
            for (point, position) in zip(spec.points, positions) {
                svg += "<circle cx=\"\(format(position.x))\" cy=\"\(format(position.y))\" r=\"3.5\" fill=\"\(color)\"/>\n"
                svg += "<text x=\"\(format(position.x))\" y=\"\(format(position.y - 8))\" font-size=\"10\" "
                    + "text-anchor=\"middle\" fill=\"#6b6b6b\">\(escape(ChartSpec.annotation(point.value)))</text>\n"
            }
        }
        return svg + "</svg>\n"
    }

    // MARK: - Geometry

    private var plotWidth: Double { Double(width) - left - right }
    private var plotHeight: Double { Double(height) - top - bottom }
    private var baseline: Double { top + plotHeight }

    /// The value axis: the data's range with a 20 % margin, or a range
    /// around flat data. Differences are taken in halves so that values near
    /// the ends of the double range cannot overflow into infinities.
    private var valueRange: (low: Double, high: Double) {
        let values = spec.points.map(\.value)
        guard let lowest = values.min(), let highest = values.max() else { return (0, 1) }
        let halfSpan = highest / 2 - lowest / 2
        let margin = halfSpan >= 0x1p-1000 ? halfSpan * 0.2 : max(1, abs(lowest) * 0.1)
        return (max(lowest - margin, -.greatestFiniteMagnitude), min(highest + margin, .greatestFiniteMagnitude))
    }

    private func x(for day: Int) -> Double {
        guard let first = spec.points.first?.day, let last = spec.points.last?.day, last > first else {
            return left + plotWidth / 2
        }
        return left + plotWidth * Double(day - first) / Double(last - first)
    }

    private func y(for value: Double) -> Double {
        let (low, high) = valueRange
        return top + plotHeight * (1 - (value / 2 - low / 2) / (high / 2 - low / 2))
    }

    private func axes() -> String {
        var svg = ""
        for index in spec.tickIndices {
            let point = spec.points[index]
            let position = format(x(for: point.day))
            svg += "<line x1=\"\(position)\" y1=\"\(format(top))\" x2=\"\(position)\" y2=\"\(format(baseline))\" "
                + "stroke=\"#d0d0d0\" stroke-width=\"0.5\"/>\n"
            svg += "<text x=\"\(position)\" y=\"\(format(baseline + 18))\" font-size=\"11\" text-anchor=\"middle\" "
                + "fill=\"#6b6b6b\">\(escape(spec.axisLabel(point.day)))</text>\n"
        }
        let (low, high) = valueRange
        let step = (high / 2 - low / 2) / 2
        // Enough decimals that neighbouring labels differ; the range is never
        // empty, and the clamp keeps the conversion to Int exact.
        let decimals = step >= 1 || !(step > 0) ? 0 : Int(min(6, (-log10(step)).rounded(.up)))
        for index in 0...4 {
            // An interpolation, not low + step * index, which can overflow.
            let fraction = Double(index) / 4
            let value = low * (1 - fraction) + high * fraction
            let position = format(y(for: value))
            svg += "<text x=\"\(format(left - 6))\" y=\"\(position)\" font-size=\"11\" text-anchor=\"end\" "
                + "dominant-baseline=\"middle\" fill=\"#6b6b6b\">\(DisplayNumber.fixed(value, digits: decimals))</text>\n"
        }
        return svg
    }

    private func format(_ value: Double) -> String {
        DisplayNumber.fixed(value, digits: 1)
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// A point in SVG user space.
struct CGPointLike {
    let x: Double
    let y: Double
}

/// Fritsch–Carlson monotone cubic interpolation (what Swift Charts'
/// `.monotone` draws): no overshoot between data points.
enum MonotoneCurve {
    static func path(through points: [CGPointLike]) -> String {
        guard let first = points.first else { return "" }
        var path = "M\(f(first.x)),\(f(first.y))"
        guard points.count > 1 else { return path }
        let tangents = self.tangents(points)
        for index in 1..<points.count {
            let p0 = points[index - 1]
            let p1 = points[index]
            let third = (p1.x - p0.x) / 3
            path += " C\(f(p0.x + third)),\(f(p0.y + tangents[index - 1] * third))"
                + " \(f(p1.x - third)),\(f(p1.y - tangents[index] * third)) \(f(p1.x)),\(f(p1.y))"
        }
        return path
    }

    private static func tangents(_ points: [CGPointLike]) -> [Double] {
        let count = points.count
        var secants = [Double](repeating: 0, count: count - 1)
        for index in 0..<(count - 1) {
            let dx = points[index + 1].x - points[index].x
            secants[index] = dx == 0 ? 0 : (points[index + 1].y - points[index].y) / dx
        }
        var tangents = [Double](repeating: 0, count: count)
        tangents[0] = secants[0]
        tangents[count - 1] = secants[count - 2]
        for index in 1..<(count - 1) {
            let before = secants[index - 1]
            let after = secants[index]
            tangents[index] = before * after <= 0 ? 0 : (before + after) / 2
        }
        for index in 0..<(count - 1) where secants[index] == 0 {
            tangents[index] = 0
            tangents[index + 1] = 0
        }
        for index in 0..<(count - 1) where secants[index] != 0 {
            let alpha = tangents[index] / secants[index]
            let beta = tangents[index + 1] / secants[index]
            let sum = alpha * alpha + beta * beta
            if sum > 9 {
                let scale = 3 / sum.squareRoot()
                tangents[index] = scale * alpha * secants[index]
                tangents[index + 1] = scale * beta * secants[index]
            }
        }
        return tangents
    }

    private static func f(_ value: Double) -> String {
        DisplayNumber.fixed(value, digits: 1)
    }
}
