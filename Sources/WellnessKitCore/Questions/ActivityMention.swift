/// The activity a question names: any workout ("workouts", "sessions") or one by name.
enum ActivityMention: Equatable {
    case any
    case named(String)

    /// A question word's activity: nil is any workout.
    init(_ name: String?) {
        self = name.map(ActivityMention.named) ?? .any
    }

    /// The name, or nil for any workout.
    var name: String? {
        if case .named(let name) = self { return name }
        return nil
    }
}
