import CWellness
import WellnessKitClient
import WellnessKitCore

/// The C status codes of include/wellness.h, and their static names.
enum Status {
    static let ok: Int32 = WELLNESS_OK

    static func code(of kind: WellnessError.Kind) -> Int32 {
        switch kind {
        case .invalidArgument: return WELLNESS_E_INVALID_ARGUMENT
        case .invalidJSON: return WELLNESS_E_INVALID_JSON
        case .validation: return WELLNESS_E_VALIDATION
        case .notFound: return WELLNESS_E_NOT_FOUND
        case .unauthorized: return WELLNESS_E_UNAUTHORIZED
        case .forbidden: return WELLNESS_E_FORBIDDEN
        case .rateLimited: return WELLNESS_E_RATE_LIMITED
        case .network: return WELLNESS_E_NETWORK
        case .timeout: return WELLNESS_E_TIMEOUT
        case .http: return WELLNESS_E_HTTP
        case .invalidResponse: return WELLNESS_E_INVALID_RESPONSE
        case .decoding: return WELLNESS_E_DECODING
        case .internal: return WELLNESS_E_INTERNAL
        case .cancelled: return WELLNESS_E_CANCELLED
        }
    }

    /// The macro name of a status; static storage, so C may keep the pointer.
    static func name(of status: Int32) -> StaticString {
        switch status {
        case WELLNESS_OK: return "WELLNESS_OK"
        case WELLNESS_E_INVALID_ARGUMENT: return "WELLNESS_E_INVALID_ARGUMENT"
        case WELLNESS_E_INVALID_JSON: return "WELLNESS_E_INVALID_JSON"
        case WELLNESS_E_VALIDATION: return "WELLNESS_E_VALIDATION"
        case WELLNESS_E_NOT_FOUND: return "WELLNESS_E_NOT_FOUND"
        case WELLNESS_E_UNAUTHORIZED: return "WELLNESS_E_UNAUTHORIZED"
        case WELLNESS_E_FORBIDDEN: return "WELLNESS_E_FORBIDDEN"
        case WELLNESS_E_RATE_LIMITED: return "WELLNESS_E_RATE_LIMITED"
        case WELLNESS_E_NETWORK: return "WELLNESS_E_NETWORK"
        case WELLNESS_E_TIMEOUT: return "WELLNESS_E_TIMEOUT"
        case WELLNESS_E_HTTP: return "WELLNESS_E_HTTP"
        case WELLNESS_E_INVALID_RESPONSE: return "WELLNESS_E_INVALID_RESPONSE"
        case WELLNESS_E_DECODING: return "WELLNESS_E_DECODING"
        case WELLNESS_E_INTERNAL: return "WELLNESS_E_INTERNAL"
        case WELLNESS_E_CANCELLED: return "WELLNESS_E_CANCELLED"
        default: return "WELLNESS_E_UNKNOWN"
        }
    }
}
