// swift-tools-version:5.9
import Foundation
import PackageDescription

/// Absolute path of this package, so linker flags work from any working directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

let package = Package(
    name: "WellnessKit",
    products: [
        /// libwellness.so: the C ABI. Only `wellness_*` symbols are exported
        /// (include/wellness.map), under the soname libwellness.so.1.
        .library(name: "wellness", type: .dynamic, targets: ["WellnessCABI"]),
        /// The pure-Swift core, for Swift packages such as the reference server.
        .library(name: "WellnessKitCore", targets: ["WellnessKitCore"]),
    ],
    targets: [
        /// The system's libcurl (Debian: libcurl4-openssl-dev), the HTTP transport.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(
            name: "WellnessKitCore",
            dependencies: ["CCurl"],
            swiftSettings: [.enableExperimentalFeature("StrictConcurrency")]
        ),
        /// The hand-written header, imported so the C layer shares its types.
        .systemLibrary(name: "CWellness", path: "include"),
        .target(
            name: "WellnessCABI",
            dependencies: ["WellnessKitCore", "CWellness"],
            linkerSettings: [
                .unsafeFlags([
                    "-use-ld=lld",
                    "-Xlinker", "--version-script=\(packageRoot)/include/wellness.map",
                    "-Xlinker", "-soname=libwellness.so.1",
                ]),
            ]
        ),
        .testTarget(name: "WellnessKitCoreTests", dependencies: ["WellnessKitCore"]),
        .testTarget(name: "WellnessCABITests", dependencies: ["WellnessCABI", "CWellness"]),
    ]
)
