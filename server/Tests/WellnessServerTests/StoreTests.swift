import Foundation
import Testing
import WellnessKitCore
@testable import WellnessServer

@Suite struct StoreTests {
    @Test func insightTextIsEncryptedAtRest() throws {
        let server = try TestServer()
        let user = try server.user()
        let marker = "Plaintext-Marker-\(UUID().uuidString)"
        try server.store.add([Store.NewInsight(type: .pattern, title: marker, content: "\(marker) content",
                                               summary: "\(marker) summary", suggestions: ["\(marker) step"],
                                               dataContext: nil, dedupeKey: "test")], for: user.id)
        let consultation = try server.store.createConsultation(CreateConsultationRequest(persona: .sleepCoach), for: user.id)
        _ = try server.store.append([(.user, "\(marker) message")], to: consultation)
        let files = try FileManager.default.contentsOfDirectory(atPath: server.directory.path)
            .filter { $0.hasPrefix("wellness.sqlite") }
        #expect(files.contains("wellness.sqlite"))
        for file in files {
            let bytes = try Data(contentsOf: server.directory.appendingPathComponent(file))
            #expect(bytes.range(of: Data(marker.utf8)) == nil, "\(file) holds plaintext")
        }
        let stored = try server.store.insights(for: user.id, query: InsightQuery()).insights
        #expect(stored.first?.title == marker && stored.first?.suggestions == ["\(marker) step"])
        #expect(try server.store.messages(of: consultation).first?.content == "\(marker) message")
    }

    @Test func keyFileIsPrivateAndReused() throws {
        let server = try TestServer()
        let path = server.directory.appendingPathComponent("encryption.key").path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let user = try server.user(days: 10)
        let (reopened, _) = try WellnessApplication.openStore(server.configuration, environment: [:])
        #expect(try reopened.insights(for: user.id, query: InsightQuery()).pagination.totalCount > 0)
    }

    @Test func generationIsIdempotent() throws {
        let server = try TestServer()
        let user = try server.user(days: 40)
        let again = try server.store.add(InsightGenerator.insights(from: server.store.checkIns(for: user.id)), for: user.id)
        #expect(again == 0)
        let all = try server.store.insights(for: user.id, query: { var q = InsightQuery(); q.pageSize = 100; return q }())
        let types = Set(all.insights.map(\.insightType))
        #expect(types.isSuperset(of: [.daily, .weekly, .milestone]))
    }

    @Test func patternsNeedACorrelation() {
        let strong = (0..<20).map { (Double($0), Double($0) * 2 + 1) }
        #expect((InsightGenerator.correlation(strong) ?? 0) > 0.99)
        #expect(InsightGenerator.correlation((0..<20).map { (Double($0), 5) }) == nil)
    }
}
