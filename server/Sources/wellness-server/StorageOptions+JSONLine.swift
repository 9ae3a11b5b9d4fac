import ArgumentParser
import Foundation
import WellnessKitCore
import WellnessServer

extension StorageOptions {
    /// Opens the store, runs `body` on it, and prints its JSON line; a refusal exits 1 with the reason, a key
    /// store that is down 75 (retry later). The operator's commands (`keys`, `erase-user`, `export-user`) run so.
    func run(_ body: (Store) async throws -> JSONValue) async throws {
        let store = try await openStore("cannot open the database")
        let result: Result<JSONValue, any Error>
        do {
            result = .success(try await body(store))
        } catch {
            result = .failure(error)
        }
        await store.shutdown()
        switch result {
        case .success(let line): print(try JSONWriter.string(line))
        case .failure(let refusal as APIKeyRefusal):
            FileHandle.standardError.write(Data("wellness-server: keys: \(refusal.description)\n".utf8))
            throw ExitCode.failure
        case .failure(let failure as KeyStoreUnavailable):
            FileHandle.standardError.write(Data("wellness-server: \(failure.description); retry later\n".utf8))
            throw ExitCode(75)  // EX_TEMPFAIL: nothing was done; the same command succeeds later.
        case .failure(let refusal as UnknownUser):
            FileHandle.standardError.write(Data("wellness-server: \(refusal.description)\n".utf8))
            throw ExitCode.failure
        case .failure(let error): throw error
        }
    }
}
