import WellnessKitCore

/// Imports an Apple Health export (Health app → Export All Health Data):
/// `export.zip`, whose `export.xml` member is inflated as it is parsed, or
/// `export.xml` itself. The rules are docs/IMPORT.md's.
public enum AppleHealthImport {
    /// Reads `input` whole and folds it into daily metrics and sessions.
    /// - Throws: `invalidArgument` naming the file (and line) of a damaged,
    ///   truncated or malformed export, or a refused entity declaration;
    ///   `cancelled` when `progress` returns false.
    public static func run(
        _ input: ImportInput, options: ImportOptions = ImportOptions(), progress: ImportProgressHandler? = nil
    ) throws -> ImportResult {
        let chunks: ByteChunks
        let documentName: String
        if ZipArchive.looksLikeZip(input) {
            let archive = try ZipArchive(input)
            guard let entry = archive.entry(named: "export.xml") else {
                throw WellnessError.invalidArgument("\(input.name): the zip holds no export.xml")
            }
            chunks = try archive.open(entry)
            documentName = "\(input.name): \(entry.name)"
        } else {
            chunks = PlainChunks(input)
            documentName = input.name
        }
        let reader = AppleHealthReader(options: options)
        let stream = try XMLStream(handler: reader, documentName: documentName)
        reader.locator = stream.locator
        var meter = ProgressMeter(progress, total: input.size)
        try stream.parse(chunks) { try meter.advance(to: $0) }
        try meter.advance(to: input.size, force: true)
        return reader.result()
    }
}
