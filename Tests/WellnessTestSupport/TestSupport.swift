import Foundation
import Testing
import WellnessKitCore

/// The WellnessError `body` throws, or nil when it succeeds or throws something else.
public func wellnessError(_ body: () throws -> Any) -> WellnessError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? WellnessError
    }
}

/// Decodes a model from JSON text.
public func decode<Model: JSONDecodable>(_ type: Model.Type, _ text: String) throws -> Model {
    try Model(json: JSONParser.parse(text))
}

/// A model's canonical JSON as text.
public func canonical<Model: JSONEncodable>(_ model: Model) throws -> String {
    try JSONWriter.string(model.json)
}

/// Where nst's JSONTestSuite parsing cases are: ../shared beside the repository.
public let jsonTestSuiteDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/conformance/JSONTestSuite/test_parsing").standardized

/// Whether the tests that read JSONTestSuite run: when it is there, and under
/// WELLNESS_TEST_STRICT=1 (CI) also when it is not, so that they fail there
/// instead of being skipped. Use as `@Test(.enabled(if: jsonTestSuiteRuns, jsonTestSuiteSkipReason))`.
public let jsonTestSuiteRuns =
    FileManager.default.fileExists(atPath: jsonTestSuiteDirectory.path)
    || ProcessInfo.processInfo.environment["WELLNESS_TEST_STRICT"] == "1"

/// Why those tests were skipped, for the test report.
public let jsonTestSuiteSkipReason: Comment = "skipped: JSONTestSuite not found at \(jsonTestSuiteDirectory.path)"

/// JSONTestSuite's parsing cases, as (file name, bytes).
/// - Throws: when the directory or a file cannot be read.
public func jsonTestSuiteCases() throws -> [(name: String, bytes: [UInt8])] {
    let files = try FileManager.default.contentsOfDirectory(atPath: jsonTestSuiteDirectory.path)
    return try files.sorted().filter { $0.hasSuffix(".json") }.map { name in
        (name, try [UInt8](Data(contentsOf: jsonTestSuiteDirectory.appendingPathComponent(name))))
    }
}

/// Whether `text` holds a word "nan" or "inf" as C and Swift print
/// non-finite doubles ("dominant-baseline" does not count).
public func containsNonFiniteWord(_ text: String) -> Bool {
    text.lowercased().split { !$0.isLetter }.contains { $0 == "nan" || $0 == "inf" || $0 == "infinity" }
}

/// A clock a test moves by hand: seconds that change only when `advance` is called.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Double

    public init(_ seconds: Double) {
        current = seconds
    }

    /// The clock's reading.
    public var seconds: Double {
        lock.withLock { current }
    }

    /// Moves the clock forward.
    public func advance(_ seconds: Double) {
        lock.withLock { current += seconds }
    }
}
