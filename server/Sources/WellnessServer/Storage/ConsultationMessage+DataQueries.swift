import WellnessKitCore

extension ConsultationMessage {
    /// The message as the API writes it: ``json`` with `data_queries`, the
    /// data queries a reply ran and their results (empty when none), so an app
    /// can say what a number is based on.
    func apiJSON(dataQueries: [JSONValue]) -> JSONValue {
        var message = self
        message.dataQueries = dataQueries
        guard dataQueries.isEmpty, case .object(var members) = message.json else { return message.json }
        members.append("data_queries", .array([]))
        return .object(members)
    }
}
