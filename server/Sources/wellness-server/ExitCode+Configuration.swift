import ArgumentParser
import Foundation
import WellnessServer

extension ExitCode {
    /// EX_CONFIG, after saying what is wrong on stderr.
    static func configuration(_ what: String, _ error: ConfigurationError) -> ExitCode {
        FileHandle.standardError.write(Data("wellness-server: \(what): \(error.description)\n".utf8))
        return ExitCode(78)
    }
}
