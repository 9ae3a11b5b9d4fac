import WellnessKitCore

/// One way to read a page of a user's list, written once for every list
/// that pages by offset (goals, consultations, workouts, daily metrics).
extension Store {
    /// What a page is read from: a table, the rows of it that `filter`
    /// selects (with its `parameters`), in `order`.
    struct PagedRows {
        var table: String
        var columns: String
        var filter: String
        var parameters: [SQLValue]
        /// An `ORDER BY` clause's terms, ending in the key so that the order is total.
        var order: String
        /// The columns of the table's primary key, which the page's rows are looked up by.
        var key = ["id"]
    }

    /// The rows of `page` of `rows`, decoded, and the page's pagination.
    ///
    /// The page's ids are read through the index first, so that the rows the
    /// offset skips are never read or opened (a deferred join); no statement
    /// runs when the page lies past `total`.
    /// - Parameters:
    ///   - rows: the table, filter and order of the list.
    ///   - total: the number of rows `rows.filter` selects.
    ///   - page: the 1-based page number.
    ///   - pageSize: the rows per page.
    ///   - decode: opens one row.
    /// - Returns: the page's items and its pagination object.
    /// - Throws: what the database or `decode` throws.
    func page<Item>(
        of rows: PagedRows, total: Int, page: Int, pageSize: Int, decode: (SQLRow) throws -> Item
    ) async throws -> ([Item], Pagination) {
        let pagination = Pagination.of(page: page, pageSize: pageSize, total: total)
        guard let offset = Pagination.offset(page: page, pageSize: pageSize), offset < total else {
            return ([], pagination)
        }
        let keys = rows.key.joined(separator: ", ")
        // A key of several columns is compared as a row value (both engines).
        let key = rows.key.count == 1 ? keys : "(\(keys))"
        let found = try await engine.query(
            """
            SELECT \(rows.columns) FROM \(rows.table) WHERE \(key) IN (
                SELECT \(keys) FROM \(rows.table) WHERE \(rows.filter) ORDER BY \(rows.order) LIMIT ? OFFSET ?)
            ORDER BY \(rows.order)
            """, rows.parameters + [.integer(Int64(pageSize)), .integer(Int64(offset))])
        return (try found.map(decode), pagination)
    }

    /// The rows of `page` of a list of `userId` whose total the count tables
    /// keep (``CountedList``): newest first, optionally only those whose
    /// `column` equals `value` (a filtered column of the list's counts).
    /// - Throws: what the database or `decode` throws.
    func newestFirst<Item>(
        _ list: CountedList, of userId: String, where column: String, equals value: SQLValue?, page: Int,
        pageSize: Int, decode: (SQLRow) throws -> Item
    ) async throws -> ([Item], Pagination) {
        let (filter, parameters) = Self.userFilter(userId, column, equals: value)
        return try await self.page(
            of: PagedRows(
                table: list.rawValue, columns: "id, body", filter: filter, parameters: parameters,
                order: "created_ms DESC, id DESC"),
            total: try await total(list, filter: filter, parameters), page: page, pageSize: pageSize, decode: decode)
    }

    /// The number of rows of `table` that `filter` (with its `parameters`) selects, counted
    /// row by row: for a list without a count table, or a range the count table does not keep.
    func count(_ table: String, filter: String, _ parameters: [SQLValue]) async throws -> Int {
        Int(
            clamping: try await engine.query("SELECT COUNT(*) AS total FROM \(table) WHERE \(filter)", parameters)
                .first?.integer("total") ?? 0)
    }

    /// The condition on `userId`'s rows, and on `column` equal to `value` when one is given.
    private static func userFilter(_ userId: String, _ column: String, equals value: SQLValue?)
        -> (filter: String, parameters: [SQLValue])
    {
        guard let value else { return ("user_id = ?", [.text(userId)]) }
        return ("user_id = ? AND \(column) = ?", [.text(userId), value])
    }

    /// The condition on a user's rows (its first parameter the user, which
    /// the caller binds) whose `column` lies from `from` to `to`, both
    /// included; a nil bound is open.
    static func userRange(_ column: String, from: SQLValue?, to: SQLValue?) -> (filter: String, parameters: [SQLValue])
    {
        var filter = "user_id = ?"
        var parameters: [SQLValue] = []
        if let from {
            filter += " AND \(column) >= ?"
            parameters.append(from)
        }
        if let to {
            filter += " AND \(column) <= ?"
            parameters.append(to)
        }
        return (filter, parameters)
    }
}
