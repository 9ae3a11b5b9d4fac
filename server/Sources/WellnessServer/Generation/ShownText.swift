import Foundation

/// The part of a streamed reply already shown to the user, shared by the
/// streamed call that shows it and the provider that may have to withdraw it.
final class ShownText: @unchecked Sendable {
    private let lock = NSLock()
    private var shown = ""
    private var count = 0

    /// The text shown so far.
    var text: String { lock.withLock { shown } }
    /// Its length in Unicode scalars (where the rest of the reply starts).
    var scalars: Int { lock.withLock { count } }
    var any: Bool { scalars > 0 }

    func append(_ text: String) {
        lock.withLock {
            shown += text
            count += text.unicodeScalars.count
        }
    }

    /// Nothing is shown any more (after a ``ReplyEvent/reset(_:)``).
    func reset() {
        lock.withLock {
            shown = ""
            count = 0
        }
    }
}
