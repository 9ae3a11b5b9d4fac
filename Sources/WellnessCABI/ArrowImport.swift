import CWellness
import WellnessKitCore

/// Columns handed in through the Arrow C Data Interface: one struct array
/// (format "+s", as pyarrow's `RecordBatch._export_to_c`, polars and DuckDB
/// produce) whose children are read into plain Swift arrays. Written by hand
/// for the reason ArrowExport gives: the interface is a few plain structs.
///
/// Arrow carries no buffer sizes, so the buffers are trusted to be as long
/// as the lengths and offsets say (the interface's contract); everything the
/// structs themselves say is checked before a buffer is read.
struct ArrowImport {
    /// One column: its name, format and array, with the struct's offset applied.
    struct Column {
        let name: String
        let format: String
        let array: ArrowArray
        /// The struct's rows start this far into the column.
        let offset: Int
        let length: Int
        let path: FieldPath

        /// Whether row `row` holds a value (no validity bitmap: every row).
        func isValid(_ row: Int) -> Bool {
            guard array.null_count != 0, let buffers = array.buffers, let bitmap = buffers[0] else { return true }
            let index = offset + row
            return bitmap.load(fromByteOffset: index / 8, as: UInt8.self) >> UInt8(index % 8) & 1 == 1
        }

        /// The fixed-width values of a numeric or temporal column, as `Value`, nil where missing.
        func fixedWidth<Value: FixedWidthInteger>(_ type: Value.Type) throws -> [Value?] {
            let data = try buffer(1)
            return (0..<length).map { row in
                isValid(row)
                    ? data.load(fromByteOffset: (offset + row) * MemoryLayout<Value>.size, as: Value.self) : nil
            }
        }

        /// The values of a metric column as doubles, NaN where missing.
        /// Integers of every width are read as what they are and rounded to
        /// the nearest double, as the JSON path rounds the same number
        /// (2^64 − 1 becomes 18446744073709551616).
        func doubles() throws -> [Double] {
            switch format {
            case "g":
                let data = try buffer(1)
                return (0..<length).map { row in
                    isValid(row) ? data.load(fromByteOffset: (offset + row) * 8, as: Double.self) : .nan
                }
            case "f":
                let data = try buffer(1)
                return (0..<length).map { row in
                    isValid(row) ? Double(data.load(fromByteOffset: (offset + row) * 4, as: Float.self)) : .nan
                }
            // `Double.init` spelled out: unapplied, it would also match `init(bitPattern: UInt64)`.
            case "l": return try fixedWidth(Int64.self).map { $0.map { Double($0) } ?? .nan }
            case "i": return try fixedWidth(Int32.self).map { $0.map { Double($0) } ?? .nan }
            case "s": return try fixedWidth(Int16.self).map { $0.map { Double($0) } ?? .nan }
            case "c": return try fixedWidth(Int8.self).map { $0.map { Double($0) } ?? .nan }
            case "L": return try fixedWidth(UInt64.self).map { $0.map { Double($0) } ?? .nan }
            case "I": return try fixedWidth(UInt32.self).map { $0.map { Double($0) } ?? .nan }
            case "S": return try fixedWidth(UInt16.self).map { $0.map { Double($0) } ?? .nan }
            case "C": return try fixedWidth(UInt8.self).map { $0.map { Double($0) } ?? .nan }
            default:
                throw WellnessError.validation(
                    "a metric must be a number column (float64/32, int8-64, uint8-64), not Arrow format \"\(format.echo)\"",
                    at: path)
            }
        }

        /// Local days of a date32 ("tdD") or date64 ("tdm") column.
        func days() throws -> [Int] {
            let days: [Int?]
            switch format {
            case "tdD": days = try fixedWidth(Int32.self).map { $0.map(Int.init) }
            case "tdm": days = try fixedWidth(Int64.self).map { $0.map { Int($0.floorDivided(by: 86_400_000)) } }
            default:
                throw WellnessError.validation(
                    "expected a date column (date32 or date64), not \"\(format.echo)\"", at: path)
            }
            return try required(days)
        }

        /// Milliseconds since the epoch of a timestamp column with a zone ("ts?:<zone>").
        func instants() throws -> [Int64] {
            let parts = format.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].count == 3, parts[0].hasPrefix("ts") else {
                throw WellnessError.validation("expected a timestamp column, not \"\(format.echo)\"", at: path)
            }
            guard !parts[1].isEmpty else {
                throw WellnessError.validation(
                    "timestamps without a time zone are ambiguous: give the column a zone (UTC)", at: path)
            }
            try Self.checkZone(String(parts[1]), at: path)
            let perMillisecond: (Int64) -> Int64?
            switch parts[0].last {
            case "s": perMillisecond = { $0.multipliedReportingOverflow(by: 1000).overflow ? nil : $0 * 1000 }
            case "m": perMillisecond = { $0 }
            case "u": perMillisecond = { $0.floorDivided(by: 1000) }
            case "n": perMillisecond = { $0.floorDivided(by: 1_000_000) }
            default: throw WellnessError.validation("unknown timestamp unit in \"\(format.echo)\"", at: path)
            }
            let values = try fixedWidth(Int64.self)
            return try values.enumerated().map { row, value in
                guard let value else { throw WellnessError.validation("is null", at: path.appending(index: row)) }
                guard let milliseconds = perMillisecond(value) else {
                    throw WellnessError.validation("is outside years 1-9999", at: path.appending(index: row))
                }
                return milliseconds
            }
        }

        /// A utf8 ("u") or large utf8 ("U") column.
        func strings() throws -> [String] {
            guard format == "u" || format == "U" else {
                throw WellnessError.validation("expected a string column (utf8), not \"\(format.echo)\"", at: path)
            }
            let offsets = try buffer(1)
            let data = array.n_buffers >= 3 ? array.buffers?[2] : nil
            let wide = format == "U"
            return try (0..<length).map { row in
                guard isValid(row) else { throw WellnessError.validation("is null", at: path.appending(index: row)) }
                let index = offset + row
                let start =
                    wide
                    ? Int(offsets.load(fromByteOffset: index * 8, as: Int64.self))
                    : Int(offsets.load(fromByteOffset: index * 4, as: Int32.self))
                let end =
                    wide
                    ? Int(offsets.load(fromByteOffset: (index + 1) * 8, as: Int64.self))
                    : Int(offsets.load(fromByteOffset: (index + 1) * 4, as: Int32.self))
                guard start >= 0, end >= start else {
                    throw WellnessError.validation("has decreasing string offsets", at: path.appending(index: row))
                }
                guard end > start else { return "" }
                guard let data else { throw WellnessError.validation("has no string data buffer", at: path) }
                let bytes = UnsafeRawBufferPointer(start: data.advanced(by: start), count: end - start)
                // Refused as the JSON path refuses it, not repaired with U+FFFD.
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw WellnessError.validation("is not valid UTF-8", at: path.appending(index: row))
                }
                return text
            }
        }

        /// The zone of a timestamp column: an IANA name or a fixed offset `±HH:MM`, as Arrow allows.
        static func checkZone(_ zone: String, at path: FieldPath) throws {
            let bytes = Array(zone.utf8)
            let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            let isOffset =
                bytes.count == 6 && (bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"))
                && isDigit(bytes[1]) && isDigit(bytes[2]) && bytes[3] == UInt8(ascii: ":") && isDigit(bytes[4])
                && isDigit(bytes[5]) && bytes[1] <= UInt8(ascii: "2") && bytes[4] <= UInt8(ascii: "5")
            guard !isOffset else { return }
            guard TimeZoneRules(identifier: zone) != nil else {
                throw WellnessError.validation(
                    "the timestamp column's time zone \"\(zone.echo)\" is unknown: expected an IANA name such as "
                        + "UTC or America/New_York, or an offset such as +05:30", at: path)
            }
        }

        private func buffer(_ index: Int) throws -> UnsafeRawPointer {
            guard array.n_buffers > index, let buffers = array.buffers, let buffer = buffers[index] else {
                if length == 0, let empty = UnsafeRawPointer(bitPattern: 8) { return empty }
                throw WellnessError.validation("lacks Arrow buffer \(index)", at: path)
            }
            return buffer
        }

        private func required<Value>(_ values: [Value?]) throws -> [Value] {
            try values.enumerated().map { row, value in
                guard let value else { throw WellnessError.validation("is null", at: path.appending(index: row)) }
                return value
            }
        }
    }

    let columns: [Column]
    let rowCount: Int

    /// Reads the struct's columns; `path` names the table in errors.
    /// - Throws: a validation error when the structs are not a struct array of
    ///   plain columns, or any field the C Data Interface defines is out of
    ///   its rules (checked before a buffer is read).
    init(schema: ArrowSchema, array: ArrowArray, at path: FieldPath) throws {
        guard let format = schema.format.map({ String(cString: $0) }), format == "+s" else {
            throw WellnessError.validation("expected an Arrow struct array (format \"+s\") of columns", at: path)
        }
        guard schema.n_children == array.n_children, schema.n_children >= 0, array.length >= 0, array.offset >= 0,
            let length = Int(exactly: array.length), let offset = Int(exactly: array.offset),
            length <= Int(Int32.max), offset <= Int(Int32.max)
        else {
            throw WellnessError.validation("its Arrow schema and array do not match", at: path)
        }
        guard schema.dictionary == nil, array.dictionary == nil else {
            throw WellnessError.validation("its Arrow struct must not be dictionary-encoded", at: path)
        }
        try Self.checkStructure(array, buffers: 1, at: path)
        try Self.refuseNullRows(array, length: length, offset: offset, at: path)
        var columns: [Column] = []
        for index in 0..<Int(schema.n_children) {
            let column = try Self.child(index, of: schema, array, at: path)
            guard column.array.length >= length + offset else {
                throw WellnessError.validation("is shorter than its table", at: column.path)
            }
            columns.append(column)
        }
        self.columns = columns
        rowCount = length
    }

    /// Column `index`: both its structs live, plain (no children, no dictionary), with the buffers its format has.
    private static func child(_ index: Int, of schema: ArrowSchema, _ array: ArrowArray, at path: FieldPath) throws
        -> Column
    {
        guard let childSchema = schema.children?[index]?.pointee, let childArray = array.children?[index]?.pointee,
            let childFormat = childSchema.format.map({ String(cString: $0) })
        else {
            throw WellnessError.validation("Arrow column \(index) is missing", at: path)
        }
        let name = childSchema.name.map { String(cString: $0) } ?? ""
        let columnPath = path.appending(name.echo)
        // A released child's buffers belong to no one any more.
        guard childSchema.release != nil, childArray.release != nil else {
            throw WellnessError.validation("its Arrow structs were already released", at: columnPath)
        }
        guard childSchema.dictionary == nil, childArray.dictionary == nil else {
            throw WellnessError.validation("is dictionary-encoded (a category); cast it to its values", at: columnPath)
        }
        guard childSchema.n_children == 0, childArray.n_children == 0 else {
            throw WellnessError.validation(
                "is a nested Arrow column (format \"\(childFormat.echo)\"); give plain columns", at: columnPath)
        }
        guard childArray.length >= 0, childArray.offset >= 0, childArray.offset <= Int64(Int32.max) else {
            throw WellnessError.validation("has a negative Arrow length or offset", at: columnPath)
        }
        if let buffers = expectedBuffers(of: childFormat) {
            try checkStructure(childArray, buffers: buffers, at: columnPath)
        }
        return Column(
            name: name, format: childFormat, array: childArray, offset: Int(array.offset) + Int(childArray.offset),
            length: Int(array.length), path: columnPath)
    }

    /// How many buffers an array of `format` has (validity first), or nil for a format no column may have
    /// (refused by name when the column is read).
    static func expectedBuffers(of format: String) -> Int? {
        switch format {
        case "g", "f", "e", "l", "i", "s", "c", "L", "I", "S", "C", "b", "tdD", "tdm": return 2
        case "u", "U": return 3
        case _ where format.hasPrefix("ts") && format.utf8.count >= 4: return 2
        default: return nil
        }
    }

    /// The fields every array has: its null count (-1, "not computed", or 0
    /// to the length), its buffer count, and a validity bitmap wherever a
    /// null is counted (the interface lets it be NULL only for no nulls).
    static func checkStructure(_ array: ArrowArray, buffers: Int, at path: FieldPath) throws {
        guard array.null_count >= -1, array.null_count <= array.length else {
            throw WellnessError.validation(
                "has Arrow null_count \(array.null_count) for \(array.length) rows", at: path)
        }
        guard array.n_buffers == Int64(buffers) else {
            throw WellnessError.validation(
                "has \(array.n_buffers) Arrow buffers where its format has \(buffers)", at: path)
        }
        guard let pointers = array.buffers else {
            throw WellnessError.validation("has no Arrow buffers array", at: path)
        }
        guard array.null_count == 0 || pointers[0] != nil else {
            throw WellnessError.validation(
                "has Arrow null_count \(array.null_count) but no validity bitmap", at: path)
        }
        guard array.n_children == 0 || array.children != nil else {
            throw WellnessError.validation("has \(array.n_children) Arrow children but no children array", at: path)
        }
    }

    /// A row the struct's own validity marks null is refused: its columns'
    /// values there are unspecified, and a table has no missing rows.
    private static func refuseNullRows(_ array: ArrowArray, length: Int, offset: Int, at path: FieldPath) throws {
        guard array.null_count != 0, let bitmap = array.buffers?[0] else { return }
        for row in 0..<length {
            let index = offset + row
            guard bitmap.load(fromByteOffset: index / 8, as: UInt8.self) >> UInt8(index % 8) & 1 == 1 else {
                throw WellnessError.validation(
                    "is a null row of the Arrow struct: drop null rows before handing the table over",
                    at: path.appending(index: row))
            }
        }
    }

    func column(_ name: String, at path: FieldPath) throws -> Column {
        guard let column = columns.first(where: { $0.name == name }) else {
            throw WellnessError.validation("is required", at: path.appending(name))
        }
        return column
    }

    /// The metric columns: every column but `reserved`.
    func metrics(except reserved: [String]) throws -> [(name: String, values: [Double])] {
        try columns.filter { !reserved.contains($0.name) }.map { ($0.name, try $0.doubles()) }
    }
}
