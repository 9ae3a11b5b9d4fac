/// The `data:` values of a server-sent event stream, from its bytes in parts
/// split anywhere (inside a line, a UTF-8 sequence or a `\r\n`). A provider
/// sends one `data:` line per event, so each value is one line's; other
/// fields and comments are skipped. Bounded: a stream longer than
/// `maximumBytes` is refused rather than read without end.
struct ServerSentLines {
    private var line: [UInt8] = []
    private var received = 0
    private let maximumBytes: Int

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// The `data:` values that `bytes` completes.
    /// - Throws: ``ChatCompletionsClient/Failure/malformedResponse`` past `maximumBytes`.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws -> [String] {
        var values: [String] = []
        for byte in bytes {
            received += 1
            guard received <= maximumBytes else { throw ChatCompletionsClient.Failure.malformedResponse }
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if let value = Self.data(of: line) { values.append(value) }
            line.removeAll(keepingCapacity: true)
        }
        return values
    }

    /// `data:` and one optional space, then the value.
    private static func data(of line: [UInt8]) -> String? {
        guard line.starts(with: "data:".utf8) else { return nil }
        var value = line.dropFirst(5)
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        return String(decoding: value, as: UTF8.self)
    }
}
