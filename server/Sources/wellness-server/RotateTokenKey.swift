import ArgumentParser
import Foundation
import WellnessServer

/// `wellness-server rotate-token-key --data DIR [--drop-previous]`: a new key
/// signs tokens from the next start; the previous ones still verify the tokens
/// they signed unless dropped.
struct RotateTokenKey: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add a new token signing key to DIR/token.keys (used from the next start).")

    @Option(help: "Data directory (database and keys).") var data = "./wellness-data"
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

extension ExitCode {
    /// EX_CONFIG, after saying what is wrong on stderr.
    static func configuration(_ what: String, _ error: ConfigurationError) -> ExitCode {
        FileHandle.standardError.write(Data("wellness-server: \(what): \(error.description)\n".utf8))
        return ExitCode(78)
    }
}
