import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process that made a resource. A child of `fork()` gets copies of its
/// parent's memory but not its threads, and shares its sockets and files:
/// a resource holding threads, connections or open databases asks whether it
/// is still in the process that made it before using them.
struct OwningProcess: Sendable {
    private var pid = getpid()

    /// Whether the caller runs in the process that made the resource.
    var isCurrent: Bool { getpid() == pid }

    /// Makes the calling process the owner.
    mutating func adopt() {
        pid = getpid()
    }
}
