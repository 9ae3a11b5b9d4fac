import Foundation
import Testing
import WellnessTestSupport

@testable import WellnessKitClient
@testable import WellnessKitCore

/// The Foundation-free helpers of the client, checked against Foundation where it had an answer.
extension WellnessClientTests {
    static let suggestions =
        #"{"success":true,"data":{"suggestions":[{"title":"Walk","description":"D","goal_type":"activity","rationale":"R","estimated_duration":30,"difficulty":2},{"title":"Sleep","description":"D","goal_type":"wellness","rationale":"R","estimated_duration":null,"difficulty":1},{"title":"Drink","description":"D","goal_type":"nutrition","rationale":"R","estimated_duration":7,"difficulty":1}],"count":3}}"#

    @Test func idempotencyKeysAreRandomVersion4UUIDs() throws {
        let keys = (0..<200).map { _ in randomUUIDString() }
        #expect(Set(keys).count == keys.count)
        for key in keys {
            #expect(key == key.lowercased() && UUID(uuidString: key)?.uuidString.lowercased() == key)
            let characters = Array(key)
            #expect(characters[14] == "4" && "89ab".contains(characters[19]))
        }
    }

    @Test func percentEncodingMatchesFoundationsUnreservedSet() {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        for text in ["i1", "a b", "a/b?c#d", "100%", "x&y=z+w", "é", "日本", "👍🏽", "~-._", "\u{0}\n", "a%2Fb"] {
            #expect(text.percentEncodedUnreserved == text.addingPercentEncoding(withAllowedCharacters: unreserved))
        }
    }

    @Test func queriesAndIdsArePercentEncoded() throws {
        let page =
            #"{"success":true,"data":{"insights":[],"pagination":{"page":1,"page_size":20,"total":0,"total_pages":0,"has_next":false,"has_previous":false}}}"#
        let transport = ScriptedTransport([Self.json(200, page), Self.json(404, "{}")])
        let client = try Self.client(transport, Waits())
        var options = InsightListOptions()
        options.sortBy = "a b&c=d"
        _ = try? client.listInsights(options)
        _ = try? client.insight(id: "x/y z")
        #expect(
            transport.requests.map(\.url) == [
                "http://127.0.0.1:9/api/v1/insights?sort_by=a%20b%26c%3Dd&sort_order=desc&page=1&page_size=20&archived_status=false",
                "http://127.0.0.1:9/api/v1/insights/x%2Fy%20z",
            ])
    }

    @Test func baseURLsAreCheckedByCurl() {
        for url in [
            "http://x", "http://127.0.0.1:9/", "https://[::1]:8080/api", "http://user@host:80",
            "https://example.com/base/",
        ] {
            #expect(CurlURL.host(of: url) != nil && URL(string: url)?.host != nil, "\(url)")
        }
        for url in ["http://", "http://a b", "http://x\n", "http://[::1", "http://x:port"] {
            #expect(CurlURL.host(of: url) == nil && URL(string: url)?.host == nil, "\(url)")
        }
        for url in ["http:///x", "https:////x", "http://", "http://a b"] {
            let text = #"{"base_url":"\#(url)","api_key":"k"}"#
            #expect(
                wellnessError { try ClientConfiguration(json: JSONParser.parse(text)) }?.path == "base_url", "\(url)")
        }
    }

    @Test func headerValuesAreTrimmedOfASCIIWhitespace() {
        #expect(" \t 12 \r\n".trimmingASCIIWhitespace == "12")
        #expect(
            "a b".trimmingASCIIWhitespace == "a b" && " \r\n".trimmingASCIIWhitespace == ""
                && "é ".trimmingASCIIWhitespace == "é")
    }

    @Test func sleepWaitsOnTheMonotonicClock() {
        let start = MonotonicClock.now()
        MonotonicClock.sleep(0.05)
        #expect(MonotonicClock.now() - start >= 0.05)
    }

    @Test func relativeCacheDirectoriesAreAnchoredAtTheCurrentDirectory() throws {
        let configuration = try ClientConfiguration(
            json: JSONParser.parse(
                #"{"base_url":"http://x","api_key":"k","cache_directory":"rel/dir"}"#))
        #expect(configuration.cacheDirectory == FileManager.default.currentDirectoryPath + "/rel/dir")
        #expect(
            POSIXFiles.parentDirectory(of: "/a/b//") == "/a" && POSIXFiles.parentDirectory(of: "/a") == "/"
                && POSIXFiles.parentDirectory(of: "a") == ".")
    }

    @Test func suggestionsAreCachedPrivatelyAtomicallyAndDroppedOnGoalCreation() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wellness-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let goal =
            #"{"success":true,"data":{"id":"g1","user_id":"u1","title":"Walk","goal_type":"activity","start_date":"2025-01-01","is_recurring":false,"status":"active","created_at":"2025-01-01T00:00:00Z","updated_at":"2025-01-01T00:00:00Z"}}"#
        let transport = ScriptedTransport([
            Self.json(200, Self.suggestions), Self.json(201, goal), Self.json(200, Self.suggestions),
            .failure(WellnessError(kind: .network, message: "down")),
        ])
        var configuration = try ClientConfiguration(json: JSONParser.parse(#"{"base_url":"http://x","api_key":"k"}"#))
        configuration.cacheDirectory = root + "/a/b"
        let client = WellnessClient(configuration: configuration, transport: transport, sleep: { _ in })

        #expect(try client.goalSuggestions().source == .network)
        let cached = try client.goalSuggestions()
        #expect(cached.source == .cache && cached.suggestions.count == 3 && transport.requests.count == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/a/b")
        #expect(files.count == 1 && files[0].hasPrefix("suggestions-v1-") && files[0].hasSuffix(".json"))
        let file = root + "/a/b/" + files[0]
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        for directory in [root + "/a", root + "/a/b"] {
            #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700)
        }

        _ = try client.createGoal(
            CreateGoalRequest(title: "Walk", goalType: "activity", startDate: .day(CalendarDate.epoch)))
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try client.goalSuggestions().source == .network)

        // Three days old: not served while the API answers, served when it cannot be reached.
        var document = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        guard case .object(var object) = document, case .number(let stored)? = object["stored_at"] else {
            Issue.record("stored_at is not a number")
            return
        }
        object.append("stored_at", .double(Double(stored)! - 3 * 24 * 3600))  // the last occurrence wins
        document = .object(object)
        try Data(JSONWriter.bytes(document)).write(to: URL(fileURLWithPath: file))
        #expect(try client.goalSuggestions().source == .offlineCache)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/a/b") == files)  // no temporary left

        // Files larger than 16 MiB are not read.
        try Data(repeating: 0x20, count: (16 << 20) + 1).write(to: URL(fileURLWithPath: file))
        #expect(SuggestionsCache(directory: root + "/a/b", baseURL: "http://x", credential: "k").read() == nil)
    }
}
