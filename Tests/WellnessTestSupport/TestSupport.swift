import Foundation
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

/// nst's JSONTestSuite parsing cases from ../shared, as (file name, bytes);
/// nil (after printing a visible SKIPPED line) when the directory is absent.
public func jsonTestSuiteCases() throws -> [(name: String, bytes: [UInt8])]? {
    let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/conformance/JSONTestSuite/test_parsing").standardized
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
        print("SKIPPED: JSONTestSuite not found at \(directory.path)")
        return nil
    }
    return try files.sorted().filter { $0.hasSuffix(".json") }.map { name in
        (name, try [UInt8](Data(contentsOf: directory.appendingPathComponent(name))))
    }
}

/// Whether `text` holds a word "nan" or "inf" as C and Swift print
/// non-finite doubles ("dominant-baseline" does not count).
public func containsNonFiniteWord(_ text: String) -> Bool {
    text.lowercased().split { !$0.isLetter }.contains { $0 == "nan" || $0 == "inf" || $0 == "infinity" }
}
