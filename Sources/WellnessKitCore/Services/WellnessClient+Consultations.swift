extension WellnessClient {
    public func listConsultations(archived: Bool?, page: Int, pageSize: Int) throws -> ConsultationsPage {
        var query = [("page", String(page)), ("page_size", String(pageSize))]
        if let archived { query.append(("is_archived", String(archived))) }
        return try decodeResponse(Envelope<ConsultationsPage>.self,
                                  from: send("GET", "/api/v1/consultations", query: query)).data
    }

    public func createConsultation(_ request: CreateConsultationRequest) throws -> Consultation {
        let consultation = try decodeResponse(Envelope<Consultation>.self,
                                              from: send("POST", "/api/v1/consultations", body: request.json)).data
        rememberConsultationStarted(consultation)
        let contextType = consultation.contextType ?? .general
        let started = AnalyticsEvent.Kind.consultationStarted(persona: consultation.persona, contextType: contextType,
                                                              contextId: consultation.contextId ?? "none")
        switch (contextType, consultation.contextId) {
        case (.insight, let id?): track(started, .insightAction(insightId: id, action: .discussedWithAI))
        case (.goal, let id?): track(started, .goalAIUsage(goalId: id, feature: .consultation))
        default: track(started)
        }
        return consultation
    }

    /// Sends a message; returns it and the coach's reply.
    public func sendMessage(consultationId: String, content: String) throws -> [ConsultationMessage] {
        let body = JSONValue.object(JSONObject([("content", .string(content))]))
        let document = try send("POST", "/api/v1/consultations/\(segment(consultationId))/messages", body: body,
                                operation: .ai)
        return try decodeResponse(Envelope<MessagesPage>.self, from: document).data.messages
    }
}

/// `{"consultations": [...], "pagination": {...}}`.
public struct ConsultationsPage: JSONCodable, Sendable, Equatable {
    public var consultations: [Consultation]
    public var pagination: Pagination

    public init(json: JSONValue, at path: FieldPath) throws {
        let reader = try ObjectReader(json, at: path)
        consultations = try reader.required("consultations")
        pagination = try reader.required("pagination")
    }

    public var json: JSONValue {
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
