import WellnessKitCore

extension WellnessClient {
    public func listConsultations(archived: Bool?, page: Int, pageSize: Int) throws -> ConsultationsPage {
        try listConsultationsRead(archived: archived, page: page, pageSize: pageSize).value
    }

    /// ``listConsultations(archived:page:pageSize:)`` with the offline stamp of an answer from the cache.
    public func listConsultationsRead(archived: Bool?, page: Int, pageSize: Int) throws -> CachedRead<ConsultationsPage>
    {
        var query = [("page", String(page)), ("page_size", String(pageSize))]
        if let archived { query.append(("is_archived", String(archived))) }
        return try readThrough(Self.cacheKey("/api/v1/consultations", query)) {
            try decodeResponse(
                Envelope<ConsultationsPage>.self,
                from: send("GET", "/api/v1/consultations", query: query)
            ).data
        }
    }

    /// A consultation's messages, oldest first; from the cache when the API
    /// cannot be reached (offline mode).
    public func messagesRead(consultationId: String) throws -> CachedRead<[ConsultationMessage]> {
        let path = "/api/v1/consultations/\(try segment(consultationId))/messages"
        let read = try readThrough(path) {
            try decodeResponse(Envelope<MessagesPage>.self, from: send("GET", path)).data
        }
        return CachedRead(value: read.value.messages, offline: read.offline)
    }

    /// ``createConsultation(_:)``, queued when the API cannot be reached (offline mode).
    public func createConsultationOrQueue(_ request: CreateConsultationRequest) throws -> WriteOutcome<Consultation> {
        let outcome = try sendOrQueue(
            operation: "create_consultation", method: "POST", path: "/api/v1/consultations",
            body: request.json
        ) { try decodeResponse(Envelope<Consultation>.self, from: $0).data }
        if case .sent(let consultation) = outcome { trackStarted(consultation) }
        return outcome
    }

    /// ``sendMessage(consultationId:content:)``, queued when the API cannot be
    /// reached (offline mode); the coach's reply comes with the sync.
    public func sendMessageOrQueue(consultationId: String, content: String) throws -> WriteOutcome<
        [ConsultationMessage]
    > {
        let body = JSONValue.object(JSONObject([("content", .string(content))]))
        return try sendOrQueue(
            operation: "send_message", method: "POST",
            path: "/api/v1/consultations/\(segment(consultationId))/messages", body: body, kind: .ai
        ) {
            try decodeResponse(Envelope<MessagesPage>.self, from: $0).data.messages
        }
    }

    public func createConsultation(_ request: CreateConsultationRequest) throws -> Consultation {
        let consultation = try decodeResponse(
            Envelope<Consultation>.self,
            from: send("POST", "/api/v1/consultations", body: request.json)
        ).data
        trackStarted(consultation)
        return consultation
    }

    /// Analytics and the suggestions' memory of a consultation that started.
    func trackStarted(_ consultation: Consultation) {
        rememberConsultationStarted(consultation)
        let contextType = consultation.contextType ?? .general
        let started = AnalyticsEvent.Kind.consultationStarted(
            persona: consultation.persona, contextType: contextType,
            contextId: consultation.contextId ?? "none")
        switch (contextType, consultation.contextId) {
        case (.insight, let id?): track(started, .insightAction(insightId: id, action: .discussedWithAI))
        case (.goal, let id?): track(started, .goalAIUsage(goalId: id, feature: .consultation))
        default: track(started)
        }
    }

    /// Sends a message; returns it and the coach's reply.
    public func sendMessage(consultationId: String, content: String) throws -> [ConsultationMessage] {
        let body = JSONValue.object(JSONObject([("content", .string(content))]))
        let document = try send(
            "POST", "/api/v1/consultations/\(segment(consultationId))/messages", body: body,
            operation: .ai)
        return try decodeResponse(Envelope<MessagesPage>.self, from: document).data.messages
    }
}

struct MessagesPage: JSONCodable, Sendable, Equatable {
    var messages: [ConsultationMessage]

    init(json: JSONValue, at path: FieldPath) throws {
        messages = try ObjectReader(json, at: path).required("messages")
    }

    var json: JSONValue { .object(JSONObject([("messages", messages.json), ("count", messages.count.json)])) }
}
