import CWellness
import WellnessKitClient
import WellnessKitCore

@_cdecl("wellness_version")
public func wellness_version() -> UnsafePointer<CChar> {
    libraryVersion.utf8Start.withMemoryRebound(to: CChar.self, capacity: libraryVersion.utf8CodeUnitCount + 1) { $0 }
}

/// Kept in static storage so the pointer handed to C stays valid.
private let libraryVersion: StaticString = "1.0.0"

@_cdecl("wellness_abi_version")
public func wellness_abi_version() -> Int32 {
    Int32(WellnessVersion.abi)
}

@_cdecl("wellness_strerror")
public func wellness_strerror(_ status: Int32) -> UnsafePointer<CChar> {
    let name = Status.name(of: status)
    return name.utf8Start.withMemoryRebound(to: CChar.self, capacity: name.utf8CodeUnitCount + 1) { $0 }
}
