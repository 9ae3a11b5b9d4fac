import CWellness
import WellnessKitCore

@_cdecl("wellness_grounding_check")
public func wellness_grounding_check(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try GroundingCheck(json: $0).json }
}
