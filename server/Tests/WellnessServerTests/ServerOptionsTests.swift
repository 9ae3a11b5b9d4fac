import ArgumentParser
import Foundation
import Testing

@testable import WellnessServer
@testable import wellness_server

/// `wellness-server`'s option groups: each parses its own options, and each `validate()` refuses a value out of
/// range with a usage error naming the option at fault.
@Suite struct ServerOptionsTests {
    /// The message `wellness-server` prints for what `parse` threw (a usage error, exit status 64), or nil.
    private static func refusal<Group: ParsableArguments>(_ group: Group.Type, _ arguments: [String]) -> String? {
        do {
            _ = try Group.parse(arguments)
            return nil
        } catch {
            #expect(Group.exitCode(for: error) == .validationFailure, "\(arguments): a usage error")
            return Group.message(for: error)
        }
    }

    private static let endpoint = ["--ai-base-url", "http://127.0.0.1:11434/v1", "--ai-model", "m"]

    @Test func theAIGroupBuildsTheProvider() throws {
        let options = try AIOptions.parse(
            Self.endpoint + [
                "--ai-timeout", "2.5", "--ai-safety-model", "guard", "--ai-safety-timeout", "0.5",
                "--ai-structured-output", "json_object", "--ai-tool-rounds", "0",
            ])
        let provider = try #require(try options.provider(environment: ["WELLNESS_AI_API_KEY": "k"]))
        #expect(provider.baseURL == "http://127.0.0.1:11434/v1" && provider.model == "m" && provider.apiKey == "k")
        #expect(provider.timeout == .milliseconds(2500) && provider.safetyTimeout == .milliseconds(500))
        #expect(provider.safetyModel == "guard" && provider.structuredOutput == .jsonObject && provider.toolRounds == 0)
        #expect(provider.maxTokens == ProviderConfiguration.defaultMaxTokens, "the defaults are the provider's")
        #expect(try AIOptions.parse([]).provider(environment: [:]) == nil, "no endpoint: the rules answer")
    }

    @Test(arguments: [
        ["--ai-timeout", "nan"], ["--ai-timeout", "1e300"], ["--ai-timeout", "0"],
        ["--ai-stream-idle-timeout", "-1"], ["--ai-safety-timeout", "nan"], ["--ai-safety-timeout", "61"],
        ["--ai-max-tokens", "0"], ["--ai-concurrency", "1025"], ["--ai-tool-rounds", "11"],
        ["--ai-tool-calls-per-round", "0"], ["--ai-tool-calls-per-reply", "257"],
        ["--ai-daily-tokens-per-user", "-1"], ["--ai-structured-output", "xml"], ["--ai-safety-model", ""],
        ["--ai-base-url", "ftp://host/v1"], ["--ai-model", ""],
    ])
    func theAIGroupNamesTheOptionAtFault(_ arguments: [String]) throws {
        let message = try #require(Self.refusal(AIOptions.self, Self.endpoint + arguments))
        #expect(message.contains(arguments[0]), "\(message)")
    }

    @Test func theAIOptionsNeedAnEndpointAndItsModel() throws {
        let withoutEndpoint = try #require(Self.refusal(AIOptions.self, ["--ai-safety-model", "guard"]))
        #expect(withoutEndpoint.contains("--ai-safety-model") && withoutEndpoint.contains("need --ai-base-url"))
        let withoutModel = try #require(Self.refusal(AIOptions.self, ["--ai-base-url", "http://127.0.0.1/v1"]))
        #expect(withoutModel.contains("--ai-base-url needs --ai-model"))
        let missingFile = "/nonexistent/\(UUID().uuidString)"
        let unreadable = try #require(Self.refusal(AIOptions.self, Self.endpoint + ["--ai-api-key-file", missingFile]))
        #expect(unreadable.contains("--ai-api-key-file: cannot read \(missingFile)"))
    }

    @Test(arguments: [
        ["--port", "65536"], ["--port", "-1"], ["--header-timeout", "0"], ["--body-timeout", "nan"],
        ["--idle-timeout", "3601"], ["--io-threads", "0"],
    ])
    func theNetworkGroupNamesTheOptionAtFault(_ arguments: [String]) throws {
        let message = try #require(Self.refusal(NetworkOptions.self, arguments))
        #expect(message.contains(arguments[0]), "\(message)")
    }

    @Test(arguments: [
        ["--requests-per-user", "0"], ["--requests-per-lone-user", "1", "--requests-per-user", "2"],
        ["--daily-metrics-days-per-request", "0"], ["--daily-metrics-days-per-request", "1001"],
        ["--daily-metrics-per-day", "0"], ["--daily-metrics-per-day", "1001"],
    ])
    func theLimitGroupNamesTheOptionAtFault(_ arguments: [String]) throws {
        let message = try #require(Self.refusal(LimitOptions.self, arguments))
        #expect(message.contains(arguments[0]), "\(message)")
    }

    @Test(arguments: [
        ["--auth-cache-ttl", "nan"], ["--auth-cache-ttl", "86401"], ["--insight-cache-size", "-1"],
        ["--page-cache-mb", "1048577"],
    ])
    func theCacheGroupNamesTheOptionAtFault(_ arguments: [String]) throws {
        let message = try #require(Self.refusal(CacheOptions.self, arguments))
        #expect(message.contains(arguments[0]), "\(message)")
    }

    @Test(arguments: [
        ["--database-timeout", "nan"], ["--database-timeout", "0"], ["--database-connections", "10001"],
        ["--sqlite-readers", "0"],
    ])
    func theDatabaseGroupNamesTheOptionAtFault(_ arguments: [String]) throws {
        let message = try #require(Self.refusal(DatabaseOptions.self, arguments))
        #expect(message.contains(arguments[0]), "\(message)")
    }

    @Test(arguments: [["--data", ""], ["--database", ""], ["--key-database", ""]])
    func theStorageGroupNamesTheOptionAtFault(_ arguments: [String]) throws {
        let message = try #require(Self.refusal(StorageOptions.self, arguments))
        #expect(message.contains(arguments[0]), "\(message)")
    }

    @Test(arguments: [["--insight-interval", "nan"], ["--insight-interval", "1e300"], ["--insight-interval", "0"]])
    func serveNamesItsOwnOptionAtFault(_ arguments: [String]) throws {
        let message = try #require(Self.refusal(Serve.self, arguments))
        #expect(message.contains(arguments[0]), "\(message)")
    }

    @Test func serveChecksEveryGroup() throws {
        // A group's validate() runs when the command that holds it is parsed, not only the group alone.
        for arguments in [["--port", "65536"], ["--page-cache-mb", "-1"], ["--ai-model", "m"], ["--data", ""]] {
            let message = try #require(Self.refusal(Serve.self, arguments))
            #expect(message.contains(arguments[0]), "\(message)")
        }
    }

    @Test func serveBuildsTheConfigurationOfItsGroups() throws {
        let serve = try Serve.parse([
            "--host", "0.0.0.0", "--port", "0", "--data", "/srv/w", "--database", "postgres://u@h/d",
            "--ai-rate-limit", "3", "--requests-per-lone-user", "4", "--auth-cache-ttl", "0", "--page-cache-mb", "2",
            "--database-timeout", "1.5", "--sqlite-readers", "3", "--header-timeout", "0.25", "--insight-interval",
            "60",
            "--allow-signup", "--daily-metrics-days-per-request", "200", "--daily-metrics-per-day", "100",
        ])
        let configuration = try serve.serverConfiguration()
        #expect(configuration.host == "0.0.0.0" && configuration.port == 0)
        #expect(configuration.dataDirectory.path == "/srv/w" && configuration.databaseURL == "postgres://u@h/d")
        #expect(configuration.aiRequestsPerWindow == 3 && configuration.requestsPerLoneUser == 4)
        #expect(configuration.principalLifetime == 0 && configuration.insightPageBytes == 2 << 20)
        #expect(configuration.databaseTimeout == .milliseconds(1500) && configuration.sqliteReaders == 3)
        #expect(configuration.timeouts.header == .milliseconds(250))
        #expect(configuration.insightIntervalSeconds == 60 && configuration.allowSignup)
        #expect(configuration.ai == nil)
        #expect(configuration.dailyMetricsDaysPerRequest == 200 && configuration.dailyMetricsPerDay == 100)
    }

    @Test func everyCommandThatOpensTheStoreSharesOneStorageGroup() throws {
        let arguments = ["--data", "/srv/w", "--database", "postgres://u@h/d", "--key-database", "postgres://u@k/d"]
        let groups: [StorageOptions] = [
            try Serve.parse(arguments).storage, try Seed.parse(arguments).storage,
            try Keys.List.parse(arguments + ["usr_1"]).storage, try Keys.Create.parse(arguments + ["usr_1"]).storage,
            try Keys.Revoke.parse(arguments + ["usr_1", "key_1"]).storage,
            try EraseUser.parse(arguments + ["usr_1"]).storage,
            try ExportUser.parse(arguments + ["usr_1", "/tmp/x"]).storage,
        ]
        for storage in groups {
            let configuration = storage.configuration()
            #expect(configuration.dataDirectory.path == "/srv/w")
            #expect(configuration.databaseURL == "postgres://u@h/d")
            #expect(configuration.keyDatabaseURL == "postgres://u@k/d")
        }
        #expect(try RotateTokenKey.parse([]).data == StorageOptions.defaultDataDirectory, "the same default")
    }
}
