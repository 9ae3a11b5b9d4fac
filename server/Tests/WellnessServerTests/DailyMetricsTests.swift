import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WellnessKitCore

@testable import WellnessServer

/// Daily metrics (`/api/v1/daily-metrics`, ``DailyMetricsRepository/upsert(_:for:maximumMetrics:)``)
/// run against every engine (``SQLiteDailyMetricsTests``,
/// ``PostgresDailyMetricsTests``): each case on a fresh server and database.
enum DailyMetricsContract: String, CaseIterable, Sendable, CustomStringConvertible {
    case mergedPerMetricListedAndDeleted
    case unitsAreConverted
    case badInputNamesTheField
    case limitsAreTheServersOptions
    case aKeyedPostIsAppliedOnce
    case sealedAtRestExportedAndErased
    case theCoachAnswersFromThem

    var description: String { rawValue }

    func run(on engine: TestEngine) async throws {
        let server: TestServer
        switch self {
        case .limitsAreTheServersOptions:
            server = try await TestServer.make(
                engine,
                configure: {
                    $0.dailyMetricsDaysPerRequest = 3
                    $0.dailyMetricsPerDay = 2
                })
        case .theCoachAnswersFromThem:
            // Wednesday 2026-03-11, 09:00 UTC.
            server = try await TestServer.make(engine, clock: { 1_773_219_600_000 })
        default:
            server = try await TestServer.make(engine)
        }
        switch self {
        case .mergedPerMetricListedAndDeleted: try await Self.merged(server)
        case .unitsAreConverted: try await Self.units(server)
        case .badInputNamesTheField: try await Self.validation(server)
        case .limitsAreTheServersOptions: try await Self.limits(server)
        case .aKeyedPostIsAppliedOnce: try await Self.idempotent(server)
        case .sealedAtRestExportedAndErased: try await Self.sealed(server)
        case .theCoachAnswersFromThem: try await Self.coach(server)
        }
        await server.store.shutdown()
    }

    static func post(
        _ client: any TestClientProtocol, _ user: TestServer.User, _ body: String, key: String? = nil
    ) async throws -> (HTTPResponse.Status, HTTPFields, JSONValue) {
        var headers = user.headers
        if let key { headers[.idempotencyKey] = key }
        return try await client.execute(
            uri: "/api/v1/daily-metrics", method: .post, headers: headers, body: ByteBuffer(string: body)
        ) { response in
            let bytes = Array(response.body.readableBytesView)
            return (response.status, response.headers, bytes.isEmpty ? .null : try JSONParser.parse(bytes))
        }
    }

    static func list(_ client: any TestClientProtocol, _ user: TestServer.User, _ query: String = "") async throws
        -> JSONValue
    {
        let (status, _, body) = try await client.call(.get, "/api/v1/daily-metrics\(query)", as: user)
        #expect(status == .ok, "GET /api/v1/daily-metrics\(query)")
        return body["data"]
    }

    static func number(_ json: JSONValue) -> Double? {
        try? Double(json: json, at: .root)
    }

    static func merged(_ server: TestServer) async throws {
        let user = try await server.user()
        let other = try await server.user()
        try await server.test { client in
            let first = try await post(
                client, user,
                #"{"days":[{"date":"2026-03-02","resting_heart_rate":58,"hrv":41.5,"deep_sleep_minutes":80},"#
                    + #"{"date":"2026-03-01","resting_heart_rate":60}]}"#)
            #expect(first.0 == .created)
            #expect(first.2["data"]["stored"] == .int(2) && first.2["data"]["deleted"] == .int(0))
            // A second write changes one metric, deletes another, keeps the third; a day left empty is deleted.
            let second = try await post(
                client, user,
                #"{"days":[{"date":"2026-03-02","resting_heart_rate":57,"deep_sleep_minutes":null},"#
                    + #"{"date":"2026-03-01","resting_heart_rate":null}]}"#)
            #expect(second.2["data"]["stored"] == .int(1) && second.2["data"]["deleted"] == .int(1))
            let days = try await list(client, user)["days"]
            #expect(days.count == 1)
            #expect(days[0]["date"] == .string("2026-03-02"))
            #expect(number(days[0]["resting_heart_rate"]) == 57)
            #expect(number(days[0]["heart_rate_variability"]) == 41.5, "hrv is stored under its query name")
            #expect(days[0]["deep_sleep_minutes"] == .null)

            let many = (1...9).map { #"{"date":"2026-04-0\#($0)","steps":\#($0 * 1000)}"# }
            #expect(try await post(client, user, #"{"days":[\#(many.joined(separator: ","))]}"#).0 == .created)
            // Another user's days of the same dates: a page's rows are looked up by user and date, never by date alone.
            let others = (1...9).map { #"{"date":"2026-04-0\#($0)","steps":1}"# }
            #expect(try await post(client, other, #"{"days":[\#(others.joined(separator: ","))]}"#).0 == .created)
            let page = try await list(client, user, "?from=2026-04-02&to=2026-04-08&page=2&page_size=3")
            #expect(page["days"].count == 3 && page["days"][0]["date"] == .string("2026-04-05"))
            #expect((0..<3).map { number(page["days"][$0]["steps"]) } == [5000, 6000, 7000])
            #expect(page["pagination"]["total_count"] == .int(7) && page["pagination"]["has_next"] == .bool(true))

            #expect(try await client.call(.delete, "/api/v1/daily-metrics/2026-04-05", as: user).0 == .noContent)
            #expect(try await client.call(.delete, "/api/v1/daily-metrics/2026-04-05", as: user).0 == .noContent)
            #expect(try await list(client, user, "?from=2026-04-05&to=2026-04-05")["days"].count == 0)
            let bad = try await client.call(.delete, "/api/v1/daily-metrics/2026-13-01", as: user)
            #expect(bad.0 == .badRequest && bad.2["error"]["message"].string?.contains("2026-13-01") == true)
            #expect(try await client.call(.get, "/api/v1/daily-metrics?from=yesterday", as: user).0 == .badRequest)
        }
        #expect(try await server.store.dailyMetrics.all(for: user.id).count == 9)
    }

    static func units(_ server: TestServer) async throws {
        let user = try await server.user()
        try await server.test { client in
            let (status, _, _) = try await post(
                client, user,
                #"{"days":[{"date":"2026-03-02","weight_kg":154.5,"sleep_minutes":7.5,"spo2_percent":0.97,"#
                    + #""calories":8368}],"units":{"weight_kg":"lb","sleep_minutes":"h","spo2":"fraction","#
                    + #""calories":"kJ"}}"#)
            #expect(status == .created)
            let day = try await list(client, user)["days"][0]
            #expect(abs((number(day["weight_kg"]) ?? 0) - 70.080_021_165) < 1e-6, "lb to kg")
            #expect(number(day["sleep_minutes"]) == 450, "hours to minutes")
            #expect(abs((number(day["spo2"]) ?? 0) - 97) < 1e-9, "a fraction to percent, under spo2")
            #expect(abs((number(day["calories"]) ?? 0) - 2000) < 1e-9, "kJ to kcal")
        }
    }

    static func validation(_ server: TestServer) async throws {
        let user = try await server.user()
        let cases: [(String, String)] = [
            (#"{"days":[{"date":"2026-03-02","weight_kg":150}],"units":{"weight_kg":"furlong"}}"#, "furlong"),
            (#"{"days":[{"date":"2026-03-02","weight_kg":10}],"units":{"weight_kg":"lb"}}"#, "days[0].weight_kg"),
            (#"{"days":[{"date":"2026-03-02","resting_heart_rate":900}]}"#, "days[0].resting_heart_rate"),
            (#"{"days":[{"date":"2026-03-02","Resting HR":60}]}"#, "Resting HR"),
            (#"{"days":[{"date":"2026-02-30","steps":1}]}"#, "days[0].date"),
            (#"{"days":[{"steps":1}]}"#, "days[0].date"),
            (#"{"days":[{"date":"2026-03-02","steps":"many"}]}"#, "days[0].steps"),
            (#"{"days":[]}"#, "days"),
            (#"{"day":[]}"#, "day"),
            (#"{"days":[{"date":"2026-03-02","my_metric":1}],"units":{"my_metric":"kg"}}"#, "units.my_metric"),
        ]
        try await server.test { client in
            for (body, named) in cases {
                let (status, _, answer) = try await post(client, user, body)
                #expect(status == .badRequest, "\(body)")
                let message = answer["error"]["message"].string ?? ""
                let details = answer["error"]["details"]
                #expect(message.contains(named) || "\(details)".contains(named), "\(body): \(answer)")
            }
        }
        #expect(try await server.store.dailyMetrics.all(for: user.id).isEmpty, "nothing stored")
    }

    static func limits(_ server: TestServer) async throws {
        let user = try await server.user()
        try await server.test { client in
            let four = (1...4).map { #"{"date":"2026-03-0\#($0)","steps":1}"# }.joined(separator: ",")
            let tooMany = try await post(client, user, #"{"days":[\#(four)]}"#)
            #expect(tooMany.0 == .badRequest && "\(tooMany.2)".contains("1 to 3 days"))
            let three = try await post(
                client, user, #"{"days":[{"date":"2026-03-01","a":1,"b":2,"c":3}]}"#)
            #expect(three.0 == .badRequest && "\(three.2)".contains("at most 2"))
            #expect(try await post(client, user, #"{"days":[{"date":"2026-03-01","a":1,"b":2}]}"#).0 == .created)
            // A third metric on a day that holds two already: refused, the day as it was.
            let more = try await post(client, user, #"{"days":[{"date":"2026-03-01","c":3}]}"#)
            #expect(more.0 == .badRequest && "\(more.2)".contains("at most 2"))
            #expect(try await post(client, user, #"{"days":[{"date":"2026-03-01","a":null,"c":3}]}"#).0 == .created)
        }
        #expect(try await server.store.dailyMetrics.all(for: user.id).first?.values == ["b": 2, "c": 3])
    }

    static func idempotent(_ server: TestServer) async throws {
        let user = try await server.user()
        try await server.test { client in
            let body = #"{"days":[{"date":"2026-03-02","resting_heart_rate":60}]}"#
            let first = try await post(client, user, body, key: "dm-1")
            #expect(first.0 == .created)
            #expect(
                try await post(client, user, #"{"days":[{"date":"2026-03-02","resting_heart_rate":55}]}"#).0
                    == .created)
            let replay = try await post(client, user, body, key: "dm-1")
            #expect(replay.0 == .created && replay.1[.idempotentReplayed] == "true")
            #expect(number(try await list(client, user)["days"][0]["resting_heart_rate"]) == 55, "not applied again")
        }
    }

    static func sealed(_ server: TestServer) async throws {
        let user = try await server.user()
        let other = try await server.user()
        try await server.test { client in
            #expect(
                try await post(client, user, #"{"days":[{"date":"2026-03-02","vo2_max":47.0625,"marker_metric":1}]}"#)
                    .0 == .created)
            #expect(try await post(client, other, #"{"days":[{"date":"2026-03-02","steps":3}]}"#).0 == .created)
            #expect(try await list(client, other)["days"][0]["vo2_max"] == .null, "another user's days are apart")
            let export = try await AccountContract.export(client, user).2
            let document = try JSONParser.parse(Array(export.utf8))
            #expect(document["daily_metrics"].count == 1)
            #expect(number(document["daily_metrics"][0]["vo2_max"]) == 47.0625)
        }
        let cells = try await AccountContract.everyCell(server.store)
        #expect(cells.contains { $0.table == "daily_metrics" }, "the row is there")
        #expect(!cells.contains { $0.cell.contains("47.0625") || $0.cell.contains("marker_metric") }, "sealed")
        let row = try #require(
            try await server.store.engine.query(
                "SELECT date, body FROM daily_metrics WHERE user_id = ?", [.text(user.id)]
            ).first)
        #expect(throws: SealedValueError.self, "bound to its row") {
            try server.store.cipher.open(
                try row.blob("body"), for: DailyMetricsSQLRepository.dailyMetricsField(user.id, "2026-03-03"))
        }
        #expect(
            try server.store.cipher.open(
                try row.blob("body"), for: DailyMetricsSQLRepository.dailyMetricsField(user.id, "2026-03-02")
            )
            .contains("47.0625"))
        #expect(try await server.store.eraseUser(user.id))
        let left = try await server.store.engine.query("SELECT user_id FROM daily_metrics")
        #expect(try left.map { try $0.text("user_id") } == [other.id], "erased with the user")
    }

    /// Resting heart rate posted as daily metrics: the rules coach answers its average this week.
    static func coach(_ server: TestServer) async throws {
        let user = try await server.user()
        try await server.test { client in
            // This week (from Monday 2026-03-09): 58, 62, 60; last week's 70 is outside it.
            let days =
                #"{"date":"2026-03-06","resting_heart_rate":70},{"date":"2026-03-09","resting_heart_rate":58},"#
                + #"{"date":"2026-03-10","resting_heart_rate":62},{"date":"2026-03-11","resting_heart_rate":60}"#
            #expect(try await post(client, user, #"{"days":[\#(days)]}"#).0 == .created)
            let answer = try await CalendarContract.ask(
                client, user, "What was my average resting heart rate this week?")
            #expect(number(answer["result"]["value"]) == 60, "\(answer)")
            #expect(answer["result"]["unit"] == .string("bpm"))
        }
    }
}

@Suite struct SQLiteDailyMetricsTests {
    @Test(arguments: DailyMetricsContract.allCases)
    func dailyMetrics(_ contract: DailyMetricsContract) async throws {
        try await contract.run(on: .sqlite)
    }
}

@Suite(
    .enabled(
        if: TestEngine.postgresURL != nil,
        "skipped: WELLNESS_TEST_POSTGRES_URL is not set (e2e/server/postgres.sh run swift test ... sets it)"))
struct PostgresDailyMetricsTests {
    @Test(arguments: DailyMetricsContract.allCases)
    func dailyMetrics(_ contract: DailyMetricsContract) async throws {
        try await contract.run(on: .postgres)
    }
}
