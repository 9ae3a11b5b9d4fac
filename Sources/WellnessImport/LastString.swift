/// Remembers the last C string seen in one attribute and what it meant, so
/// that the long runs of equal values in an export (its type, source and
/// unit attributes) are compared, not decoded, on each record.
struct LastString<Meaning> {
    private var bytes: [CChar] = [0]
    private var meaning: Meaning?

    /// What `text` means: the remembered meaning when it equals the last
    /// string, else `decode`'s, remembered.
    @inline(__always)
    mutating func meaning(of text: UnsafePointer<CChar>, decode: (String) -> Meaning) -> Meaning {
        if let meaning, bytes.withUnsafeBufferPointer({ strcmpBytes($0.baseAddress, text) }) { return meaning }
        let length = strlenBytes(text)
        bytes = Array(UnsafeBufferPointer(start: text, count: length + 1))
        let decoded = decode(String(cString: text))
        meaning = decoded
        return decoded
    }
}

@inline(__always)
private func strcmpBytes(_ stored: UnsafePointer<CChar>?, _ text: UnsafePointer<CChar>) -> Bool {
    guard let stored else { return false }
    var index = 0
    while true {
        let byte = stored[index]
        guard byte == text[index] else { return false }
        if byte == 0 { return true }
        index += 1
    }
}

@inline(__always)
private func strlenBytes(_ text: UnsafePointer<CChar>) -> Int {
    var length = 0
    while text[length] != 0 { length += 1 }
    return length
}
