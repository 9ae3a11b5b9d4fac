import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WellnessKitCore

extension AppState {
    /// Coach consultations and their messages.
    var consultationsRoutes: [Route] {
        [
            Self.api(.get, "v1/consultations") { request, context in try await listConsultations(request, context) },
            Self.api(.post, "v1/consultations") { request, context in try await createConsultation(request, context) },
            Self.api(.get, "v1/consultations/:id") { _, context in try await getConsultation(context) },
            Self.api(.get, "v1/consultations/:id/messages") { _, context in try await listMessages(context) },
            Self.api(.post, "v1/consultations/:id/messages") { request, context in
                try await sendMessage(request, context)
            },
        ]
    }

    private func listConsultations(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        let archived = try parameters.bool("is_archived")
        let page = try parameters.page()
        let (consultations, pagination) = try await repositories.consultations.list(
            for: try context.requireUser(), archived: archived,
            page: page.page, pageSize: page.size)
        return JSONResponses.envelope(
            .object(
                JSONObject([
                    ("consultations", consultations.json), ("pagination", pagination.json),
                ])))
    }

    private func createConsultation(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let creation = try await JSONRequests.decode(CreateConsultationRequest.self, of: request, context: context)
        return JSONResponses.envelope(
            try await repositories.consultations.create(creation, for: try context.requireUser()).json,
            status: .created)
    }

    private func getConsultation(_ context: AppRequestContext) async throws -> Response {
        JSONResponses.envelope(try await consultation(context).json)
    }

    private func listMessages(_ context: AppRequestContext) async throws -> Response {
        let messages = try await repositories.consultations.messagesJSON(of: try await consultation(context))
        return JSONResponses.envelope(
            .object(JSONObject([("messages", .array(messages)), ("count", .int(messages.count))])))
    }

    /// Decodes the message, asks the coach service, and answers with the
    /// stored exchange, or with server-sent events when the client accepts them.
    private func sendMessage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let consultation = try await consultation(context)
        let body = try await JSONRequests.body(of: request, context: context)
        let content = try JSONRequests.read(body) { try $0.nonEmptyString("content") }
        try await limit(consultation.userId, "messages")
        let service = coachService
        let coach = try await service.request(content, in: consultation)
        // The crisis reply names the emergency numbers of the region the client asks its language for.
        let region = CrisisHelp.region(fromAcceptLanguage: request.headers[.acceptLanguage])
        if ServerSentEvent.isAccepted(by: request) {
            return streamedReply(to: coach, region: region, service: service, logger: context.logger)
        }
        let exchange = try await service.answer(coach, region: region, logger: context.logger)
        return JSONResponses.envelope(exchange, status: .created)
    }

    /// What posts consultation messages, with this table's repositories, provider, classifier and metrics.
    private var coachService: CoachService {
        CoachService(
            repositories: repositories, clock: store.clock, provider: provider, safetyClassifier: safetyClassifier,
            metrics: metrics)
    }

    /// The reply as server-sent events (docs/SERVER.md, "Streamed replies"):
    /// its text as the provider writes it, then the stored exchange. The
    /// reply is stored even when the client leaves before the end.
    private func streamedReply(to coach: CoachRequest, region: String?, service: CoachService, logger: Logger)
        -> Response
    {
        Response(
            status: .ok,
            headers: [.contentType: ServerSentEvent.contentType, .cacheControl: "no-store"],
            body: ResponseBody { writer in
                let (events, sink) = AsyncStream.makeStream(of: ServerSentEvent.self)
                let reply = Task { await service.streamAnswer(coach, region: region, logger: logger, to: sink) }
                do {
                    for await event in events { try await writer.write(event.bytes) }
                } catch {
                    await reply.value
                    throw error
                }
                try await writer.finish(nil)
            })
    }

    private func consultation(_ context: AppRequestContext) async throws -> Consultation {
        guard
            let consultation = try await repositories.consultations.get(try id(context), for: try context.requireUser())
        else {
            throw APIFailure.notFound("Consultation")
        }
        return consultation
    }
}
