import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Imports a Fitbit export: the folder of Google Takeout's `Fitbit` (or the
/// account export's `MyFitbitData/<name>`), or a zip of it. Its files are
/// found by name wherever they are (docs/IMPORT.md, "Fitbit"): per-minute
/// `steps-*.json`, `heart_rate-*.json`, `resting_heart_rate-*.json`,
/// `sleep-*.json`, `exercise-*.json`, `Active Zone Minutes - *.csv` and
/// `Daily Heart Rate Variability Summary - *.csv`.
public enum FitbitImport {
    /// Files larger than this are refused (a month of per-minute steps is about 3 MB).
    static let fileLimit = 256 << 20

    /// Reads the export's folder.
    /// - Throws: `invalidArgument` naming the file (and line) of a malformed
    ///   file, or when the folder holds no Fitbit file.
    public static func run(directory: String, options: ImportOptions, progress: ImportProgressHandler?) throws
        -> ImportResult
    {
        var files: [(path: String, name: String, size: Int)] = []
        try collect(directory, into: &files, depth: 0)
        let wanted = files.filter { FitbitFile.kind(of: $0.name) != nil }.sorted { $0.path < $1.path }
        let total = wanted.reduce(0) { $0 + $1.size }
        var meter = ProgressMeter(progress, total: total)
        var reader = FitbitReader(options: options)
        var done = 0
        for file in wanted {
            let input = try ImportInput(path: file.path)
            guard input.size <= fileLimit else {
                throw WellnessError.invalidArgument("\(file.path): \(input.size) bytes, more than a Fitbit file holds")
            }
            let bytes = try input.readExactly(at: 0, count: input.size, what: "file")
            try reader.read(bytes, name: file.name, location: file.path)
            done += file.size
            try meter.advance(to: done)
        }
        guard !wanted.isEmpty else {
            throw WellnessError.invalidArgument("\(directory): no Fitbit export file (steps-*.json, sleep-*.json ...)")
        }
        try meter.advance(to: total, force: true)
        return reader.result()
    }

    /// Reads the export as a zip of its files (Google Takeout's archive).
    public static func run(zip input: ImportInput, options: ImportOptions, progress: ImportProgressHandler?) throws
        -> ImportResult
    {
        let archive = try ZipArchive(input)
        var reader = FitbitReader(options: options)
        var meter = ProgressMeter(progress, total: input.size)
        var found = 0
        for entry in archive.entries {
            let name = String(entry.name.split(separator: "/").last ?? "")
            guard FitbitFile.kind(of: name) != nil else { continue }
            let chunks = try archive.open(entry)
            let bytes = try readWhole(chunks, name: "\(input.name): \(entry.name)")
            try reader.read(bytes, name: name, location: "\(input.name): \(entry.name)")
            found += 1
            try meter.advance(to: chunks.inputConsumed)
        }
        guard found > 0 else {
            throw WellnessError.invalidArgument("\(input.name): the zip holds no Fitbit export file")
        }
        try meter.advance(to: input.size, force: true)
        return reader.result()
    }

    /// A zip member's bytes, read as they inflate (never more than `fileLimit`,
    /// whatever its directory entry claims).
    private static func readWhole(_ chunks: ByteChunks, name: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try chunks.next(into: $0) }
            if count == 0 { return bytes }
            guard bytes.count + count <= fileLimit else {
                throw WellnessError.invalidArgument("\(name) is larger than a Fitbit file")
            }
            bytes += chunk[0..<count]
        }
    }

    /// Every regular file under `path`, at most 8 folders deep.
    private static func collect(_ path: String, into files: inout [(path: String, name: String, size: Int)], depth: Int)
        throws
    {
        guard let directory = opendir(path) else {
            throw WellnessError.invalidArgument("\(path): cannot open the folder (\(String(cString: strerror(errno))))")
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            var status = stat()
            guard stat(child, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR, depth < 8 {
                try collect(child, into: &files, depth: depth + 1)
            } else if status.st_mode & S_IFMT == S_IFREG {
                files.append((child, name, Int(status.st_size)))
            }
        }
    }
}
