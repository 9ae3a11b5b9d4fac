import CWellness
import WellnessKitClient
import WellnessKitCore

@_cdecl("wellness_series_aggregate")
public func wellness_series_aggregate(
    _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ samples: UnsafePointer<CChar>?, _ samplesLength: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(options, optionsLength, out, err) { try aggregate($0, samples, samplesLength) }
}

/// `wellness_series_aggregate`'s work once its options are parsed as JSON.
func aggregate(_ optionsDocument: JSONValue, _ samples: UnsafePointer<CChar>?, _ samplesLength: Int) throws -> JSONValue
{
    let options = try SeriesOptions(json: optionsDocument)
    let series = try SampleSeries.decode(json: try input(samples, samplesLength, name: "samples"), kind: options.kind)
    return try SeriesAggregation(series: series, options: options).json
}

@_cdecl("wellness_series_aggregate_columns")
public func wellness_series_aggregate_columns(
    _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ timestamps: UnsafePointer<Int64>?, _ values: UnsafePointer<Double>?, _ count: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(options, optionsLength, out, err) { optionsDocument in
        let options = try SeriesOptions(json: optionsDocument)
        let columns = try columnBuffers(timestamps, values, count)
        return try SeriesAggregation(timestamps: columns.timestamps, values: columns.values, options: options).json
    }
}

/// The caller's columns, borrowed for the call.
private func columnBuffers(
    _ timestamps: UnsafePointer<Int64>?, _ values: UnsafePointer<Double>?, _ count: Int
) throws -> (timestamps: UnsafeBufferPointer<Int64>, values: UnsafeBufferPointer<Double>) {
    guard count >= 0 else {
        throw WellnessError.invalidArgument("count \(UInt(bitPattern: count)) is larger than any valid input")
    }
    if count == 0 {
        return (UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0))
    }
    guard let timestamps else { throw WellnessError.invalidArgument("timestamps is NULL but count is \(count)") }
    guard let values else { throw WellnessError.invalidArgument("values is NULL but count is \(count)") }
    return (UnsafeBufferPointer(start: timestamps, count: count), UnsafeBufferPointer(start: values, count: count))
}

@_cdecl("wellness_longevity_trends")
public func wellness_longevity_trends(
    _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ entries: UnsafePointer<CChar>?, _ entriesLength: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(options, optionsLength, out, err) { optionsDocument in
        let options = try LongevityTrendsOptions(json: optionsDocument)
        let document = try JSONParser.parse(
            try input(entries, entriesLength, name: "entries"), expecting: .array,
            at: FieldPath.root.appending("entries"))
        let parsed = try [BiologicalAgeEntry](json: document, at: FieldPath.root.appending("entries"))
        return try LongevityTrends(entries: parsed, today: options.today).response.json
    }
}

@_cdecl("wellness_series_chart")
public func wellness_series_chart(
    _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ samples: UnsafePointer<CChar>?, _ samplesLength: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(options, optionsLength, out, err) { try chart($0, samples, samplesLength) }
}

/// `wellness_series_chart`'s work once its options are parsed as JSON.
func chart(_ optionsDocument: JSONValue, _ samples: UnsafePointer<CChar>?, _ samplesLength: Int) throws -> JSONValue {
    var options = try SeriesOptions(json: optionsDocument, at: .root, sharedWith: ChartOptions.keys)
    let chartOptions = try ChartOptions(json: optionsDocument, at: .root, sharedWith: SeriesOptions.keys)
    options.statistics = try chartOptions.statistics(given: options)
    let series = try SampleSeries.decode(json: try input(samples, samplesLength, name: "samples"), kind: options.kind)
    let spec = try ChartSpec(try SeriesAggregation(series: series, options: options), options: chartOptions)
    let svg = SVGChart(spec: spec)
    return .object(JSONObject([("spec", spec.json), ("svg", .string(svg.document))]))
}

@_cdecl("wellness_series_aggregate_groups")
public func wellness_series_aggregate_groups(
    _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ groups: UnsafePointer<Int64>?, _ timestamps: UnsafePointer<Int64>?, _ values: UnsafePointer<Double>?,
    _ count: Int,
    _ schema: UnsafeMutablePointer<ArrowSchema>?, _ array: UnsafeMutablePointer<ArrowArray>?,
    _ reportOut: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    Buffer.reset(reportOut)
    Buffer.reset(err)
    do {
        guard let schema, let array else {
            throw WellnessError.invalidArgument("\(schema == nil ? "schema" : "array") must not be NULL")
        }
        // The kept threads poll while the options are read: woken at the first phase, they started late.
        ParallelCalls.wakeKeptThreads()
        let bytes = try input(options, optionsLength, name: "options_json")
        // Ten thousand groups' entries read without a JSON tree when they are of the usual form.
        let grouped =
            try GroupedSeriesOptions(scanning: bytes)
            ?? GroupedSeriesOptions(json: try JSONParser.parse(bytes, expecting: .object), at: .root)
        let keys = try column(groups, count, name: "groups")
        let columns = try columnBuffers(timestamps, values, count)
        let layout = BucketColumns.layout(options: grouped.base)
        // Each thread packs its groups' buckets into columns as it goes: no call holds every bucket at once.
        let fields = DenseField.fields(names: layout.names)
        let aggregation = try GroupedAggregation(
            keys: keys, timestamps: columns.timestamps, values: columns.values,
            options: grouped, packing: layout.columns, fields: fields)
        let summary = try JSONWriter.bytes(groupsReport(aggregation, rows: count))
        if let reportOut, !Buffer.fill(reportOut, with: summary) {
            throw WellnessError.internal("out of memory for a \(summary.count)-byte report")
        }
        do {
            if let fields {
                try ArrowExport.export(
                    aggregation.denseShares, names: layout.names, fields: fields, threads: grouped.threads,
                    to: schema, array)
            } else {
                try ArrowExport.export(
                    aggregation.packedShares, names: layout.names, layout: layout.columns, threads: grouped.threads,
                    to: schema, array)
            }
        } catch {
            wellness_buf_free(reportOut)
            throw error
        }
        return Status.ok
    } catch let error as WellnessError {
        return report(error, to: err)
    } catch {
        return report(.internal("unexpected error: \(error)"), to: err)
    }
}

/// The grouped call's report: how many groups were aggregated, and those skipped.
private func groupsReport(_ aggregation: GroupedAggregation, rows: Int) -> JSONValue {
    .object(
        JSONObject([
            ("groups", .int(aggregation.aggregatedCount)),
            ("rows", .int(rows)),
            (
                "skipped",
                .array(
                    aggregation.failures.map { failure in
                        .object(
                            JSONObject([
                                ("group", .number(String(failure.group))),
                                ("row", failure.row.map(JSONValue.int) ?? .null),
                                ("error", errorDocument(failure.error)),
                            ]))
                    })
            ),
        ]))
}

/// A caller's column of `count` values, borrowed for the call.
private func column<Value>(_ pointer: UnsafePointer<Value>?, _ count: Int, name: String) throws
    -> UnsafeBufferPointer<Value>
{
    guard count >= 0 else {
        throw WellnessError.invalidArgument("count \(UInt(bitPattern: count)) is larger than any valid input")
    }
    guard count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    guard let pointer else { throw WellnessError.invalidArgument("\(name) is NULL but count is \(count)") }
    return UnsafeBufferPointer(start: pointer, count: count)
}
