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
    return borrow(handle, as: QueryTablesBox.self).tables
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
        let made = QueryTablesBox(try QueryTables(json: try input(json, len, name: "json")))
        handle.pointee = retainedHandle(made)
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
    releaseHandle(handle, as: QueryTablesBox.self)
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
    if let status = queryManyInPieces(handle, json, len, out, err) { return status }
    return respond(json, len, out, err) { document in
        let tables = try tables(handle)
        let reader = try ObjectReader(document, at: .root)
        try reader.rejectUnknownKeys(["queries"])
        guard case .array(let queries)? = reader.object["queries"] else {
            throw WellnessError.validation("expected an array of query documents", at: reader.path(of: "queries"))
        }
        guard queries.count <= maximumQueries else {
            throw WellnessError.validation("at most \(maximumQueries) queries per call", at: reader.path(of: "queries"))
        }
        return .object(JSONObject([("results", .array(queries.map { answer($0, from: tables) }))]))
    }
}

/// One query's answer, or its error in its place: one bad query must not cost the others their answers.
private func answer(_ query: JSONValue, from tables: QueryTables) -> JSONValue {
    do {
        return try tables.evaluate(json: query).json
    } catch let error as WellnessError {
        return .object(JSONObject([("error", errorDocument(error))]))
    } catch {
        return .object(JSONObject([("error", errorDocument(.internal("unexpected error: \(error)")))]))
    }
}

/// `wellness_query_many` one query at a time: each is parsed, answered and
/// written, and its trees dropped, so that the call holds little more than
/// its input and its result (the whole document's tree and every answer's
/// cost many times their bytes). Nil when the document is not a plain
/// `{"queries": [...]}`, a query is not JSON or the handle is bad: the
/// caller then reads the document whole, which reports it as before.
private func queryManyInPieces(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32? {
    guard let out, let bytes = try? input(json, len, name: "json"), (try? JSONParser.checkSize(of: bytes)) != nil,
        let elements = JSONArrayScan.elements(ofOnlyMember: "queries", in: bytes),
        let tables = try? tables(handle)
    else { return nil }
    Buffer.reset(out)
    Buffer.reset(err)
    guard elements.count <= maximumQueries else {
        return report(
            .validation("at most \(maximumQueries) queries per call", at: FieldPath.root.appending("queries")), to: err)
    }
    var result = GrowingBuffer()
    guard result.append(Array(#"{"results":["#.utf8)) else { return nil }
    for (index, element) in elements.enumerated() {
        guard let query = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[element])),
            let written = try? JSONWriter.bytes(answer(query, from: tables)),
            result.append(index == 0 ? written : [UInt8(ascii: ",")] + written)
        else {
            result.free()
            return nil
        }
    }
    guard result.append(Array("]}".utf8)), result.handOver(to: out) else {
        result.free()
        return nil
    }
    return Status.ok
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
        return try tables(handle).ask(question, anchor: try reader.optional("anchor")).json
    }
}

@_cdecl("wellness_query_tables_new_arrow")
public func wellness_query_tables_new_arrow(
    _ options: UnsafePointer<CChar>?, _ optionsLength: Int,
    _ dailySchema: UnsafeMutablePointer<ArrowSchema>?, _ dailyArray: UnsafeMutablePointer<ArrowArray>?,
    _ sessionsSchema: UnsafeMutablePointer<ArrowSchema>?, _ sessionsArray: UnsafeMutablePointer<ArrowArray>?,
    _ handle: UnsafeMutablePointer<OpaquePointer?>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    // The structs are moved into the call: released here whatever happens.
    defer {
        for schema in [dailySchema, sessionsSchema] { schema?.pointee.release?(schema) }
        for array in [dailyArray, sessionsArray] { array?.pointee.release?(array) }
    }
    Buffer.reset(err)
    guard let handle else { return report(.invalidArgument("tables must not be NULL"), to: err) }
    handle.pointee = nil
    do {
        let bytes = try input(options, optionsLength, name: "options")
        let document =
            bytes.isEmpty ? JSONValue.object(JSONObject([])) : try JSONParser.parse(bytes, expecting: .object)
        let daily = try importedTable(dailySchema, dailyArray, name: "daily")
        let sessions = try importedTable(sessionsSchema, sessionsArray, name: "sessions")
        let tables = try QueryTables(options: document) { zone in
            let dailyPath = FieldPath.root.appending("daily")
            let sessionsPath = FieldPath.root.appending("sessions")
            return (
                try daily.map {
                    try DailyTable(
                        days: $0.column("date", at: dailyPath).days(), metrics: $0.metrics(except: ["date"]),
                        at: dailyPath)
                } ?? .empty,
                try sessions.map {
                    try SessionTable(
                        starts: $0.column("start", at: sessionsPath).instants(),
                        ends: $0.column("end", at: sessionsPath).instants(),
                        activities: $0.column("activity", at: sessionsPath).strings(),
                        metrics: $0.metrics(except: ["start", "end", "activity"]), at: sessionsPath, timeZone: zone)
                } ?? .empty
            )
        }
        handle.pointee = retainedHandle(QueryTablesBox(tables))
        return Status.ok
    } catch let error as WellnessError {
        return report(error, to: err)
    } catch {
        return report(.internal("unexpected error: \(error)"), to: err)
    }
}

/// The columns of one table's Arrow structs, or nil when the table is not given.
private func importedTable(
    _ schema: UnsafeMutablePointer<ArrowSchema>?, _ array: UnsafeMutablePointer<ArrowArray>?, name: String
) throws -> ArrowImport? {
    switch (schema, array) {
    case (nil, nil):
        return nil
    case (let schema?, let array?):
        guard schema.pointee.release != nil, array.pointee.release != nil else {
            throw WellnessError.invalidArgument("\(name): the Arrow structs were already released")
        }
        return try ArrowImport(schema: schema.pointee, array: array.pointee, at: FieldPath.root.appending(name))
    default:
        throw WellnessError.invalidArgument("\(name): give both the Arrow schema and the array, or neither")
    }
}
