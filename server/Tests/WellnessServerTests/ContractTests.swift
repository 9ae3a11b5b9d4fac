import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import Yams

@testable import WellnessServer

/// The server serves its contract and a page made from it.
@Suite struct ContractTests {
    private static let contractPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../openapi/wellness-api.yaml").standardized.path

    @Test func theEmbeddedContractIsTheRepositorysOne() throws {
        let file = try String(contentsOfFile: Self.contractPath, encoding: .utf8)
        #expect(
            OpenAPIContract.yaml == file, "run `make` (server/scripts/embed-contract.sh) after editing the contract")
    }

    @Test func contractAndPageAreServedWithoutCredentials() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let yaml = try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                (response.status, response.headers[.contentType], String(buffer: response.body))
            }
            #expect(yaml.0 == .ok && yaml.1?.hasPrefix("application/yaml") == true && yaml.2 == OpenAPIContract.yaml)
            let page = try await client.execute(uri: "/docs", method: .get) { response in
                (
                    response.status, response.headers[.contentType],
                    response.headers[HTTPField.Name("Content-Security-Policy")!]
                )
            }
            #expect(
                page.0 == .ok && page.1?.hasPrefix("text/html") == true
                    && page.2?.hasPrefix("default-src 'none'") == true)
        }
    }

    @Test func thePageShowsEveryOperationAndSchema() throws {
        let root = try #require(try Yams.compose(yaml: OpenAPIContract.yaml))
        let html = ContractDocsPage.html
        var operations = 0
        for (path, item) in try #require(root["paths"]?.mapping) {
            for (method, operation) in try #require(item.mapping) {
                guard let id = operation["operationId"]?.string else { continue }
                operations += 1
                #expect(html.contains("id=\"\(id)\""), "\(id)")
                #expect(html.contains("<span class=\"m \(method.string ?? "")\">"), "\(id)")
                #expect(html.contains("<code>\(ContractDocsPage.escape(path.string ?? ""))</code>"), "\(path)")
            }
        }
        #expect(operations > 20)
        for (name, _) in try #require(root["components"]?["schemas"]?.mapping) {
            #expect(html.contains("id=\"schema-\(name.string ?? "")\""), "\(name)")
        }
        #expect(
            !html.contains("<script") && !html.contains("http://") && !html.contains("https://"),
            "nothing from elsewhere")
    }

    /// A YAML flow mapping ends a plain value at its first comma: `{description: A, or B.}` is a response
    /// with a stray key, which OpenAPI validators refuse (openapi-spec-validator runs in `make server-test`).
    @Test func everyResponseHasOnlyTheFieldsOpenAPIDefines() throws {
        let root = try #require(try Yams.compose(yaml: OpenAPIContract.yaml))
        let fields: Set<String> = ["description", "headers", "content", "links", "$ref"]
        var responses = 0
        for (path, item) in try #require(root["paths"]?.mapping) {
            for (method, operation) in try #require(item.mapping) {
                for (status, response) in operation["responses"]?.mapping ?? [:] {
                    responses += 1
                    let keys = Set((response.mapping.map { Array($0.keys) } ?? []).compactMap(\.string))
                    #expect(
                        keys.isSubset(of: fields) && (keys.contains("description") || keys.contains("$ref")),
                        "\(path.string ?? "") \(method.string ?? "") \(status.string ?? ""): \(keys.sorted())")
                }
            }
        }
        #expect(responses > 100)
    }

    @Test func textFromTheContractIsEscaped() throws {
        let html = try ContractDocsPage.render(
            """
            openapi: 3.1.0
            info: {title: "<script>alert(1)</script>", version: "1"}
            paths:
              /x:
                get:
                  operationId: x
                  summary: "a & b"
                  responses: {"200": {description: "<b>"}}
            """)
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;") && html.contains("a &amp; b"))
    }
}
