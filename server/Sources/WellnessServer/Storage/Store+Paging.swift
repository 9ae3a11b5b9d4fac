import WellnessKitCore

/// One way to read a page of a user's list, written once for every list
/// that pages by offset (goals, consultations, workouts).
extension Store {
    /// What a page is read from: a table, the rows of it that `filter`
    /// selects (with its `parameters`), in `order`.
    struct PagedRows {
        var table: String
        var columns: String
        var filter: String
        var parameters: [SQLValue]
        /// An `ORDER BY` clause's terms, ending in `id` so that the order is total.
        var order: String
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
        let found = try await engine.query(
            """
            SELECT \(rows.columns) FROM \(rows.table) WHERE id IN (
                SELECT id FROM \(rows.table) WHERE \(rows.filter) ORDER BY \(rows.order) LIMIT ? OFFSET ?)
            ORDER BY \(rows.order)
            """, rows.parameters + [.integer(Int64(pageSize)), .integer(Int64(offset))])
        return (try found.map(decode), pagination)
    }
}
