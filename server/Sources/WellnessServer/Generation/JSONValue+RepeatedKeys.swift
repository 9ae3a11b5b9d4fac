import WellnessKitCore

extension JSONValue {
    /// The first key that an object in this value holds twice, depth first.
    ///
    /// The library's parser keeps repeated members (the last one wins when
    /// read), which is right for documents but not for a model's answer: a
    /// streamed reply shows the first `reply` while the whole answer would be
    /// read with the last, so an answer repeating a key is malformed.
    var firstRepeatedKey: String? {
        switch self {
        case .object(let object):
            var seen = Set<String>()
            for member in object.members {
                guard seen.insert(member.key).inserted else { return member.key }
                if let key = member.value.firstRepeatedKey { return key }
            }
            return nil
        case .array(let items):
            for item in items {
                if let key = item.firstRepeatedKey { return key }
            }
            return nil
        default:
            return nil
        }
    }
}
