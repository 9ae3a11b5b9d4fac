import WellnessKitCore

/// The calendar a user's days are counted in: their profile's time zone and
/// first weekday. Every day-based computation of the server reads it (the
/// coach's tables and "today", insights' weeks and periods, trends), from the
/// profile at the time of the read: nothing is stored in UTC days, so a
/// changed zone re-buckets on the next read.
public struct UserCalendar: Sendable {
    /// The zone days are cut in; nil for UTC read without the time-zone database.
    private let rules: TimeZoneRules?
    /// 1 = Sunday … 7 = Saturday.
    public let firstWeekday: Int

    /// UTC, weeks from Monday: a profile's defaults.
    public static let utc = UserCalendar(profile: Profile())

    /// The profile's calendar; a zone the time-zone database no longer knows
    /// (it was known when stored) counts as UTC rather than failing every read.
    public init(profile: Profile) {
        rules = TimeZoneRules(identifier: profile.timeZone) ?? TimeZoneRules(identifier: Profile.defaultTimeZone)
        firstWeekday = (1...7).contains(profile.firstWeekday) ? profile.firstWeekday : Profile.defaultFirstWeekday
    }

    /// The zone's IANA name, as the query tables take it.
    public var timeZoneName: String { rules?.identifier ?? Profile.defaultTimeZone }

    /// Seconds east of UTC at `seconds` since the epoch.
    public func offset(at seconds: Int64) -> Int64 {
        rules?.offset(at: seconds) ?? 0
    }

    /// The local day (days since 1970-01-01) of `seconds` since the epoch.
    public func day(ofSeconds seconds: Int64) -> Int {
        let local = seconds.addingReportingOverflow(offset(at: seconds))
        let value = local.overflow ? seconds : local.partialValue
        let days = value >= 0 ? value / 86_400 : (value - 86_399) / 86_400
        return Int(clamping: days)
    }

    /// The local date at `milliseconds` since the epoch.
    public func date(atMilliseconds milliseconds: Int64) -> CalendarDate {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        return CalendarDate(daysSinceEpoch: day(ofSeconds: seconds)) ?? .epoch
    }

    /// The first instant (seconds since the epoch) of the local day `day`:
    /// its midnight, or when a transition skips midnight (America/Santiago's
    /// spring forward), the transition.
    public func startOfDay(_ day: Int) -> Int64 {
        let midnight = Int64(clamping: day).multipliedReportingOverflow(by: 86_400)
        guard !midnight.overflow else { return day < 0 ? .min : .max }
        let local = midnight.partialValue
        // Offsets are within ±26 h: the offsets a day either side are the only candidates.
        let candidates = [local - offset(at: local - 86_400), local - offset(at: local + 86_400)]
        return candidates.filter { self.day(ofSeconds: $0) == day }.min() ?? candidates[0]
    }

    /// The local date of `seconds` since the epoch.
    public func date(ofSeconds seconds: Int64) -> CalendarDate? {
        CalendarDate(daysSinceEpoch: day(ofSeconds: seconds))
    }
}

extension Profile {
    /// The calendar the user's days are counted in.
    public var calendar: UserCalendar { UserCalendar(profile: self) }
}
