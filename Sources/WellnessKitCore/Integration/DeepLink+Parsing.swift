extension DeepLink {
    /// The app's URL scheme in seed 004.
    public static let defaultScheme = "fitiq"

    /// What seed 004's `DeepLinkManager.handle(url:)` makes of `url`.
    ///
    /// The seed's rules, with these choices where it is loose: the scheme and
    /// host compare case-insensitively; an `id` (or `contextId`) that is
    /// empty counts as absent; the first item of a name wins; an unknown
    /// persona or context type in `chat/new` is dropped (nil), as the seed's
    /// `Persona(rawValue:)` would; personas are read in snake_case or in the
    /// seed's camelCase; paths are ignored except for a `new` segment under chat.
    /// - Parameters:
    ///   - url: the URL, as text.
    ///   - scheme: the app's scheme, lowercase.
    /// - Returns: the link, or why there is none.
    public static func parse(_ url: String, scheme: String = defaultScheme) -> Result<DeepLink, DeepLinkRejection> {
        // Another scheme is refused before the rest is read: "javascript:..." is not malformed, only not ours.
        if url.utf8.count <= DeepLinkURL.maximumLength, let found = DeepLinkURL.scheme(of: url),
            found != scheme.lowercased()
        {
            return .failure(.otherScheme)
        }
        let parts: DeepLinkURL
        switch DeepLinkURL.split(url) {
        case .success(let split): parts = split
        case .failure(let rejection): return .failure(rejection)
        }
        guard parts.scheme == scheme.lowercased() else { return .failure(.otherScheme) }
        let id = parts.value(of: "id").flatMap { $0.isEmpty ? nil : $0 }
        switch parts.host {
        case "insights":
            return .success(id.map { .insight(id: $0) } ?? .insightsList)
        case "goals":
            if let id {
                switch parts.value(of: "action") {
                case "tips": return .success(.goalTips(goalId: id))
                case "chat": return .success(.goalConsultation(goalId: id))
                default: return .success(.goal(id: id))
                }
            }
            return .success(parts.value(of: "suggestions") == "true" ? .goalSuggestions : .goalsList)
        case "chat":
            if parts.pathSegments.contains("new") {
                return .success(
                    .newConsultation(
                        persona: parts.value(of: "persona").flatMap(Self.persona(named:)),
                        contextType: parts.value(of: "context").flatMap(ContextType.init(rawValue:)),
                        contextId: parts.value(of: "contextId").flatMap { $0.isEmpty ? nil : $0 }))
            }
            return .success(id.map { .consultation(id: $0) } ?? .consultationsList)
        default:
            return .failure(.unknownHost)
        }
    }

    /// A persona by its raw value or its Swift case name.
    static func persona(named name: String) -> Persona? {
        Persona(rawValue: name) ?? Persona.allCases.first { $0.camelCaseName == name }
    }
}
