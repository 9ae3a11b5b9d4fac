import WellnessKitCore

/// Imports a Fitbit export (Google Takeout's Fitbit folder).
public enum FitbitImport {
    /// Reads the export's directory.
    public static func run(directory: String, options: ImportOptions, progress: ImportProgressHandler?) throws
        -> ImportResult
    {
        throw WellnessError.invalidArgument("\(directory): Fitbit exports are not read yet")
    }

    /// Reads the export as a zip of its files.
    public static func run(zip input: ImportInput, options: ImportOptions, progress: ImportProgressHandler?) throws
        -> ImportResult
    {
        throw WellnessError.invalidArgument("\(input.name): Fitbit exports are not read yet")
    }
}
