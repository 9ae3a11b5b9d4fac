import Dispatch

/// When the request the current task serves began, bound by the outermost
/// middleware (``RequestLogMiddleware``) around everything the request does.
///
/// A request must see every change committed before it began; a check of the
/// database made after that moment, by this request or by any other, sees
/// them all. So ``SQLiteEngine/commitEpoch()`` answers a request from the
/// last check when that check began after the request did, instead of
/// checking again: one check serves a request's credential and list, and
/// the requests that arrived before it. Without a request (tests, commands),
/// every call checks.
public enum RequestStart {
    /// The request's start in ``now()``'s nanoseconds; nil outside a request.
    @TaskLocal public static var nanoseconds: UInt64?

    /// The monotonic clock requests and checks are timed by, in nanoseconds.
    public static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
