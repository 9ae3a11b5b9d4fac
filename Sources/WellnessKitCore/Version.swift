import CWellness

/// The library's version, read from the macros of include/wellness.h, the
/// one place it is written (CMake, the Makefile and the Python package read
/// it there too).
public enum WellnessVersion {
    public static let major = Int(WELLNESS_VERSION_MAJOR)
    public static let minor = Int(WELLNESS_VERSION_MINOR)
    public static let patch = Int(WELLNESS_VERSION_PATCH)
    /// "MAJOR.MINOR.PATCH".
    public static let string = WELLNESS_VERSION
    /// Bumped only on a binary-incompatible change; equals the soname's number.
    public static let abi = Int(WELLNESS_ABI_VERSION)
}
