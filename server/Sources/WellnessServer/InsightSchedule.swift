import Foundation
import Logging
import ServiceLifecycle

/// Regenerates every user's insights on a schedule (the seed's nightly and
/// weekly automation); stops with the server.
struct InsightSchedule: Service {
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
                let store = store
                let added = try await Blocking.run {
                    try store.allUserIds().reduce(0) { added, user in
                        added + (try store.add(InsightGenerator.insights(from: store.checkIns(for: user)), for: user))
                    }
                }
                logger.info("scheduled insight generation", metadata: ["insights_generated": .stringConvertible(added)])
            } catch {
                logger.error("scheduled insight generation failed", metadata: ["error": .string("\(error)")])
            }
        }
    }
}
