import WellnessKitCore

extension WellnessClient {
    /// Stores daily metrics (`POST /api/v1/daily-metrics`), queued when the
    /// API cannot be reached (offline mode). A replay is safe twice over: its
    /// Idempotency-Key, and the write itself, a per-day-and-metric upsert
    /// that stores the same values again.
    /// - Parameter input: checked as the server checks it (``DailyMetricsInput``).
    /// - Returns: the days holding metrics after the write and those it left empty, or the queued write.
    /// - Throws: ``WellnessError`` as ``send(_:_:query:body:operation:)``; the API's refusal (400) names the field.
    public func postDailyMetricsOrQueue(_ input: DailyMetricsInput) throws -> WriteOutcome<DailyMetricsStored> {
        try sendOrQueue(
            operation: "post_daily_metrics", method: "POST", path: "/api/v1/daily-metrics", body: input.json
        ) {
            try decodeResponse(Envelope<DailyMetricsStored>.self, from: $0).data
        }
    }

    /// One page of the user's days of metrics, oldest first; in offline mode from the cache when the API cannot be
    /// reached.
    /// - Parameters:
    ///   - from: the first date included (`YYYY-MM-DD`).
    ///   - to: the last date included.
    /// - Throws: a validation error at `from` or `to` that is not a date; else as ``send(_:_:query:body:operation:)``.
    public func listDailyMetricsRead(from: String?, to: String?, page: Int, pageSize: Int) throws -> CachedRead<
        DailyMetricsPage
    > {
        var query = [("page", String(page)), ("page_size", String(pageSize))]
        for (name, bound) in [("from", from), ("to", to)] {
            guard let bound else { continue }
            guard bound.utf8.count == 10, CalendarDate(parsing: Array(bound.utf8)) != nil else {
                throw WellnessError.validation(
                    "must be a date (YYYY-MM-DD), not \"\(bound.prefix(40))\"", at: FieldPath.root.appending(name))
            }
            query.append((name, bound))
        }
        return try readThrough(Self.cacheKey("/api/v1/daily-metrics", query)) {
            try decodeResponse(
                Envelope<DailyMetricsPage>.self, from: send("GET", "/api/v1/daily-metrics", query: query)
            ).data
        }
    }

    /// Deletes one day's metrics (`DELETE /api/v1/daily-metrics/{date}`: done
    /// also when there are none), queued when the API cannot be reached.
    public func deleteDailyMetricsOrQueue(date: CalendarDate) throws -> WriteOutcome<Bool> {
        try sendOrQueue(
            operation: "delete_daily_metrics", method: "DELETE", path: "/api/v1/daily-metrics/\(date)", body: nil
        ) { _ in true }
    }

    /// The user's profile (`GET /api/v1/profile`): age, height, weight, BMI,
    /// and their calendar, `time_zone` and `first_weekday`, as the server answers it.
    public func profile() throws -> JSONValue {
        try decodeResponse(Envelope<ProfileAnswer>.self, from: send("GET", "/api/v1/profile")).data.json
    }

    /// Sets the profile (`PUT /api/v1/profile`), queued when the API cannot
    /// be reached (a PUT applied twice is the same profile). `time_zone` and
    /// `first_weekday` left out of `json` keep their stored values.
    /// - Parameter json: checked as the server checks it (``Profile``): a zone
    ///   the time-zone database here does not know is refused naming it.
    /// - Returns: the profile as the server answers it, or the queued write.
    public func setProfileOrQueue(_ json: JSONValue) throws -> WriteOutcome<JSONValue> {
        _ = try Profile(json: json)
        return try sendOrQueue(operation: "set_profile", method: "PUT", path: "/api/v1/profile", body: json) {
            try decodeResponse(Envelope<ProfileAnswer>.self, from: $0).data.json
        }
    }
}

/// A profile as the server answers it: any object, taken as it is (a zone
/// the server knows may be missing from this device's time-zone database).
struct ProfileAnswer: JSONCodable, Sendable, Equatable {
    let json: JSONValue

    init(json: JSONValue, at path: FieldPath) throws {
        _ = try ObjectReader(json, at: path)
        self.json = json
    }
}
