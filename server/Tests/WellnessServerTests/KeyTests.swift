import Crypto
import Foundation
import Testing
import WellnessKitCore

@testable import WellnessServer

/// The key file is never replaced, a missing or wrong key
/// stops start-up, and the database and key files are private.
@Suite struct KeyTests {
    /// A data directory with sealed data (insights), whose store is closed again.
    private static func directoryWithData() async throws -> (ServerConfiguration, String) {
        let server = try await TestServer.make()
        _ = try await server.user(days: 10)
        return (server.configuration, server.directory.appendingPathComponent("encryption.key").path)
    }

    private static func startUpError(
        _ configuration: ServerConfiguration,
        environment: [String: String] = [:]
    ) async -> String? {
        do {
            _ = try await WellnessApplication.openStore(configuration, environment: environment)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func databaseAndKeyFilesArePrivate() async throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let server = try await TestServer.make()
        _ = try await server.user(days: 3)
        for file in ["encryption.key", "wellness.sqlite", "wellness.sqlite-wal", "wellness.sqlite-shm"] {
            let path = server.directory.appendingPathComponent(file).path
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file) has mode \(String(mode ?? 0, radix: 8))")
        }
    }

    @Test func aMissingKeyWithDataStopsStartUp() async throws {
        let (configuration, keyPath) = try await Self.directoryWithData()
        try FileManager.default.removeItem(atPath: keyPath)
        let error = try #require(await Self.startUpError(configuration))
        #expect(error.contains("missing") && error.contains("encryption.key"))
        #expect(!FileManager.default.fileExists(atPath: keyPath), "a new key was generated for existing data")
    }

    @Test func aWrongKeyStopsStartUp() async throws {
        let (configuration, keyPath) = try await Self.directoryWithData()
        let other = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        try other.write(to: URL(fileURLWithPath: keyPath))
        let error = try #require(await Self.startUpError(configuration))
        #expect(error.contains("not the one"))
        #expect(FileManager.default.contents(atPath: keyPath) == other)
        let environmentKey = other.base64EncodedString()
        #expect(await Self.startUpError(configuration, environment: ["WELLNESS_SERVER_KEY": environmentKey]) != nil)
    }

    /// A database from before sealed values were bound to their rows (no
    /// schema version): refused with a message saying so, and left as it was.
    @Test func aDatabaseFromAnEarlierVersionIsRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wellness-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("wellness.sqlite").path
        let old = try SQLiteEngine(path: path)
        try await old.query(
            """
            CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL, api_key_fingerprint TEXT NOT NULL UNIQUE,
                created_ms INTEGER NOT NULL)
            """)
        try await old.query("CREATE TABLE meta (name TEXT PRIMARY KEY, value BLOB NOT NULL)")
        try await old.query("INSERT INTO users VALUES ('usr_1', 'Plain name', 'f', 0)")
        let error = try #require(await Self.startUpError(ServerConfiguration(dataDirectory: directory)))
        #expect(error.contains("earlier wellness-server"), "\(error)")
        #expect(try await old.query("SELECT name FROM users").first?.text("name") == "Plain name")
        #expect(try await old.query("SELECT COUNT(*) AS n FROM meta").first?.integer("n") == 0)
    }

    @Test func anUnreadableKeyFileIsNeverReplaced() async throws {
        // A key file that cannot be read (as root, mode 000 still reads): a
        // link to a volume that is not mounted, a directory, the wrong length.
        for unreadable in ["link", "directory", "short", "long"] {
            let (configuration, keyPath) = try await Self.directoryWithData()
            try FileManager.default.removeItem(atPath: keyPath)
            var before = Data()
            switch unreadable {
            case "link":
                try FileManager.default.createSymbolicLink(
                    atPath: keyPath, withDestinationPath: "/nonexistent-volume/key")
            case "directory":
                try FileManager.default.createDirectory(atPath: keyPath, withIntermediateDirectories: false)
            case "short": before = Data(repeating: 7, count: 31)
            default: before = Data(repeating: 7, count: 64)
            }
            if !before.isEmpty { try before.write(to: URL(fileURLWithPath: keyPath)) }
            let error = try #require(await Self.startUpError(configuration), "\(unreadable)")
            #expect(error.contains("encryption.key") && error.contains("never replaced"), "\(unreadable): \(error)")
            switch unreadable {
            case "link":
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: keyPath) == "/nonexistent-volume/key")
            case "directory":
                var isDirectory: ObjCBool = false
                #expect(
                    FileManager.default.fileExists(atPath: keyPath, isDirectory: &isDirectory) && isDirectory.boolValue)
            default:
                #expect(FileManager.default.contents(atPath: keyPath) == before)
            }
        }
    }

    @Test func aFreshDirectoryGetsAKeyOnce() async throws {
        let server = try await TestServer.make()
        let keyPath = server.directory.appendingPathComponent("encryption.key").path
        let key = try #require(FileManager.default.contents(atPath: keyPath))
        #expect(key.count == 32)
        _ = try await WellnessApplication.openStore(server.configuration, environment: [:])
        #expect(FileManager.default.contents(atPath: keyPath) == key)
    }
}
