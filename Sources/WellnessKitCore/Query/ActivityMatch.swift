/// How a query's activity names find recorded activities.
public enum ActivityMatch: String, JSONStringEnum, Sendable {
    /// A name finds a recorded activity that contains it as whole words, or any
    /// name of its synonym group ("run" finds "Outdoor Run" and "Treadmill").
    case synonyms
    /// A name finds only a recorded activity with the same words (case and
    /// punctuation aside): "treadmill" finds "Treadmill", not "Outdoor Run".
    case exact
}
