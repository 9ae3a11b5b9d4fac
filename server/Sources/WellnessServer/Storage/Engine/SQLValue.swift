/// A failed database call, with the engine's message (logged, never sent to a client).
public struct SQLFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
