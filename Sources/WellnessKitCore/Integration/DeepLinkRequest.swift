/// The inputs of `wellness_deep_link_parse` (`{"url", "scheme"?}`) and
/// `wellness_deep_link_build` (`{"link", "scheme"?}`).
public enum DeepLinkRequest {
    /// The keys of a parse request.
    static let parseKeys = ["url", "scheme"]

    /// The app's scheme from `"scheme"` (default `fitiq`), lowercased.
    /// - Throws: a validation error at `scheme` for text that is not an RFC 3986 scheme of at most 64 characters.
    static func scheme(from reader: ObjectReader) throws -> String {
        guard let scheme: String = try reader.optional("scheme") else { return DeepLink.defaultScheme }
        guard scheme.utf8.count <= 64, DeepLinkURL.isScheme(scheme.utf8) else {
            throw WellnessError.validation(
                "\"\(scheme.echo)\" is not a URL scheme (a letter, then letters, digits, "
                    + "+, - or .; at most 64)", at: reader.path(of: "scheme"))
        }
        return scheme.lowercased()
    }

    /// `{"link": {...} | null, "destination": {...} | null, "url": canonical | null, "reason": null | "..."}`.
    /// - Parameter json: the parse request.
    /// - Throws: a validation error for a request that is not `{"url": string, "scheme"?: string}`;
    ///   never for the URL's content, which gives a `reason` instead.
    public static func parse(_ json: JSONValue) throws -> JSONValue {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys(parseKeys)
        let scheme = try scheme(from: reader)
        let url: String = try reader.required("url")
        return result(DeepLink.parse(url, scheme: scheme), scheme: scheme)
    }

    /// The parse result document of `parsed`.
    static func result(_ parsed: Result<DeepLink, DeepLinkRejection>, scheme: String) -> JSONValue {
        switch parsed {
        case .success(let link):
            return .object(
                JSONObject([
                    ("link", link.json), ("destination", link.destination.json),
                    ("url", .string(link.url(scheme: scheme))), ("reason", .null),
                ]))
        case .failure(let rejection):
            return .object(
                JSONObject([
                    ("link", .null), ("destination", .null), ("url", .null),
                    ("reason", .string(rejection.rawValue)),
                ]))
        }
    }

    /// A link's `"identifier"`, derived from its other fields, may be sent
    /// back as it was received: when present it must be that string.
    /// - Throws: a validation error at `link.identifier` for another type or value.
    static func checkIdentifier(of link: DeepLink, in reader: ObjectReader) throws {
        guard let given = reader.object["identifier"] else { return }
        guard case .string(let text) = given else {
            throw WellnessError.validation(
                "expected the string \"\(link.identifier.echo)\" (or no identifier), found \(given.kindDescription)",
                at: reader.path(of: "identifier"))
        }
        guard text == link.identifier else {
            throw WellnessError.validation(
                "\"\(text.echo)\" does not match the link, whose identifier is \"\(link.identifier.echo)\"",
                at: reader.path(of: "identifier"))
        }
    }

    /// `{"url": "...", "identifier": "...", "destination": {...}}`.
    /// - Parameter json: the build request.
    /// - Throws: a validation error naming the field of an invalid link or scheme.
    public static func build(_ json: JSONValue) throws -> JSONValue {
        let reader = try ObjectReader(json, at: .root)
        try reader.rejectUnknownKeys(["link", "scheme"])
        let scheme = try scheme(from: reader)
        let link: DeepLink = try reader.required("link")
        return .object(
            JSONObject([
                ("url", .string(link.url(scheme: scheme))), ("identifier", .string(link.identifier)),
                ("destination", link.destination.json),
            ]))
    }
}
