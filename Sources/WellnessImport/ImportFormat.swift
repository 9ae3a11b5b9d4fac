import WellnessKitCore

/// The file formats the importers read, by their name in the C and Python calls.
public enum ImportFormat: String, Sendable, CaseIterable {
    case appleHealth = "apple_health"
    case gpx
    case tcx
    case fitbit

    /// Reads the `"format"` member.
    public init(_ reader: ObjectReader) throws {
        let name = try reader.nonEmptyString("format")
        guard let format = ImportFormat(rawValue: name) else {
            throw WellnessError.validation(
                "unknown format \"\(name)\"; expected one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))",
                at: reader.path(of: "format"))
        }
        self = format
    }

    /// Imports the file (or, for Fitbit, the export's directory) at `path`.
    public func run(path: String, options: ImportOptions, progress: ImportProgressHandler?) throws -> ImportResult {
        if self == .fitbit { return try FitbitImport.run(directory: path, options: options, progress: progress) }
        return try run(try ImportInput(path: path), options: options, progress: progress)
    }

    /// Imports one input (a Fitbit export as a zip of its files).
    public func run(_ input: ImportInput, options: ImportOptions, progress: ImportProgressHandler?) throws
        -> ImportResult
    {
        switch self {
        case .appleHealth: return try AppleHealthImport.run(input, options: options, progress: progress)
        case .gpx, .tcx: return try TrackImport.run(input, format: self, options: options, progress: progress)
        case .fitbit: return try FitbitImport.run(zip: input, options: options, progress: progress)
        }
    }
}
