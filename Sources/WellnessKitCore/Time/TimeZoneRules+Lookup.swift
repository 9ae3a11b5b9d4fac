extension TimeZoneRules {
    /// The zone an options document names, or a validation error at `path`.
    /// - Parameters:
    ///   - name: an IANA name such as "America/New_York" or "UTC".
    ///   - path: the field that holds it.
    /// - Throws: a validation error naming the zone and where zones are read from.
    public static func named(_ name: String, at path: FieldPath) throws -> TimeZoneRules {
        guard let zone = TimeZoneRules(identifier: name) else {
            throw WellnessError.validation(
                "unknown time zone \"\(name.echo)\": expected an IANA name such as America/New_York "
                    + "(read from \(databaseDirectory))", at: path)
        }
        return zone
    }

    /// The zone named by `key` of an options object ("UTC" when absent).
    static func named(by key: String, in reader: ObjectReader) throws -> TimeZoneRules {
        try named(try reader.optional(key) ?? "UTC", at: reader.path(of: key))
    }
}
