import Foundation
import Logging
import WellnessKitCore

/// Posts a message to a consultation: screens it for crisis language, asks
/// the provider for the coach's reply (streamed or whole), and stores the
/// exchange with the reply's records. The route decodes the request and
/// writes what this returns; this type knows nothing of HTTP.
struct CoachService: Sendable {
    /// Where consultations and messages, and the coach's context, are kept.
    let repositories: Repositories
    /// The time in epoch milliseconds, which the user's today is read by (``Store/clock``).
    let clock: @Sendable () -> Int64
    /// What writes the coach's replies.
    let provider: any GenerationProvider
    /// Asked about messages the crisis lexicon passes, when configured.
    let safetyClassifier: SafetyClassifier?
    /// Where screen verdicts and crisis replies are counted.
    let metrics: ServerMetrics

    /// What the coach is asked: the message, the consultation, its subject and the user's check-ins.
    func request(_ content: String, in consultation: Consultation) async throws -> CoachRequest {
        let context = try await context(of: consultation)
        // The user's today: the day it is now in their zone.
        let today = context.calendar.date(atMilliseconds: clock())
        return CoachRequest(message: content, consultation: consultation, context: context, today: today)
    }

    /// The whole reply to `coach`, stored with the message; the response's `data`.
    func answer(_ coach: CoachRequest, region: String?, logger: Logger) async throws -> JSONValue {
        let generated = await reply(to: coach, region: region, logger: logger)
        return try await save(coach.message, generated, in: coach.consultation)
    }

    /// The reply to `coach` as server-sent events given to `sink`: its text as
    /// the provider writes it, then the stored exchange (or the error that
    /// stopped it). Finishes `sink` when done.
    func streamAnswer(
        _ coach: CoachRequest, region: String?, logger: Logger,
        to sink: AsyncStream<ServerSentEvent>.Continuation
    ) async {
        defer { sink.finish() }
        do {
            let generated = await reply(to: coach, region: region, logger: logger) {
                sink.yield(ServerSentEvent($0))
            }
            sink.yield(.done(try await save(coach.message, generated, in: coach.consultation)))
        } catch {
            let failure = ErrorEnvelopeMiddleware.failure(for: error, logger: logger)
            sink.yield(.error(code: failure.code, message: failure.message))
        }
    }

    /// The fixed crisis reply for crisis language (never sent to a provider), in
    /// the message's language with `region`'s numbers, else the provider's reply;
    /// `emit` (when given) is told its text as it is written. The crisis lexicon
    /// runs first, then the safety classifier when there is one, both before the coach.
    private func reply(
        to request: CoachRequest, region: String?, logger: Logger, emit: (@Sendable (ReplyEvent) -> Void)? = nil
    ) async -> Generated<Coach.Reply> {
        if let crisis = await screen(request.message, region: region, logger: logger) {
            return crisisReply(crisis, emit: emit)
        }
        guard let emit else { return await provider.coachReply(request) }
        return await provider.coachReplyStream(request, emit: emit)
    }

    /// The crisis assessment of `message` by the crisis lexicon, else by the
    /// safety classifier (whose verdict is counted), or nil when neither finds crisis.
    private func screen(_ message: String, region: String?, logger: Logger) async -> CrisisAssessment? {
        if let crisis = CrisisScreen.assess(message, region: region) { return crisis }
        guard let safetyClassifier else { return nil }
        let verdict = await safetyClassifier.classify(message, logger: logger)
        metrics.aiSafetyCheck(verdict.rawValue)
        return verdict == .crisis ? CrisisScreen.classified(message, region: region) : nil
    }

    /// The crisis reply, told to `emit` as it would be streamed, and counted.
    private func crisisReply(_ crisis: CrisisAssessment, emit: (@Sendable (ReplyEvent) -> Void)?)
        -> Generated<Coach.Reply>
    {
        metrics.aiAnswered(.coachReply, .fallback(.crisis))
        for piece in ReplyEvent.pieces(of: crisis.reply) { emit?(.delta(piece)) }
        return Generated(Coach.Reply(text: crisis.reply, proposals: []), .fallback(.crisis))
    }

    /// The message and the reply, stored with the reply's provenance and data
    /// queries in one transaction; the response's `data`.
    private func save(_ content: String, _ generated: Generated<Coach.Reply>, in consultation: Consultation)
        async throws -> JSONValue
    {
        let reply = generated.value
        let messages = try await repositories.consultations.append(
            [(.user, content, []), (.assistant, reply.text, reply.proposals)],
            to: consultation,
            records: ReplyRecords(provenance: generated.provenance, dataQueries: reply.dataQueries))
        let written = messages.map { $0.apiJSON(dataQueries: $0.id == messages.last?.id ? reply.dataQueries : []) }
        return .object(JSONObject([("messages", .array(written)), ("count", .int(messages.count))]))
    }

    /// The goal or insight a consultation is about (if it is the user's), and the user's check-ins,
    /// daily metrics and workouts, in the user's calendar.
    private func context(of consultation: Consultation) async throws -> Coach.Context {
        let user = consultation.userId
        var context = Coach.Context(
            checkIns: try await repositories.checkIns.all(for: user),
            workouts: try await repositories.workouts.all(for: user, from: nil, to: nil),
            dailyMetrics: try await repositories.dailyMetrics.all(for: user, from: nil, to: nil),
            calendar: try await repositories.profiles.get(for: user).calendar
        )
        guard let contextId = consultation.contextId else { return context }
        switch consultation.contextType {
        case .insight?: context.insight = try await repositories.insights.get(contextId, for: consultation.userId)
        case .goal?: context.goal = try await repositories.goals.get(contextId, for: consultation.userId)
        default: break
        }
        return context
    }
}
