// swift-tools-version:5.9
import Foundation
import PackageDescription

/// Absolute path of this package, so linker flags work from any working directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

/// Sanitizer builds (make fuzz, make sanitize) leave the sanitizer's symbols
/// for the executable to provide, which `-z defs` would refuse.
let sanitizerBuild = ProcessInfo.processInfo.environment["WELLNESS_SANITIZER_BUILD"] != nil
let noUndefinedSymbols = sanitizerBuild ? [] : ["-Xlinker", "-z", "-Xlinker", "defs"]

/// The soname's number: the header's WELLNESS_ABI_VERSION, written once.
let abiVersion: String = {
    let header = (try? String(contentsOfFile: packageRoot + "/include/wellness.h", encoding: .utf8)) ?? ""
    let prefix = "#define WELLNESS_ABI_VERSION "
    guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else {
        fatalError("include/wellness.h defines no WELLNESS_ABI_VERSION")
    }
    return String(line.dropFirst(prefix.count))
}()

let package = Package(
    name: "WellnessKit",
    products: [
        /// libwellness.so: the C ABI, self-contained (the Swift runtime is
        /// linked in statically). Only `wellness_*` symbols are exported
        /// (include/wellness.map), under the soname libwellness.so.1.
        .library(name: "wellness", type: .dynamic, targets: ["WellnessCABI", "WellnessRuntimeHooks"]),
        /// The engine: models, JSON, time zones, aggregation, trends, charts,
        /// presentation and integration rules. Pure Swift, no system library:
        /// for Swift packages such as the reference server, and Apple apps.
        .library(name: "WellnessKitCore", targets: ["WellnessKitCore"]),
        /// The API client: libcurl transport, offline store (SQLite), analytics queue.
        .library(name: "WellnessKitClient", targets: ["WellnessKitClient"]),
        /// The one wrapper of SQLite's C API: the client's offline store and the reference server's database.
        .library(name: "WellnessSQLite", targets: ["WellnessSQLite"]),
    ],
    targets: [
        /// The system's libcurl (Debian: libcurl4-openssl-dev), the HTTP transport.
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        /// The system's SQLite (Debian: libsqlite3-dev): the client's local store, the server's default database.
        .systemLibrary(
            name: "CWellnessSQLite", path: "Sources/CWellnessSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        /// OpenSSL's libcrypto (Debian: libssl-dev; libcurl already loads it):
        /// SHA-256 of cache owners and AES-256-GCM of cached payloads.
        .systemLibrary(
            name: "CWellnessCrypto", path: "Sources/CWellnessCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        .target(
            name: "WellnessKitCore",
            dependencies: ["CWellness", "CWellnessAtomics"],
            swiftSettings: [
                .enableExperimentalFeature("StrictConcurrency"),
                // Every function starts on a 64-byte line, so that its hot loops sit where they sat
                // whatever else in the module changed: an unrelated change moved the JSON sample
                // scanner 16 bytes off a line and made 1M samples 5 % slower (33.3 ms against 31.8).
                .unsafeFlags(["-Xllvm", "-align-all-functions=6"], .when(configuration: .release)),
            ]
        ),
        /// Atomic integers and the spin-wait hint for the core's kept threads (header only).
        .systemLibrary(name: "CWellnessAtomics", path: "Sources/CWellnessAtomics"),
        /// expat and zlib (Debian: libexpat1-dev, zlib1g-dev): the importers'
        /// streamed XML parser and the inflater of export.zip members.
        .systemLibrary(
            name: "CWellnessImport", path: "Sources/CWellnessImport",
            providers: [.apt(["libexpat1-dev", "zlib1g-dev"])]),
        /// Importers of exported health data (Apple Health, GPX, TCX, Fitbit)
        /// into daily metrics and sessions.
        .target(
            name: "WellnessImport", dependencies: ["WellnessKitCore", "CWellnessImport"],
            swiftSettings: [.enableExperimentalFeature("StrictConcurrency")]),
        .target(
            name: "WellnessSQLite", dependencies: ["CWellnessSQLite"],
            swiftSettings: [.enableExperimentalFeature("StrictConcurrency")]),
        .target(
            name: "WellnessKitClient",
            dependencies: ["WellnessKitCore", "WellnessSQLite", "CCurl", "CWellnessCrypto"],
            swiftSettings: [.enableExperimentalFeature("StrictConcurrency")]
        ),
        /// The hand-written header, imported so the C layer shares its types
        /// and the engine its version macros.
        .systemLibrary(name: "CWellness", path: "include"),
        .target(
            name: "WellnessCABI", dependencies: ["WellnessKitCore", "WellnessKitClient", "WellnessImport", "CWellness"]),
        /// The product's link settings, on a target only the product links,
        /// so that test bundles (which link XCTest and Testing dynamically)
        /// never see -static-stdlib. SwiftPM's --static-swift-stdlib applies
        /// to executables only.
        .target(
            name: "WellnessRuntimeHooks",
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-use-ld=lld",
                        "-Xlinker", "--version-script=\(packageRoot)/include/wellness.map",
                        "-Xlinker", "-soname=libwellness.so.\(abiVersion)",
                        "-static-stdlib",
                        "-Xlinker", "--wrap=_swift_installCrashHandler",
                        // swift::warning: Backtrace.cpp's load-time warnings (quiet_backtracer.c).
                        "-Xlinker", "--wrap=_ZN5swift7warningEjPKcz",
                        // Anything left unresolved is an error, not a surprise at load time.
                    ] + noUndefinedSymbols)
            ]
        ),
        /// Helpers the test targets share.
        .target(name: "WellnessTestSupport", dependencies: ["WellnessKitCore"], path: "Tests/WellnessTestSupport"),
        .testTarget(name: "WellnessKitCoreTests", dependencies: ["WellnessKitCore", "WellnessTestSupport"]),
        .testTarget(name: "WellnessKitClientTests", dependencies: ["WellnessKitClient", "WellnessTestSupport"]),
        .testTarget(
            name: "WellnessImportTests", dependencies: ["WellnessImport", "CWellnessImport", "WellnessTestSupport"]),
        .testTarget(name: "WellnessSQLiteTests", dependencies: ["WellnessSQLite"]),
        .testTarget(name: "WellnessCABITests", dependencies: ["WellnessCABI", "CWellness"]),
    ]
)
