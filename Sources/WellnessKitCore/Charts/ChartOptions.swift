/// The chart keys of a series options document: `"width"` and `"height"` in
/// pixels, `"title"`, `"unit"`, `"theme"` and `"plot"`. Every key is optional.
public struct ChartOptions: Sendable, Equatable {
    /// The longest `"title"` or `"unit"` accepted, in characters.
    public static let maximumTextLength = 200

    /// The SVG's width in pixels, 160–4096 (default 640).
    public let width: Int
    /// The SVG's height in pixels, 120–4096 (default ``ChartSpec/height``).
    public let height: Int
    /// The visible title; nil for the default derived from the interval
    /// ("Weekly average").
    public let title: String?
    /// The values' unit ("steps", "kg"), shown in the y-axis title; nil when unknown.
    public let unit: String?
    /// Background, text, grid and line colours.
    public let theme: ChartTheme
    /// The statistic a numeric chart draws (a ``SeriesStatistic`` name):
    /// the average by default, "sum" for weekly totals.
    public var plot: SeriesStatistic = .average

    /// Options with every default, or the given values clamped to their ranges.
    public init(
        width: Int = 640, height: Int = ChartSpec.height, title: String? = nil, unit: String? = nil,
        theme: ChartTheme = .light
    ) {
        self.width = min(max(width, 160), 4096)
        self.height = min(max(height, 120), 4096)
        self.title = title
        self.unit = unit
        self.theme = theme
    }
}

extension ChartOptions: JSONDecodable {
    /// Every chart key of an options document.
    public static let keys = ["width", "height", "title", "unit", "theme", "plot"]

    /// Reads the chart keys of an options document.
    /// - Throws: a validation error naming the key: an unknown key, a size
    ///   out of range, a title or unit that is not a string, is longer than
    ///   ``maximumTextLength`` characters or holds control characters, an
    ///   unknown theme.
    public init(json: JSONValue, at path: FieldPath) throws {
        try self.init(json: json, at: path, sharedWith: [])
    }

    /// Chart options from a document that also holds `otherKeys` (the
    /// series options); any other key is a validation error.
    public init(json: JSONValue, at path: FieldPath, sharedWith otherKeys: [String]) throws {
        let reader = try ObjectReader(json, at: path)
        try reader.rejectUnknownKeys(Self.keys + otherKeys)
        width = try reader.optionalInt("width", in: 160...4096) ?? 640
        height = try reader.optionalInt("height", in: 120...4096) ?? ChartSpec.height
        title = try Self.text("title", in: reader)
        unit = try Self.text("unit", in: reader)
        theme = try reader.optional("theme") ?? .light
        plot = try reader.optional("plot") ?? .average
    }

    /// An optional display string: at most ``maximumTextLength`` characters,
    /// no control characters (XML cannot carry most of them). Empty or
    /// all-blank strings count as absent.
    private static func text(_ key: String, in reader: ObjectReader) throws -> String? {
        guard let text: String = try reader.optional(key) else { return nil }
        if text.count > maximumTextLength {
            throw WellnessError.validation(
                "must be at most \(maximumTextLength) characters, found \(text.count)",
                at: reader.path(of: key))
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw WellnessError.validation("must not contain control characters", at: reader.path(of: key))
        }
        return text.allSatisfy { $0 == " " } ? nil : text
    }
}

extension ChartOptions {
    /// The statistics to aggregate for this chart: the series options' own,
    /// with ``plot`` added when they do not compute it.
    /// - Throws: a validation error at `plot` for a boolean or snapshot series,
    ///   which have one value per bucket.
    public func statistics(given options: SeriesOptions) throws -> [SeriesStatistic]? {
        guard options.kind == .numeric || plot == .average else {
            throw WellnessError.validation(
                "applies to numeric series; a \(options.kind.rawValue) chart draws its own value",
                at: FieldPath.root.appending("plot"))
        }
        let computed = options.statistics ?? SeriesStatistic.defaults
        guard !computed.contains(plot) else { return options.statistics }
        return computed + [plot]
    }
}
