extension SampleSeries {
    /// Reads `[{"timestamp": …, "value": …}, …]`.
    ///
    /// A timestamp is an RFC 3339 string or a number of seconds since the
    /// epoch; a value is a number (numeric), a boolean (boolean), or a number,
    /// boolean or string (snapshot). Unknown keys are ignored.
    /// - Parameters:
    ///   - bytes: the JSON document.
    ///   - kind: what the values must be.
    /// - Throws: `invalidJSON` for malformed JSON; `validation` naming the
    ///   sample (`samples[3].value`) for anything else.
    public static func decode(json bytes: UnsafeRawBufferPointer, kind: SeriesKind) throws -> SampleSeries {
        try JSONParser.checkSize(of: bytes)
        var scanner = SeriesScanner(bytes: bytes, kind: kind)
        if let series = scanner.scan() {
            return series
        }
        // The scanner handles only the common shape; everything else, and
        // every error, goes through the strict general parser.
        return try decode(json: JSONParser.parse(bytes, expecting: .array, at: samplesPath), kind: kind)
    }

    private static let samplesPath = FieldPath.root.appending("samples")

    static func decode(json document: JSONValue, kind: SeriesKind) throws -> SampleSeries {
        let root = samplesPath
        guard case .array(let elements) = document else {
            throw WellnessError.validation("expected an array of samples, found \(document.kindDescription)", at: root)
        }
        var series = SampleSeries(kind: kind, capacity: elements.count)
        for (index, element) in elements.enumerated() {
            let reader = try ObjectReader(element, at: root.appending(index: index))
            let timestamp = try sampleTimestamp(reader)
            let valuePath = reader.path(of: "value")
            guard let value = reader.object["value"], value != .null else {
                throw WellnessError.validation("is required", at: valuePath)
            }
            switch kind {
            case .numeric:
                series.append(timestamp: timestamp, number: try Double(json: value, at: valuePath))
            case .boolean:
                series.append(timestamp: timestamp, number: try Bool(json: value, at: valuePath) ? 1 : 0)
            case .snapshot:
                series.append(timestamp: timestamp, snapshot: try snapshot(value, at: valuePath))
            }
        }
        return series
    }

    private static func sampleTimestamp(_ reader: ObjectReader) throws -> Int64 {
        let path = reader.path(of: "timestamp")
        switch reader.object["timestamp"] {
        case .string:
            let instant: Timestamp = try reader.required("timestamp")
            return instant.seconds * 1000 + Int64(instant.nanoseconds / 1_000_000)
        case .number:
            let seconds: Double = try reader.required("timestamp")
            guard let milliseconds = epochMilliseconds(seconds: seconds) else {
                // Below 10^12 a number past year 9999 may be seconds (253402300800 is year 10000).
                let hint =
                    seconds >= Double(SeriesAggregation.looksLikeMilliseconds)
                        && epochMilliseconds(seconds: seconds / 1000) != nil
                    ? ": JSON timestamps are epoch seconds and this looks like milliseconds (divide by 1000, "
                        + "or send columns with timestamp_unit \"ms\")" : ""
                throw WellnessError.validation("epoch seconds \(seconds) are outside years 1-9999\(hint)", at: path)
            }
            return milliseconds
        case nil, .null?:
            throw WellnessError.validation("is required", at: path)
        case let other?:
            throw WellnessError.validation(
                "expected an ISO-8601 string or epoch seconds, found \(other.kindDescription)", at: path)
        }
    }

    /// Seconds since the epoch as milliseconds, or nil outside years 1–9999.
    static func epochMilliseconds(seconds: Double) -> Int64? {
        let milliseconds = (seconds * 1000).rounded(.down)
        guard milliseconds.isFinite,
            milliseconds >= Double(timestampRange.lowerBound), milliseconds <= Double(timestampRange.upperBound)
        else {
            return nil
        }
        return Int64(milliseconds)
    }

    private static func snapshot(_ value: JSONValue, at path: FieldPath) throws -> SnapshotValue {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .number: return .number(try Double(json: value, at: path))
        default:
            throw WellnessError.validation(
                "expected a number, boolean or string, found \(value.kindDescription)", at: path)
        }
    }
}
