/// A stream of bytes read in chunks: a plain file, or a zip member inflated as it is read.
protocol ByteChunks: AnyObject {
    /// Fills `buffer` with the next bytes.
    /// - Returns: how many (0 at the end).
    func next(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Bytes of the underlying input consumed so far (for progress).
    var inputConsumed: Int { get }
}

/// The input's bytes from its start, as they are.
final class PlainChunks: ByteChunks {
    private let input: ImportInput
    private(set) var inputConsumed = 0

    init(_ input: ImportInput) {
        self.input = input
    }

    func next(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try input.read(at: inputConsumed, into: buffer)
        inputConsumed += count
        return count
    }
}
