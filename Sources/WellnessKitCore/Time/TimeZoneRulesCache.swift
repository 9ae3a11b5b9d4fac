/// The process-wide cache of parsed zones behind `TimeZoneRules(identifier:)`:
/// at most `capacity` entries, the oldest inserted evicted first.
final class TimeZoneRulesCache: @unchecked Sendable {
    static let shared = TimeZoneRulesCache(capacity: 64)

    let capacity: Int
    /// Guards `entries` and `insertionOrder`.
    private let mutex = PThreadMutex()
    private var entries: [String: TZifFile] = [:]
    /// Keys, oldest first.
    private var insertionOrder: [String] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        mutex.withLock(body)
    }

    /// The key of a zone: the database directory matters as much as the name.
    static func key(directory: String, identifier: String) -> String {
        directory + "\u{0}" + identifier
    }

    func value(forKey key: String) -> TZifFile? {
        locked { entries[key] }
    }

    func insert(_ file: TZifFile, forKey key: String) {
        locked {
            if entries.updateValue(file, forKey: key) == nil {
                insertionOrder.append(key)
                if insertionOrder.count > capacity {
                    entries[insertionOrder.removeFirst()] = nil
                }
            }
        }
    }

    var count: Int {
        locked { entries.count }
    }

    func removeAll() {
        locked {
            entries.removeAll()
            insertionOrder.removeAll()
        }
    }
}
