#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide cache of parsed zones behind `TimeZoneRules(identifier:)`:
/// at most `capacity` entries, the oldest inserted evicted first, guarded by a
/// pthread mutex (no Foundation, and `Synchronization.Mutex` would need
/// macOS 15 on Darwin).
final class TimeZoneRulesCache: @unchecked Sendable {
    static let shared = TimeZoneRulesCache(capacity: 64)

    let capacity: Int
    /// Guards `entries` and `insertionOrder`; allocated once, never moved.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var entries: [String: TZifFile] = [:]
    /// Keys, oldest first.
    private var insertionOrder: [String] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
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
