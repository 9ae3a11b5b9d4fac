import Hummingbird
import NIOCore
import WellnessKitCore

/// The JSON bodies of requests, read strictly: a body that is not JSON,
/// holds a NUL in a string, or is not what the route takes is a 400 naming
/// what is wrong. (Responses: ``JSONResponses``.)
enum JSONRequests {
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
        try read(body) { try $0.rejectUnknownKeys([]) }
    }

    /// Strict JSON with no NUL in any string: 400 naming what is wrong.
    private static func parsed(_ buffer: ByteBuffer) throws -> JSONValue {
        let json = try validated { try buffer.withUnsafeReadableBytes { try JSONParser.parse($0) } }
        try NULRefusal.check(json)
        return json
    }

    /// Decodes a model, turning its validation error into a 400.
    static func decode<Model: JSONDecodable>(_ type: Model.Type, from json: JSONValue) throws -> Model {
        try validated { try Model(json: json) }
    }

    /// The request's body (``body(of:context:)``) decoded as a model; 400 when it is not one.
    static func decode<Model: JSONDecodable>(_ type: Model.Type, of request: Request, context: AppRequestContext)
        async throws -> Model
    {
        try decode(type, from: try await body(of: request, context: context))
    }

    /// What `read` reads from the JSON object `body`; 400 naming what is
    /// wrong when `body` is not an object or `read` finds it invalid.
    static func read<Value>(_ body: JSONValue, _ read: (ObjectReader) throws -> Value) throws -> Value {
        try validated { try read(ObjectReader(body, at: .root)) }
    }

    /// What `decode` returns, its validation error turned into a 400 naming what is wrong.
    static func validated<Value>(_ decode: () throws -> Value) throws -> Value {
        do {
            return try decode()
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
    }
}
