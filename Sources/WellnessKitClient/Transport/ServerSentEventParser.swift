import WellnessKitCore

/// Splits a `text/event-stream` body (the HTML standard's server-sent events
/// format) into events, fed in pieces of any size.
///
/// A piece may end anywhere: inside a line, between the CR and LF of a line
/// end, or inside a UTF-8 sequence, since a line is only interpreted once its
/// end has arrived. Lines end with CRLF, LF or CR; lines starting with ":" are
/// comments (keep-alives); several `data:` lines join with "\n"; a blank line
/// ends an event, and an event without data is not dispatched. `id:` and
/// `retry:` are read and ignored: a reply is never resumed.
///
/// What is kept between pieces (the unfinished line and the event's data) is
/// bounded by ``maximumEventSize``, so that a server that never ends a line or
/// an event cannot make the client grow without bound.
public struct ServerSentEventParser: Sendable {
    /// The most bytes an unfinished event may hold (its data and current line).
    public let maximumEventSize: Int
    private var line: [UInt8] = []
    private var type: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    /// The last byte was a CR, so an LF right after it ends no second line.
    private var afterCarriageReturn = false
    /// No line has ended yet: a byte-order mark before the first is dropped.
    private var atStart = true

    public init(maximumEventSize: Int = 1 << 20) {
        self.maximumEventSize = max(1, maximumEventSize)
    }

    /// Whether bytes of an event that was never ended have been received:
    /// at the end of a stream, they are discarded.
    public var hasPartialEvent: Bool { hasData || !line.isEmpty || !type.isEmpty }

    /// Consumes the next piece of the body.
    /// - Returns: the events it completed, in order.
    /// - Throws: ``WellnessError`` of kind `invalidResponse` when an event
    ///   grows past ``maximumEventSize``.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws -> [ServerSentEvent]
    where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == Self.lineFeed { continue }
            }
            switch byte {
            case Self.carriageReturn:
                afterCarriageReturn = true
                if let event = endLine() { events.append(event) }
            case Self.lineFeed:
                if let event = endLine() { events.append(event) }
            default:
                guard line.count + data.count + type.count < maximumEventSize else {
                    throw WellnessError(
                        kind: .invalidResponse,
                        message: "a server-sent event is larger than \(maximumEventSize) bytes")
                }
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if atStart {
            atStart = false
            if line.starts(with: Self.byteOrderMark) { line.removeFirst(Self.byteOrderMark.count) }
        }
        guard let first = line.first else { return dispatch() }
        guard first != Self.colon else { return nil }
        let colon = line.firstIndex(of: Self.colon)
        let name = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[line.index(after: $0)...] } ?? []
        if value.first == Self.space { value = value.dropFirst() }
        if name.elementsEqual("event".utf8) {
            type = Array(value)
        } else if name.elementsEqual("data".utf8) {
            if hasData { data.append(Self.lineFeed) }
            data.append(contentsOf: value)
            hasData = true
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            type.removeAll()
            data.removeAll()
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(type: type.isEmpty ? "message" : String(decoding: type, as: UTF8.self), data: data)
    }

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
