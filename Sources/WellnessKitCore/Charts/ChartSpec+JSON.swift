extension ChartSpec: JSONEncodable {
    /// The spec as public JSON (docs/SERIES.md, "Charts"). The x ticks are
    /// those of ``layout(width:height:)`` at the options' size, so they match
    /// the SVG drawn at that size.
    public var json: JSONValue {
        let layout = ChartLayout(spec: self, width: options.width, height: options.height, annotating: false)
        let theme = options.theme
        return .object(
            JSONObject([
                ("interval", interval.json),
                ("plot", options.plot.name.json),
                ("title", title.json),
                ("theme", theme.json),
                ("width", options.width.json),
                ("height", options.height.json),
                ("empty", isEmpty.json),
                ("empty_text", Self.noDataText.json),
                (
                    "colors",
                    .object(
                        JSONObject([
                            ("background", theme.background.json),
                            ("text", theme.primaryText.json),
                            ("secondary_text", theme.secondaryText.json),
                            ("grid", theme.grid.json),
                            ("axis", theme.axis.json),
                            ("line", theme.accent.json),
                        ]))
                ),
                (
                    "line",
                    .object(
                        JSONObject([
                            ("width", lineWidth.json),
                            ("interpolation", "linear".json),
                            ("cap", "round".json),
                            ("join", "round".json),
                        ]))
                ),
                ("fill_area", fillsArea.json),
                (
                    "area_gradient",
                    .object(
                        JSONObject([
                            ("top_opacity", JSONValue.double(theme.areaTopOpacity)),
                            ("bottom_opacity", JSONValue.double(theme.areaBottomOpacity)),
                        ]))
                ),
                ("show_points", showsPoints.json),
                ("show_annotations", showsPoints.json),
                (
                    "x_axis",
                    .object(
                        JSONObject([
                            ("tick_count", xAxisTickCount.json),
                            ("date_format", xAxisDateFormat.json),
                            ("grid_lines", true.json),
                            ("tick_step", JSONValue(layout.xStep)),
                            ("ticks", .array(layout.xTicks.map { JSONValue($0.label?.text) })),
                            ("tick_dates", .array(layout.xTicks.map { LocalCalendar.calendarDate(of: $0.day).json })),
                        ]))
                ),
                (
                    "y_axis",
                    .object(
                        JSONObject([
                            ("position", "leading".json),
                            ("title", yAxisTitle.json),
                            ("unit", JSONValue(options.unit)),
                            ("min", JSONValue.double(valueScale.lower)),
                            ("max", JSONValue.double(valueScale.upper)),
                            ("includes_zero", valueScale.includesZero.json),
                            ("ticks", .array(valueScale.ticks.map { JSONValue.double($0) })),
                            ("tick_labels", .array(valueScale.labels.map(\.json))),
                        ]))
                ),
                ("accessibility_label", accessibilityLabel.json),
                (
                    "points",
                    .array(
                        points.map { point in
                            var object = JSONObject([
                                ("date", LocalCalendar.calendarDate(of: point.day).json),
                                ("value", point.value.json),
                                ("label", point.label.json),
                            ])
                            if showsPoints { object.append("annotation", Self.annotation(point.value).json) }
                            return .object(object)
                        })
                ),
            ]))
    }
}
