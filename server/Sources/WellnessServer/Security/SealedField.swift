import Foundation

/// Where a sealed value belongs: table, column, row and owning user, bound to
/// it as AES-GCM associated data, so the value opens only there.
public struct SealedField: Sendable, Equatable {
    public let table: String
    public let column: String
    /// The row's key: its id, or (check-ins) its date, or (messages) consultation and message id.
    public let row: String
    /// The owning user's id ("" for server data such as the key check value).
    public let user: String

    public init(table: String, column: String, row: String, user: String) {
        self.table = table
        self.column = column
        self.row = row
        self.user = user
    }

    /// A version tag and each part length-prefixed, so that no two fields share associated data.
    /// Built as bytes in one allocation: a list page opens a hundred fields.
    var associatedData: [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(
            Self.tag.count + 16 + table.utf8.count + column.utf8.count + row.utf8.count + user.utf8.count)
        data.append(contentsOf: Self.tag)
        for part in [table, column, row, user] {
            let count = UInt32(truncatingIfNeeded: part.utf8.count)
            for shift in stride(from: 24, through: 0, by: -8) {
                data.append(UInt8(truncatingIfNeeded: count >> UInt32(shift)))
            }
            data.append(contentsOf: part.utf8)
        }
        return data
    }

    private static let tag = Array("wellness-server sealed v2".utf8)
}

/// A sealed value that does not open where it was read: moved from another
/// row or user, altered, or sealed with another key. Answered as 500
/// `DATA_INTEGRITY` in the error envelope; logged with where it was.
public struct SealedValueError: Error, CustomStringConvertible {
    public let field: SealedField

    public var description: String {
        "a sealed value does not open at \(field.table).\(field.column) row \(field.row) of user \(field.user) "
            + "(moved from elsewhere, altered, or sealed with another key)"
    }
}
