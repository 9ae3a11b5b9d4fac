import CWellness
import WellnessKitClient
import WellnessKitCore

/// Runs one JSON-in, JSON-out call: borrows the input, parses it strictly,
/// applies `body`, writes the result to `out` or the error to `err`.
/// Every exported function goes through here, so no error escapes to C.
func respond(
    _ json: UnsafePointer<CChar>?, _ len: Int,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?,
    _ body: (JSONValue) throws -> JSONValue
) -> Int32 {
    respond(out, err) {
        try body(try JSONParser.parse(try input(json, len, name: "json"), expecting: .object))
    }
}

/// Runs a call that takes no document: writes `body`'s result to `out` or
/// its error to `err`.
func respond(
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?,
    _ body: () throws -> JSONValue
) -> Int32 {
    Buffer.reset(out)
    Buffer.reset(err)
    do {
        guard let out else {
            throw WellnessError.invalidArgument("out must not be NULL")
        }
        let result = try JSONWriter.bytes(try body())
        guard Buffer.fill(out, with: result) else {
            throw WellnessError.internal("out of memory for a \(result.count)-byte result")
        }
        return Status.ok
    } catch let error as WellnessError {
        return report(error, to: err)
    } catch {
        return report(.internal("unexpected error: \(error)"), to: err)
    }
}

/// The caller's bytes, borrowed for the call; `name` is the argument's name in errors.
func input(_ json: UnsafePointer<CChar>?, _ len: Int, name: String) throws -> UnsafeRawBufferPointer {
    // size_t arrives as Int: a length above Int.max shows up negative.
    guard len >= 0 else {
        throw WellnessError.invalidArgument("\(name) length \(UInt(bitPattern: len)) is larger than any valid input")
    }
    guard let json else {
        if len == 0 { return UnsafeRawBufferPointer(start: nil, count: 0) }
        throw WellnessError.invalidArgument("\(name) is NULL but its length is \(len)")
    }
    return UnsafeRawBufferPointer(start: json, count: len)
}

/// Writes the error JSON to `err` (when given) and returns the status.
func report(_ error: WellnessError, to err: UnsafeMutablePointer<wellness_buf>?) -> Int32 {
    if let err {
        // Strings and integers only: the writer has no number to refuse.
        _ = Buffer.fill(err, with: (try? JSONWriter.bytes(errorDocument(error))) ?? [])
    }
    return Status.code(of: error.kind)
}

/// The error document of `err` buffers, also used for errors inside results.
func errorDocument(_ error: WellnessError) -> JSONValue {
    let code = Status.code(of: error.kind)
    var document = JSONObject([
        ("code", .int(Int(code))),
        ("name", .string(Status.name(of: code).description)),
        ("message", .string(error.message)),
        ("path", error.path.map(JSONValue.string) ?? .null),
    ])
    if let status = error.httpStatus { document.append("http_status", .int(status)) }
    if let seconds = error.retryAfter { document.append("retry_after", .int(seconds)) }
    return .object(document)
}
