/// The `reply` string of a coach answer (`{"reply": "...", "context_id": ...}`)
/// read from the answer's JSON while it is still arriving, so that its text
/// can be shown as it is written: as much of the string as has arrived, with
/// its escapes decoded (an escape cut off at the end waits for the rest).
///
/// Written by hand: JSON parsers (ours too) read whole documents, and a
/// streaming one would still not hand out half a string. Only the object's
/// top level is read; the whole answer is validated by ``AnswerValidation``
/// once it is complete. One thing is decided here: an answer that writes the
/// `reply` key twice is told as such (``Reading/repeated``), so that the
/// text shown (the first value) can never differ from the text a parser
/// would keep (perhaps the second).
enum PartialReplyText {
    /// What the answer so far holds.
    struct Reading: Equatable {
        /// The decoded prefix of the first top-level `reply` string, or "" before it starts.
        var text: String
        /// Whether a second top-level `reply` key followed the first value.
        var repeated = false
    }

    /// The decoded prefix of the top-level `reply` string in `json`, or "" before it starts.
    static func of(_ json: String) -> String {
        read(json).text
    }

    static func read(_ json: String) -> Reading {
        var reader = Reader(Array(json.unicodeScalars))
        guard let text = reader.reply() else { return Reading(text: "") }
        return Reading(text: text.text, repeated: text.complete && reader.repeatsReply())
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Whether the next member is the object's first (no comma before it).
        var atFirstMember = true

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        /// Walks the top level's members until `reply`; nil when the text ends before its value.
        mutating func reply() -> (text: String, complete: Bool)? {
            skipSpace()
            guard take("{") else { return nil }
            while true {
                guard let key = nextKey() else { return nil }
                if key == "reply" {
                    guard peek == "\"" else { return nil }
                    return string()
                }
                guard skipValue() else { return nil }
            }
        }

        /// Whether, after the value just read, another member's key is `reply`.
        mutating func repeatsReply() -> Bool {
            while let key = nextKey() {
                if key == "reply" { return true }
                guard skipValue() else { return false }
            }
            return false
        }

        /// The next member's key, read past its colon (after a `,` unless the object just began); nil at its end.
        mutating func nextKey() -> String? {
            skipSpace()
            if !atFirstMember {
                guard take(",") else { return nil }
                skipSpace()
            }
            atFirstMember = false
            guard peek == "\"", let key = string(), key.complete else { return nil }
            skipSpace()
            guard take(":") else { return nil }
            skipSpace()
            return key.text
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
