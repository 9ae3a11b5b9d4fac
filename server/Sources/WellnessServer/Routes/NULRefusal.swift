import WellnessKitCore

/// U+0000 (NUL) is refused in every string a request brings, with a 400
/// naming where: PostgreSQL cannot store or compare it in text (`invalid byte
/// sequence for encoding "UTF8": 0x00`, a 500 before this check), and SQLite
/// cuts C strings at it, so the two engines would answer differently. One
/// check at the request's decoding (``JSONResponses/body(of:context:)`` and
/// the path's id) covers every string the server stores or looks up.
enum NULRefusal {
    static let message = "must not contain the character U+0000 (NUL)"

    /// - Throws: ``APIFailure`` 400 naming the first member, element or key holding a NUL.
    static func check(_ json: JSONValue, at path: FieldPath = .root) throws {
        switch json {
        case .string(let text):
            if holdsNUL(text) { throw APIFailure.invalid(.validation(message, at: path)) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { try check(element, at: path.appending(index: index)) }
        case .object(let object):
            for member in object.members {
                let memberPath = path.appending(String(member.key.prefix(100)))
                if holdsNUL(member.key) { throw APIFailure.invalid(.validation(message, at: memberPath)) }
                try check(member.value, at: memberPath)
            }
        case .null, .bool, .number:
            break
        }
    }

    /// - Throws: ``APIFailure`` 400 naming `name` when `text` holds a NUL.
    static func check(_ text: String, named name: String) throws {
        if holdsNUL(text) { throw APIFailure.badRequest("\(name): \(message)") }
    }

    private static func holdsNUL(_ text: String) -> Bool {
        text.utf8.contains(0)
    }
}
