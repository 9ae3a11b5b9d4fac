import WellnessKitCore

extension WellnessClient {
    /// The client's local store (``ClientConfiguration/storeDirectory``), opened on first use.
    /// - Throws: ``WellnessError``: `validation` when the client has no store
    ///   directory, `internal` when the store cannot be opened.
    public func localStore() throws -> LocalStore {
        guard let directory = configuration.storeDirectory else {
            throw WellnessError(
                kind: .validation, message: "the client has no local store (\"store_directory\": false)",
                path: "store_directory")
        }
        return try session.localStore(directory: directory)
    }

    /// The interval saved for a goal's charts (seed 002 Phase 5), nil for automatic.
    /// - Throws: ``WellnessError`` when the store cannot be opened or read.
    public func intervalPreference(goalId: String) throws -> AggregationInterval? {
        try localStore().intervalPreference(goalId: goalId)
    }

    /// Saves `interval` for a goal's charts; nil resets it to automatic ("Reset to Auto").
    /// - Throws: ``WellnessError`` when the store cannot be opened or written.
    public func setIntervalPreference(_ interval: AggregationInterval?, goalId: String) throws {
        try localStore().setIntervalPreference(interval, goalId: goalId)
    }

    /// Series or chart options in which `"goal_id"` stands for that goal's
    /// saved interval when `"interval"` is absent (automatic when none is
    /// saved); an explicit `"interval"` always wins. Options without
    /// `"goal_id"` are returned as they are.
    /// - Throws: ``WellnessError``: `validation` for a goal id that is not a
    ///   non-empty string, or a store that cannot be opened or read.
    public func resolvingGoalInterval(_ options: JSONValue) throws -> JSONValue {
        guard case .object(var object) = options, let goalValue = object["goal_id"] else { return options }
        guard case .string(let goalId) = goalValue, !goalId.isEmpty else {
            throw WellnessError.validation(
                "must be a goal id (a non-empty string)", at: FieldPath.root.appending("goal_id"))
        }
        object.remove("goal_id")
        if object["interval"] == nil, let saved = try intervalPreference(goalId: goalId) {
            object.append("interval", .string(saved.rawValue))
        }
        return .object(object)
    }
}
