/// What a database's notification channel reports to ``SQLEngine/watch(channel:_:)``.
public enum DatabaseNotice: Sendable, Equatable {
    /// Listening: from now on every notice sent on the channel is delivered.
    case listening
    /// Not listening (the connection was lost, or not made yet): notices sent
    /// meanwhile are missed; ``listening`` follows once the watch is back.
    case lost
    /// A notice sent on the channel by a committed transaction, with its payload.
    case notified(String)
}
