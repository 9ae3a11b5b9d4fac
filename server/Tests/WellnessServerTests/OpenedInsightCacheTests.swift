import Foundation
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Performance: the opened sealed fields of insights are kept in
/// memory, bounded, per owner, and forgotten when the insight is deleted.
@Suite struct OpenedInsightCacheTests {
    private static func content(_ title: String) -> OpenedInsightCache.Content {
        OpenedInsightCache.Content(title: title, content: "", summary: nil, suggestions: nil, dataContext: nil)
    }

    @Test func remembersPerInsightAndOwner() {
        let cache = OpenedInsightCache(capacity: 10)
        cache.remember(Self.content("a"), of: "ins_1", user: "usr_1")
        #expect(cache.content(of: "ins_1", user: "usr_1")?.title == "a")
        #expect(cache.content(of: "ins_1", user: "usr_2") == nil, "another owner never sees it")
        #expect(cache.content(of: "ins_2", user: "usr_1") == nil)
        cache.forget("ins_1", user: "usr_1")
        #expect(cache.content(of: "ins_1", user: "usr_1") == nil)
    }

    @Test(arguments: [1, 2, 3, 10, 101])
    func neverHoldsMoreThanItsCapacity(capacity: Int) {
        let cache = OpenedInsightCache(capacity: capacity)
        for index in 0..<(capacity * 5 + 7) {
            cache.remember(Self.content("\(index)"), of: "ins_\(index)", user: "usr")
            #expect(cache.count <= capacity)
        }
        #expect(cache.content(of: "ins_\(capacity * 5 + 6)", user: "usr") != nil, "the newest entry is kept")
    }

    /// What is read again survives the entries that keep arriving; what is not read goes first.
    @Test func keepsWhatIsReadAgain() {
        let cache = OpenedInsightCache(capacity: 100)
        cache.remember(Self.content("hot"), of: "hot", user: "usr")
        cache.remember(Self.content("cold"), of: "cold", user: "usr")
        for index in 0..<1_000 {
            cache.remember(Self.content("\(index)"), of: "ins_\(index)", user: "usr")
            #expect(cache.content(of: "hot", user: "usr")?.title == "hot")
        }
        #expect(cache.content(of: "cold", user: "usr") == nil)
    }

    @Test func anEncodingJoinsAnEntryAndNeverMakesOne() {
        let cache = OpenedInsightCache(capacity: 10)
        let encoding = OpenedInsightCache.Encoding(state: [.integer(1)], json: Array("{}".utf8))
        cache.remember(encoding, of: "ins_1", user: "usr_1")
        #expect(cache.count == 0)
        cache.remember(Self.content("a"), of: "ins_1", user: "usr_1")
        cache.remember(encoding, of: "ins_1", user: "usr_2")
        #expect(
            cache.content(of: "ins_1", user: "usr_1")?.encoding == nil, "another owner's encoding is not this one's")
        cache.remember(encoding, of: "ins_1", user: "usr_1")
        #expect(cache.content(of: "ins_1", user: "usr_1")?.encoding?.json == encoding.json)
        #expect(cache.content(of: "ins_1", user: "usr_1")?.title == "a")
    }

    @Test func aCapacityOfZeroKeepsNothing() {
        let cache = OpenedInsightCache(capacity: 0)
        cache.remember(Self.content("a"), of: "ins_1", user: "usr_1")
        #expect(cache.content(of: "ins_1", user: "usr_1") == nil)
        #expect(cache.count == 0)
    }

    /// A second read of an insight opens nothing: the test alters its sealed
    /// title in the database after the first read, and the store still answers
    /// the title it opened (never the altered value), while a store without
    /// the cache reads the database and refuses the altered value.
    @Test func theStoreOpensAnInsightOnceAndForgetsItWhenDeleted() async throws {
        let server = try await TestServer.make()
        let store = server.store
        let user = try await server.user(days: 10)
        let page = try await store.insights.list(for: user.id, query: InsightQuery()).insights
        let first = try #require(page.first)
        let second = try #require(page.dropFirst().first)
        #expect(store.openedInsights.count == page.count)
        try await store.engine.query(
            "UPDATE insights SET title = (SELECT title FROM insights WHERE id = ?) WHERE id = ?",
            [.text(second.id), .text(first.id)])
        #expect(try await store.insights.get(first.id, for: user.id)?.title == first.title)
        var uncached = server.configuration
        uncached.openedInsights = 0
        let fresh = try await WellnessApplication.openStore(uncached, environment: [:]).0
        await #expect(throws: SealedValueError.self) { try await fresh.insights.get(first.id, for: user.id) }

        #expect(try await store.insights.delete(second.id, for: user.id))
        #expect(store.openedInsights.content(of: second.id, user: user.id) == nil)
        #expect(store.openedInsights.count == page.count - 1)
        await fresh.shutdown()
        await store.shutdown()
    }
}
