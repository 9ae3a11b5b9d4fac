// swift-tools-version:5.9
import PackageDescription

/// The reference backend for the seeds' API, in its own package so that
/// library users never build server dependencies.
let package = Package(
    name: "WellnessServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "wellness-server", targets: ["wellness-server"])
    ],
    dependencies: [
        .package(name: "WellnessKit", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .target(
            name: "WellnessServer",
            dependencies: [
                .product(name: "WellnessKitCore", package: "WellnessKit"),
                .product(name: "WellnessSQLite", package: "WellnessKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "wellness-server",
            dependencies: [
                "WellnessServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The benchmark's bare route (BenchBare).
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "WellnessServerTests",
            dependencies: [
                "WellnessServer",
                // The command's option groups (ServerOptionsTests).
                "wellness-server",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            // Read from the source tree (MigrationTests).
            exclude: ["Fixtures", "RedTeam"]
        ),
    ]
)
