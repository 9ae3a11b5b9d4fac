import Foundation
import NIOCore
import WellnessKitCore

/// Recently read pages of users' insight lists, encoded, each with the
/// version of the user's list it was read at (``Store/listVersion(_:for:)``).
///
/// Reading a page again costs one single-row lookup of that version instead
/// of reading, opening and encoding the page: on PostgreSQL that is most of a
/// list request's cost (and not even that while the version held in memory
/// may be believed, ``ListVersions``: on PostgreSQL while its listener is
/// connected, on SQLite while nothing was committed to the file). The version
/// lives in the database and every change to the list raises it in the same
/// transaction, so a page is never served after a change made through this
/// instance, nor after one made through another once the change's notice is
/// heard (at once where the version is read from the database). Changes through
/// this instance also forget the user's pages at once, so that a deleted
/// insight's text does not stay in memory; pages of changes made elsewhere
/// age out. Bounded by bytes; a capacity of 0 turns the cache off.
final class InsightPageCache: @unchecked Sendable {
    /// One encoded page and the list version it was read at.
    struct Page: Sendable {
        var version: Int64
        var insights: [[UInt8]]
        var pagination: Pagination
        /// The whole response body of the page, when the list route read it:
        /// served again as it is (the buffer is shared, never copied or re-encoded).
        var body: ByteBuffer?

        init(version: Int64, insights: [[UInt8]], pagination: Pagination, body: ByteBuffer? = nil) {
            self.version = version
            self.insights = insights
            self.pagination = pagination
            self.body = body
        }

        /// What the page holds in memory, roughly: its JSON, its body and an allowance per array.
        var bytes: Int {
            insights.reduce(256 + (body?.capacity ?? 0)) { $0 + $1.count + 32 }
        }
    }

    private struct Generation {
        var pages: [String: [InsightQuery: Page]] = [:]
        var bytes = 0

        mutating func insert(_ page: Page, for user: String, query: InsightQuery) {
            if let replaced = pages[user, default: [:]].updateValue(page, forKey: query) { bytes -= replaced.bytes }
            bytes += page.bytes
        }

        mutating func remove(user: String, query: InsightQuery) -> Page? {
            guard let page = pages[user]?.removeValue(forKey: query) else { return nil }
            if pages[user]?.isEmpty == true { pages[user] = nil }
            bytes -= page.bytes
            return page
        }

        mutating func remove(user: String) {
            bytes -= pages.removeValue(forKey: user)?.values.reduce(0) { $0 + $1.bytes } ?? 0
        }
    }

    /// Bytes held at most.
    let capacity: Int
    private let lock = NSLock()
    // Two generations approximate least-recently-used eviction, as in
    // ``OpenedInsightCache``: a hit in the older one moves the page to the
    // newer one, and when the newer one is full the older one goes.
    private var recent = Generation()
    private var older = Generation()

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    /// The page `query` of `user`'s list, if remembered (at whatever version it was read).
    func page(for user: String, query: InsightQuery) -> Page? {
        guard capacity > 0 else { return nil }
        return lock.withLock {
            if let page = recent.pages[user]?[query] { return page }
            guard let page = older.remove(user: user, query: query) else { return nil }
            insert(page, for: user, query: query)
            return page
        }
    }

    /// Remembers a page, unless it alone would take more than a generation's share.
    func remember(_ page: Page, for user: String, query: InsightQuery) {
        guard page.bytes <= capacity / 2 else { return }
        lock.withLock { insert(page, for: user, query: query) }
    }

    /// Forgets every page of `user`, after a change to their list.
    func forget(user: String) {
        lock.withLock {
            recent.remove(user: user)
            older.remove(user: user)
        }
    }

    /// Bytes held now (at most ``capacity``).
    var bytes: Int {
        lock.withLock { recent.bytes + older.bytes }
    }

    private func insert(_ page: Page, for user: String, query: InsightQuery) {
        _ = older.remove(user: user, query: query)
        if recent.bytes + page.bytes > capacity / 2 {
            older = recent
            recent = Generation()
        }
        recent.insert(page, for: user, query: query)
    }
}
