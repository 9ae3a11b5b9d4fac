import CWellness
import WellnessImport
import WellnessKitCore

// Importers of exported health data (docs/IMPORT.md): Apple Health, GPX, TCX, Fitbit.

/// `wellness_progress_fn`, here with bytes read and bytes in all; non-zero stops the import.
public typealias ImportProgressFunction = @convention(c) (UnsafeMutableRawPointer?, Int, Int) -> Int32

@_cdecl("wellness_import_file")
public func wellness_import_file(
    _ json: UnsafePointer<CChar>?, _ len: Int, _ progress: ImportProgressFunction?,
    _ userData: UnsafeMutableRawPointer?,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { document in
        let reader = try ObjectReader(document, at: .root)
        let format = try ImportFormat(reader)
        let path = try reader.nonEmptyString("path")
        let options = try ImportOptions(json: document, extraKeys: ["format", "path"])
        return try format.run(path: path, options: options, progress: progressHandler(progress, userData)).json
    }
}

@_cdecl("wellness_import_bytes")
public func wellness_import_bytes(
    _ json: UnsafePointer<CChar>?, _ len: Int, _ data: UnsafeRawPointer?, _ dataLength: Int,
    _ progress: ImportProgressFunction?, _ userData: UnsafeMutableRawPointer?,
    _ out: UnsafeMutablePointer<wellness_buf>?, _ err: UnsafeMutablePointer<wellness_buf>?
) -> Int32 {
    respond(json, len, out, err) { document in
        let reader = try ObjectReader(document, at: .root)
        let format = try ImportFormat(reader)
        let name: String? = try reader.optional("name")
        let options = try ImportOptions(json: document, extraKeys: ["format", "name"])
        let bytes = try input(data?.assumingMemoryBound(to: CChar.self), dataLength, name: "data")
        let importInput = ImportInput(borrowing: bytes, name: name ?? "input")
        return try format.run(importInput, options: options, progress: progressHandler(progress, userData)).json
    }
}

/// The Swift form of the caller's progress callback.
private func progressHandler(_ progress: ImportProgressFunction?, _ userData: UnsafeMutableRawPointer?)
    -> ImportProgressHandler?
{
    guard let progress else { return nil }
    return { done, total in progress(userData, done, total) == 0 }
}
