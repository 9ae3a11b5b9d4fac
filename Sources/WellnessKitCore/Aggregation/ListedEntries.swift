/// The entries of a grouped call's `"groups"`, as rows for the entry reader.
///
/// They come as rows, `[{"group": 7, "time_zone": "Asia/Tokyo"}, …]`, or
/// as columns, `{"group": [7, …], "time_zone": ["Asia/Tokyo", …],
/// "first_weekday": […]}`: a frame's columns as they are, and for ten
/// thousand groups less than half the bytes to write and to read (the
/// caller's encoding of ten thousand row objects ran on its thread alone,
/// before any of the call's threads could start). A null item of a column
/// sets nothing for its group, as a missing member of a row would.
///
/// Columns are turned into the rows they stand for, read by the same
/// reader, and its errors placed at the column's item: `groups.time_zone[3]`.
struct ListedEntries {
    /// How `"groups"` was given, and so where an entry's errors point.
    enum Layout: Sendable {
        case rows
        case columns

        /// Where the reader of entry `index` stands: the entry itself, or for
        /// columns `"groups"`, the errors then placed at the item (``placing(_:_:)``).
        func readerPath(at index: Int, in groups: FieldPath) -> FieldPath {
            switch self {
            case .rows: groups.appending(index: index)
            case .columns: groups
            }
        }

        /// The path of entry `index`'s `setting`: `groups[3].group` or `groups.group[3]`.
        func path(of setting: String, at index: Int, in groups: FieldPath) -> FieldPath {
            switch self {
            case .rows: groups.appending(index: index).appending(setting)
            case .columns: groups.appending(setting).appending(index: index)
            }
        }

        /// What `read` returns; for columns, its error placed at item `index`
        /// of the column it names.
        func placing<Value>(_ index: Int, _ read: () throws -> Value) throws -> Value {
            guard case .columns = self else { return try read() }
            do {
                return try read()
            } catch let error as WellnessError {
                throw WellnessError(kind: error.kind, message: error.message, path: "\(error.path ?? "")[\(index)]")
            }
        }
    }

    /// What an entry may set, and so the columns there may be.
    static let settingNames = ["group", "time_zone", "first_weekday"]

    /// Each entry as an object with the members of a row.
    let entries: [JSONValue]
    let layout: Layout

    /// - Parameters:
    ///   - groups: the value of `"groups"`, not null.
    ///   - path: its path.
    /// - Throws: a validation error when it is neither an array nor an
    ///   object of columns of one length with a `"group"` column.
    init(_ groups: JSONValue, at path: FieldPath) throws {
        switch groups {
        case .array(let rows):
            entries = rows
            layout = .rows
        case .object:
            entries = try Self.rows(ofColumns: try ObjectReader(groups, at: path))
            layout = .columns
        default:
            throw WellnessError.validation(
                "must be an array of {\"group\", \"time_zone\", \"first_weekday\"}, or an object of those columns"
                    + ", found \(groups.kindDescription)",
                at: path)
        }
    }

    private static func rows(ofColumns reader: ObjectReader) throws -> [JSONValue] {
        try reader.rejectUnknownKeys(settingNames)
        try reader.rejectRepeatedKeys()
        guard let keyColumn = reader.object["group"], keyColumn != .null else {
            throw WellnessError.validation(
                "is required: the groups' keys, one item per group, the other columns' items in the same order",
                at: reader.path(of: "group"))
        }
        let keys = try items(of: keyColumn, at: reader.path(of: "group"))
        var settings: [(name: String, items: [JSONValue])] = []
        for name in settingNames.dropFirst() {
            guard let column = reader.object[name], column != .null else { continue }
            let items = try items(of: column, at: reader.path(of: name))
            guard items.count == keys.count else {
                throw WellnessError.validation(
                    "has \(items.count) items but \"group\" has \(keys.count): one item per group",
                    at: reader.path(of: name))
            }
            settings.append((name, items))
        }
        return keys.indices.map { index in
            var members = [("group", keys[index])]
            for column in settings where column.items[index] != .null {
                members.append((column.name, column.items[index]))
            }
            return .object(JSONObject(members))
        }
    }

    private static func items(of column: JSONValue, at path: FieldPath) throws -> [JSONValue] {
        guard case .array(let items) = column else {
            throw WellnessError.validation(
                "must be an array, one item per group, found \(column.kindDescription)", at: path)
        }
        return items
    }
}
