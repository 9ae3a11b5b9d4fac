import Hummingbird
import NIOCore
import WellnessKitCore

enum JSONResponses {
    /// `value` as a JSON response.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        guard let bytes = try? JSONWriter.bytes(value) else {
            // A computed number that is not finite: an error, never invalid JSON.
            return Response(status: .internalServerError, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: Self.internalError)))
        }
        return Response(status: status, headers: [.contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private static let internalError =
        #"{"success":false,"error":{"code":"INTERNAL","message":"the response could not be encoded"}}"#

    /// `{"success": true, "data": value}`.
    static func envelope(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        json(.object(JSONObject([("success", .bool(true)), ("data", value)])), status: status)
    }

    /// The request body as JSON, parsed strictly; 400 when it is not.
    static func body(of request: Request, context: AppRequestContext) async throws -> JSONValue {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        do {
            return try buffer.withUnsafeReadableBytes { try JSONParser.parse($0) }
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
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
