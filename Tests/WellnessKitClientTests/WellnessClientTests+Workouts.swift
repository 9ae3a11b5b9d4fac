import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

/// The workouts calls on the wire: the body as given, the bounds in the query,
/// the id in the path, and the offline queue's optimistic delete.
@Suite struct WellnessClientWorkoutsTests {
    static let page =
        #"{"success":true,"data":{"workouts":[{"id":"wo_1","start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:45:00Z","activity":"Outdoor Run","distance":5.2}],"pagination":{"page":1,"page_size":20,"total_pages":1,"total_count":1,"has_next":false,"has_prev":false}}}"#

    @Test func postsTheBodyAsGivenAndListsWithinBounds() throws {
        let transport = ScriptedTransport([
            WellnessClientTests.json(201, #"{"success":true,"data":{"stored":1}}"#),
            WellnessClientTests.json(200, Self.page),
        ])
        let client = try WellnessClientTests.client(transport, Waits())
        let body = #"{"workouts":[{"start":1795158000.5,"end":"2026-11-20T07:45:00Z","activity":"Outdoor Run"}]}"#
        guard case .sent(let stored) = try client.postWorkoutsOrQueue(try decode(NewWorkouts.self, body)) else {
            Issue.record("not sent")
            return
        }
        #expect(stored.stored == 1)
        let sent = try JSONParser.parse(transport.requests[0].body ?? [])
        #expect(try JSONWriter.string(sent) == (try JSONWriter.string(try JSONParser.parse(body))))

        let listed = try client.listWorkoutsRead(from: "2026-11-01", to: "2026-11-20T23:59:59Z", page: 1, pageSize: 20)
        #expect(listed.value.workouts.map(\.fields) == [["distance": 5.2]])
        #expect(
            transport.requests[1].url.hasSuffix(
                "/api/v1/workouts?page=1&page_size=20&from=2026-11-01&to=2026-11-20T23%3A59%3A59Z"))
    }

    @Test func aBoundThatIsNeitherAnInstantNorADateIsRefusedUnsent() throws {
        let transport = ScriptedTransport([])
        let client = try WellnessClientTests.client(transport, Waits())
        #expect(
            wellnessError { try client.listWorkoutsRead(from: nil, to: "2026-11-31", page: 1, pageSize: 20) }?.path
                == "to")
        #expect(
            wellnessError { try client.listWorkoutsRead(from: "20261101", to: nil, page: 1, pageSize: 20) }?.path
                == "from")
        #expect(transport.requests.isEmpty)
    }

    @Test func aQueuedDeleteLeavesTheCachedPagesAtOnce() throws {
        let transport = ScriptedTransport([
            WellnessClientTests.json(200, Self.page), OfflineTests.down, OfflineTests.down,
        ])
        let client = try OfflineTests.client(transport, directory: OfflineTests.directory())
        #expect(try client.listWorkoutsRead(from: nil, to: nil, page: 1, pageSize: 20).value.workouts.count == 1)
        guard case .queued(let queued) = try client.deleteWorkoutOrQueue(id: "wo_1") else {
            Issue.record("not queued")
            return
        }
        #expect(queued.pending.operation == "delete_workout" && queued.pending.path == "/api/v1/workouts/wo_1")
        let cached = try client.listWorkoutsRead(from: nil, to: nil, page: 1, pageSize: 20)
        #expect(cached.offline != nil && cached.value.workouts.isEmpty)
    }
}
