import Testing
import WellnessKitCore

@testable import WellnessServer

/// Performance: list pages are kept in memory per user and query,
/// bounded by bytes, and a user's pages are forgotten after a change.
@Suite struct InsightPageCacheTests {
    private static func page(version: Int64 = 1, insightBytes: Int = 100) -> InsightPageCache.Page {
        InsightPageCache.Page(
            version: version, insights: [Array(repeating: UInt8(ascii: "x"), count: insightBytes)],
            pagination: .of(page: 1, pageSize: 20, total: 1))
    }

    private static func query(page: Int) -> InsightQuery {
        var query = InsightQuery()
        query.page = page
        return query
    }

    @Test func keepsEachPagePerUserAndQuery() {
        let cache = InsightPageCache(capacity: 1 << 20)
        cache.remember(Self.page(version: 7), for: "usr_1", query: Self.query(page: 1))
        #expect(cache.page(for: "usr_1", query: Self.query(page: 1))?.version == 7)
        #expect(cache.page(for: "usr_2", query: Self.query(page: 1)) == nil, "another user never sees it")
        #expect(cache.page(for: "usr_1", query: Self.query(page: 2)) == nil)
        var unread = Self.query(page: 1)
        unread.readStatus = false
        #expect(cache.page(for: "usr_1", query: unread) == nil, "another filter is another page")
    }

    @Test func forgetsOnlyTheChangedUsersPages() {
        let cache = InsightPageCache(capacity: 1 << 20)
        for page in 1...3 {
            cache.remember(Self.page(), for: "usr_1", query: Self.query(page: page))
            cache.remember(Self.page(), for: "usr_2", query: Self.query(page: page))
        }
        let bytes = cache.bytes
        cache.forget(user: "usr_1")
        #expect((1...3).allSatisfy { cache.page(for: "usr_1", query: Self.query(page: $0)) == nil })
        #expect((1...3).allSatisfy { cache.page(for: "usr_2", query: Self.query(page: $0)) != nil })
        #expect(cache.bytes == bytes / 2)
    }

    @Test(arguments: [1_000, 10_000, 100_000])
    func neverHoldsMoreThanItsCapacity(capacity: Int) {
        let cache = InsightPageCache(capacity: capacity)
        for index in 0..<500 {
            cache.remember(
                Self.page(insightBytes: index % 7 * 50), for: "usr_\(index % 13)", query: Self.query(page: index))
            #expect(cache.bytes <= capacity)
        }
        #expect(cache.page(for: "usr_\(499 % 13)", query: Self.query(page: 499)) != nil, "the newest page is kept")
    }

    /// What is read again survives the pages that keep arriving; what is not read goes first.
    @Test func keepsWhatIsReadAgain() {
        let cache = InsightPageCache(capacity: 20_000)
        cache.remember(Self.page(), for: "usr", query: Self.query(page: 1))
        cache.remember(Self.page(), for: "usr", query: Self.query(page: 2))
        for index in 3..<1_000 {
            cache.remember(Self.page(), for: "usr", query: Self.query(page: index))
            #expect(cache.page(for: "usr", query: Self.query(page: 1)) != nil)
        }
        #expect(cache.page(for: "usr", query: Self.query(page: 2)) == nil)
    }

    @Test func aPageOverHalfTheCapacityIsNotKept() {
        let cache = InsightPageCache(capacity: 1_000)
        cache.remember(Self.page(insightBytes: 600), for: "usr", query: Self.query(page: 1))
        #expect(cache.page(for: "usr", query: Self.query(page: 1)) == nil)
        #expect(cache.bytes == 0)
    }

    @Test func aCapacityOfZeroKeepsNothing() {
        let cache = InsightPageCache(capacity: 0)
        cache.remember(Self.page(insightBytes: 0), for: "usr", query: Self.query(page: 1))
        #expect(cache.page(for: "usr", query: Self.query(page: 1)) == nil)
        #expect(cache.bytes == 0)
    }
}
