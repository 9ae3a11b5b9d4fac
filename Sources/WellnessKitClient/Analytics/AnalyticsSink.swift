import WellnessKitCore

/// Where delivered events go: a host callback (the C layer wraps one) or a
/// JSON Lines file. Called on the pipeline's worker thread only, one event
/// at a time.
public protocol AnalyticsSink: AnyObject, Sendable {
    /// Delivers one event.
    /// - Parameter line: the event's JSON, without a newline.
    /// - Returns: false when it could not be delivered (counted as failed).
    func deliver(_ line: [UInt8]) -> Bool
}
