import Foundation
import WellnessKitCore

/// A demo user with a year of realistic, reproducible check-ins.
public enum DemoData {
    /// Creates the user, stores 365 days ending yesterday, and generates its insights.
    public static func seed(_ store: Store) async throws -> (id: String, apiKey: String) {
        let user = try await store.accounts.create(name: "Demo user")
        var random = SplitMix(seed: 42)
        let today = Int(Date().timeIntervalSince1970 / 86_400)
        let checkIns = (1...365).reversed().compactMap { offset -> CheckIn? in
            guard let date = CalendarDate(daysSinceEpoch: today - offset) else { return nil }
            let day = Double(365 - offset)
            let sleep = 6.4 + 1.2 * random.unit() + 0.3 * sin(day / 9)
            return CheckIn(
                date: date,
                biologicalAge: ((41.5 - day * 0.004 + 0.08 * (random.unit() - 0.5)) * 100).rounded() / 100,
                steps: (5500 + 4000 * random.unit() + 1500 * sin(day / 14)).rounded(),
                workouts: random.unit() < 0.45 ? 1 : 0,
                calories: (2100 + 400 * random.unit()).rounded(),
                sleepHours: (sleep * 10).rounded() / 10,
                mood: min(10, max(1, (3 + sleep * 0.6 + 2 * random.unit()).rounded())))
        }
        try await store.profiles.save(Profile(age: 42, heightCm: 178, weightKg: 84), for: user.id)
        try await store.checkIns.upsert(checkIns, for: user.id)
        try await store.insights.add(InsightGenerator.insights(from: checkIns), for: user.id)
        return user
    }
}

/// A small deterministic generator, so every demo has the same data.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}
