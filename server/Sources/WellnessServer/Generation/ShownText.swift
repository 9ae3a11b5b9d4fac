import Foundation

/// The part of a streamed reply already shown to the user, shared by the
/// streamed call that shows it and the provider that may have to withdraw
/// it: the text as shown (references written), and the model's text behind
/// it (references as written), where the rest of the answer starts.
final class ShownText: @unchecked Sendable {
    private let lock = NSLock()
    private var shown = ""
    private var written = ""
    private var count = 0

    /// The text shown so far.
    var text: String { lock.withLock { shown } }
    /// The model's text behind it.
    var source: String { lock.withLock { written } }
    /// Its length in Unicode scalars (where the rest of the model's reply starts).
    var scalars: Int { lock.withLock { count } }
    var any: Bool { !text.isEmpty }

    /// `text` is shown, written by the model as `source`.
    func append(_ text: String, source: String) {
        lock.withLock {
            shown += text
            written += source
            count += source.unicodeScalars.count
        }
    }

    /// What of `text` follows the text shown, scalar for scalar; nil when `text` does not start with it.
    func rest(of text: String) -> String? {
        let shown = self.text.unicodeScalars
        guard text.unicodeScalars.starts(with: shown) else { return nil }
        return String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(shown.count)))
    }

    /// Nothing is shown any more (after a ``ReplyEvent/reset(_:)``).
    func reset() {
        lock.withLock {
            shown = ""
            written = ""
            count = 0
        }
    }
}
