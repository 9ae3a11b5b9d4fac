import Foundation

/// A check raced against a deadline, for readiness: the answer comes at the
/// deadline at the latest, even when the check is still waiting (it then
/// finishes in the background and its answer is dropped).
enum Deadline {
    static func check(within timeout: Double, _ work: @escaping @Sendable () async -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            Task { once.resume(await work()) }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(max(timeout, 0) * 1e9))
                once.resume(false)
            }
        }
    }
}

/// Resumes a continuation with the first value only.
private final class ResumeOnce: @unchecked Sendable {
    private var continuation: CheckedContinuation<Bool, Never>?
    private let lock = NSLock()

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = continuation
    }

    func resume(_ value: Bool) {
        let pending = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: value)
    }
}
