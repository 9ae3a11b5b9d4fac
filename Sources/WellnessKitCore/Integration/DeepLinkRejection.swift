/// Why a URL gives no link. The seed's handler simply ignores such URLs
/// (`activeLink` stays nil); the library says which rule refused it.
public enum DeepLinkRejection: String, Error, Sendable, Equatable, CaseIterable {
    /// Longer than ``DeepLinkURL/maximumLength`` bytes.
    case tooLong = "too_long"
    /// Not a URL: no scheme, no `//` authority, a space, control or
    /// non-ASCII byte, a bad port, invalid percent-encoding, or
    /// percent-encoded bytes that are not UTF-8.
    case malformed
    /// Another scheme (`https:`, `javascript:`).
    case otherScheme = "other_scheme"
    /// The app's scheme with a host other than insights, goals or chat.
    case unknownHost = "unknown_host"
}
