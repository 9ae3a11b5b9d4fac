extension DeepLink {
    /// The canonical URL of this link: the form seed 004's handler reads,
    /// query items in a fixed order, values percent-encoded (RFC 3986
    /// unreserved characters kept), personas as the seed's camelCase case
    /// names. `parse(url(scheme:))` gives this link back.
    /// - Parameter scheme: the app's scheme.
    /// - Returns: the URL, e.g. `fitiq://goals?id=g1&action=tips`.
    public func url(scheme: String = DeepLink.defaultScheme) -> String {
        func query(_ items: [(String, String?)]) -> String {
            let present = items.compactMap { name, value in value.map { "\(name)=\($0.percentEncodedUnreserved)" } }
            return present.isEmpty ? "" : "?" + present.joined(separator: "&")
        }
        let base = scheme + "://"
        switch self {
        case .insight(let id): return base + "insights" + query([("id", id)])
        case .insightsList: return base + "insights"
        case .goal(let id): return base + "goals" + query([("id", id)])
        case .goalsList: return base + "goals"
        case .goalSuggestions: return base + "goals?suggestions=true"
        case .goalTips(let goalId): return base + "goals" + query([("id", goalId), ("action", "tips")])
        case .goalConsultation(let goalId): return base + "goals" + query([("id", goalId), ("action", "chat")])
        case .consultation(let id): return base + "chat" + query([("id", id)])
        case .consultationsList: return base + "chat"
        case .newConsultation(let persona, let contextType, let contextId):
            return base + "chat/new"
                + query([
                    ("persona", persona?.camelCaseName),
                    ("context", contextType?.rawValue), ("contextId", contextId),
                ])
        }
    }
}
