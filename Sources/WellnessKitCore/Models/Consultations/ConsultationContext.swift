/// Checks the rule shared by consultations and their create requests: an
/// insight or goal context must name its insight or goal.
enum ConsultationContext {
    static func validate(_ contextType: ContextType?, contextId: String?, reader: ObjectReader) throws {
        guard let contextType, contextType.requiresContextId else { return }
        if contextId?.isEmpty ?? true {
            throw WellnessError.validation(
                "is required when context_type is \"\(contextType.rawValue)\"",
                at: reader.path(of: "context_id"))
        }
    }
}
