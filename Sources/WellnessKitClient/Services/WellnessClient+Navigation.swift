import WellnessKitCore

extension WellnessClient {
    /// The destination of `request`, as ``DestinationRequest/destination()``,
    /// and the move recorded: `ai_feature_transition` from the context's
    /// feature to the destination's, with the intent as its `context`, when
    /// there is somewhere to go.
    /// - Parameter request: the context and the intent.
    /// - Returns: the destination, nil when the coordinator would not navigate.
    /// - Throws: a validation error at `intent` when the context has no such intent.
    public func navigate(_ request: DestinationRequest) throws -> AIDestination? {
        guard let destination = try request.destination() else { return nil }
        track(
            .featureTransition(
                from: request.context.feature, to: destination.feature,
                context: request.intent.rawValue))
        return destination
    }
}
