import WellnessKitCore

/// How a reply was made and the data queries it ran, stored with it
/// (``ConsultationRepository/append(_:to:records:)``).
public struct ReplyRecords: Sendable {
    public var provenance: GenerationProvenance
    /// `{"query": {…}, "result": {…}}` objects; none is stored as no column.
    public var dataQueries: [JSONValue]

    public init(provenance: GenerationProvenance, dataQueries: [JSONValue] = []) {
        self.provenance = provenance
        self.dataQueries = dataQueries
    }
}
