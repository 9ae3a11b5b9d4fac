import WellnessKitCore

extension WellnessClient {
    /// Stores workouts (`POST /api/v1/workouts`), queued when the API cannot be
    /// reached (offline mode). A replay is safe twice over: its Idempotency-Key,
    /// and the server's natural key (start and activity), which stores a
    /// workout sent again once.
    /// - Parameter workouts: checked as the server checks them.
    /// - Returns: how many the request held, or the queued write.
    /// - Throws: ``WellnessError`` as ``send(_:_:query:body:operation:)``; the API's refusal (400) names the field.
    public func postWorkoutsOrQueue(_ workouts: NewWorkouts) throws -> WriteOutcome<WorkoutsStored> {
        try sendOrQueue(operation: "post_workouts", method: "POST", path: "/api/v1/workouts", body: workouts.json) {
            try decodeResponse(Envelope<WorkoutsStored>.self, from: $0).data
        }
    }

    /// One page of the user's workouts, oldest first; in offline mode from the cache when the API cannot be reached.
    /// - Parameters:
    ///   - from: the first start included: an RFC 3339 instant, or a date
    ///     (`YYYY-MM-DD`, from its first millisecond in the profile's time zone, the server's reading).
    ///   - to: the last start included, likewise (a date up to its last millisecond).
    /// - Throws: a validation error at `from` or `to` that is neither; else as ``send(_:_:query:body:operation:)``.
    public func listWorkoutsRead(from: String?, to: String?, page: Int, pageSize: Int) throws -> CachedRead<
        WorkoutsPage
    > {
        var query = [("page", String(page)), ("page_size", String(pageSize))]
        for (name, bound) in [("from", from), ("to", to)] {
            guard let bound else { continue }
            guard WorkoutsPage.bound(bound, endOfDay: false) != nil else {
                throw WellnessError.validation(
                    "must be an RFC 3339 timestamp or a date (YYYY-MM-DD), not \"\(bound.prefix(40))\"",
                    at: FieldPath.root.appending(name))
            }
            query.append((name, bound))
        }
        return try readThrough(Self.cacheKey("/api/v1/workouts", query)) {
            try decodeResponse(Envelope<WorkoutsPage>.self, from: send("GET", "/api/v1/workouts", query: query)).data
        }
    }

    /// Deletes a workout by id (`DELETE /api/v1/workouts/{id}`: done also when
    /// there is none), queued when the API cannot be reached (offline mode), the
    /// workout removed at once from the cached pages.
    /// - Throws: a validation error at `id` when it is empty; else as ``send(_:_:query:body:operation:)``.
    public func deleteWorkoutOrQueue(id: String) throws -> WriteOutcome<Bool> {
        let path = "/api/v1/workouts/\(try segment(id))"
        return try sendOrQueue(
            operation: "delete_workout", method: "DELETE", path: path, body: nil,
            optimistic: .object(id: id, path: path, listPrefix: "/api/v1/workouts?", listMember: "workouts") { _ in nil
            }
        ) { _ in true }
    }
}
