/// The sources (apps and devices) that wrote an export's samples, and their
/// priority when several recorded the same thing: the Health app's default
/// order, an Apple Watch before an iPhone before other apps, unless the caller
/// names an order (`source_priority`, whose names come first, in that order).
/// Sources of the same class rank by name, so that the result never depends
/// on the order of the file.
final class SourceTable {
    private(set) var names: [String] = []
    private(set) var records: [Int] = []
    private var indexByName: [String: Int] = [:]
    private let preferred: [String]

    init(preferred: [String]) {
        self.preferred = preferred
    }

    /// The index of the source named `name`, added when new.
    func index(of name: String) -> Int {
        if let index = indexByName[name] { return index }
        let index = names.count
        names.append(name)
        records.append(0)
        indexByName[name] = index
        return index
    }

    func count(_ index: Int) {
        records[index] += 1
    }

    /// Each source's rank (0 is the highest priority), by source index.
    func ranks() -> [Int] {
        let order = names.indices.sorted { lhs, rhs in
            let left = (classOf(names[lhs]), names[lhs])
            let right = (classOf(names[rhs]), names[rhs])
            return left < right
        }
        var ranks = [Int](repeating: 0, count: names.count)
        for (rank, index) in order.enumerated() { ranks[index] = rank }
        return ranks
    }

    private func classOf(_ name: String) -> Int {
        if let position = preferred.firstIndex(of: name) { return position }
        let base = preferred.count
        if name.contains("Watch") { return base }
        if name.contains("iPhone") { return base + 1 }
        return base + 2
    }
}
