extension GroundingCheck {
    /// Reads `{"text": string, "facts": [fact, ...]}` (see ``GroundingFact``) and checks it.
    /// - Throws: a validation error naming the field at fault: a text over
    ///   ``maximumTextLength`` scalars, more than ``maximumFacts`` facts, two
    ///   facts of one name, or a malformed fact.
    public init(json: JSONValue) throws {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys(["text", "facts"])
        let text: String = try reader.required("text")
        guard text.unicodeScalars.count <= Self.maximumTextLength else {
            throw WellnessError.validation(
                "is longer than \(Self.maximumTextLength) characters", at: reader.path(of: "text"))
        }
        let facts: [GroundingFact] = try reader.required("facts")
        guard facts.count <= Self.maximumFacts else {
            throw WellnessError.validation(
                "holds \(facts.count) facts; at most \(Self.maximumFacts)",
                at: reader.path(of: "facts"))
        }
        var names: Set<String> = []
        for (index, fact) in facts.enumerated() where !names.insert(fact.name).inserted {
            throw WellnessError.validation(
                "repeats the name \"\(fact.name.echo)\"",
                at: reader.path(of: "facts").appending(index: index).appending("name"))
        }
        self.init(text: text, facts: facts)
    }

    /// `{"grounded": bool, "ungrounded": count, "numbers": [{"text", "kind", "value", "unit", "start", "end",
    /// "grounded", "match": {"kind", "facts", "value"} | null}]}`; offsets count Unicode scalars; "value" is
    /// null for a number past a double's range or one that cannot be read as one number.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("grounded", .bool(isGrounded)),
                ("ungrounded", .int(results.filter { $0.match == nil }.count)),
                ("numbers", .array(results.map(\.json))),
            ]))
    }
}

extension GroundingCheck.Result {
    /// A date as written; a number as read, or null past a double's range.
    private var valueJSON: JSONValue {
        if mention.kind == .date, let days = Int(exactly: mention.value) {
            return .string(CalendarDate(proleptic: days).description)
        }
        return mention.value.isFinite ? .double(mention.value) : .null
    }

    var json: JSONValue {
        .object(
            JSONObject([
                ("text", .string(mention.text)),
                ("kind", .string(mention.kind.rawValue)),
                ("value", valueJSON),
                ("unit", mention.unit.map(JSONValue.string) ?? .null),
                ("start", .int(mention.start)),
                ("end", .int(mention.end)),
                ("grounded", .bool(match != nil)),
                (
                    "match",
                    match.map { match in
                        .object(
                            JSONObject([
                                ("kind", .string(match.kind.rawValue)),
                                ("facts", .array(match.facts.map(JSONValue.string))),
                                ("value", .double(match.value)),
                            ]))
                    } ?? .null
                ),
            ]))
    }
}
