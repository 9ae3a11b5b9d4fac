extension ObjectReader {
    /// Refuses members outside `known`, for options documents: a typo such
    /// as `"timezone"` must not silently fall back to a default. Wire models
    /// do not call this; they stay tolerant of keys a newer API adds.
    /// - Parameter known: every key the document may hold.
    /// - Throws: a validation error at the first unknown member, naming the
    ///   closest known key when one is near.
    public func rejectUnknownKeys(_ known: [String]) throws {
        for key in object.members.map(\.key) where !known.contains(key) {
            var message = "is not an option here"
            if let suggestion = Self.closest(to: key, in: known) {
                message += " (did you mean \"\(suggestion)\"?)"
            } else {
                message += "; known options: " + known.sorted().joined(separator: ", ")
            }
            throw WellnessError.validation(message, at: path(of: key.echo))
        }
    }

    /// Refuses a key given more than once. The parser keeps every member and
    /// a lookup finds the last, so a repeated key would otherwise be read as
    /// one, silently dropping the earlier value.
    /// - Throws: a validation error at the repeated key's second occurrence.
    public func rejectRepeatedKeys() throws {
        var seen = Set<String>()
        for member in object.members where !seen.insert(member.key).inserted {
            throw WellnessError.validation("is given twice; give each key once", at: path(of: member.key.echo))
        }
    }

    /// The known key within a few edits of `key` ("timezone" → "time_zone").
    static func closest(to key: String, in known: [String]) -> String? {
        let typed = Array(key.lowercased().utf8.prefix(64))
        let candidates = known.map { ($0, editDistance(typed, Array($0.utf8))) }
        guard let best = candidates.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, best.0.utf8.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance between two byte strings.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, byteA) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, byteB) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (byteA == byteB ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
