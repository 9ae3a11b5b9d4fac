import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WellnessKitCore

extension Routes {
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
        let (consultations, pagination) = try await store.consultations(
            for: try context.requireUser(), archived: archived,
            page: page.page, pageSize: page.size)
        return JSONResponses.envelope(
            .object(
                JSONObject([
                    ("consultations", consultations.json), ("pagination", pagination.json),
                ])))
    }

    private func createConsultation(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let creation = try JSONResponses.decode(
            CreateConsultationRequest.self,
            from: try await JSONResponses.body(of: request, context: context))
        return JSONResponses.envelope(
            try await store.createConsultation(creation, for: try context.requireUser()).json,
            status: .created)
    }

    private func getConsultation(_ context: AppRequestContext) async throws -> Response {
        JSONResponses.envelope(try await consultation(context).json)
    }

    private func listMessages(_ context: AppRequestContext) async throws -> Response {
        let messages = try await store.messagesJSON(of: try await consultation(context))
        return JSONResponses.envelope(
            .object(JSONObject([("messages", .array(messages)), ("count", .int(messages.count))])))
    }

    private func sendMessage(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let consultation = try await consultation(context)
        let body = try await JSONResponses.body(of: request, context: context)
        let content: String
        do {
            content = try ObjectReader(body, at: .root).nonEmptyString("content")
        } catch let error as WellnessError {
            throw APIFailure.invalid(error)
        }
        try await limit(consultation.userId, "messages")
        let coach = try await coachRequest(content, in: consultation)
        // The crisis reply names the emergency numbers of the region the client asks its language for.
        let region = CrisisHelp.region(fromAcceptLanguage: request.headers[.acceptLanguage])
        if ServerSentEvent.isAccepted(by: request) {
            return streamedReply(to: coach, region: region, logger: context.logger)
        }
        let generated = await coachReply(to: coach, region: region, logger: context.logger)
        let exchange = try await save(content, generated, in: consultation)
        return JSONResponses.envelope(exchange, status: .created)
    }

    /// The message and the reply, stored with the reply's provenance and data
    /// queries in one transaction; the response's `data`.
    private func save(_ content: String, _ generated: Generated<Coach.Reply>, in consultation: Consultation)
        async throws -> JSONValue
    {
        let reply = generated.value
        let messages = try await store.append(
            [(.user, content, []), (.assistant, reply.text, reply.proposals)],
            to: consultation,
            records: Store.ReplyRecords(provenance: generated.provenance, dataQueries: reply.dataQueries))
        let written = messages.map { $0.apiJSON(dataQueries: $0.id == messages.last?.id ? reply.dataQueries : []) }
        return .object(JSONObject([("messages", .array(written)), ("count", .int(messages.count))]))
    }

    /// The reply as server-sent events (docs/SERVER.md, "Streamed replies"):
    /// its text as the provider writes it, then the stored exchange. The
    /// reply is stored even when the client leaves before the end.
    private func streamedReply(to coach: CoachRequest, region: String?, logger: Logger) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: ServerSentEvent.contentType, .cacheControl: "no-store"],
            body: ResponseBody { writer in
                let (events, sink) = AsyncStream.makeStream(of: ServerSentEvent.self)
                let reply = Task {
                    defer { sink.finish() }
                    do {
                        let generated = await coachReply(to: coach, region: region, logger: logger) {
                            sink.yield(ServerSentEvent($0))
                        }
                        sink.yield(.done(try await save(coach.message, generated, in: coach.consultation)))
                    } catch {
                        let failure = ErrorEnvelopeMiddleware.failure(for: error, logger: logger)
                        sink.yield(.error(code: failure.code, message: failure.message))
                    }
                }
                do {
                    for await event in events { try await writer.write(event.bytes) }
                } catch {
                    await reply.value
                    throw error
                }
                try await writer.finish(nil)
            })
    }

    /// What the coach is asked: the message, the consultation, its subject and the user's check-ins.
    private func coachRequest(_ content: String, in consultation: Consultation) async throws -> CoachRequest {
        let today = CalendarDate(daysSinceEpoch: Int(Store.nowMilliseconds() / 86_400_000)) ?? .epoch
        return CoachRequest(
            message: content, consultation: consultation, context: try await coachContext(of: consultation),
            today: today)
    }

    /// The fixed crisis reply for crisis language (never sent to a provider), in
    /// the message's language with `region`'s numbers, else the provider's reply;
    /// `emit` (when given) is told its text as it is written. The crisis lexicon
    /// runs first, then the safety classifier when there is one, both before the coach.
    private func coachReply(
        to request: CoachRequest, region: String?, logger: Logger, emit: (@Sendable (ReplyEvent) -> Void)? = nil
    ) async -> Generated<Coach.Reply> {
        if let crisis = CrisisScreen.assess(request.message, region: region) {
            return crisisReply(crisis, emit: emit)
        }
        if let safetyClassifier {
            let verdict = await safetyClassifier.classify(request.message, logger: logger)
            metrics.aiSafetyCheck(verdict.rawValue)
            if verdict == .crisis {
                return crisisReply(CrisisScreen.classified(request.message, region: region), emit: emit)
            }
        }
        guard let emit else { return await provider.coachReply(request) }
        return await provider.coachReplyStream(request, emit: emit)
    }

    /// The crisis reply, told to `emit` as it would be streamed, and counted.
    private func crisisReply(_ crisis: CrisisAssessment, emit: (@Sendable (ReplyEvent) -> Void)?)
        -> Generated<Coach.Reply>
    {
        metrics.aiAnswered(.coachReply, .fallback(.crisis))
        for piece in ReplyEvent.pieces(of: crisis.reply) { emit?(.delta(piece)) }
        return Generated(Coach.Reply(text: crisis.reply, proposals: []), .fallback(.crisis))
    }

    private func consultation(_ context: AppRequestContext) async throws -> Consultation {
        guard let consultation = try await store.consultation(try id(context), for: try context.requireUser()) else {
            throw APIFailure.notFound("Consultation")
        }
        return consultation
    }

    /// The goal or insight a consultation is about (if it is the user's), and the user's check-ins and workouts.
    private func coachContext(of consultation: Consultation) async throws -> Coach.Context {
        var context = Coach.Context(
            checkIns: try await store.checkIns(for: consultation.userId),
            workouts: try await store.workouts(for: consultation.userId))
        guard let contextId = consultation.contextId else { return context }
        switch consultation.contextType {
        case .insight?: context.insight = try await store.insight(contextId, for: consultation.userId)
        case .goal?: context.goal = try await store.goal(contextId, for: consultation.userId)
        default: break
        }
        return context
    }
}
