/// A table sent as columns, `{"<column>": [values…], …}`, every column as
/// long as the others.
struct TableColumns {
    private let reader: ObjectReader
    let rowCount: Int

    init(_ json: JSONValue, at path: FieldPath) throws {
        reader = try ObjectReader(json, at: path)
        var rowCount: Int?
        for member in reader.object.members {
            let name = member.key
            guard case .array(let values) = member.value else {
                throw WellnessError.validation(
                    "expected a column (an array), found \(member.value.kindDescription)", at: path.appending(name.echo)
                )
            }
            if let expected = rowCount, values.count != expected {
                throw WellnessError.validation(
                    "has \(values.count) values where the other columns have \(expected)", at: path.appending(name.echo)
                )
            }
            rowCount = values.count
        }
        self.rowCount = rowCount ?? 0
    }

    /// The column `name`, each value decoded by `decode(value, path)`.
    func required<T>(_ name: String, _ decode: (JSONValue, FieldPath) throws -> T) throws -> [T] {
        guard case .array(let values)? = reader.object[name] else {
            throw WellnessError.validation("is required", at: reader.path(of: name))
        }
        let path = reader.path(of: name)
        return try values.enumerated().map { try decode($1, path.appending(index: $0)) }
    }

    /// The columns other than `reserved`, in document order.
    func others(than reserved: [String]) -> [(String, [JSONValue])] {
        reader.object.members.compactMap { member in
            guard !reserved.contains(member.key), case .array(let values) = member.value else { return nil }
            return (member.key, values)
        }
    }
}
