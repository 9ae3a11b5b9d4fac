import Foundation
import NIOCore

/// One call of ``PostgresEngine`` on a pooled connection, answered by
/// whichever comes first: its result, the end of its wait for a connection,
/// or the end of its time on the connection.
///
/// Why not simply await the call: postgres-nio's pool waits for ever for a
/// connection while the database is down, and a statement sent on a
/// connection just as it closes can stay unanswered for good (seen under load
/// when PostgreSQL stopped). Either would hold the request, the user's turn
/// and a graceful shutdown for ever. So the caller waits on a continuation
/// that the first outcome resumes; a call past its deadline is cancelled and
/// left to end on its own (a transaction then rolls back, see
/// ``PostgresEngine/transaction(lock:_:)``).
final class PostgresCall<T: Sendable>: @unchecked Sendable {
    private enum Phase {
        case waiting
        case leased(at: NIODeadline)
        case done
    }

    private let connectionWait: TimeAmount
    private let callTimeout: TimeAmount
    private let timers: any EventLoop
    private let lock = NSLock()
    private var phase = Phase.waiting
    private var continuation: CheckedContinuation<T, any Error>?
    private var outcome: Result<T, any Error>?
    private var work: Task<Void, Never>?
    private var timer: Scheduled<Void>?

    /// Runs `body` on a connection `lease` provides, waiting at most
    /// `connectionWait` for the connection and then at most `callTimeout` for
    /// `body` (never abandoned before `connectionWait` has passed: the timer
    /// first fires then, and moves to the end of the call's time if it has a connection).
    /// - Throws: what `body` throws, ``SQLFailure`` when a deadline passes,
    ///   `CancellationError` when the caller's task is cancelled.
    static func run<Connection>(
        connectionWait: TimeAmount, callTimeout: TimeAmount, timers: any EventLoop,
        lease:
            @escaping @Sendable (_ onConnection: @escaping @Sendable (Connection) async throws -> T) async throws -> T,
        _ body: @escaping @Sendable (Connection) async throws -> T
    ) async throws -> T {
        let call = PostgresCall(connectionWait: connectionWait, callTimeout: callTimeout, timers: timers)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                call.wait(with: continuation)
                let work = Task {
                    do {
                        call.settle(
                            .success(
                                try await lease { connection in
                                    guard call.leased() else { throw CancellationError() }
                                    return try await body(connection)
                                }))
                    } catch {
                        call.settle(.failure(error))
                    }
                }
                call.start(work, timer: timers.scheduleTask(in: connectionWait) { call.deadlinePassed() })
            }
        } onCancel: {
            call.settle(.failure(CancellationError()))
        }
    }

    private init(connectionWait: TimeAmount, callTimeout: TimeAmount, timers: any EventLoop) {
        self.connectionWait = connectionWait
        self.callTimeout = callTimeout
        self.timers = timers
    }

    private func wait(with continuation: CheckedContinuation<T, any Error>) {
        let settled = lock.withLock { () -> Result<T, any Error>? in
            guard outcome == nil else { return outcome }
            self.continuation = continuation
            return nil
        }
        // Cancelled before it began.
        if let settled { continuation.resume(with: settled) }
    }

    private func start(_ work: Task<Void, Never>, timer: Scheduled<Void>) {
        let finished = lock.withLock { () -> Bool in
            self.work = work
            self.timer = timer
            if case .done = phase { return true }
            return false
        }
        if finished { cancel(work, timer) }
    }

    /// Whether the call may use the connection it got (its wait has not run out).
    private func leased() -> Bool {
        lock.withLock {
            guard case .waiting = phase else { return false }
            phase = .leased(at: .now())
            return true
        }
    }

    /// The first outcome answers the caller, if the call is in a phase
    /// `allowed` accepts; later ones are dropped. Whether this one answered.
    @discardableResult
    private func settle(_ result: Result<T, any Error>, when allowed: (Phase) -> Bool = { _ in true }) -> Bool {
        typealias Waiting = (
            continuation: CheckedContinuation<T, any Error>?, work: Task<Void, Never>?, timer: Scheduled<Void>?
        )
        let settled = lock.withLock { () -> Waiting? in
            if case .done = phase { return nil }
            guard allowed(phase) else { return nil }
            phase = .done
            outcome = result
            defer { (continuation, work, timer) = (nil, nil, nil) }
            return (continuation, work, timer)
        }
        guard let settled else { return false }
        settled.continuation?.resume(with: result)
        cancel(settled.work, settled.timer)
        return true
    }

    /// The timer fired: without a connection yet, the call fails; with one,
    /// it fails when its time on it is up, else the timer moves to that moment.
    private func deadlinePassed() {
        let noConnection = SQLFailure(
            "PostgreSQL: no connection within \(Self.seconds(connectionWait)) s (is the database up?)")
        if settle(.failure(noConnection), when: { if case .waiting = $0 { return true } else { return false } }) {
            return
        }
        guard case .leased(let leasedAt) = lock.withLock({ phase }) else { return }
        let end = leasedAt + callTimeout
        guard end > .now() else {
            settle(
                .failure(
                    SQLFailure("PostgreSQL: no answer within \(Self.seconds(callTimeout)) s; the call was abandoned")))
            return
        }
        let next = timers.scheduleTask(deadline: end) { [self] in deadlinePassed() }
        let replaced = lock.withLock { () -> Bool in
            if case .done = phase { return false }
            timer = next
            return true
        }
        if !replaced { next.cancel() }
    }

    private func cancel(_ work: Task<Void, Never>?, _ timer: Scheduled<Void>?) {
        work?.cancel()
        timer?.cancel()
    }

    private static func seconds(_ amount: TimeAmount) -> String {
        String(format: "%g", Double(amount.nanoseconds) / 1e9)
    }
}
