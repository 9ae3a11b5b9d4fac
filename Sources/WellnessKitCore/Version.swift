/// The library's version; must match the macros in include/wellness.h.
public enum WellnessVersion {
    public static let major = 1
    public static let minor = 0
    public static let patch = 0
    /// "MAJOR.MINOR.PATCH".
    public static let string = "\(major).\(minor).\(patch)"
    /// Bumped only on a binary-incompatible change; equals the soname's number.
    public static let abi = 1
}
