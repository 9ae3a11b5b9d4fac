import CWellness
import WellnessKitClient
import WellnessKitCore

// The user's account as a whole (docs/SERVER.md, "Data subject requests"):
// export it to a file, erase it on the server and on this device.

@_cdecl("wellness_client_export_account")
public func wellness_client_export_account(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["path"])
        let path = try reader.nonEmptyString("path")
        let bytes = try client.exportAccount(to: path)
        return .object(JSONObject([("path", .string(path)), ("bytes", .int(bytes))]))
    }
}

@_cdecl("wellness_client_erase_account")
public func wellness_client_erase_account(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys(["api_key"])
        let local = try client.eraseAccount(apiKey: reader.nonEmptyString("api_key"))
        return .object(JSONObject([("erased", .bool(true)), ("local", local?.json ?? .null)]))
    }
}

@_cdecl("wellness_client_erase_local_data")
public func wellness_client_erase_local_data(
    _ client: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    withClient(client, json, len, out, err) { client, reader in
        try reader.rejectUnknownKeys([])
        return try client.eraseLocalData().json
    }
}
