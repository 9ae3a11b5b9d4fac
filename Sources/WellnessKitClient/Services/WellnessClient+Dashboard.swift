import WellnessKitCore

extension WellnessClient {
    /// Seed 004's AI overview: the three sections loaded at the same time (so
    /// it takes about as long as the slowest), each with its data or its own
    /// error, reused for ``ClientConfiguration/dashboardMaxAge`` seconds once
    /// every section has loaded.
    /// - Parameter refresh: load again even when a recent dashboard is kept.
    /// - Returns: the dashboard and its age in seconds.
    public func dashboard(refresh: Bool = false) -> (dashboard: Dashboard, ageSeconds: Double) {
        let loaded = dashboardRead(refresh: refresh)
        return (loaded.dashboard, loaded.ageSeconds)
    }

    /// ``dashboard(refresh:)`` and, when a section came from the cache
    /// (offline mode, the API unreachable), the stamp of the oldest such
    /// section. A dashboard with a section from the cache is not kept.
    public func dashboardRead(refresh: Bool = false) -> (
        dashboard: Dashboard, ageSeconds: Double, offline: OfflineStamp?
    ) {
        let now = clock()
        if !refresh, let kept = session.keptDashboard(), now - kept.loaded < configuration.dashboardMaxAge {
            return (kept.dashboard, now - kept.loaded, nil)
        }
        let parts = ParallelCalls.run(
            [
                { .insights(self.section { try self.listInsightsRead(Self.dashboardInsights) }) },
                { .goals(self.section { try self.listGoalsRead(status: .active, page: 1, pageSize: 10) }) },
                {
                    .consultations(
                        self.section { try self.listConsultationsRead(archived: false, page: 1, pageSize: 5) })
                },
            ] as [@Sendable () -> DashboardPart])
        var dashboard = Dashboard(
            insights: .failure(.internal("not loaded")), goals: .failure(.internal("not loaded")),
            consultations: .failure(.internal("not loaded")), loadedAt: Timestamp.now(),
            scheme: configuration.linkScheme)
        var stamps: [OfflineStamp] = []
        for part in parts {
            switch part {
            case .insights(let result):
                dashboard.insights = result.map(\.value)
                if case .success(let read) = result, let stamp = read.offline { stamps.append(stamp) }
            case .goals(let result):
                dashboard.goals = result.map(\.value)
                if case .success(let read) = result, let stamp = read.offline { stamps.append(stamp) }
            case .consultations(let result):
                dashboard.consultations = result.map(\.value)
                if case .success(let read) = result, let stamp = read.offline { stamps.append(stamp) }
            }
        }
        let oldest = stamps.min { $0.cachedAt < $1.cachedAt }
        if dashboard.isComplete, oldest == nil { session.keep(dashboard, loaded: now) }
        return (dashboard, 0, oldest)
    }

    /// The seed's `listInsights(readStatus: false, archivedStatus: false, page: 1, pageSize: 5)`.
    private static var dashboardInsights: InsightListOptions {
        var options = InsightListOptions()
        options.readStatus = false
        options.archivedStatus = false
        options.pageSize = 5
        return options
    }

    private func section<Page>(_ load: () throws -> Page) -> Result<Page, WellnessError> {
        do {
            return .success(try load())
        } catch let error as WellnessError {
            return .failure(error)
        } catch {
            return .failure(.internal("unexpected error: \(error)"))
        }
    }
}

/// One section of a dashboard, as a parallel call returns it.
enum DashboardPart: Sendable {
    case insights(Result<CachedRead<InsightsPage>, WellnessError>)
    case goals(Result<CachedRead<GoalsPage>, WellnessError>)
    case consultations(Result<CachedRead<ConsultationsPage>, WellnessError>)
}
