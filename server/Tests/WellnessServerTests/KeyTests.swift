import Crypto
import Foundation
import Testing
import WellnessKitCore
@testable import WellnessServer

/// Issue 13.2 and 13.3: the key file is never replaced, a missing or wrong key
/// stops start-up, and the database and key files are private.
@Suite struct KeyTests {
    /// A data directory with sealed data (insights), whose store is closed again.
    private static func directoryWithData() throws -> (ServerConfiguration, String) {
        let server = try TestServer()
        _ = try server.user(days: 10)
        return (server.configuration, server.directory.appendingPathComponent("encryption.key").path)
    }

    private static func startUpError(_ configuration: ServerConfiguration,
                                     environment: [String: String] = [:]) -> String? {
        do {
            _ = try WellnessApplication.openStore(configuration, environment: environment)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func databaseAndKeyFilesArePrivate() throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let server = try TestServer()
        _ = try server.user(days: 3)
        for file in ["encryption.key", "wellness.sqlite", "wellness.sqlite-wal", "wellness.sqlite-shm"] {
            let path = server.directory.appendingPathComponent(file).path
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file) has mode \(String(mode ?? 0, radix: 8))")
        }
    }

    @Test func aMissingKeyWithDataStopsStartUp() throws {
        let (configuration, keyPath) = try Self.directoryWithData()
        try FileManager.default.removeItem(atPath: keyPath)
        let error = try #require(Self.startUpError(configuration))
        #expect(error.contains("missing") && error.contains("encryption.key"))
        #expect(!FileManager.default.fileExists(atPath: keyPath), "a new key was generated for existing data")
    }

    @Test func aWrongKeyStopsStartUp() throws {
        let (configuration, keyPath) = try Self.directoryWithData()
        let other = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        try other.write(to: URL(fileURLWithPath: keyPath))
        let error = try #require(Self.startUpError(configuration))
        #expect(error.contains("not the one"))
        #expect(FileManager.default.contents(atPath: keyPath) == other)
        let environmentKey = other.base64EncodedString()
        #expect(Self.startUpError(configuration, environment: ["WELLNESS_SERVER_KEY": environmentKey]) != nil)
    }

    /// A database from before the key check value: the key must open its sealed data.
    @Test func aWrongKeyForOlderDataStopsStartUp() throws {
        let server = try TestServer()
        _ = try server.user(days: 10)
        try server.store.database.execute("DELETE FROM meta")
        let other = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString()
        #expect(Self.startUpError(server.configuration, environment: ["WELLNESS_SERVER_KEY": other]) != nil)
        #expect(Self.startUpError(server.configuration) == nil)
    }

    @Test func anUnreadableKeyFileIsNeverReplaced() throws {
        // A key file that cannot be read (as root, mode 000 still reads): a
        // link to a volume that is not mounted, a directory, the wrong length.
        for unreadable in ["link", "directory", "short", "long"] {
            let (configuration, keyPath) = try Self.directoryWithData()
            try FileManager.default.removeItem(atPath: keyPath)
            var before = Data()
            switch unreadable {
            case "link": try FileManager.default.createSymbolicLink(atPath: keyPath, withDestinationPath: "/nonexistent-volume/key")
            case "directory": try FileManager.default.createDirectory(atPath: keyPath, withIntermediateDirectories: false)
            case "short": before = Data(repeating: 7, count: 31)
            default: before = Data(repeating: 7, count: 64)
            }
            if !before.isEmpty { try before.write(to: URL(fileURLWithPath: keyPath)) }
            let error = try #require(Self.startUpError(configuration), "\(unreadable)")
            #expect(error.contains("encryption.key") && error.contains("never replaced"), "\(unreadable): \(error)")
            switch unreadable {
            case "link":
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: keyPath) == "/nonexistent-volume/key")
            case "directory":
                var isDirectory: ObjCBool = false
                #expect(FileManager.default.fileExists(atPath: keyPath, isDirectory: &isDirectory) && isDirectory.boolValue)
            default:
                #expect(FileManager.default.contents(atPath: keyPath) == before)
            }
        }
    }

    @Test func aFreshDirectoryGetsAKeyOnce() throws {
        let server = try TestServer()
        let keyPath = server.directory.appendingPathComponent("encryption.key").path
        let key = try #require(FileManager.default.contents(atPath: keyPath))
        #expect(key.count == 32)
        _ = try WellnessApplication.openStore(server.configuration, environment: [:])
        #expect(FileManager.default.contents(atPath: keyPath) == key)
    }
}
