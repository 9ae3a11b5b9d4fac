import Hummingbird
import NIOCore
import WellnessKitCore

/// The JSON responses of the API: a value, the success envelope, a page
/// written straight from encoded items. (Request bodies: ``JSONRequests``.)
enum JSONResponses {
    /// `value` as a JSON response.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        // A computed number that is not finite: an error, never invalid JSON.
        guard let bytes = try? JSONWriter.bytes(value) else {
            return json(bytes: internalError, status: .internalServerError)
        }
        return json(bytes: bytes, status: status)
    }

    private static func json(bytes: [UInt8], status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private static let internalError =
        Array(#"{"success":false,"error":{"code":"INTERNAL","message":"the response could not be encoded"}}"#.utf8)

    /// `{"success": true, "data": value}`.
    static func envelope(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        json(.object(JSONObject([("success", .bool(true)), ("data", value)])), status: status)
    }

    /// `{"success": true, "data": {name: [items], "pagination": pagination}}`,
    /// the bytes ``envelope(_:status:)`` writes for that page, from items
    /// already encoded as JSON.
    static func envelope(page items: [[UInt8]], named name: String, pagination: Pagination) -> Response {
        guard let body = pageBody(items, named: name, pagination: pagination) else {
            return json(bytes: internalError, status: .internalServerError)
        }
        return json(body: body)
    }

    /// The body of ``envelope(page:named:pagination:)``, written straight into
    /// one buffer of its final size (no intermediate array); nil when the
    /// pagination object cannot be written.
    static func pageBody(_ items: [[UInt8]], named name: String, pagination: Pagination) -> ByteBuffer? {
        guard let paginationJSON = try? JSONWriter.bytes(pagination.json),
            let key = try? JSONWriter.bytes(.string(name))
        else { return nil }
        let head = #"{"success":true,"data":{"#.utf8
        let middle = #"],"pagination":"#.utf8
        let size = items.reduce(head.count + key.count + 2 + middle.count + paginationJSON.count + 2) {
            $0 + $1.count + 1
        }
        var buffer = ByteBufferAllocator().buffer(capacity: size)
        buffer.writeBytes(head)
        buffer.writeBytes(key)
        buffer.writeBytes(":[".utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            buffer.writeBytes(item)
        }
        buffer.writeBytes(middle)
        buffer.writeBytes(paginationJSON)
        buffer.writeBytes("}}".utf8)
        return buffer
    }

    /// A 200 JSON response of `body` as it is (a shared buffer is not copied).
    static func json(body: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
    }
}
