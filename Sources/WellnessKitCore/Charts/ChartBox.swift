/// An axis-aligned rectangle in SVG user space (y grows downwards): the
/// estimated extent of a label or mark, for collision checks.
public struct ChartBox: Sendable, Equatable {
    public let minX: Double
    public let minY: Double
    public let maxX: Double
    public let maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = min(minX, maxX)
        self.minY = min(minY, maxY)
        self.maxX = max(minX, maxX)
        self.maxY = max(minY, maxY)
    }

    /// The box of a circle.
    public init(circleAt x: Double, _ y: Double, radius: Double) {
        self.init(minX: x - radius, minY: y - radius, maxX: x + radius, maxY: y + radius)
    }

    public var width: Double { maxX - minX }

    /// Whether the boxes share any area (touching edges do not count).
    public func intersects(_ other: ChartBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether `other` lies entirely inside this box.
    public func contains(_ other: ChartBox) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the segment from (`x0`, `y0`) to (`x1`, `y1`) passes through
    /// the box (Liang–Barsky clipping).
    public func intersectsSegment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Bool {
        let dx = x1 - x0
        let dy = y1 - y0
        var enter = 0.0
        var exit = 1.0
        // One clip per edge; false once the segment is wholly outside.
        func clip(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { enter = max(enter, t) } else { exit = min(exit, t) }
            return enter <= exit
        }
        return clip(-dx, x0 - minX) && clip(dx, maxX - x0) && clip(-dy, y0 - minY) && clip(dy, maxY - y0)
    }

    /// The box of a one-line text drawn with `anchor` at `x` and its
    /// alphabetic baseline at `baseline`: from 0.8 em above the baseline to
    /// 0.25 em below, as wide as ``textWidth(_:fontSize:bold:)`` estimates.
    public static func text(
        _ text: String, x: Double, baseline: Double, fontSize: Double,
        anchor: TextAnchor, bold: Bool = false
    ) -> ChartBox {
        let width = textWidth(text, fontSize: fontSize, bold: bold)
        let minX: Double
        switch anchor {
        case .start: minX = x
        case .middle: minX = x - width / 2
        case .end: minX = x - width
        }
        return ChartBox(
            minX: minX, minY: baseline - fontSize * 0.8, maxX: minX + width, maxY: baseline + fontSize * 0.25)
    }

    /// A text's width estimated from per-character widths (in em) of a wide
    /// sans-serif (DejaVu Sans, the widest of the font stack), so that the
    /// estimate errs on the wide side for Helvetica, Arial and San Francisco.
    /// Characters outside ASCII count 1 em per Unicode scalar.
    public static func textWidth(_ text: String, fontSize: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            // i j l . , : ; ' | ! space I
            case 0x69, 0x6A, 0x6C, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x7C, 0x21, 0x20, 0x49: ems += 0.32
            case 0x66, 0x74, 0x72, 0x2D, 0x28, 0x29, 0x5B, 0x5D, 0x2F: ems += 0.42  // f t r - ( ) [ ] /
            case 0x6D, 0x77, 0x4D, 0x57, 0x40, 0x25: ems += 0.98  // m w M W @ %
            case 0x30...0x39: ems += 0.64  // digits
            case 0x41...0x5A: ems += 0.74  // other capitals
            case 0...0x7F: ems += 0.62
            default: ems += 1.0
            }
        }
        return ems * fontSize * (bold ? 1.08 : 1)
    }
}
