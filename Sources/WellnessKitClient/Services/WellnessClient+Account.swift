import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The user's account as a whole (docs/SERVER.md, "Data subject requests"):
/// download everything stored about them, erase it on the server, and erase
/// what this device keeps of it.
extension WellnessClient {
    /// Writes everything the server stores about the user (`GET
    /// /api/v1/account/export`, a JSON document) to `path`, as it arrives:
    /// written beside it and renamed, mode 0600 (it holds health data in
    /// clear), so `path` holds the whole export or is left as it was.
    /// - Returns: the bytes written.
    /// - Throws: ``WellnessError``: `validation` (field `path`) when the file
    ///   cannot be written; as ``send(_:_:query:body:operation:idempotencyKey:)``;
    ///   `invalidResponse` when the document stops short (no `"complete": true`).
    public func exportAccount(to path: String) throws -> Int {
        guard !path.isEmpty else {
            throw WellnessError.validation("must not be empty", at: FieldPath.root.appending("path"))
        }
        let partial = "\(path).\(randomUUIDString()).partial"
        // Created at the first byte, so that a refused request (or no server) leaves no file behind.
        var descriptor: Int32 = -1
        var written = 0
        var tail: [UInt8] = []
        do {
            try download("/api/v1/account/export") { bytes in
                if descriptor < 0 {
                    descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                    guard descriptor >= 0 else { throw Self.fileError(partial) }
                }
                var offset = 0
                while offset < bytes.count {
                    let result = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                    if result < 0 && errno == EINTR { continue }
                    guard result > 0 else { throw Self.fileError(partial) }
                    offset += result
                }
                written += bytes.count
                tail = Array((tail + bytes).suffix(Self.completeMark.count + 8))
            }
            // The server's last member; a download cut short by its failure lacks it.
            guard descriptor >= 0, Self.endsComplete(tail) else {
                throw WellnessError(kind: .invalidResponse, message: "the export stopped short (no \"complete\": true)")
            }
            let synced = fsync(descriptor) == 0
            let closed = close(descriptor) == 0
            descriptor = -1
            guard synced, closed else { throw Self.fileError(partial) }
        } catch {
            if descriptor >= 0 { close(descriptor) }
            unlink(partial)
            throw error
        }
        guard rename(partial, path) == 0 else {
            let error = Self.fileError(path)
            unlink(partial)
            throw error
        }
        return written
    }

    /// Erases the user's account on the server (`DELETE /api/v1/account`,
    /// confirmed with one of the user's API keys), then what this client's
    /// local store keeps for it (``eraseLocalData()``, in offline mode).
    /// - Parameter apiKey: the confirmation: one of the account's API keys.
    /// - Returns: what was erased on this device; nil without offline mode (nothing is kept then).
    /// - Throws: as `send`: `forbidden` when `apiKey` is not one of the
    ///   account's keys (nothing is erased then); `unauthorized` when the
    ///   credentials are no longer valid (an account erased already). The
    ///   local store is erased only after the server answered 204.
    @discardableResult
    public func eraseAccount(apiKey: String) throws -> LocalStore.Erasure? {
        guard !apiKey.isEmpty else {
            throw WellnessError.validation("must not be empty", at: FieldPath.root.appending("api_key"))
        }
        _ = try send("DELETE", "/api/v1/account", body: .object(JSONObject([("api_key", .string(apiKey))])))
        guard configuration.offline else { return nil }
        return try eraseLocalData()
    }

    /// Deletes what this client's local store keeps for its user at its
    /// server: cached answers, queued writes (never sent) and refused writes.
    /// - Throws: ``WellnessError`` `validation` (path `offline`) outside offline mode; the store's failure.
    public func eraseLocalData() throws -> LocalStore.Erasure {
        let context = try requireOfflineContext()
        return try context.store.erase(scope: context.scope)
    }

    private static let completeMark = Array(#""complete":true}"#.utf8)

    private static func endsComplete(_ tail: [UInt8]) -> Bool {
        var end = tail[...]
        while let last = end.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 { end = end.dropLast() }
        return end.suffix(completeMark.count).elementsEqual(completeMark)
    }

    private static func fileError(_ path: String) -> WellnessError {
        WellnessError.validation(
            "cannot write \(path): \(String(cString: strerror(errno)))", at: FieldPath.root.appending("path"))
    }
}
