/// Renders a ``ChartSpec`` as a standalone SVG document, as ``ChartLayout``
/// places it: a title, the y-axis title, nice y ticks with grid lines,
/// calendar x ticks, straight line segments over a gradient area down to 0,
/// point marks and the value annotations that fit in day view, and "No
/// data" for an empty series. Every text uses a sans-serif font stack and
/// the theme's colours.
public struct SVGChart: Sendable {
    /// The fonts of every text: the platform's UI font first, DejaVu Sans
    /// where only that is installed (librsvg on Linux), never a serif.
    public static let fontFamily =
        "-apple-system, BlinkMacSystemFont, 'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif"

    public let spec: ChartSpec
    public let width: Int
    public let height: Int
    /// The line colour: the theme's accent colour (seed 002's accent) by default.
    public let color: String

    /// - Parameters:
    ///   - width, height: the canvas in pixels (the spec's options by default),
    ///     clamped to 160…4096 × 120…4096.
    ///   - color: a CSS colour for the line, points and area.
    public init(spec: ChartSpec, width: Int? = nil, height: Int? = nil, color: String? = nil) {
        self.spec = spec
        self.width = min(max(width ?? spec.options.width, 160), 4096)
        self.height = min(max(height ?? spec.options.height, 120), 4096)
        self.color = color ?? spec.options.theme.accent
    }

    /// Where everything goes.
    public var layout: ChartLayout { spec.layout(width: width, height: height) }

    public var document: String {
        let layout = self.layout
        let theme = spec.options.theme
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-label="\(escape(spec.accessibilityLabel))">
            <title>\(escape(spec.title))</title>
            <desc>\(escape(spec.accessibilityLabel))</desc>
            <rect width="\(width)" height="\(height)" fill="\(theme.background)"/>

            """
        if !spec.isEmpty {
            svg += grid(layout, theme: theme)
            svg += marks(layout, theme: theme)
        }
        for label in layout.labels {
            svg += text(label, theme: theme)
        }
        return svg + "</svg>\n"
    }

    // MARK: - Parts

    private func grid(_ layout: ChartLayout, theme: ChartTheme) -> String {
        let plot = layout.plot
        var svg = "<g stroke=\"\(theme.grid)\" stroke-width=\"1\" shape-rendering=\"crispEdges\">\n"
        for tick in layout.yTicks where tick.y != layout.zeroY && tick.y != plot.maxY {
            svg += line(plot.minX, tick.y, plot.maxX, tick.y)
        }
        for tick in layout.xTicks {
            svg += line(tick.x, plot.minY, tick.x, plot.maxY)
        }
        svg += "</g>\n"
        // The x axis along the bottom, and the zero line where 0 lies inside the plot.
        svg += "<g stroke=\"\(theme.axis)\" stroke-width=\"1\" shape-rendering=\"crispEdges\">\n"
        svg += line(plot.minX, plot.maxY, plot.maxX, plot.maxY)
        if let zero = layout.zeroY, zero != plot.maxY {
            svg += line(plot.minX, zero, plot.maxX, zero)
        }
        return svg + "</g>\n"
    }

    private func marks(_ layout: ChartLayout, theme: ChartTheme) -> String {
        var svg = ""
        let positions = layout.positions
        let path = Self.linearPath(through: positions)
        if let baseline = layout.areaBaseline, let first = positions.first, let last = positions.last {
            svg +=
                "<defs><linearGradient id=\"area\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                + "<stop offset=\"0\" stop-color=\"\(color)\" stop-opacity=\"\(format(theme.areaTopOpacity, digits: 2))\"/>"
                + "<stop offset=\"1\" stop-color=\"\(color)\" stop-opacity=\"\(format(theme.areaBottomOpacity, digits: 2))\"/>"
                + "</linearGradient></defs>\n"
            svg +=
                "<path d=\"\(path) L\(format(last.x)),\(format(baseline)) L\(format(first.x)),\(format(baseline)) Z\" "
                + "fill=\"url(#area)\" stroke=\"none\"/>\n"
        }
        if positions.count > 1 {
            svg +=
                "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(spec.lineWidth)\" "
                + "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        }
        if spec.showsPoints {
            svg += "<g fill=\"\(color)\" stroke=\"\(theme.background)\" stroke-width=\"1\">\n"
            for position in positions {
                svg +=
                    "<circle cx=\"\(format(position.x))\" cy=\"\(format(position.y))\" "
                    + "r=\"\(format(ChartLayout.pointRadius))\"/>\n"
            }
            svg += "</g>\n"
        }
        return svg
    }

    private func text(_ label: ChartLayout.Label, theme: ChartTheme) -> String {
        let colour = label.role == .title ? theme.primaryText : theme.secondaryText
        let weight = label.role == .title ? " font-weight=\"600\"" : ""
        let anchor = label.anchor == .start ? "" : " text-anchor=\"\(label.anchor.rawValue)\""
        return "<text x=\"\(format(label.x))\" y=\"\(format(label.baseline))\" font-family=\"\(Self.fontFamily)\" "
            + "font-size=\"\(format(label.fontSize))\"\(weight)\(anchor) fill=\"\(colour)\">\(escape(label.text))</text>\n"
    }

    /// Straight segments through `positions`: "M x,y L x,y …". A line
    /// between buckets claims nothing about values between them beyond
    /// the direction of change; a smooth curve would.
    static func linearPath(through positions: [ChartLayout.Position]) -> String {
        var path = ""
        for (index, position) in positions.enumerated() {
            path += (index == 0 ? "M" : " L") + "\(format(position.x)),\(format(position.y))"
        }
        return path
    }

    // MARK: - Text

    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
        "<line x1=\"\(format(x1))\" y1=\"\(format(y1))\" x2=\"\(format(x2))\" y2=\"\(format(y2))\"/>\n"
    }

    private func format(_ value: Double, digits: Int = 1) -> String {
        Self.format(value, digits: digits)
    }

    /// A coordinate with at most `digits` (0–3) decimals, trailing zeros
    /// dropped, in integer arithmetic: a chart writes hundreds of thousands
    /// of them, and `snprintf` through `withVaList` is the slow part.
    /// Coordinates are clamped to ±10^9 (the canvas is at most 4096 wide)
    /// before converting, so nothing traps.
    static func format(_ value: Double, digits: Int = 1) -> String {
        let places = min(max(digits, 0), 3)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let clamped = value.isFinite ? min(max(value, -1e9), 1e9) : 0
        let scaled = Int64((clamped * Double(scale)).rounded())
        let whole = String(scaled.magnitude / UInt64(scale))
        let sign = scaled < 0 ? "-" : ""
        var fraction = scaled.magnitude % UInt64(scale)
        guard fraction != 0 else { return sign + whole }
        var width = places
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        let digits = String(fraction)
        return sign + whole + "." + String(repeating: "0", count: width - digits.count) + digits
    }

    private func escape(_ text: String) -> String {
        text.markupEscaped
    }
}
