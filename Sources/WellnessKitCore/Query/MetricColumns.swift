/// The named numeric columns of a query table, in the order they were first
/// seen, a missing value stored as NaN (input values are finite, so NaN
/// never stands for anything else).
struct MetricColumns: Sendable {
    private(set) var names: [String] = []
    private var indexOfName: [String: Int] = [:]
    private(set) var columns: [[Double]] = []
    /// Rows added one at a time, which columns first seen later are padded to.
    private var rowsAppended = 0

    /// Most metric columns a table may have.
    static let maximumCount = 1000

    init() {}

    /// Whole columns (from Arrow), NaN for a missing value.
    /// - Throws: a validation error for a bad or repeated name, a column of
    ///   another length, or an infinite value.
    init(_ given: [(name: String, values: [Double])], rowCount: Int, reserved: [String], at path: FieldPath) throws {
        for (name, values) in given {
            let namePath = path.appending(name.echo)
            if contains(name) { throw WellnessError.validation("is a column twice", at: namePath) }
            try Self.checkName(name, reserved: reserved, at: namePath)
            guard values.count == rowCount else {
                throw WellnessError.validation("has \(values.count) values for \(rowCount) rows", at: namePath)
            }
            if let row = values.firstIndex(where: { $0.isInfinite }) {
                throw WellnessError.validation("must be a finite number", at: namePath.appending(index: row))
            }
            guard names.count < Self.maximumCount else {
                throw WellnessError.validation("a table may have at most \(Self.maximumCount) metrics", at: namePath)
            }
            append(name, values: values)
        }
    }

    /// Appends the metrics of one row, `{"<metric>": number | null, …}`,
    /// its members other than `reserved`.
    /// - Throws: a validation error naming the row's field.
    mutating func appendRow(_ reader: ObjectReader, reserved: [String]) throws {
        appendRow()
        let row = rowsAppended - 1
        for member in reader.object.members where !reserved.contains(member.key) {
            let column = try index(
                of: member.key, rowCount: row + 1, reserved: reserved, at: reader.path(of: member.key.echo))
            set(try Self.value(member.value, at: reader.path(of: member.key)), column: column, row: row)
        }
    }

    /// The metric columns of a table sent as columns: every column but `reserved`.
    /// - Throws: a validation error naming the column and row.
    init(_ table: TableColumns, reserved: [String], at path: FieldPath) throws {
        for (name, values) in table.others(than: reserved) {
            let column = try index(
                of: name, rowCount: table.rowCount, reserved: reserved, at: path.appending(name.echo))
            for (row, value) in values.enumerated() {
                set(try Self.value(value, at: path.appending(name).appending(index: row)), column: column, row: row)
            }
        }
    }

    func values(of name: String) -> [Double]? {
        indexOfName[name].map { columns[$0] }
    }

    func contains(_ name: String) -> Bool {
        indexOfName[name] != nil
    }

    /// The column `name`, added (all missing, `rowCount` long) when new.
    /// - Throws: a validation error at `path` when the name is not an
    ///   identifier, is one of `reserved`, or would be one column too many.
    mutating func index(of name: String, rowCount: Int, reserved: [String], at path: FieldPath) throws -> Int {
        if let index = indexOfName[name] { return index }
        try Self.checkName(name, reserved: reserved, at: path)
        guard names.count < Self.maximumCount else {
            throw WellnessError.validation("a table may have at most \(Self.maximumCount) metrics", at: path)
        }
        indexOfName[name] = names.count
        names.append(name)
        columns.append(Array(repeating: .nan, count: rowCount))
        return names.count - 1
    }

    mutating func set(_ value: Double, column: Int, row: Int) {
        columns[column][row] = value
    }

    /// Appends a missing value to every column, for a new row.
    mutating func appendRow() {
        rowsAppended += 1
        for index in columns.indices { columns[index].append(.nan) }
    }

    /// Every column reordered so that row `i` is the old row `order[i]`.
    mutating func reorder(_ order: [Int]) {
        for index in columns.indices {
            let old = columns[index]
            columns[index] = order.map { old[$0] }
        }
    }

    /// Adds a whole column (the derived duration); the name must be new.
    mutating func append(_ name: String, values: [Double]) {
        indexOfName[name] = names.count
        names.append(name)
        columns.append(values)
    }

    /// A metric name: an ASCII identifier of at most 64 characters.
    static func checkName(_ name: String, reserved: [String], at path: FieldPath) throws {
        let bytes = Array(name.utf8)
        let isIdentifier =
            !bytes.isEmpty && bytes.count <= 64
            && bytes.enumerated().allSatisfy { index, byte in
                byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                    || (index > 0 && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
        guard isIdentifier else {
            throw WellnessError.validation(
                "\"\(name.echo)\" is not a metric name (letters, digits and _, not starting with a digit, "
                    + "at most 64)", at: path)
        }
        if reserved.contains(name) {
            throw WellnessError.validation("\"\(name)\" is not a metric here", at: path)
        }
    }

    /// A metric value: a finite number, or null for a missing one.
    static func value(_ json: JSONValue, at path: FieldPath) throws -> Double {
        switch json {
        case .null:
            return .nan
        case .number:
            let value = try Double(json: json, at: path)
            guard value.isFinite else { throw WellnessError.validation("must be a finite number", at: path) }
            return value
        default:
            throw WellnessError.validation("expected a number or null, found \(json.kindDescription)", at: path)
        }
    }
}
