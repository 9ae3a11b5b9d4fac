extension WellnessClient {
    public func listConsultations(archived: Bool?, page: Int, pageSize: Int) throws -> JSONValue {
        var query = [("page", String(page)), ("page_size", String(pageSize))]
        if let archived { query.append(("is_archived", String(archived))) }
        let document = try send("GET", "/api/v1/consultations", query: query)
        _ = try decodeResponse(Envelope<ConsultationsPage>.self, from: document)
        return document
    }

    public func createConsultation(_ request: CreateConsultationRequest) throws -> Consultation {
        try decodeResponse(Envelope<Consultation>.self, from: send("POST", "/api/v1/consultations", body: request.json)).data
    }

    /// Sends a message; returns it and the coach's reply.
    public func sendMessage(consultationId: String, content: String) throws -> [ConsultationMessage] {
        let body = JSONValue.object(JSONObject([("content", .string(content))]))
        let document = try send("POST", "/api/v1/consultations/\(segment(consultationId))/messages", body: body,
                                operation: .ai)
        return try decodeResponse(Envelope<MessagesPage>.self, from: document).data.messages
    }
}

struct ConsultationsPage: JSONCodable, Sendable, Equatable {
    var consultations: [Consultation]
    var pagination: Pagination

    init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        consultations = try reader.required("consultations")
        pagination = try reader.required("pagination")
    }

    var json: JSONValue {
        .object(JSONObject([("consultations", consultations.json), ("pagination", pagination.json)]))
    }
}

struct MessagesPage: JSONCodable, Sendable, Equatable {
    var messages: [ConsultationMessage]

    init(json: JSONValue, at path: FieldPath) throws {
        messages = try ObjectReader(json, at: path).required("messages")
    }

    var json: JSONValue { .object(JSONObject([("messages", messages.json), ("count", messages.count.json)])) }
}
