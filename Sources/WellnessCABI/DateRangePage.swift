import WellnessKitCore

/// The request of a list call over dated rows (workouts, daily metrics):
/// `from` and `to` (optional days), `page` (from 1) and `page_size`
/// (1…100, 20 by default), no other key.
struct DateRangePage {
    static let keys = ["from", "to", "page", "page_size"]

    let from: String?
    let to: String?
    let page: Int
    let pageSize: Int

    /// Reads the request, refusing unknown keys and out-of-range pages by name.
    /// - Parameter reader: the call's document.
    /// - Throws: a validation error naming the key.
    init(reading reader: ObjectReader) throws {
        try reader.rejectUnknownKeys(Self.keys)
        from = try reader.optional("from")
        to = try reader.optional("to")
        page = try reader.optionalInt("page", in: 1...1_000_000) ?? 1
        pageSize = try reader.optionalInt("page_size", in: 1...100) ?? 20
    }
}
