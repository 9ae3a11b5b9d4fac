import Crypto
import WellnessKitCore

/// Validated model answers by what they were asked from (user, task, prompt
/// version, model, facts, data and user text), so the same question is not
/// paid for twice. In memory, bounded; an answer is validated again when
/// reused.
actor AnswerCache {
    private var answers: [String: JSONValue] = [:]
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The key of a question: SHA-256 over its parts.
    static func key(_ parts: [String]) -> String {
        var hash = SHA256()
        for part in parts {
            hash.update(data: Array(String(part.utf8.count).utf8) + [0x3A] + Array(part.utf8))
        }
        return hash.finalize().map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    func answer(for key: String) -> JSONValue? {
        answers[key]
    }

    func store(_ answer: JSONValue, for key: String) {
        if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
        answers[key] = answer
    }
}
