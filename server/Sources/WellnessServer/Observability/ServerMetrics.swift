import CoreMetrics
import Prometheus

import class Foundation.NSLock

/// What `GET /metrics` reports, in Prometheus' text format: requests, the
/// database's waits and the AI provider's calls (docs/SERVER.md, "Metrics").
///
/// The metrics are swift-metrics' types made by a swift-prometheus factory
/// over a registry of this server's own, not the process-wide bootstrap, so
/// that servers in one process (the tests) count apart.
///
/// Every label value comes from a closed set (route patterns, not paths; a
/// known method or `other`), so no request can add series without bound.
public final class ServerMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// The request counter and timer of each (method, route, status) seen, made once:
    /// making them per request (label checks, dimension sorting, the registry's lock)
    /// was a measurable part of a cached list request. Bounded as the label values are.
    private let requestHandles = RequestHandles()
    /// The database-wait timer of each connection kind, made once.
    private let waitTimers: [Connection: CoreMetrics.Timer]

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2), .seconds(5), .seconds(10),
        ]
        factory.durationHistogramBuckets = [
            Name.databaseWait: [
                .microseconds(100), .microseconds(500), .milliseconds(1), .milliseconds(5), .milliseconds(10),
                .milliseconds(50), .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(5),
            ],
            Name.aiCallDuration: [
                .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(5),
                .seconds(10), .seconds(20), .seconds(30), .seconds(60),
            ],
        ]
        self.factory = factory
        waitTimers = Dictionary(
            uniqueKeysWithValues: [Connection.writer, .reader, .pool].map { connection in
                (
                    connection,
                    Timer(label: Name.databaseWait, dimensions: [("connection", connection.rawValue)], factory: factory)
                )
            })
        Gauge(label: Name.aiCircuitOpen, factory: factory).record(0)
        Gauge(label: Name.aiCallsInFlight, factory: factory).record(0)
    }

    /// The metric names, in one place for the code, the tests and docs/SERVER.md.
    enum Name {
        static let requests = "wellness_http_requests_total"
        static let requestDuration = "wellness_http_request_duration_seconds"
        static let databaseWait = "wellness_database_wait_seconds"
        static let aiCalls = "wellness_ai_calls_total"
        static let aiCallDuration = "wellness_ai_call_duration_seconds"
        static let aiTokens = "wellness_ai_tokens_total"
        static let aiAnswers = "wellness_ai_answers_total"
        static let aiFallbacks = "wellness_ai_fallbacks_total"
        static let aiCircuitOpen = "wellness_ai_circuit_open"
        static let aiCallsInFlight = "wellness_ai_calls_in_flight"
        static let aiSafetyChecks = "wellness_ai_safety_checks_total"
    }

    /// Every metric in Prometheus' text exposition format (version 0.0.4).
    public func exposition() -> String {
        registry.emitToString()
    }

    // MARK: - HTTP

    /// A request answered: `route` is the matched pattern (`unmatched` when none), never the path.
    func request(method: String, route: String, status: Int, duration: Duration) {
        let method = Self.knownMethods.contains(method) ? method : "other"
        let handles = requestHandles.handles(method: method, route: route, status: status) {
            (
                Counter(
                    label: Name.requests,
                    dimensions: [("method", method), ("route", route), ("status", String(status))], factory: factory),
                Timer(
                    label: Name.requestDuration, dimensions: [("method", method), ("route", route)], factory: factory)
            )
        }
        handles.counter.increment()
        handles.timer.record(duration: duration)
    }

    private static let knownMethods: Set = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    // MARK: - Database

    /// Where a statement waited for its connection.
    public enum Connection: String, Sendable {
        /// SQLite's one writer connection.
        case writer
        /// One of SQLite's reader connections.
        case reader
        /// A connection of PostgreSQL's pool.
        case pool
    }

    /// How long a statement or transaction waited for its connection.
    public func databaseWait(_ connection: Connection, _ waited: Duration) {
        waitTimers[connection]?.record(duration: waited)
    }

    // MARK: - AI

    /// One call to the provider (or an answer from its cache: no latency then).
    func aiCall(
        task: GenerationTask, model: String, outcome: String, latency: Duration?,
        tokens: (prompt: Int, completion: Int)?, estimatedTokens: Int
    ) {
        Counter(
            label: Name.aiCalls, dimensions: [("task", task.rawValue), ("model", model), ("outcome", outcome)],
            factory: factory
        ).increment()
        if let latency {
            Timer(label: Name.aiCallDuration, dimensions: [("task", task.rawValue)], factory: factory)
                .record(duration: latency)
        }
        if let tokens {
            addTokens(tokens.prompt, task: task, kind: "prompt")
            addTokens(tokens.completion, task: task, kind: "completion")
        } else {
            addTokens(estimatedTokens, task: task, kind: "estimated")
        }
    }

    private func addTokens(_ count: Int, task: GenerationTask, kind: String) {
        guard count > 0 else { return }
        Counter(label: Name.aiTokens, dimensions: [("task", task.rawValue), ("kind", kind)], factory: factory)
            .increment(by: count)
    }

    /// `count` answers of `task` and how they were made; a fallback also counts under its reason.
    func aiAnswered(_ task: GenerationTask, _ provenance: GenerationProvenance, count: Int = 1) {
        guard count > 0 else { return }
        Counter(
            label: Name.aiAnswers, dimensions: [("task", task.rawValue), ("source", provenance.source.rawValue)],
            factory: factory
        ).increment(by: count)
        if let reason = provenance.fallbackReason {
            Counter(
                label: Name.aiFallbacks, dimensions: [("task", task.rawValue), ("reason", reason.rawValue)],
                factory: factory
            ).increment(by: count)
        }
    }

    /// One answer of the safety classifier: `crisis`, `safe` or `failed` (an error, a timeout, an unknown form).
    func aiSafetyCheck(_ outcome: String) {
        Counter(label: Name.aiSafetyChecks, dimensions: [("outcome", outcome)], factory: factory).increment()
    }

    /// Whether the circuit breaker sends every call to the rules now.
    func aiCircuit(open: Bool) {
        Gauge(label: Name.aiCircuitOpen, factory: factory).record(open ? 1 : 0)
    }

    /// Provider calls in flight on this instance (at most `--ai-concurrency`).
    func aiCallsInFlight(_ count: Int) {
        Gauge(label: Name.aiCallsInFlight, factory: factory).record(count)
    }
}

extension Timer {
    /// Records `duration`, clamped to what a `Timer` holds (nanoseconds in an `Int64`).
    fileprivate func record(duration: Duration) {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return recordNanoseconds(0) }
        guard seconds < Int64.max / 1_000_000_000 - 1 else { return recordNanoseconds(.max) }
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// The request metrics' handles by (method, route, status), behind a lock.
private final class RequestHandles: @unchecked Sendable {
    private struct Key: Hashable {
        let method: String
        let route: String
        let status: Int
    }

    private let lock = NSLock()
    private var handles: [Key: (counter: CoreMetrics.Counter, timer: CoreMetrics.Timer)] = [:]

    /// The handles of the key, made by `make` the first time it is seen.
    func handles(
        method: String, route: String, status: Int, make: () -> (CoreMetrics.Counter, CoreMetrics.Timer)
    ) -> (counter: CoreMetrics.Counter, timer: CoreMetrics.Timer) {
        let key = Key(method: method, route: route, status: status)
        if let found = lock.withLock({ handles[key] }) { return found }
        let made = make()
        return lock.withLock {
            if let found = handles[key] { return found }
            handles[key] = (made.0, made.1)
            return (made.0, made.1)
        }
    }
}
