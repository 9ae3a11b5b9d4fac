import ArgumentParser
import Foundation
import WellnessKitCore
import WellnessServer

/// `wellness-server erase-user ID`: erases a user's account as `DELETE
/// /api/v1/account` does, for a request that came by mail.
struct EraseUser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase-user",
        abstract: "Erase every row of a user in every table; print {\"erased\": ID} as a JSON line.",
        discussion: """
            Deletes the user's data key first: when the key store fails, nothing is erased and it exits 75 \
            (retry later). Running instances on the same database (PostgreSQL or SQLite) refuse the user's keys \
            and tokens as soon as it commits. An erasure interrupted after its rows were deleted is finished \
            (its key deleted; {"erased": ID, "finished": true}). Exits 1 when there is no such user and no key.
            """)
    @OptionGroup var storage: StorageOptions
    @Argument(help: "The user's id.") var user: String

    func run() async throws {
        try await storage.run { store in
            switch try await store.erase(user) {
            case .account: return .object(JSONObject([("erased", .string(user))]))
            case .keyOnly: return .object(JSONObject([("erased", .string(user)), ("finished", .bool(true))]))
            case .nothing: throw UnknownUser()
            }
        }
    }
}

/// `wellness-server export-user ID FILE`: the document `GET
/// /api/v1/account/export` answers, written to FILE (mode 0600).
struct ExportUser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-user",
        abstract: "Write everything stored about a user to FILE as JSON; print {\"exported\", \"file\", \"bytes\"}.",
        discussion: """
            The file appears whole or not at all (written beside it, then renamed), mode 0600: it holds the \
            user's health data in clear. Exits 1 when there is no such user.
            """)
    @OptionGroup var storage: StorageOptions
    @Argument(help: "The user's id.") var user: String
    @Argument(help: "Where to write the export.") var file: String

    func run() async throws {
        let destination = URL(fileURLWithPath: file)
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        try await storage.run { store in
            guard
                FileManager.default.createFile(
                    atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600]),
                let handle = FileHandle(forWritingAtPath: partial.path)
            else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: partial.path]) }
            var bytes = 0
            do {
                defer { try? handle.close() }
                guard
                    try await store.exportAccount(
                        user,
                        to: { chunk in
                            try handle.write(contentsOf: chunk)
                            bytes += chunk.count
                        })
                else { throw UnknownUser() }
                try handle.synchronize()
                // rename(2) replaces FILE atomically (Foundation's replaceItemAt needs it to exist already).
                guard rename(partial.path, destination.path) == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
                }
            } catch {
                try? FileManager.default.removeItem(at: partial)
                throw error
            }
            return .object(
                JSONObject([("exported", .string(user)), ("file", .string(file)), ("bytes", .number(String(bytes)))]))
        }
    }
}

/// No user has the id given.
struct UnknownUser: Error, CustomStringConvertible {
    var description: String { "no such user" }
}
