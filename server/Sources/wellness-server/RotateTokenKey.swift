import ArgumentParser
import Foundation
import WellnessServer

/// `wellness-server rotate-token-key --data DIR [--drop-previous]`: a new key
/// signs tokens from the next start; the previous ones still verify the tokens
/// they signed unless dropped.
struct RotateTokenKey: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add a new token signing key to DIR/token.keys (used from the next start).")

    // Not ``StorageOptions``: only the directory's key file is read, never a database.
    @Option(help: "Data directory (database and keys).") var data = StorageOptions.defaultDataDirectory
    @Flag(help: "Drop the previous keys: every token issued so far stops working.") var dropPrevious = false

    func run() throws {
        do {
            let id = try TokenKeys.rotate(dataDirectory: URL(fileURLWithPath: data), dropPrevious: dropPrevious)
            print("token key \(id) now signs; restart the server to use it")
        } catch let error as ConfigurationError {
            throw ExitCode.configuration("cannot rotate the token key", error)
        }
    }
}
