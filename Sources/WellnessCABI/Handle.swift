import CWellness
import WellnessKitClient

// A handle handed to C is a retained Swift object: made once by its `_new`
// function, borrowed by every call that takes it, released by its `_free`
// function. These are the only places that convert between the two.

/// A new handle holding one reference to `object`, for the caller to free.
func retainedHandle<Object: AnyObject>(_ object: Object) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(object).toOpaque())
}

/// The object behind `handle`, borrowed for the call: the caller keeps the
/// handle alive until it frees it, so no reference is taken here.
func borrow<Object: AnyObject>(_ handle: OpaquePointer, as type: Object.Type = Object.self) -> Object {
    Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// Drops the reference `handle` holds (its `_free` function).
func releaseHandle<Object: AnyObject>(_ handle: OpaquePointer, as type: Object.Type) {
    Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).release()
}

/// Runs `body` with the client behind `client`, borrowed for the call; a NULL
/// client is refused as an invalid argument, `out` and `err` reset.
func withBorrowedClient(
    _ client: OpaquePointer?, _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?,
    _ body: (WellnessClient) -> Int32
) -> Int32 {
    guard let client else {
        Buffer.reset(out)
        Buffer.reset(err)
        return report(.invalidArgument("client must not be NULL"), to: err)
    }
    return body(borrow(client))
}
