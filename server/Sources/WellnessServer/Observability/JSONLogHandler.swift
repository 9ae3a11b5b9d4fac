import Foundation
import Logging
import WellnessKitCore

/// Writes each log event as one JSON object on one line of standard error:
/// `{"time":"…Z","level":"info","label":"wellness-server","message":"request",…metadata}`.
///
/// Written here rather than using swift-log's `StreamLogHandler` because the
/// server logs a line per request: that handler's local-time stamp made glibc
/// stat `/etc/localtime` on every line (a visible share of a small request's
/// cost), and its `key=value` text is not what log pipelines parse. Times are
/// UTC with milliseconds; lines go out whole, in batches (``LogOutput``).
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: LogOutput

    /// - Parameters:
    ///   - label: the logger's label, written as `"label"`.
    ///   - output: where lines go; standard error unless a test says otherwise.
    public init(label: String, output: LogOutput = .standardError) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line =
            (try? JSONWriter.bytes(.object(object(for: event)))) ?? Array(#"{"message":"unloggable event"}"#.utf8)
        line.append(UInt8(ascii: "\n"))
        output.append(line)
    }

    /// The event's members: time, level, label and message first, then the
    /// metadata sorted by key (the event's own over the provider's over the handler's).
    func object(for event: LogEvent) -> JSONObject {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let own = event.metadata { merged.merge(own) { _, new in new } }
        var object = JSONObject([
            ("time", .string(Timestamp(milliseconds: Store.nowMilliseconds()).description)),
            ("level", .string(event.level.rawValue)),
            ("label", .string(label)),
            ("message", .string(event.message.description)),
        ])
        if let error = event.error { object.append("error", .string(String(describing: error))) }
        let names = merged.keys.map { (name: Self.renamed[$0] ?? $0, key: $0) }.sorted { $0.name < $1.name }
        for (name, key) in names where !Self.reserved.contains(name) && !(name == "error" && event.error != nil) {
            if let value = merged[key] { object.append(name, Self.json(value)) }
        }
        return object
    }

    /// The line's own members; `error` too when the event carries an error.
    private static let reserved: Set<String> = ["time", "level", "label", "message"]
    /// Hummingbird puts the id of the request being served on every line as
    /// `hb.request.id`; it is written as `request_id`, the id `X-Request-ID` carries.
    private static let renamed = ["hb.request.id": "request_id"]

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .stringConvertible(let convertible): return .string(convertible.description)
        case .array(let values): return .array(values.map(json))
        case .dictionary(let members):
            return .object(JSONObject(members.keys.sorted().compactMap { key in members[key].map { (key, json($0)) } }))
        }
    }
}
