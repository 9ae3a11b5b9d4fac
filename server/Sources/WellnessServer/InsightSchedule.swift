import Foundation
import Logging
import ServiceLifecycle

/// Regenerates every user's insights on a schedule (the seed's nightly and
/// weekly automation); stops with the server.
///
/// Instances sharing a database run it once per interval between them: each
/// wakes every interval, and only the one that claims the run in the database
/// (``Store/claimScheduledRun(_:interval:now:)``) generates. Generation is
/// idempotent anyway (a dedupe key is stored once), so even a run that
/// overlapped another would add nothing twice.
struct InsightSchedule: Service {
    static let jobName = "insight-generation"
    let store: Store
    let interval: TimeInterval
    let logger: Logger

    func run() async throws {
        // Graceful shutdown (SIGTERM) cancels the wait; a generation under way finishes first.
        await cancelWhenGracefulShutdown { await loop() }
    }

    private func loop() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(nanoseconds: UInt64(max(interval, 1) * 1e9))
            } catch {
                return
            }
            do {
                guard try await store.claimScheduledRun(Self.jobName, interval: interval) else {
                    logger.debug("scheduled insight generation left to another instance")
                    continue
                }
                var added = 0
                for user in try await store.allUserIds() {
                    let drafts = InsightGenerator.insights(
                        from: try await store.checkIns.all(for: user),
                        calendar: try await store.profiles.get(for: user).calendar
                    )
                    let new = try await store.insights.add(drafts, for: user)
                    if new > 0 { try await store.recordRulesProvenanceOfInsights(for: user) }
                    added += new
                }
                try await store.forgetRateLimits(olderThan: 3600)
                logger.info("scheduled insight generation", metadata: ["insights_generated": .stringConvertible(added)])
            } catch {
                logger.error("scheduled insight generation failed", metadata: ["error": .string("\(error)")])
            }
        }
    }
}
