import Foundation
import WellnessKitCore

/// Every read and write of the server's data, scoped to one user: a row of
/// another user is indistinguishable from a missing one.
public final class Store: Sendable {
    let database: Database
    let cipher: FieldCipher

    /// Creates the tables if needed and checks that `cipher` is the key the
    /// database's sealed data was sealed with (recording its check value on first use).
    /// - Throws: ``ConfigurationError`` when the key is not the database's.
    public init(database: Database, cipher: FieldCipher) throws {
        self.database = database
        self.cipher = cipher
        try database.execute(Schema.statements)
        try Schema.migrate(database)
        try database.transaction {
            let state = try Self.sealedState(database)
            if let check = state.keyCheck {
                guard cipher.matches(keyCheckValue: check) else { throw Self.wrongKey(database) }
                return
            }
            if let sample = state.sample, (try? cipher.open(sample)) == nil { throw Self.wrongKey(database) }
            try database.query("INSERT INTO meta (name, value) VALUES ('key_check', ?)", [.blob(try cipher.keyCheckValue())])
        }
    }

    /// The database's key check value, and (for a database from before it) one sealed value.
    static func sealedState(_ database: Database) throws -> (keyCheck: [UInt8]?, sample: [UInt8]?) {
        try database.execute(Schema.statements)
        if let check = try database.query("SELECT value FROM meta WHERE name = 'key_check'").first?.first?.blob {
            return (check, nil)
        }
        let sample = try database.query("SELECT title FROM insights LIMIT 1").first?.first?.blob
            ?? database.query("SELECT content FROM messages LIMIT 1").first?.first?.blob
        return (nil, sample)
    }

    private static func wrongKey(_ database: Database) -> ConfigurationError {
        ConfigurationError("""
            the encryption key is not the one \(database.path) was sealed with (its key check value does not open); \
            restore the original encryption.key or WELLNESS_SERVER_KEY. The server does not start with another key
            """)
    }

    static func newId(_ prefix: String) -> String {
        "\(prefix)_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    static func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    // MARK: - Users

    /// Creates a user and returns its id and API key (shown once; only its fingerprint is kept).
    public func createUser(name: String) throws -> (id: String, apiKey: String) {
        let id = Self.newId("usr")
        let apiKey = Credentials.newAPIKey()
        try database.query("INSERT INTO users (id, name, api_key_fingerprint, created_ms) VALUES (?, ?, ?, ?)",
                           [.text(id), .text(name), .text(Credentials.fingerprint(ofAPIKey: apiKey)),
                            .integer(Self.nowMilliseconds())])
        return (id, apiKey)
    }

    public func userId(forAPIKey apiKey: String) throws -> String? {
        try database.query("SELECT id FROM users WHERE api_key_fingerprint = ?",
                           [.text(Credentials.fingerprint(ofAPIKey: apiKey))]).first?.first?.text
    }

    public func userExists(_ id: String) throws -> Bool {
        try !database.query("SELECT 1 FROM users WHERE id = ?", [.text(id)]).isEmpty
    }

    /// Refuses every token of the user issued before `milliseconds`.
    public func revokeTokens(userId: String, at milliseconds: Int64) throws {
        try database.query("UPDATE users SET tokens_valid_after_ms = MAX(tokens_valid_after_ms, ?) WHERE id = ?",
                           [.integer(milliseconds), .text(userId)])
    }

    /// When the user's tokens start being valid (issued at or after it); nil when there is no such user.
    public func tokensValidAfter(userId: String) throws -> Int64? {
        try database.query("SELECT tokens_valid_after_ms FROM users WHERE id = ?", [.text(userId)]).first?.first?.integer
    }

    public func allUserIds() throws -> [String] {
        try database.query("SELECT id FROM users ORDER BY id").compactMap { $0.first?.text }
    }

    // MARK: - Profile

    public func saveProfile(_ profile: Profile, for userId: String) throws {
        try database.query("INSERT OR REPLACE INTO profiles (user_id, body) VALUES (?, ?)",
                           [.text(userId), .text(try JSONWriter.string(profile.json))])
    }

    public func profile(for userId: String) throws -> Profile {
        try database.query("SELECT body FROM profiles WHERE user_id = ?", [.text(userId)])
            .first.flatMap { $0.first?.text }.map { try Profile(json: JSONParser.parse($0)) } ?? Profile()
    }

    // MARK: - Check-ins

    /// Inserts or replaces each day's check-in.
    public func upsert(_ checkIns: [CheckIn], for userId: String) throws {
        try database.transaction {
            for checkIn in checkIns {
                try database.query("""
                    INSERT OR REPLACE INTO checkins
                        (user_id, date, biological_age, steps, workouts, calories, sleep_hours, mood)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(userId), .text(checkIn.date.description), .init(checkIn.biologicalAge),
                          .init(checkIn.steps), .init(checkIn.workouts), .init(checkIn.calories),
                          .init(checkIn.sleepHours), .init(checkIn.mood)])
            }
        }
    }

    /// The user's check-ins in date order.
    public func checkIns(for userId: String) throws -> [CheckIn] {
        try database.query("""
            SELECT date, biological_age, steps, workouts, calories, sleep_hours, mood
            FROM checkins WHERE user_id = ? ORDER BY date
            """, [.text(userId)]).compactMap { row in
            guard let text = row[0].text, let date = CalendarDate(parsing: text.utf8) else { return nil }
            return CheckIn(date: date, biologicalAge: row[1].real, steps: row[2].real, workouts: row[3].real,
                           calories: row[4].real, sleepHours: row[5].real, mood: row[6].real)
        }
    }
}
