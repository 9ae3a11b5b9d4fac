import CWellness
import WellnessKitClient
import WellnessKitCore

// The analytics handle handed to C is a retained AnalyticsPipeline.

@_cdecl("wellness_analytics_event")
public func wellness_analytics_event(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { try AnalyticsEvent.canonical($0) }
}

@_cdecl("wellness_analytics_metrics")
public func wellness_analytics_metrics(
    _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ log: UnsafePointer<CChar>?, _ logLength: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(options, optionsLength, out, err) { document in
        try AnalyticsMetrics.compute(options: document, log: try input(log, logLength, name: "log"))
    }
}

/// The C callback and its user data: called on the worker thread only.
private final class CallbackSink: AnalyticsSink, @unchecked Sendable {
    private let callback: @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
    /// The host's; it promises the pointer stays valid while the sink is installed.
    private let userData: UnsafeMutableRawPointer?

    init(
        _ callback: @escaping @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void,
        _ userData: UnsafeMutableRawPointer?
    ) {
        self.callback = callback
        self.userData = userData
    }

    func deliver(_ line: [UInt8]) -> Bool {
        let text = line.map { CChar(bitPattern: $0) } + [0]
        text.withUnsafeBufferPointer { callback($0.baseAddress, userData) }
        return true
    }
}

private func pipeline(_ handle: OpaquePointer) -> AnalyticsPipeline {
    borrow(handle)
}

/// A refusal of the pipeline as the C error it is.
private func error(of refusal: AnalyticsPipeline.Refusal) -> WellnessError {
    switch refusal {
    case .shutDown: return .invalidArgument("the analytics handle was shut down")
    case .calledFromSink: return .invalidArgument("called from inside the sink callback, where it would deadlock")
    case .otherProcess:
        return .invalidArgument("the analytics handle was made in the parent of this fork()ed process; make one here")
    }
}

/// Runs a handle call that writes no result: NULL checks, refusals and errors as statuses.
private func withAnalytics(
    _ handle: OpaquePointer?, _ err: UnsafeMutablePointer<wellness_buf>?, _ body: (AnalyticsPipeline) throws -> Void
) -> Int32 {
    Buffer.reset(err)
    guard let handle else { return report(.invalidArgument("analytics must not be NULL"), to: err) }
    do {
        try body(pipeline(handle))
        return Status.ok
    } catch let refusal as AnalyticsPipeline.Refusal {
        return report(error(of: refusal), to: err)
    } catch let error as WellnessError {
        return report(error, to: err)
    } catch {
        return report(.internal("unexpected error: \(error)"), to: err)
    }
}

/// A timeout in milliseconds as seconds; negative waits without limit.
private func seconds(_ milliseconds: Int32) -> Double? {
    milliseconds < 0 ? nil : Double(milliseconds) / 1000
}

@_cdecl("wellness_analytics_new")
public func wellness_analytics_new(
    _ config: UnsafePointer<CChar>?, _ configLength: Int,
    _ sink: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?,
    _ analytics: UnsafeMutablePointer<OpaquePointer?>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    Buffer.reset(err)
    guard let analytics else { return report(.invalidArgument("analytics must not be NULL"), to: err) }
    analytics.pointee = nil
    do {
        let document = try JSONParser.parse(try input(config, configLength, name: "config"), expecting: .object)
        let configuration = try AnalyticsConfiguration(json: document)
        var target: (any AnalyticsSink)?
        if let path = configuration.jsonlPath {
            if sink != nil {
                throw WellnessError.validation(
                    "give a sink callback or a jsonl_path, not both",
                    at: FieldPath.root.appending("jsonl_path"))
            }
            target = try AnalyticsFileSink(path: path, at: FieldPath.root.appending("jsonl_path"))
        } else if let sink {
            target = CallbackSink(sink, userData)
        }
        let made = try AnalyticsPipeline(capacity: configuration.capacity, sink: target)
        analytics.pointee = retainedHandle(made)
        return Status.ok
    } catch let error as WellnessError {
        return report(error, to: err)
    } catch {
        return report(.internal("unexpected error: \(error)"), to: err)
    }
}

@_cdecl("wellness_analytics_set_sink")
public func wellness_analytics_set_sink(
    _ handle: OpaquePointer?,
    _ sink: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void)?,
    _ userData: UnsafeMutableRawPointer?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withAnalytics(handle, err) { try $0.setSink(sink.map { CallbackSink($0, userData) }) }
}

@_cdecl("wellness_analytics_emit")
public func wellness_analytics_emit(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withAnalytics(handle, err) { pipeline in
        let document = try JSONParser.parse(try input(json, len, name: "json"), expecting: .object)
        let event = try AnalyticsEvent.canonical(document)
        try pipeline.emit(try JSONWriter.bytes(event))
    }
}

@_cdecl("wellness_analytics_flush")
public func wellness_analytics_flush(
    _ handle: OpaquePointer?, _ timeoutMilliseconds: Int32, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withAnalytics(handle, err) { pipeline in
        guard try pipeline.flush(timeout: seconds(timeoutMilliseconds)) else {
            let stats = pipeline.stats
            throw WellnessError(
                kind: .timeout,
                message: stats.hasSink
                    ? "\(stats.queued) events still queued after \(timeoutMilliseconds) ms"
                    : "no sink: \(stats.queued) events wait for one")
        }
    }
}

@_cdecl("wellness_analytics_stats")
public func wellness_analytics_stats(
    _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    Buffer.reset(out)
    return withAnalytics(handle, err) { pipeline in
        guard let out else { throw WellnessError.invalidArgument("out must not be NULL") }
        let bytes = try JSONWriter.bytes(pipeline.stats.json)
        guard Buffer.fill(out, with: bytes) else { throw WellnessError.internal("out of memory for the stats") }
    }
}

@_cdecl("wellness_analytics_shutdown")
public func wellness_analytics_shutdown(
    _ handle: OpaquePointer?, _ timeoutMilliseconds: Int32, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withAnalytics(handle, err) { pipeline in
        guard try pipeline.shutdown(timeout: seconds(timeoutMilliseconds)) else {
            let stats = pipeline.stats
            throw WellnessError(
                kind: .timeout,
                message: stats.inFlight
                    ? "the sink callback is still running; \(stats.dropped) events dropped in all"
                    : "undelivered events were dropped; \(stats.dropped) dropped in all")
        }
    }
}

@_cdecl("wellness_analytics_free")
public func wellness_analytics_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    // Zero timeout: never waits for a sink; the worker keeps the pipeline alive until it exits.
    _ = try? pipeline(handle).shutdown(timeout: 0)
    releaseHandle(handle, as: AnalyticsPipeline.self)
}

@_cdecl("wellness_client_set_analytics")
public func wellness_client_set_analytics(
    _ client: OpaquePointer?, _ handle: OpaquePointer?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    Buffer.reset(err)
    return withBorrowedClient(client, nil, err) { made in
        // The client keeps its own reference, so the handle may be freed while attached.
        made.setAnalytics(handle.map(pipeline))
        return Status.ok
    }
}
