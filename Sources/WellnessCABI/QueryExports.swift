import CWellness
import WellnessKitCore

/// The tables behind a `wellness_query_tables` handle; immutable, so any
/// number of threads may query one handle at once.
private final class QueryTablesBox: Sendable {
    let tables: QueryTables

    init(_ tables: QueryTables) {
        self.tables = tables
    }
}

private func tables(_ handle: OpaquePointer?) throws -> QueryTables {
    guard let handle else { throw WellnessError.invalidArgument("tables must not be NULL") }
    return Unmanaged<QueryTablesBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue().tables
}

/// Most queries one `wellness_query_many` call runs.
private let maximumQueries = 100_000

@_cdecl("wellness_query_tables_new")
public func wellness_query_tables_new(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ handle: UnsafeMutablePointer<OpaquePointer?>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    Buffer.reset(err)
    guard let handle else { return report(.invalidArgument("tables must not be NULL"), to: err) }
    handle.pointee = nil
    do {
        let document = try JSONParser.parse(try input(json, len, name: "json"), expecting: .object)
        let made = QueryTablesBox(try QueryTables(json: document))
        handle.pointee = OpaquePointer(Unmanaged.passRetained(made).toOpaque())
        return Status.ok
    } catch let error as WellnessError {
        return report(error, to: err)
    } catch {
        return report(.internal("unexpected error: \(error)"), to: err)
    }
}

@_cdecl("wellness_query_tables_free")
public func wellness_query_tables_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<QueryTablesBox>.fromOpaque(UnsafeRawPointer(handle)).release()
}

@_cdecl("wellness_query_tables_summary")
public func wellness_query_tables_summary(
    _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(out, err) { try tables(handle).summary }
}

@_cdecl("wellness_query")
public func wellness_query(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { query in try tables(handle).evaluate(json: query).json }
}

@_cdecl("wellness_query_many")
public func wellness_query_many(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { document in
        let tables = try tables(handle)
        let reader = try ObjectReader(document, at: .root)
        try reader.rejectUnknownKeys(["queries"])
        guard case .array(let queries)? = reader.object["queries"] else {
            throw WellnessError.validation("expected an array of query documents", at: reader.path(of: "queries"))
        }
        guard queries.count <= maximumQueries else {
            throw WellnessError.validation("at most \(maximumQueries) queries per call", at: reader.path(of: "queries"))
        }
        // One bad query must not cost the others their answers.
        let results: [JSONValue] = queries.map { query in
            do {
                return try tables.evaluate(json: query).json
            } catch let error as WellnessError {
                return .object(JSONObject([("error", errorDocument(error))]))
            } catch {
                return .object(JSONObject([("error", errorDocument(.internal("unexpected error: \(error)")))]))
            }
        }
        return .object(JSONObject([("results", .array(results))]))
    }
}

@_cdecl("wellness_query_tool")
public func wellness_query_tool(
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(out, err) { DataQuery.toolDefinition }
}

@_cdecl("wellness_query_ask")
public func wellness_query_ask(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { document in
        let reader = try ObjectReader(document, at: .root)
        try reader.rejectUnknownKeys(["question", "anchor"])
        let question = try reader.nonEmptyString("question")
        guard question.count <= QuestionReader.maximumLength else {
            throw WellnessError.validation(
                "at most \(QuestionReader.maximumLength) characters", at: reader.path(of: "question"))
        }
        guard let answer = try tables(handle).answer(question, anchor: try reader.optional("anchor")) else {
            return .object(
                JSONObject([
                    ("understood", .bool(false)), ("answer", .null), ("number", .null), ("unit", .null),
                    ("result", .null),
                ]))
        }
        return answer.json
    }
}
