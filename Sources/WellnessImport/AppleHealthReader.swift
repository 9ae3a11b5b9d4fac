import WellnessKitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an Apple Health export.xml's elements as expat streams them, and
/// folds them (docs/IMPORT.md): `Record`s into per-day accumulators, sleep
/// analysis into nights, `Workout`s (with their `WorkoutStatistics` and
/// elevation metadata) into sessions. Memory grows with the days and the
/// cumulative types' samples, never with the file's text.
final class AppleHealthReader: XMLElementHandler {
    /// What a record's type attribute means.
    private enum RecordKind {
        case metric(Int)
        case sleep
        case ignored(Int)
    }

    private struct DayKey: Hashable {
        let metric: Int32
        let day: Int32
    }

    private struct SourceDayKey: Hashable {
        let metric: Int32
        let day: Int32
        let source: Int32
    }

    /// One source's samples of a discrete type over a day.
    private struct DiscreteDay {
        var sum = 0.0
        var count = 0
        var latestStart = Int64.min
        var latest = 0.0

        mutating func add(_ value: Double, at start: Int64) {
            sum += value
            count += 1
            if start >= latestStart {
                latestStart = start
                latest = value
            }
        }
    }

    private let options: ImportOptions
    let sources: SourceTable
    var report = ImportReport()
    /// Where the parser is, for messages (set by the stream; no reference to it, so no retain cycle).
    var locator: XMLLocator?

    private var depth = 0
    private var typeCache = LastString<RecordKind>()
    private var sourceCache = LastString<Int32>()
    private var unitCaches = [LastString<Double?>](repeating: LastString(), count: HealthMetric.all.count)
    private var kindByType: [String: RecordKind] = [:]
    private var ignoredTypes: [(name: String, count: Int, first: String)] = []

    private var cumulative: [DayKey: [CumulativeSample]] = [:]
    private var discrete: [SourceDayKey: DiscreteDay] = [:]
    private var nights: [SourceDayKey: SleepNight] = [:]
    private var workouts: [WorkoutDraft] = []
    private var workout: WorkoutDraft?

    let wantsText = false

    init(options: ImportOptions) {
        self.options = options
        self.sources = SourceTable(preferred: options.sourcePriority)
    }

    func start(_ name: UnsafePointer<CChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) throws {
        depth += 1
        if depth == 2, cEquals(name, "Record") {
            record(attributes)
        } else if depth == 2, cEquals(name, "Workout") {
            workout = startWorkout(attributes)
        } else if depth == 3, workout != nil, cEquals(name, "WorkoutStatistics") {
            workout?.addStatistics(attributes)
        } else if depth == 3, workout != nil, cEquals(name, "MetadataEntry") {
            workout?.addMetadata(attributes)
        } else if depth == 1, !cEquals(name, "HealthData") {
            throw WellnessError.invalidArgument(
                "\(location): the document is \"<\(String(cString: name))>\", not an Apple Health export (<HealthData>)"
            )
        }
    }

    func end(_ name: UnsafePointer<CChar>) throws {
        if depth == 2, let finished = workout {
            workout = nil
            report.workoutsRead += 1
            if let reason = finished.problem {
                report.skip("workout: \(reason)", at: location)
            } else {
                workouts.append(finished)
            }
        }
        depth -= 1
    }

    func text(_ bytes: UnsafeRawBufferPointer) {}

    private var location: String { locator?.location ?? "export.xml" }

    // MARK: - Records

    private func record(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) {
        report.recordsRead += 1
        var type: UnsafePointer<CChar>?
        var source: UnsafePointer<CChar>?
        var unit: UnsafePointer<CChar>?
        var startText: UnsafePointer<CChar>?
        var endText: UnsafePointer<CChar>?
        var valueText: UnsafePointer<CChar>?
        var index = 0
        while let key = attributes[index], let value = attributes[index + 1] {
            switch key[0] {
            case 116 where cEquals(key, "type"): type = value
            case 115 where cEquals(key, "sourceName"): source = value
            case 115 where cEquals(key, "startDate"): startText = value
            case 117 where cEquals(key, "unit"): unit = value
            case 101 where cEquals(key, "endDate"): endText = value
            case 118 where cEquals(key, "value"): valueText = value
            default: break
            }
            index += 2
        }
        guard let type else { return report.skip("a record without a type", at: location) }
        let kind = typeCache.meaning(of: type) { self.kind(of: $0) }
        if case .ignored(let ignored) = kind {
            ignoredTypes[ignored].count += 1
            return
        }
        guard let startText, let endText, let start = AppleHealthDate(startText), let end = AppleHealthDate(endText)
        else { return report.skip("a record without a readable startDate and endDate", at: location) }
        guard end.instant >= start.instant else {
            return report.skip("a record that ends before it starts", at: location)
        }
        let sourceIndex =
            source.map { text in sourceCache.meaning(of: text) { Int32(self.sources.index(of: $0)) } }
            ?? Int32(sources.index(of: ""))
        switch kind {
        case .metric(let metric):
            quantity(metric, start, end, sourceIndex, unit, valueText)
        case .sleep:
            sleep(start, end, sourceIndex, valueText)
        case .ignored:
            break
        }
    }

    private func kind(of type: String) -> RecordKind {
        if let known = kindByType[type] { return known }
        let kind: RecordKind
        if let metric = HealthMetric.indexByType[type] {
            kind = .metric(metric)
        } else if type == "HKCategoryTypeIdentifierSleepAnalysis" {
            kind = .sleep
        } else {
            kind = .ignored(ignoredTypes.count)
            ignoredTypes.append((type, 0, location))
        }
        kindByType[type] = kind
        return kind
    }

    private func quantity(
        _ metric: Int, _ start: AppleHealthDate, _ end: AppleHealthDate, _ source: Int32,
        _ unit: UnsafePointer<CChar>?, _ valueText: UnsafePointer<CChar>?
    ) {
        let spec = HealthMetric.all[metric]
        guard let unit, let factor = unitCaches[metric].meaning(of: unit, decode: { spec.units[$0] }) else {
            return report.skip(
                "\(spec.column): a unit other than \(spec.units.keys.sorted().joined(separator: ", "))", at: location)
        }
        guard let valueText, let raw = Self.number(valueText) else {
            return report.skip("\(spec.column): a value that is not a number within ±10^12", at: location)
        }
        let value = raw * factor
        guard let day = localDay(start) else { return report.skip("a date out of range", at: location) }
        report.recordsUsed += 1
        sources.count(Int(source))
        switch spec.folding {
        case .sum:
            cumulative[DayKey(metric: Int32(metric), day: day), default: []].append(
                CumulativeSample(start: start.instant, end: end.instant, value: value, source: source))
        case .mean, .latest:
            let key = SourceDayKey(metric: Int32(metric), day: day, source: source)
            discrete[key, default: DiscreteDay()].add(value, at: start.instant)
        }
    }

    private func sleep(
        _ start: AppleHealthDate, _ end: AppleHealthDate, _ source: Int32, _ valueText: UnsafePointer<CChar>?
    ) {
        guard let valueText, let stage = SleepNight.Stage.byValue[String(cString: valueText)] else {
            return report.skip("sleep analysis: a value that is not a sleep stage", at: location)
        }
        let offset = options.offset(at: end.instant, written: end.offset)
        let night = SleepNight.nightDay(localEndSeconds: end.instant + offset)
        guard let day = Int32(exactly: night) else { return report.skip("a date out of range", at: location) }
        report.recordsUsed += 1
        sources.count(Int(source))
        nights[SourceDayKey(metric: -1, day: day, source: source), default: SleepNight()].add(
            stage, minutes: Double(end.instant - start.instant) / 60)
    }

    private func localDay(_ date: AppleHealthDate) -> Int32? {
        Int32(exactly: floorDivide(date.instant + options.offset(at: date.instant, written: date.offset), 86_400))
    }

    /// A number in range (ImportNumber), the whole attribute.
    static func number(_ text: UnsafePointer<CChar>) -> Double? {
        ImportNumber.parse(text)
    }

    // MARK: - Workouts

    private func startWorkout(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>) -> WorkoutDraft {
        var draft = WorkoutDraft(attributes)
        if let sourceName = draft.sourceName { draft.source = Int32(sources.index(of: sourceName)) }
        return draft
    }

    // MARK: - Result

    /// The daily rows and sessions folded from everything read.
    func result() -> ImportResult {
        let ranks = sources.ranks()
        var rows = DailyRows()
        foldCumulative(into: &rows, ranks: ranks)
        foldDiscrete(into: &rows, ranks: ranks)
        foldSleep(into: &rows, ranks: ranks)
        let sessions = WorkoutDraft.sessions(
            workouts, ranks: ranks, sources: sources.names, options: options, report: &report)
        for ignored in ignoredTypes {
            report.skip("\(ignored.name): a type not read", at: ignored.first, count: ignored.count)
        }
        report.sources = sources.names.indices.map { (sources.names[$0], ranks[$0], sources.records[$0]) }
            .sorted { $0.rank < $1.rank }
        return rows.result(sessions: sessions, report: report, preferred: Self.columnOrder)
    }

    /// The daily columns' order: docs/QUERY.md's standard metrics first.
    static let columnOrder =
        [
            "steps", "sleep_minutes", "deep_sleep_minutes", "rem_sleep_minutes", "light_sleep_minutes", "awake_minutes",
            "time_in_bed_minutes", "resting_heart_rate", "heart_rate_variability",
        ] + HealthMetric.all.map(\.column)

    private func foldCumulative(into rows: inout DailyRows, ranks: [Int]) {
        var removed = [Double](repeating: 0, count: HealthMetric.all.count)
        for (key, samples) in cumulative {
            let spec = HealthMetric.all[Int(key.metric)]
            let (total, dropped) = CumulativeDedup.total(samples, ranks: ranks)
            removed[Int(key.metric)] += dropped
            rows.set(Int64(key.day), spec.column, total, unit: spec.unit)
        }
        report.overlapRemoved = HealthMetric.all.indices.filter { removed[$0] > 0 }.map {
            (HealthMetric.all[$0].column, removed[$0])
        }
    }

    private func foldDiscrete(into rows: inout DailyRows, ranks: [Int]) {
        var best: [DayKey: (rank: Int, day: DiscreteDay)] = [:]
        for (key, day) in discrete where day.count > 0 {
            let rank = ranks[Int(key.source)]
            let dayKey = DayKey(metric: key.metric, day: key.day)
            if let current = best[dayKey], current.rank <= rank { continue }
            best[dayKey] = (rank, day)
        }
        for (key, chosen) in best {
            let spec = HealthMetric.all[Int(key.metric)]
            let value = spec.folding == .latest ? chosen.day.latest : chosen.day.sum / Double(chosen.day.count)
            rows.set(Int64(key.day), spec.column, value, unit: spec.unit)
        }
    }

    private func foldSleep(into rows: inout DailyRows, ranks: [Int]) {
        var asleep: [Int32: (rank: Int, night: SleepNight)] = [:]
        var inBed: [Int32: (rank: Int, minutes: Double)] = [:]
        for (key, night) in nights {
            let rank = ranks[Int(key.source)]
            if night.hasSleep, asleep[key.day].map({ $0.rank > rank }) ?? true { asleep[key.day] = (rank, night) }
            if night.inBed > 0, inBed[key.day].map({ $0.rank > rank }) ?? true { inBed[key.day] = (rank, night.inBed) }
        }
        for (day, chosen) in asleep {
            let night = chosen.night
            rows.set(
                Int64(day), "sleep_minutes", night.asleepUnspecified + night.core + night.deep + night.rem, unit: "min")
            if night.hasStages {
                rows.set(Int64(day), "deep_sleep_minutes", night.deep, unit: "min")
                rows.set(Int64(day), "rem_sleep_minutes", night.rem, unit: "min")
                rows.set(Int64(day), "light_sleep_minutes", night.core, unit: "min")
                rows.set(Int64(day), "awake_minutes", night.awake, unit: "min")
            }
        }
        for (day, chosen) in inBed {
            // In bed from the chosen source when it has it, else from the best source that does.
            let minutes = asleep[day].flatMap { $0.night.inBed > 0 ? $0.night.inBed : nil } ?? chosen.minutes
            rows.set(Int64(day), "time_in_bed_minutes", minutes, unit: "min")
        }
    }
}
