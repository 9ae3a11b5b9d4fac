/// An event log: a JSON array of events, or JSON Lines (one event per line,
/// as the file sink writes them).
public enum AnalyticsLog {
    /// Reads every event; each must carry its timestamp.
    /// - Parameter bytes: the log. A first non-blank byte `[` makes it a JSON
    ///   array; one JSON document otherwise is one event; anything else is
    ///   JSON Lines, where blank lines are skipped.
    ///   Empty or blank input is `invalidJSON`, as everywhere in the ABI.
    /// - Returns: the events, in log order.
    /// - Throws: `invalidJSON` for malformed JSON (for JSON Lines the message
    ///   names the line), or a validation error at `events[i]...`, where i is
    ///   the array index or the 0-based line index.
    public static func events(_ bytes: UnsafeRawBufferPointer) throws -> [AnalyticsEvent] {
        try JSONParser.checkSize(of: bytes)
        // As every JSON input of the ABI: empty input is not a document ("[]" is the empty log).
        guard let first = bytes.first(where: { !isBlank($0) }) else {
            throw WellnessError.invalidJSON("the log is empty (give [] for a log without events)")
        }
        let root = FieldPath.root.appending("events")
        if first == UInt8(ascii: "[") {
            guard case .array(let elements) = try JSONParser.parse(bytes, expecting: .array, at: root) else {
                return []
            }
            return try elements.enumerated().map { index, element in
                try AnalyticsEvent(json: element, at: root.appending(index: index), defaultTimestamp: nil)
            }
        }
        // One document is one event, even spread over lines (a pretty-printed
        // object); only text that is not one document is read as JSON Lines.
        if let whole = try? JSONParser.parse(bytes) {
            return [try AnalyticsEvent(json: whole, at: root.appending(index: 0), defaultTimestamp: nil)]
        }
        var events: [AnalyticsEvent] = []
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { !isBlank($0) }) else { continue }
            let value: JSONValue
            do {
                value = try Array(line).withUnsafeBytes {
                    try JSONParser.parse(
                        $0, expecting: .object,
                        at: root.appending(index: index))
                }
            } catch let error as WellnessError where error.kind == .invalidJSON {
                throw WellnessError.invalidJSON("line \(index + 1): \(error.message)")
            }
            events.append(try AnalyticsEvent(json: value, at: root.appending(index: index), defaultTimestamp: nil))
        }
        return events
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
    }
}
