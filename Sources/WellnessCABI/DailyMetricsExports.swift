import CWellness
import WellnessKitClient
import WellnessKitCore

// The user's daily metrics and profile (docs/SERVER.md, "Daily metrics" and "The user's calendar").

@_cdecl("wellness_client_post_daily_metrics")
public func wellness_client_post_daily_metrics(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        // Checked as the server checks it, at the largest limits a server may be set to.
        let input = try DailyMetricsInput(
            json: .object(reader.object), maximumDays: DailyMetricsInput.maximumDays,
            maximumMetrics: DailyMetricsInput.maximumMetricsPerDay)
        return written(try client.postDailyMetricsOrQueue(input)) { $0.json }
    }
}

@_cdecl("wellness_client_list_daily_metrics")
public func wellness_client_list_daily_metrics(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        let request = try DateRangePage(reading: reader)
        return answer(
            try client.listDailyMetricsRead(
                from: request.from, to: request.to, page: request.page, pageSize: request.pageSize))
    }
}

@_cdecl("wellness_client_delete_daily_metrics")
public func wellness_client_delete_daily_metrics(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["date"])
        return deleted(try client.deleteDailyMetricsOrQueue(date: try reader.required("date")))
    }
}

@_cdecl("wellness_client_get_profile")
public func wellness_client_get_profile(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys([])
        return try client.profile()
    }
}

@_cdecl("wellness_client_set_profile")
public func wellness_client_set_profile(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["age", "height_cm", "weight_kg", "time_zone", "first_weekday"])
        try reader.rejectRepeatedKeys()
        return written(try client.setProfileOrQueue(.object(reader.object))) { $0 }
    }
}
