import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension WellnessClient {
    /// Writes a due queue replays after a call that reached the API succeeds:
    /// enough to drain a short outage's writes, few enough that a read is not
    /// held up for long by a long queue (`sync` drains the rest).
    public static let automaticDrainLimit = 20
    /// Claims in one transaction; the rest are claimed as these are done.
    static let claimBatch = 100

    /// Sends a write, or, when the API cannot be reached, commits it to the
    /// outbox with its idempotency key and its optimistic change to the cache
    /// (one transaction) and says so. A write never overtakes one queued
    /// before it: with writes queued, the due ones are replayed first, and
    /// this one is queued behind them if any remain.
    /// - Throws: the API's refusal (4xx) and other errors as without offline
    ///   mode; a store that cannot be written after the network failed throws
    ///   the network error, naming the store's failure too (nothing was queued).
    func sendOrQueue<Value: Sendable>(
        operation: String, method: String, path: String, body: JSONValue?,
        kind: Operation = .standard, optimistic: LocalStore.OptimisticEdit? = nil,
        optimisticKey: String? = nil, optimisticId: String? = nil,
        decode: (JSONValue) throws -> Value
    ) throws -> WriteOutcome<Value> {
        func sendOnce() throws -> Value { try decode(send(method, path, body: body, operation: kind)) }
        let context: (store: LocalStore, scope: OfflineScope)?
        do {
            context = try offlineContext()
        } catch {
            return .sent(try withoutOfflineMode(because: error, sendOnce))
        }
        guard let context else { return .sent(try sendOnce()) }
        let idempotencyKey = randomUUIDString()
        let entry = LocalStore.OutboxEntry(
            operation: operation, method: method, path: path, body: body,
            idempotencyKey: idempotencyKey, reason: "")
        let counts = (try? context.store.pendingCounts(scope: context.scope)) ?? (total: 0, due: 0)
        if counts.total > 0 {
            if counts.due > 0 {
                _ = try? syncPending(limit: Self.automaticDrainLimit, dueOnly: true, waitSeconds: 0, context: context)
            }
            if ((try? context.store.pendingCounts(scope: context.scope).total) ?? 1) > 0 {
                let reason = WellnessError(kind: .network, message: "queued behind earlier writes not yet delivered")
                var behind = entry
                behind.attempted = false
                return .queued(
                    try queue(
                        behind, reason: reason, context: context, optimistic: optimistic,
                        optimisticKey: optimisticKey, optimisticId: optimisticId))
            }
        }
        do {
            let value = try decode(send(method, path, body: body, operation: kind, idempotencyKey: idempotencyKey))
            return .sent(value)
        } catch let error as WellnessError where Self.isUnreachable(error) {
            // The API may have applied it and the answer been lost: the replay
            // carries the same key, so a deduplicating server applies it once.
            do {
                return .queued(
                    try queue(
                        entry, reason: error, context: context, optimistic: optimistic,
                        optimisticKey: optimisticKey, optimisticId: optimisticId))
            } catch let storeError {
                throw error.appending("; nor could it be queued: \(storeError)")
            }
        }
    }

    private func queue(
        _ entry: LocalStore.OutboxEntry, reason: WellnessError,
        context: (store: LocalStore, scope: OfflineScope), optimistic: LocalStore.OptimisticEdit?,
        optimisticKey: String?, optimisticId: String?
    ) throws -> QueuedWrite {
        var entry = entry
        entry.reason = reason.message
        // An object seen only in a cached list gets its own entry first (the
        // server's data, not yet the change), so that reading it alone offline
        // shows the change too.
        if let key = optimisticKey, let id = optimisticId, let prefix = optimistic?.prefixes.first,
            (try? context.store.cacheGet(key: key, scope: context.scope)) == nil,
            let element = try? context.store.cachedElement(id: id, inPagesWithPrefix: prefix, scope: context.scope)
        {
            try? context.store.cachePut(element, key: key, scope: context.scope)
        }
        let pending = try context.store.enqueue(entry, scope: context.scope, optimistic: optimistic)
        let edited = optimisticKey.flatMap { try? context.store.cacheGet(key: $0, scope: context.scope)?.value }
        return QueuedWrite(pending: pending, reason: reason, optimistic: edited)
    }

    /// Replays a few due queued writes after a call reached the API; never fails the call.
    func drainAfterSuccess(_ context: (store: LocalStore, scope: OfflineScope)) {
        guard ((try? context.store.pendingCounts(scope: context.scope).due) ?? 0) > 0 else { return }
        _ = try? syncPending(limit: Self.automaticDrainLimit, dueOnly: true, waitSeconds: 0, context: context)
    }

    /// Replays the queued writes in order, each with its idempotency key.
    /// Accepted writes leave the queue; refused ones (404, another 4xx) move
    /// to the failed writes with the reason; on a network error, timeout,
    /// 5xx, 409, 429 or 401 the write stays with a backoff and the sync stops
    /// there, so that no later write overtakes it.
    /// - Parameters:
    ///   - limit: replay at most this many (nil: the whole queue).
    ///   - dueOnly: leave the queue alone while its oldest write waits out a backoff.
    ///   - waitSeconds: how long to wait while another sync (another process)
    ///     holds the queue before reporting `busy`.
    /// - Returns: what happened to each write.
    /// - Throws: ``WellnessError`` when offline mode is off or the store fails.
    public func syncPending(limit: Int? = nil, dueOnly: Bool = false, waitSeconds: Double = 30) throws -> SyncReport {
        try syncPending(limit: limit, dueOnly: dueOnly, waitSeconds: waitSeconds, context: requireOfflineContext())
    }

    func syncPending(
        limit: Int?, dueOnly: Bool, waitSeconds: Double,
        context: (store: LocalStore, scope: OfflineScope)
    ) throws -> SyncReport {
        let (store, scope) = context
        let claimant = randomUUIDString()
        var report = SyncReport()
        let waitUntil = MonotonicClock.now() + max(0, waitSeconds)
        defer { try? store.releaseClaims(claimant: claimant) }
        batches: while limit.map({ report.items.count < $0 }) ?? true {
            let room = limit.map { $0 - report.items.count } ?? Self.claimBatch
            let (writes, busy) = try store.claimPending(
                scope: scope, claimant: claimant, limit: min(room, Self.claimBatch),
                leaseSeconds: leaseSeconds(), dueOnly: dueOnly)
            if busy {
                guard MonotonicClock.now() < waitUntil else {
                    report.busy = true
                    break
                }
                MonotonicClock.sleep(0.05)
                continue
            }
            guard !writes.isEmpty else { break }
            for write in writes {
                // A sync stalled past its lease may have lost the write to
                // another: leave it to that one, and give up the rest of this
                // batch too, or each sync would wait for the other's claims.
                guard try store.holdsClaim(id: write.id, claimant: claimant) else {
                    try store.releaseClaims(claimant: claimant)
                    continue batches
                }
                let (outcome, item, cacheUpdate) = replay(write)
                try store.finishReplay(
                    write, outcome, scope: scope, claimant: claimant, leaseSeconds: leaseSeconds(),
                    cacheUpdate: cacheUpdate)
                report.items.append(item)
                if case .deferred = outcome { break batches }
            }
        }
        report.remaining = (try? store.pendingCounts(scope: scope).total) ?? 0
        return report
    }

    /// Seconds a claim holds: one request's whole budget and a margin, renewed after each write.
    private func leaseSeconds() -> Int64 {
        let budget = max(configuration.timeout, configuration.aiTimeout) + 5
        return budget < 86_400 ? Int64(budget.rounded(.up)) : 86_400
    }

    /// Sends one queued write and classifies the answer.
    private func replay(_ write: PendingWrite) -> (
        LocalStore.ReplayOutcome, SyncReport.Item,
        (key: String, value: JSONValue)?
    ) {
        var item = SyncReport.Item(
            write: write, result: "delivered", httpStatus: nil, error: nil, nextAttemptSeconds: nil)
        do {
            let document = try send(
                write.method, write.path, body: write.body,
                operation: write.operation == "send_message" ? .ai : .standard,
                idempotencyKey: write.idempotencyKey)
            // The API's answer to an insight change replaces the optimistic one in the cache.
            var update: (key: String, value: JSONValue)?
            if write.operation == "update_insight", case .object(let envelope) = document, let data = envelope["data"] {
                update = (write.path, data)
            }
            return (.delivered, item, update)
        } catch let error as WellnessError {
            item.error = error
            item.httpStatus = error.httpStatus
            let now = Timestamp.now().seconds
            let deferredFor: Int64?
            switch error.kind {
            case .network, .timeout, .unauthorized:
                deferredFor = backoffSeconds(attempts: write.attempts)
            case .rateLimited:
                deferredFor = Int64(clamping: max(error.retryAfter ?? 0, 1))
            // 409: the server is still applying an earlier attempt with this key.
            case .http where (error.httpStatus ?? 500) >= 500 || error.httpStatus == 408 || error.httpStatus == 409:
                deferredFor = backoffSeconds(attempts: write.attempts)
            default:
                deferredFor = nil
            }
            if let deferredFor {
                item.result = "deferred"
                item.nextAttemptSeconds = now + min(deferredFor, 3600)
                return (.deferred(until: now + min(deferredFor, 3600), reason: error.message), item, nil)
            }
            item.result = "failed"
            return (.refused(httpStatus: error.httpStatus, reason: error.message), item, nil)
        } catch {
            item.result = "deferred"
            item.error = .internal("unexpected error: \(error)")
            let next = Timestamp.now().seconds + 60
            item.nextAttemptSeconds = next
            return (.deferred(until: next, reason: "unexpected error"), item, nil)
        }
    }

    /// 1, 2, 4 … 60 seconds after each failed attempt.
    private func backoffSeconds(attempts: Int64) -> Int64 {
        min(60, Int64(1) << min(max(attempts, 0), 6))
    }

    /// The queued writes, oldest first.
    /// - Throws: ``WellnessError`` when offline mode is off or the store fails.
    public func pendingWrites() throws -> [PendingWrite] {
        let context = try requireOfflineContext()
        return try context.store.pendingWrites(scope: context.scope)
    }

    /// Takes a queued write out unsent. Its optimistic change stays in the
    /// cache until the next fresh read replaces it.
    /// - Returns: false when no such write is queued.
    /// - Throws: ``WellnessError``: validation when a sync is sending it now.
    public func cancelPending(id: Int64) throws -> Bool {
        let context = try requireOfflineContext()
        return try context.store.cancelPending(id: id, scope: context.scope)
    }

    /// The writes the API refused on replay, oldest first, kept until cleared.
    public func failedWrites() throws -> [FailedWrite] {
        let context = try requireOfflineContext()
        return try context.store.failedWrites(scope: context.scope)
    }

    /// Forgets refused writes (`ids`, or all when nil).
    /// - Returns: how many were forgotten.
    public func clearFailedWrites(ids: [Int64]?) throws -> Int {
        let context = try requireOfflineContext()
        return try context.store.clearFailed(ids: ids, scope: context.scope)
    }
}
