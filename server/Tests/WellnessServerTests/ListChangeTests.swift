import Testing

@testable import WellnessServer

@Suite struct ListChangeTests {
    @Test func aChangeSumsItsRowsPerBucket() {
        var change = ListChange()
        let unread = ListBucket.insight(type: "daily", read: false, favorite: false, archived: false)
        let read = ListBucket.insight(type: "daily", read: true, favorite: false, archived: false)
        change.added(unread, count: 3)
        change.moved(from: unread, to: read)
        change.removed(.goal(status: "active"))
        #expect(change.deltas == [unread: 2, read: 1, .goal(status: "active"): -1])
        #expect(change.lists == [.insights, .goals])
        #expect(change.deletedInsights.isEmpty)
    }

    /// An update that leaves a row in its bucket changes no count but still changes the list (its version).
    @Test func aRowMovedWithinItsBucketStillChangesTheList() {
        var change = ListChange()
        change.moved(from: .consultation(archived: false), to: .consultation(archived: false))
        #expect(change.deltas.values.allSatisfy { $0 == 0 })
        #expect(change.lists == [.consultations])
    }

    @Test func bucketsHaveOneOrderSoTransactionsTakeTheirRowsAlike() {
        let buckets: [ListBucket] = [
            .insight(type: "weekly", read: false, favorite: false, archived: false),
            .goal(status: "completed"), .consultation(archived: true),
            .insight(type: "daily", read: true, favorite: false, archived: false), .goal(status: "active"),
        ]
        let sorted = buckets.sorted()
        #expect(sorted == buckets.reversed().sorted())
        #expect(sorted.map(\.list) == [.consultations, .goals, .goals, .insights, .insights])
    }
}
