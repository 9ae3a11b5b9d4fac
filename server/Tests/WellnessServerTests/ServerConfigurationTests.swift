import Foundation
import Testing

@testable import WellnessServer

@Suite struct ServerConfigurationTests {
    @Test func aLoneUserMayUseEveryPostgreSQLConnectionButNotMoreOnSQLite() {
        var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        configuration.requestsPerUser = 3
        configuration.databaseConnections = 12
        #expect(configuration.effectiveRequestsPerLoneUser == 3, "SQLite: the share of a user among others")
        configuration.databaseURL = "postgres://u@127.0.0.1/db"
        #expect(configuration.effectiveRequestsPerLoneUser == 12, "PostgreSQL: one per connection")
        configuration.requestsPerLoneUser = 5
        #expect(configuration.effectiveRequestsPerLoneUser == 5, "the flag wins")
    }

    @Test func listPagesAreKeptOnEitherDatabaseUnlessTurnedOff() {
        var configuration = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        #expect(configuration.effectiveInsightPageBytes == Store.defaultInsightPageBytes, "SQLite")
        configuration.insightPageBytes = 1 << 20
        #expect(configuration.effectiveInsightPageBytes == 1 << 20, "the flag wins")
        configuration.databaseURL = "postgres://u@127.0.0.1/db"
        configuration.insightPageBytes = nil
        #expect(configuration.effectiveInsightPageBytes == Store.defaultInsightPageBytes, "PostgreSQL")
        configuration.insightPageBytes = 0
        #expect(configuration.effectiveInsightPageBytes == 0, "the flag turns it off")
    }
}
