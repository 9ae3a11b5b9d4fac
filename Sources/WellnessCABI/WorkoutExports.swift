import CWellness
import WellnessKitClient
import WellnessKitCore

// The user's workouts (docs/SERVER.md, "Workouts"): the sessions their data questions run over.

@_cdecl("wellness_client_post_workouts")
public func wellness_client_post_workouts(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        written(try client.postWorkoutsOrQueue(try NewWorkouts(json: .object(reader.object)))) { $0.json }
    }
}

@_cdecl("wellness_client_list_workouts")
public func wellness_client_list_workouts(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        let request = try DateRangePage(reading: reader)
        return answer(
            try client.listWorkoutsRead(
                from: request.from, to: request.to, page: request.page, pageSize: request.pageSize))
    }
}

@_cdecl("wellness_client_delete_workout")
public func wellness_client_delete_workout(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["id"])
        return deleted(try client.deleteWorkoutOrQueue(id: reader.nonEmptyString("id")))
    }
}
