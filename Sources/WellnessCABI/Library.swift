import CWellness
import WellnessKitClient
import WellnessKitCore

@_cdecl("wellness_version")
public func wellness_version() -> UnsafePointer<CChar> {
    libraryVersion
}

/// Made once and never freed, so the pointer handed to C stays valid.
private let libraryVersion: UnsafePointer<CChar> = {
    let bytes = Array(WellnessVersion.string.utf8CString)
    let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    storage.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(storage)
}()

@_cdecl("wellness_abi_version")
public func wellness_abi_version() -> Int32 {
    Int32(WellnessVersion.abi)
}

@_cdecl("wellness_strerror")
public func wellness_strerror(_ status: Int32) -> UnsafePointer<CChar> {
    let name = Status.name(of: status)
    return name.utf8Start.withMemoryRebound(to: CChar.self, capacity: name.utf8CodeUnitCount + 1) { $0 }
}
