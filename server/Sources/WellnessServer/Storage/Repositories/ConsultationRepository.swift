import WellnessKitCore

/// The user's coach consultations and their messages: what the consultation
/// routes and the coach service need of storage, whatever keeps them
/// (``ConsultationSQLRepository`` in the server's database). Every method is
/// scoped to one user: another user's consultation is a missing one.
public protocol ConsultationRepository: Sendable {
    /// Creates a consultation; one about an insight or goal must name one of the user's (404 otherwise).
    func create(_ request: CreateConsultationRequest, for userId: String) async throws -> Consultation
    /// The user's consultation of this id; nil when the user has none.
    func get(_ id: String, for userId: String) async throws -> Consultation?
    /// One page of the user's consultations, newest first, optionally archived or not.
    func list(for userId: String, archived: Bool?, page: Int, pageSize: Int) async throws
        -> ([Consultation], Pagination)
    /// Appends messages to a consultation, the last with `records` when given, all or nothing.
    /// - Returns: the messages stored.
    func append(
        _ messages: [(role: ConsultationMessage.Role, content: String, proposals: [CoachProposal])],
        to consultation: Consultation, records: ReplyRecords?
    ) async throws -> [ConsultationMessage]
    /// The consultation's messages in order.
    func messages(of consultation: Consultation) async throws -> [ConsultationMessage]
    /// The consultation's messages in their API form, each with the data queries its reply ran.
    func messagesJSON(of consultation: Consultation) async throws -> [JSONValue]
}
