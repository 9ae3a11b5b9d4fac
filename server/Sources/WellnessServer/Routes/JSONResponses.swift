import Hummingbird
import NIOCore
import WellnessKitCore

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
        guard let paginationJSON = try? JSONWriter.bytes(pagination.json),
            let key = try? JSONWriter.bytes(.string(name))
        else { return json(bytes: internalError, status: .internalServerError) }
        var bytes = Array(#"{"success":true,"data":{"#.utf8) + key + Array(":[".utf8)
        bytes.reserveCapacity(items.reduce(bytes.count + paginationJSON.count + 32) { $0 + $1.count + 1 })
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: item)
        }
        bytes.append(contentsOf: #"],"pagination":"#.utf8)
        bytes.append(contentsOf: paginationJSON)
        bytes.append(contentsOf: "}}".utf8)
        return json(bytes: bytes, status: .ok)
    }

    /// The request body as JSON, parsed strictly; 400 when it is not, or when a string holds a NUL (``NULRefusal``).
    static func body(of request: Request, context: AppRequestContext) async throws -> JSONValue {
        try parsed(try await request.body.collect(upTo: context.maxUploadSize))
    }

    /// The request's JSON body as ``body(of:context:)`` reads it, or nil when
    /// the request has none (an optional body).
    static func optionalBody(of request: Request, context: AppRequestContext) async throws -> JSONValue? {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { return nil }
        return try parsed(buffer)
    }

    /// Checks the body of a route that takes no input: absent, empty or `{}`;
    /// anything else is 400, so that a malformed request is never applied.
    static func requireNoInput(in request: Request, context: AppRequestContext) async throws {
        guard let body = try await optionalBody(of: request, context: context) else { return }
        do {
            try ObjectReader(body, at: .root).rejectUnknownKeys([])
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
    }

    /// Strict JSON with no NUL in any string: 400 naming what is wrong.
    private static func parsed(_ buffer: ByteBuffer) throws -> JSONValue {
        let json: JSONValue
        do {
            json = try buffer.withUnsafeReadableBytes { try JSONParser.parse($0) }
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        try NULRefusal.check(json)
        return json
    }

    /// Decodes a model, turning its validation error into a 400.
    static func decode<Model: JSONDecodable>(_ type: Model.Type, from json: JSONValue) throws -> Model {
        do {
            return try Model(json: json)
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
    }
}
