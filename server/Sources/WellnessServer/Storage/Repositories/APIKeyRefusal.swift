/// Why a user's keys were not changed.
public enum APIKeyRefusal: Error, Equatable, CustomStringConvertible {
    case unknownUser
    case unknownKey
    /// Revoking it would leave the user without any way to authenticate.
    case lastKey
    case tooManyKeys

    public var description: String {
        switch self {
        case .unknownUser: "no such user"
        case .unknownKey: "the user has no API key with this id"
        case .lastKey: "this is the user's only API key; create another before revoking it"
        case .tooManyKeys: "the user already has \(APIKeySQLRepository.maximumAPIKeys) API keys; revoke one first"
        }
    }
}
