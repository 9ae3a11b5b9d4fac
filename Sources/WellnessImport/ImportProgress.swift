import WellnessKitCore

/// Reports how far an import has read: bytes of the input consumed and its
/// size. Returning false cancels the import (it then throws `cancelled`).
public typealias ImportProgressHandler = (_ bytesRead: Int, _ bytesTotal: Int) -> Bool

/// Calls a progress handler at most once per `step` bytes, and always at the
/// end; what it reports never goes back and never passes the total (a zip's
/// members need not lie in the order they are read).
struct ProgressMeter {
    private let handler: ImportProgressHandler?
    private let total: Int
    private var nextReport = 0
    private var reported = 0
    private static let step = 1 << 20

    init(_ handler: ImportProgressHandler?, total: Int) {
        self.handler = handler
        self.total = total
    }

    /// Reports `done` bytes when a step has passed (or `force`).
    /// - Throws: `cancelled` when the handler asks to stop.
    mutating func advance(to position: Int, force: Bool = false) throws {
        let done = min(total, max(reported, position))
        guard let handler, force || done >= nextReport else { return }
        nextReport = done + Self.step
        reported = done
        guard handler(done, total) else {
            throw WellnessError(kind: .cancelled, message: "the import was cancelled by its progress callback")
        }
    }
}
