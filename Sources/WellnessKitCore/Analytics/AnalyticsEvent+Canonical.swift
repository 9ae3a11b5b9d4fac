extension AnalyticsEvent {
    /// `wellness_analytics_event`: an event in (timestamp defaulting to now), its canonical form out.
    /// - Throws: a validation error naming the field.
    public static func canonical(_ json: JSONValue) throws -> JSONValue {
        try AnalyticsEvent(json: json, at: .root, defaultTimestamp: Timestamp.now()).json
    }
}
