/// The `reply` string of a coach answer (`{"reply": "...", "context_id": ...}`)
/// read from the answer's JSON while it is still arriving, so that its text
/// can be shown as it is written: as much of the string as has arrived, with
/// its escapes decoded (an escape cut off at the end waits for the rest).
///
/// Written by hand: JSON parsers (ours too) read whole documents, and a
/// streaming one would still not hand out half a string. Only the object's
/// top level is read; the whole answer is validated by ``AnswerValidation``
/// once it is complete, and nothing here decides whether it is valid.
enum PartialReplyText {
    /// The decoded prefix of the top-level `reply` string in `json`, or "" before it starts.
    static func of(_ json: String) -> String {
        var reader = Reader(Array(json.unicodeScalars))
        return reader.reply() ?? ""
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        /// Walks the top level's members until `reply`; nil when the text ends before its value.
        mutating func reply() -> String? {
            skipSpace()
            guard take("{") else { return nil }
            while true {
                skipSpace()
                guard peek == "\"", let key = string(), key.complete else { return nil }
                skipSpace()
                guard take(":") else { return nil }
                skipSpace()
                if key.text == "reply" {
                    guard peek == "\"" else { return nil }
                    return string()?.text
                }
                guard skipValue() else { return nil }
                skipSpace()
                guard take(",") else { return nil }
            }
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while let scalar = peek, [" ", "\n", "\r", "\t"].contains(scalar) { index += 1 }
        }

        /// A string at `index` (which is `"`): its decoded text so far, and whether its closing quote came.
        mutating func string() -> (text: String, complete: Bool)? {
            guard take("\"") else { return nil }
            var text = String.UnicodeScalarView()
            while let scalar = peek {
                switch scalar {
                case "\"":
                    index += 1
                    return (String(text), true)
                case "\\":
                    guard let decoded = escape() else { return (String(text), false) }
                    text.append(decoded)
                default:
                    text.append(scalar)
                    index += 1
                }
            }
            return (String(text), false)
        }

        /// The escape at `index`, advanced past; nil (not advanced) when it is cut off or malformed.
        mutating func escape() -> Unicode.Scalar? {
            guard index + 1 < scalars.count else { return nil }
            let simple: [Unicode.Scalar: Unicode.Scalar] = [
                "\"": "\"", "\\": "\\", "/": "/", "b": "\u{8}", "f": "\u{C}", "n": "\n", "r": "\r", "t": "\t",
            ]
            if let decoded = simple[scalars[index + 1]] {
                index += 2
                return decoded
            }
            guard scalars[index + 1] == "u", let high = hex(at: index + 2) else { return nil }
            if !(0xD800...0xDBFF).contains(high) {
                guard let scalar = Unicode.Scalar(high) else { return nil }
                index += 6
                return scalar
            }
            guard index + 7 < scalars.count, scalars[index + 6] == "\\", scalars[index + 7] == "u",
                let low = hex(at: index + 8), (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else { return nil }
            index += 12
            return scalar
        }

        /// Four hex digits at `start`, or nil when they have not all arrived or are not hex.
        func hex(at start: Int) -> UInt32? {
            guard start + 4 <= scalars.count else { return nil }
            var value: UInt32 = 0
            for scalar in scalars[start..<start + 4] {
                guard let digit = Character(scalar).hexDigitValue else { return nil }
                value = value * 16 + UInt32(digit)
            }
            return value
        }

        /// Skips a complete value of any kind; false when it has not all arrived.
        mutating func skipValue() -> Bool {
            guard let first = peek else { return false }
            if first == "\"" { return string()?.complete ?? false }
            if first == "{" || first == "[" {
                var depth = 0
                while let scalar = peek {
                    if scalar == "\"" {
                        guard string()?.complete == true else { return false }
                        continue
                    }
                    index += 1
                    if scalar == "{" || scalar == "[" { depth += 1 }
                    if scalar == "}" || scalar == "]" {
                        depth -= 1
                        if depth == 0 { return true }
                    }
                }
                return false
            }
            // A literal or number: complete once a delimiter follows it.
            while let scalar = peek, ![",", "}", " ", "\n", "\r", "\t"].contains(scalar) { index += 1 }
            return peek != nil
        }
    }
}
