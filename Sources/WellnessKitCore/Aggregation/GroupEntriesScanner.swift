#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A single-pass reader for the grouped options' usual `"groups"`, ten
/// thousand `{"group": <integer>, "time_zone": "<IANA>"}` entries, or the
/// same as columns, `{"group": [<integer>, …], "time_zone": ["<IANA>" or
/// null, …]}` (``ListedEntries``), without a JSON tree (the general parser
/// and reader took a tenth of a small call, all of it on the calling thread
/// before any other could start).
///
/// It works in two steps, so that the call's `"threads"` are known before
/// the entries are read: ``locate(_:)`` finds the top-level `"groups"`
/// array or object and hands back the document with it replaced by `null`
/// for the general parser; ``read(_:in:threads:)`` then reads its entries
/// strictly, on two threads when there are many: the second half of the
/// rows, or the zone column beside the key column (read alone, they were
/// most of what a grouped call over few rows per group did on one thread
/// while the others waited). It accepts only entries of that form, plain
/// integers and zones it can open, and returns nil for anything else
/// (another key, an escape, a fraction, an unknown zone, `"groups"` twice,
/// columns of two lengths, bytes that are not JSON), leaving the general
/// parser and reader to accept the document or name what is wrong. So it
/// can never accept what they refuse.
enum GroupEntriesScanner {
    /// One entry: its key and its zone, an index into ``Scanned/zones``.
    struct Entry: GroupSettingsTable.ListedGroup {
        let key: Int64
        let zone: Int?

        var settings: GroupedSeriesOptions.GroupSettings { .init(zone: zone, firstWeekday: nil) }
    }

    /// Where the `"groups"` value lies (from its `[` or `{` to past its
    /// `]` or `}`), as rows or as columns, and the document with it replaced by `null`.
    struct Located {
        let value: Range<Int>
        let layout: ListedEntries.Layout
        let rest: [UInt8]
    }

    /// The entries, in order, and their distinct zones in order of first sight.
    struct Scanned {
        let entries: [Entry]
        let zones: [TimeZoneRules]
    }

    /// Arrays shorter than this are read on one thread: about 1,500 entries, a tenth of a millisecond.
    static let minimumSplitBytes = 64 * 1024

    /// The top-level `"groups"` value, when the document is an object with
    /// exactly one such member whose value starts with `[` (rows) or `{`
    /// (columns). Its end is taken to be the first `]` or `}` after it: the
    /// usual entries hold none, and ``read(_:in:threads:)`` refuses a value
    /// that does not end there.
    static func locate(_ bytes: UnsafeRawBufferPointer) -> Located? {
        // Past the parser's limit the general path names the error.
        guard bytes.count <= JSONParser.maximumInputBytes else { return nil }
        var cursor = ByteCursor(bytes, at: 0)
        guard let (value, layout) = cursor.groupsValue() else { return nil }
        let rest = Array(bytes[..<value.lowerBound]) + Array("null".utf8) + Array(bytes[value.upperBound...])
        return Located(value: value, layout: layout, rest: rest)
    }

    /// The entries of the value ``locate(_:)`` found, read on up to two of `threads`.
    static func read(_ bytes: UnsafeRawBufferPointer, _ located: Located, threads: Int) -> Scanned? {
        switch located.layout {
        case .rows: readRows(bytes, in: located.value, threads: threads)
        case .columns: readColumns(bytes, in: located.value, threads: threads)
        }
    }

    /// The rows of an array, the calling thread reading up to an entry past
    /// the middle while another reads from there. Where that entry starts is
    /// guessed (a `{` after a `,`) and believed only when the calling
    /// thread's own reading arrives exactly there; otherwise it reads on alone.
    private static func readRows(_ bytes: UnsafeRawBufferPointer, in array: Range<Int>, threads: Int) -> Scanned? {
        guard threads > 1, let split = splitPoint(bytes, array) else {
            var reader = EntryReader(SharedBytes(bytes), at: array.lowerBound)
            guard reader.readArray(stoppingAt: nil, endingAt: array.upperBound) == .ended else { return nil }
            return reader.scanned
        }
        let shared = SharedBytes(bytes)
        let halves = ParallelCalls.run([
            { @Sendable in
                var reader = EntryReader(shared, at: array.lowerBound)
                let outcome = reader.readArray(stoppingAt: split, endingAt: array.upperBound)
                return (reader, outcome)
            },
            { @Sendable in
                var reader = EntryReader(shared, at: split)
                let outcome = reader.readEntries(stoppingAt: nil, endingAt: array.upperBound)
                return (reader, outcome)
            },
        ])
        guard halves.count == 2 else { return nil }
        var (first, outcome) = halves[0]
        switch outcome {
        case .ended: return first.scanned
        case .failed: return nil
        case .reachedStop:
            // `split` starts an entry: the second half was read as the first would have read on.
            guard halves[1].1 == .ended else { return nil }
            first.append(halves[1].0)
            return first.scanned
        }
    }

    /// The columns of an object, the zone column read on another thread
    /// than the key column when there are many.
    private static func readColumns(_ bytes: UnsafeRawBufferPointer, in object: Range<Int>, threads: Int) -> Scanned? {
        var cursor = ByteCursor(bytes, at: object.lowerBound)
        guard let columns = cursor.columnArrays(endingAt: object.upperBound) else { return nil }
        let shared = SharedBytes(bytes)
        let readKeys = { @Sendable in
            var reader = EntryReader(shared, at: columns.keys.lowerBound)
            return reader.readColumn(.keys, endingAt: columns.keys.upperBound) ? reader : nil
        }
        guard let zoneColumn = columns.zones else { return readKeys()?.scanned }
        let readZones = { @Sendable in
            var reader = EntryReader(shared, at: zoneColumn.lowerBound)
            return reader.readColumn(.zones, endingAt: zoneColumn.upperBound) ? reader : nil
        }
        let both =
            threads > 1 && object.count >= minimumSplitBytes
            ? ParallelCalls.run([readKeys, readZones]) : [readKeys(), readZones()]
        guard both.count == 2, let keys = both[0], let zones = both[1] else { return nil }
        return keys.withZones(of: zones)
    }

    /// Where an entry past the middle of `array` starts, as far as the bytes
    /// tell without reading what comes before: a `{` whose previous byte
    /// other than whitespace is a `,`. Nil for a short array or none found.
    private static func splitPoint(_ bytes: UnsafeRawBufferPointer, _ array: Range<Int>) -> Int? {
        guard array.count >= minimumSplitBytes, let base = bytes.baseAddress else { return nil }
        var index = array.lowerBound + array.count / 2
        while index < array.upperBound {
            guard let found = memchr(base + index, Int32(UInt8(ascii: "{")), array.upperBound - index) else {
                return nil
            }
            let brace = base.distance(to: UnsafeRawPointer(found))
            var before = brace - 1
            while before > array.lowerBound, ByteCursor.isWhitespace(bytes[before]) { before -= 1 }
            if bytes[before] == UInt8(ascii: ",") { return brace }
            index = brace + 1
        }
        return nil
    }
}

/// The document's bytes, read by the threads of one call, which joins them before returning.
private struct SharedBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }
}

/// How reading entries ended.
private enum ReadOutcome: Sendable {
    /// At the array's `]`, which is where it was expected.
    case ended
    /// At the start of the entry it was asked to stop at.
    case reachedStop
    /// At anything unusual.
    case failed
}

/// Reads entries from a position on, numbering their zones as it meets them.
private struct EntryReader: @unchecked Sendable {
    private var cursor: ByteCursor
    private(set) var entries: [Entry] = []
    private(set) var zones: [TimeZoneRules] = []
    /// Where each zone's name was first read, by number: a few names, compared byte for byte.
    private var names: [Range<Int>] = []
    /// The items of a zone column, in order: a zone's number, nil for null.
    private var zoneItems: [Int?] = []

    typealias Entry = GroupEntriesScanner.Entry

    init(_ shared: SharedBytes, at position: Int) {
        cursor = ByteCursor(shared.bytes, at: position)
    }

    var scanned: GroupEntriesScanner.Scanned {
        GroupEntriesScanner.Scanned(entries: entries, zones: zones)
    }

    /// Reads `[` entries `]`, the `]` at `end - 1`, or up to the entry starting at `stop`.
    mutating func readArray(stoppingAt stop: Int?, endingAt end: Int) -> ReadOutcome {
        guard cursor.consume(UInt8(ascii: "[")) else { return .failed }
        cursor.skipWhitespace()
        if cursor.consume(UInt8(ascii: "]")) { return cursor.position == end ? .ended : .failed }
        return readEntries(stoppingAt: stop, endingAt: end)
    }

    /// Reads entries separated by commas up to the array's `]` (at `end - 1`)
    /// or to the start of the entry at `stop`.
    mutating func readEntries(stoppingAt stop: Int?, endingAt end: Int) -> ReadOutcome {
        while true {
            cursor.skipWhitespace()
            guard let entry = readEntry() else { return .failed }
            entries.append(entry)
            cursor.skipWhitespace()
            if cursor.consume(UInt8(ascii: ",")) {
                cursor.skipWhitespace()
                if cursor.position == stop { return .reachedStop }
                continue
            }
            return cursor.consume(UInt8(ascii: "]")) && cursor.position == end ? .ended : .failed
        }
    }

    /// What a column holds.
    enum Column {
        /// Integers, read into entries without a zone.
        case keys
        /// Zone names or nulls.
        case zones
    }

    /// Reads a column, `[` items `]` with the `]` at `end - 1`.
    mutating func readColumn(_ column: Column, endingAt end: Int) -> Bool {
        guard cursor.consume(UInt8(ascii: "[")) else { return false }
        cursor.skipWhitespace()
        if cursor.consume(UInt8(ascii: "]")) { return cursor.position == end }
        while true {
            cursor.skipWhitespace()
            guard readItem(of: column) else { return false }
            cursor.skipWhitespace()
            if cursor.consume(UInt8(ascii: ",")) { continue }
            return cursor.consume(UInt8(ascii: "]")) && cursor.position == end
        }
    }

    private mutating func readItem(of column: Column) -> Bool {
        switch column {
        case .keys:
            guard let key = cursor.integer() else { return false }
            entries.append(Entry(key: key, zone: nil))
        case .zones:
            if cursor.consumeNull() {
                zoneItems.append(nil)
            } else {
                guard let number = readZone() else { return false }
                zoneItems.append(number)
            }
        }
        return true
    }

    /// This key column's entries with the zones `column` read, item by item;
    /// nil when the columns' lengths differ.
    func withZones(of column: EntryReader) -> GroupEntriesScanner.Scanned? {
        guard column.zoneItems.count == entries.count else { return nil }
        let paired = zip(entries, column.zoneItems).map { Entry(key: $0.key, zone: $1) }
        return GroupEntriesScanner.Scanned(entries: paired, zones: column.zones)
    }

    /// Appends what `other` read after this reader's entries, its zones renumbered as this reader's.
    mutating func append(_ other: EntryReader) {
        let numbers = other.names.indices.map { number in
            if let known = names.firstIndex(where: { cursor.same($0, other.names[number]) }) { return known }
            names.append(other.names[number])
            zones.append(other.zones[number])
            return zones.count - 1
        }
        entries.reserveCapacity(entries.count + other.entries.count)
        for entry in other.entries {
            entries.append(Entry(key: entry.key, zone: entry.zone.map { numbers[$0] }))
        }
    }

    private mutating func readEntry() -> Entry? {
        guard cursor.consume(UInt8(ascii: "{")) else { return nil }
        var key: Int64?
        var zone: Int?
        var zoneSeen = false
        repeat {
            guard let name = cursor.memberName() else { return nil }
            if cursor.matches(name, "group"), key == nil {
                guard let number = cursor.integer() else { return nil }
                key = number
            } else if cursor.matches(name, "time_zone"), !zoneSeen {
                guard let number = readZone() else { return nil }
                zone = number
                zoneSeen = true
            } else {
                return nil
            }
            cursor.skipWhitespace()
        } while cursor.consume(UInt8(ascii: ","))
        guard cursor.consume(UInt8(ascii: "}")), let key else { return nil }
        return Entry(key: key, zone: zone)
    }

    /// The number of the zone named by the string at the cursor, read past it.
    private mutating func readZone() -> Int? {
        if let known = cursor.quoted(among: names) { return known }
        guard let text = cursor.plainString() else { return nil }
        return zoneNumber(text)
    }

    /// The zone's number, opening it the first time it is named; nil when it cannot be opened.
    private mutating func zoneNumber(_ name: Range<Int>) -> Int? {
        if let known = names.firstIndex(where: { cursor.same($0, name) }) { return known }
        // Hundreds of zones are read one by one: the general reader then takes the rest.
        guard names.count < 64, let zone = TimeZoneRules(identifier: cursor.text(name)) else { return nil }
        names.append(name)
        zones.append(zone)
        return zones.count - 1
    }
}

/// A position in the document and the strict readings of what is there.
private struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    private(set) var position: Int

    init(_ bytes: UnsafeRawBufferPointer, at position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Where the top-level `"groups"` value lies (see ``GroupEntriesScanner/locate(_:)``).
    mutating func groupsValue() -> (Range<Int>, ListedEntries.Layout)? {
        skipWhitespace()
        guard consume(UInt8(ascii: "{")) else { return nil }
        var found: (Range<Int>, ListedEntries.Layout)?
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return nil }
        while true {
            guard let key = memberName() else { return nil }
            if matches(key, "groups") {
                guard found == nil, position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "{") {
                    guard let object = upToFirst(UInt8(ascii: "}")) else { return nil }
                    found = (object, .columns)
                } else {
                    guard let array = arrayUpToFirstClose() else { return nil }
                    found = (array, .rows)
                }
            } else {
                guard skipValue() else { return nil }
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "}")) else { return nil }
            return found
        }
    }

    /// From the `[` at the position to past the first `]` after it.
    private mutating func arrayUpToFirstClose() -> Range<Int>? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
        return upToFirst(UInt8(ascii: "]"))
    }

    /// From the position to past the first `close` after it.
    private mutating func upToFirst(_ close: UInt8) -> Range<Int>? {
        guard position < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + position, Int32(close), bytes.count - position)
        else { return nil }
        let start = position
        position = base.distance(to: UnsafeRawPointer(found)) + 1
        return start..<position
    }

    /// The key column and the zone column, if any, of the columns object at
    /// the position, which ends at `end`: `{"group": [...], "time_zone": [...]}`
    /// in either order, each once; nil for any other member.
    mutating func columnArrays(endingAt end: Int) -> (keys: Range<Int>, zones: Range<Int>?)? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var keys: Range<Int>?
        var zones: Range<Int>?
        repeat {
            guard let name = memberName() else { return nil }
            if matches(name, "group"), keys == nil {
                keys = arrayUpToFirstClose()
                guard keys != nil else { return nil }
            } else if matches(name, "time_zone"), zones == nil {
                zones = arrayUpToFirstClose()
                guard zones != nil else { return nil }
            } else {
                return nil
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")), position == end, let keys else { return nil }
        return (keys, zones)
    }

    /// The number of the name in `names` that the string at the position
    /// holds, read past it; nil, not moving, for any other string. Each
    /// name was read as a plain string, so the same bytes up to a quote are
    /// read as the same plain string: a few comparisons instead of reading
    /// it byte by byte and then comparing it with every name.
    mutating func quoted(among names: [Range<Int>]) -> Int? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let base = bytes.baseAddress else {
            return nil
        }
        let start = position + 1
        for (number, name) in names.enumerated() {
            let close = start + name.count
            guard close < bytes.count, bytes[close] == UInt8(ascii: "\""),
                memcmp(base + start, base + name.lowerBound, name.count) == 0
            else { continue }
            position = close + 1
            return number
        }
        return nil
    }

    /// An object member's name, a plain string, read with the `:` after it
    /// and the whitespace around both, up to its value.
    mutating func memberName() -> Range<Int>? {
        skipWhitespace()
        guard let name = plainString() else { return nil }
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { return nil }
        skipWhitespace()
        return name
    }

    /// A `null` at the position.
    mutating func consumeNull() -> Bool {
        guard bytes.count - position >= 4, matches(position..<(position + 4), "null") else { return false }
        position += 4
        return true
    }

    func same(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
        guard one.count == other.count, let base = bytes.baseAddress else { return false }
        return memcmp(base + one.lowerBound, base + other.lowerBound, one.count) == 0
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A JSON integer without fraction or exponent that fits an Int64 (as `Int64(text)` reads it).
    mutating func integer() -> Int64? {
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digits = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        let count = position - digits
        // JSON: no leading zero before other digits; a fraction or exponent is the reader's.
        guard count > 0, count == 1 || bytes[digits] != UInt8(ascii: "0"),
            position == bytes.count || !Self.continuesNumber(bytes[position])
        else { return nil }
        // Accumulated negative, so that Int64.min fits; nil past the range, as Int64(text) would be.
        var value: Int64 = 0
        // Up to 18 digits cannot leave the range: no check per digit.
        if count <= 18 {
            for index in digits..<position { value = value &* 10 &- Int64(bytes[index] &- UInt8(ascii: "0")) }
            return digits > start ? value : -value
        }
        for index in digits..<position {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, under) = times.subtractingReportingOverflow(Int64(bytes[index] &- UInt8(ascii: "0")))
            guard !overflow, !under else { return nil }
            value = next
        }
        if digits > start { return value }
        return value == Int64.min ? nil : -value
    }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// The bounds of a string's contents, when they are printable ASCII without escapes.
    mutating func plainString() -> Range<Int>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return start..<(position - 1)
            }
            guard byte &- 0x20 < 0x5F, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        return nil
    }

    /// Skips one value of any kind, finding where it ends: strings with
    /// their escapes, arrays and objects by their brackets (the general
    /// parser reads the document without the groups, and checks the rest).
    private mutating func skipValue() -> Bool {
        var depth = 0
        repeat {
            guard position < bytes.count else { return false }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard position < bytes.count else { return false }
                position += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                position += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard depth > 0 else { return false }
                depth -= 1
                position += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
                guard depth > 0 else { return true }
                position += 1
            default:
                position += 1
            }
        } while depth > 0 || !(position == bytes.count || Self.endsTopValue(bytes[position]))
        return true
    }

    /// What may follow a member's value in the top-level object.
    private static func endsTopValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09: return true
        default: return false
        }
    }

    func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != word.utf8Start[offset] {
            return false
        }
        return true
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }
}
