#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C entry of a thread started by ``startThread(retaining:_:)``: it gets the retained object as its context.
typealias ThreadEntry = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?

/// Starts a thread running `entry` with one retain of `object` as its context
/// (the entry takes it over); nil when the system gives no thread, the retain then given back.
/// - Parameters:
///   - object: what the thread works for, kept alive by the retain.
///   - entry: the thread's C entry.
/// - Returns: the thread, to join or detach, or nil.
func startThread(retaining object: AnyObject, _ entry: ThreadEntry) -> pthread_t? {
    let context = Unmanaged.passRetained(object).toOpaque()
    #if canImport(Glibc)
        var thread = pthread_t()
    #else
        var thread: pthread_t?
    #endif
    guard pthread_create(&thread, nil, entry, context) == 0 else {
        Unmanaged<AnyObject>.fromOpaque(context).release()
        return nil
    }
    return thread
}
