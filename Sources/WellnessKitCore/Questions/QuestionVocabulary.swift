/// The words ``QuestionReader`` knows, by phrase (lowercase words separated
/// by spaces). A question with any other word is not understood: the reader
/// answers only what it reads whole.
enum QuestionVocabulary {
    static let phrases: [String: QuestionWord] = {
        var phrases: [String: QuestionWord] = [:]
        func add(_ words: [String], _ meaning: QuestionWord) {
            for word in words { phrases[word] = meaning }
        }
        add(
            [
                "how many days", "on how many days", "how many different days", "number of days",
                "how many unique days", "how many distinct days", "number of distinct days", "number of unique days",
                "how many nights", "on how many nights", "number of nights",
            ], .howManyDays)
        add(["how many times", "how often", "number of times", "how frequently"], .howManyTimes)
        add(["how many", "number of", "count", "count my", "count of", "the number of"], .howMany)
        add(["how far", "what distance", "distance"], .howFar)
        add(["how long", "how much time", "duration", "time", "length"], .howLong)
        add(["when was my last", "when did i last", "when was the last time i", "last time i"], .whenLast)
        add(["when was my first", "when did i first", "when was the first time i", "first time i"], .whenFirst)
        add(["average", "avg", "mean", "on average", "typical", "averaged", "typically"], .reducer(.mean))
        add(["total", "in total", "altogether", "combined", "sum", "totaled"], .reducer(.sum))
        add(["median"], .reducer(.median))
        add(["standard deviation", "std", "stdev", "std dev", "standard dev"], .reducer(.std))
        add(["variability", "variation", "vary", "varied"], .variability)
        addRangeAndKinds(add)
        add(["highest", "maximum", "max", "peak", "most", "best", "biggest", "top"], .reducer(.max))
        add(["lowest", "minimum", "min", "least", "fewest", "smallest"], .reducer(.min))
        add(["longest"], .longest(metric: "duration"))
        add(["shortest"], .extreme(.min, metric: "duration"))
        add(["fastest", "quickest"], .extreme(.max, metric: "speed"))
        add(["slowest"], .extreme(.min, metric: "speed"))
        add(["heaviest"], .extreme(.max, metric: "weight"))
        // A sleep score is better higher; "worst" of another metric (resting heart rate?) is not read.
        add(["worst"], .extreme(.min, metric: "sleep_score"))
        add(["lightest"], .extreme(.min, metric: "weight"))
        add(
            [
                "on what day", "what day", "which day", "on which day", "what night", "which night", "on which night",
                "on what date", "what date", "which date", "on which date", "on what night", "what was the date of",
                "the date of", "what is the date of", "what's the date of",
            ], .whichDay)
        add(["farthest", "furthest"], .longest(metric: "distance"))
        add(
            [
                "what activities", "which activities", "what workouts", "which workouts", "what kinds of workouts",
                "what exercise", "what sports",
            ], .activitiesReducer(.activities))
        add(
            [
                "most common workout", "most common activity", "most frequent workout", "most frequent activity",
                "what did i do most", "which workout did i do most", "what workout did i do most",
                "what did i do most often", "which workout did i do most often", "what workout did i do most often",
                "which activity did i do most often", "what activity did i do most often",
            ],
            .activitiesReducer(.mostFrequentActivity))
        addMetrics(add)
        addClockTimes(add)
        addActivities(add)
        addExactActivities(add)
        addWindows(add)
        add(["last", "latest", "most recent", "past"], .takeLast)
        add(["first", "earliest"], .takeFirst)
        add(["days", "day", "nights"], .days)
        add(["weeks", "week", "wk", "wks"], .weeks)
        add(["fortnight", "fortnights"], .fortnight)
        addComparators(add)
        add(
            [
                "on days", "on the days", "on days when", "days when", "days where", "on days where", "on a day",
                "on nights", "on the nights", "on nights when", "nights when", "on nights where",
            ],
            .condition(.days))
        add(["with", "where"], .condition(.rows))
        add(["when", "whenever", "if"], .condition(.either))
        add(
            ["per day", "a day", "each day", "daily", "every day", "per night", "a night", "each night", "nightly"],
            .perDay)
        add(
            [
                "i", "my", "me", "did", "do", "does", "was", "were", "is", "are", "have", "has", "had", "get", "got",
                "the", "an", "of", "in", "for", "during", "what", "whats", "what's", "how", "much", "to", "at", "been",
                "go", "went", "take", "took", "make", "made", "it", "that", "there", "so", "far", "all", "spent",
                "spend", "log", "logged", "record", "recorded", "track", "tracked", "manage", "managed", "value",
                "level", "levels", "please", "tell", "show", "can", "you", "and", "out", "am", "a", "about", "roughly",
                "on",
                "from", "across", "by", "done", "gone", "going", "taken", "gotten", "any", "but", "also",
                "reading", "readings", "single", "in one night", "in one day", "at night", "use", "used", "using",
                "doing", "while", "data", "gain", "gained", "earn", "earned", "whole", "per", "i've", "ive",
                "i want to know", "want to know", "give me", "give", "hey", "hi", "quick one", "quick question",
                "could you", "would you", "can you", "i'm curious", "curious", "just wondering", "wondering", "just",
                "thanks", "thank you", "ok", "okay", "through", "thru", "until", "till", "lasted", "lasting", "in one",
                "on one",
            ],
            .filler)
        return phrases
    }()

    private static func addComparators(_ add: ([String], QuestionWord) -> Void) {
        add(["less than", "under", "below", "fewer than", "lower than", "shorter than"], .comparator(.less))
        add(
            [
                "at most", "no more than", "not more than", "up to", "within", "less than or equal to",
                "fewer than or equal to", "no longer than", "not longer than", "no higher than", "not over",
            ], .comparator(.lessOrEqual))
        add(
            ["more than", "over", "above", "greater than", "higher than", "longer than", "exceeding"],
            .comparator(.greater))
        add(
            [
                "at least", "no less than", "not less than", "no fewer than", "not fewer than",
                "more than or equal to", "greater than or equal to", "no shorter than", "not under",
            ], .comparator(.greaterOrEqual))
        add(["exactly", "equal to"], .comparator(.equal))
        // "hit 10,000 steps", "my stress score dropped below 60".
        add(["hit", "reach", "reached", "hitting", "reaching"], .comparator(.greaterOrEqual))
        add(["drop below", "dropped below", "fall below", "fell below", "go below", "went below"], .comparator(.less))
        add(["rise above", "rose above", "go above", "went above", "go over", "went over"], .comparator(.greater))
        add(
            ["or more", "or longer", "or above", "or over", "or higher", "or greater"],
            .postfixComparator(.greaterOrEqual, asPrefix: nil))
        add(["and above", "and over"], .postfixComparator(.greaterOrEqual, asPrefix: .greater))
        add(
            ["or less", "or fewer", "or under", "or below", "or lower", "or shorter"],
            .postfixComparator(.lessOrEqual, asPrefix: nil))
        add(["and under", "and below"], .postfixComparator(.lessOrEqual, asPrefix: .less))
        add(["between"], .between)
    }

    private static func addMetrics(_ add: ([String], QuestionWord) -> Void) {
        add(["steps", "step count", "step"], .metric(.daily, "steps", asked: .steps))
        add(
            ["hours of sleep", "sleep hours", "hours slept", "hours did i sleep"],
            .metric(.daily, "sleep_minutes", asked: .hours))
        add(["minutes of sleep", "sleep minutes"], .metric(.daily, "sleep_minutes", asked: .minutes))
        add(
            ["sleep", "slept", "sleeping", "time asleep", "sleep duration", "sleep time", "asleep"],
            .metric(.daily, "sleep_minutes", asked: .natural))
        add(["deep sleep", "deep", "deep sleep time"], .metric(.daily, "deep_sleep_minutes", asked: .natural))
        add(["hours of deep sleep"], .metric(.daily, "deep_sleep_minutes", asked: .hours))
        add(["minutes of deep sleep"], .metric(.daily, "deep_sleep_minutes", asked: .minutes))
        add(["rem sleep", "rem", "rem sleep time"], .metric(.daily, "rem_sleep_minutes", asked: .natural))
        add(["hours of rem sleep", "hours of rem"], .metric(.daily, "rem_sleep_minutes", asked: .hours))
        add(["minutes of rem sleep", "minutes of rem"], .metric(.daily, "rem_sleep_minutes", asked: .minutes))
        add(
            ["resting heart rate", "resting hr", "rhr", "resting pulse"],
            .metric(.daily, "resting_heart_rate", asked: .natural))
        add(
            ["hrv", "heart rate variability", "hr variability", "pulse variability"],
            .metric(.daily, "heart_rate_variability", asked: .natural))
        addSleepStages(add)
        addScores(add)
        add(["active zone minutes", "azm", "zone minutes"], .metric(.daily, "active_zone_minutes", asked: .natural))
        add(
            [
                "heart rate", "hr", "pulse", "bpm", "heartrate", "average heart rate", "avg heart rate", "average hr",
                "avg hr", "average heartrate", "avg heartrate",
            ], .metric(.sessions, "average_heart_rate", asked: .natural))
        add(
            [
                "calories", "kcal", "calories burned", "calories did i burn", "burn", "burned", "calorie",
                "calorie burn",
                "calories burnt", "burnt",
            ],
            .metric(.sessions, "calories", asked: .natural))
        add(["elevation", "elevation gain", "climb", "climbed"], .metric(.sessions, "elevation_gain", asked: .natural))
        add(["speed", "average speed", "avg speed"], .metric(.sessions, "speed", asked: .natural))
        add(["by distance", "in distance", "distances"], .metric(.sessions, "distance", asked: .natural))
        add(["by time", "by duration"], .metric(.sessions, "duration", asked: .natural))
        add(["hours", "hrs"], .unit(.hours))
        add(["hour"], .unit(.hours))
        add(["minutes", "mins", "min"], .unit(.minutes))
        add(["km", "kilometers", "kilometres", "kilometer", "kilometre"], .unit(.kilometres))
        add(["ms", "milliseconds"], .unit(.milliseconds))
        add(["metres", "meters"], .unit(.metres))
        add(["miles", "mile"], .unit(.miles))
        add(
            ["weight", "body weight", "weigh", "weighed", "weigh myself", "weighed myself", "weigh in", "weigh ins"],
            .metric(.daily, "weight", asked: .natural))
        add(["percent", "per cent", "percentage"], .unit(.percent))
    }

    /// Light sleep, time awake and in bed (minutes), and each stage's share of the night (percent).
    private static func addSleepStages(_ add: ([String], QuestionWord) -> Void) {
        add(["light sleep", "light sleep time"], .metric(.daily, "light_sleep_minutes", asked: .natural))
        add(["hours of light sleep"], .metric(.daily, "light_sleep_minutes", asked: .hours))
        add(["minutes of light sleep"], .metric(.daily, "light_sleep_minutes", asked: .minutes))
        add(
            ["awake", "time awake", "awake time", "awake at night", "time awake at night"],
            .metric(.daily, "awake_minutes", asked: .natural))
        add(
            ["minutes awake", "awake minutes", "minutes awake at night"],
            .metric(.daily, "awake_minutes", asked: .minutes))
        add(["time in bed", "in bed"], .metric(.daily, "time_in_bed_minutes", asked: .natural))
        add(["hours in bed"], .metric(.daily, "time_in_bed_minutes", asked: .hours))
        add(["minutes in bed"], .metric(.daily, "time_in_bed_minutes", asked: .minutes))
        let stages = [
            (["deep sleep", "deep"], "deep_sleep_percent"), (["rem sleep", "rem"], "rem_sleep_percent"),
            (["light sleep", "light"], "light_sleep_percent"), (["awake", "time awake"], "awake_percent"),
        ]
        for (names, metric) in stages {
            var phrases: [String] = []
            for name in names {
                for percent in ["percent", "percentage", "per cent"] {
                    phrases += ["\(name) \(percent)", "\(percent) \(name)", "\(percent) of \(name)"]
                    phrases += ["\(percent) of time in \(name)", "\(percent) of the night in \(name)"]
                }
            }
            add(phrases, .metric(.daily, metric, asked: .natural))
        }
    }

    /// Scores and levels a daily summary may hold.
    private static func addScores(_ add: ([String], QuestionWord) -> Void) {
        add(["sleep score", "sleep scores"], .metric(.daily, "sleep_score", asked: .natural))
        add(
            ["stress", "stress score", "stress management score", "stress scores"],
            .metric(.daily, "stress_score", asked: .natural))
        add(
            ["vo2 max", "vo2max", "vo2", "cardio fitness", "cardio fitness score"],
            .metric(.daily, "vo2_max", asked: .natural))
        add(
            ["spo2", "blood oxygen", "oxygen saturation", "blood oxygen saturation", "oxygen level", "sp02"],
            .metric(.daily, "spo2", asked: .natural))
    }

    private static func addActivities(_ add: ([String], QuestionWord) -> Void) {
        add(
            ["run", "runs", "running", "ran", "jog", "jogs", "jogged", "jogging", "go running", "go for a run"],
            .activity("run"))
        add(
            [
                "bike", "bikes", "biked", "biking", "bike ride", "bike rides", "ride", "rides", "rode", "cycle",
                "cycled",
                "cycling", "cycle ride", "cycle rides", "ride my bike", "ride a bike",
            ], .activity("bike"))
        add(["swim", "swims", "swam", "swimming", "go swimming"], .activity("swim"))
        add(["yoga", "yoga sessions", "yoga session", "do yoga", "did yoga"], .activity("yoga"))
        add(
            [
                "weights", "lift", "lifted", "lifting", "lift weights", "lifted weights", "strength",
                "strength training",
                "weight training", "weightlifting", "gym sessions",
            ], .activity("weights"))
        add(["walk", "walked", "walking"], .activity("walk"))
        // A walk as a noun is a session: "my walk", "per walk", "in one walk" (the verb is how steps were taken).
        add(
            [
                "walks", "go for a walk", "my walk", "a walk", "per walk", "each walk", "every walk", "one walk",
                "single walk", "in one walk", "on one walk", "a single walk", "that walk", "the walk",
            ], .walks)
        add(["hike", "hikes", "hiked", "hiking"], .activity("hike"))
        add(["elliptical", "ellipticals", "cross trainer", "elliptical trainer"], .activity("elliptical"))
        // "use the elliptical", "doing yoga": the verb only says the activity was done.
        add(["use the elliptical", "used the elliptical", "using the elliptical"], .activity("elliptical"))
        add(["doing yoga"], .activity("yoga"))
        add(["doing aerobics"], .activity("aerobic"))
        add(["doing intervals", "doing interval training"], .activity("hiit"))
        add(["doing weights", "doing strength training"], .activity("weights"))
        add(["aerobic workout", "aerobic workouts", "aerobics", "aerobic"], .activity("aerobic"))
        add(
            ["interval workout", "interval workouts", "intervals", "interval training", "hiit"], .activity("hiit"))
        add(
            [
                "workout", "workouts", "work out", "worked out", "working out", "exercise", "exercised", "session",
                "sessions",
                "trained", "training", "train", "activity", "activities",
            ], .activity(nil))
    }

    private static func addWindows(_ add: ([String], QuestionWord) -> Void) {
        add(["today", "so far today"], .window(.today))
        // A night's sleep is dated by the morning one woke up (as Fitbit, Pixel and Apple Health date it).
        add(["last night", "this morning", "last nights"], .lastNight)
        add(["yesterday"], .window(.yesterday))
        add(["this week", "so far this week", "this wk", "so far this wk"], .window(.thisWeek))
        add(["last week", "last wk"], .window(.lastWeek))
        add(["this month", "so far this month"], .window(.thisMonth))
        add(["last month"], .window(.lastMonth))
        add(
            [
                "past week", "the past week", "the last week", "the past 7 days", "past seven days", "last seven days",
                "the last seven days", "the past seven days",
            ], .window(.lastDays(7)))
        add(
            ["past month", "the past month", "the last month", "the past 30 days", "the last 30 days"],
            .window(.lastDays(30)))
        add(
            [
                "the last fortnight", "last fortnight", "past fortnight", "the past fortnight",
                "over the last fortnight",
            ], .window(.lastDays(14)))
        add(["this year", "so far this year"], .thisYear)
        add(["last year"], .lastYear)
        add(["since"], .since)
        addWeekdays(add)
        for (extreme, metric, words) in [
            (QueryWindow.Extreme.max, "duration", ["longest"]), (.max, "distance", ["farthest", "furthest"]),
            (.min, "duration", ["shortest"]),
        ] {
            for word in words {
                add(
                    ["the day of my \(word)", "day of my \(word)", "the day of the \(word)", "the day of \(word)"],
                    .dayOfExtreme(extreme, metric: metric))
            }
        }
        // A time of day is only a clock-time metric's answer (bed time), not a run's start; "time" alone is a duration.
        add(["what time", "at what time", "what times", "which time"], .whatTime)
        for (index, name) in ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
            .enumerated()
        {
            add([name], .weekday(index + 1))
            // "on a Monday", "each Monday": every such day, not the last one ("every Monday" is read as "on Mondays").
            add(["a \(name)", "each \(name)", "any \(name)"], .unanswerable)
        }
        let months = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december",
        ]
        let shortened = shortMonthNames
        for (index, name) in months.enumerated() {
            for name in [name] + shortened[index] {
                add(
                    ["in \(name)", "during \(name)", "for \(name)", "throughout \(name)"],
                    .month(index + 1, since: false))
                add(["since \(name)"], .month(index + 1, since: true))
                add([name], .monthName(index + 1))
            }
        }
        add(["months"], .months)
        add(
            [
                "ever", "all time", "of all time", "in total ever", "since i started", "overall",
                "since i started tracking", "since i began tracking", "since i started logging",
            ], .window(.all))
    }

    /// "range", "the spread between my highest and lowest"; "how many different workouts".
    private static func addRangeAndKinds(_ add: ([String], QuestionWord) -> Void) {
        var range = ["range", "range of"]
        for gap in ["spread", "difference", "gap"] {
            for ends in ["highest and lowest", "lowest and highest", "maximum and minimum", "max and min"] {
                range += ["\(gap) between my \(ends)", "\(gap) between the \(ends)", "\(gap) between \(ends)"]
            }
        }
        add(range, .reducer(.range))
        var kinds: [String] = []
        for start in ["how many", "number of", "count of"] {
            for adjective in ["different", "unique", "distinct"] {
                for noun in [
                    "workouts", "activities", "sports", "exercises", "kinds of workouts", "types of workouts",
                    "kinds of activities", "types of activities", "kinds of exercise", "types of exercise",
                    "workout types", "activity types",
                ] {
                    kinds.append("\(start) \(adjective) \(noun)")
                }
            }
            for noun in [
                "kinds of workouts", "types of workouts", "kinds of activities", "types of activities",
                "kinds of exercise", "types of exercise", "workout types", "activity types",
            ] {
                kinds.append("\(start) \(noun)")
            }
        }
        add(kinds, .activitiesReducer(.countActivities))
    }

    /// "on weekends" (Saturday and Sunday), "on weekdays" (Monday to Friday), "on Mondays": a weekday
    /// named in the singular ("on Monday") is a day, not every such day, and is not read here.
    private static func addWeekdays(_ add: ([String], QuestionWord) -> Void) {
        add(
            [
                "on weekends", "weekends", "at weekends", "on weekend days", "weekend days", "during weekends",
                "over weekends", "on the weekends",
            ], .weekdays(QueryWeekday.weekend))
        add(
            [
                "on weekdays", "weekdays", "on week days", "week days", "during weekdays", "on workdays", "workdays",
                "on working days", "working days", "on work days",
            ], .weekdays(QueryWeekday.workdays))
        for day in QueryWeekday.allCases {
            let name = day.rawValue
            add(["\(name)s", "on \(name)s", "every \(name)", "on every \(name)"], .weekdays([day]))
        }
    }

    /// Bed time and wake time, when a daily table has them (`bed_time`, `wake_time`: minutes from midnight).
    private static func addClockTimes(_ add: ([String], QuestionWord) -> Void) {
        let bed = [
            "bed time", "bedtime", "bed times", "bedtimes", "time i went to bed", "went to bed", "go to bed",
            "went to sleep", "go to sleep", "time i go to bed", "when did i go to bed", "when do i go to bed",
        ]
        let wake = [
            "wake time", "wake up time", "wakeup time", "wake times", "wake up times", "waking time", "woke up",
            "wake up", "time i woke up", "time i wake up", "got up", "get up", "when did i wake up",
            "when do i wake up", "when did i get up",
        ]
        add(bed, .metric(.daily, "bed_time", asked: .natural))
        add(wake, .metric(.daily, "wake_time", asked: .natural))
        for (names, metric) in [(["bed time", "bedtime"], "bed_time"), (["wake time", "wake up time"], "wake_time")] {
            for name in names {
                add(["latest \(name)", "my latest \(name)"], .clockExtreme(metric, .max))
                add(["earliest \(name)", "my earliest \(name)"], .clockExtreme(metric, .min))
            }
        }
        add(["latest i went to bed", "latest i went to sleep"], .clockExtreme("bed_time", .max))
        add(["earliest i went to bed", "earliest i went to sleep"], .clockExtreme("bed_time", .min))
        add(["latest i woke up", "latest i got up"], .clockExtreme("wake_time", .max))
        add(["earliest i woke up", "earliest i got up"], .clockExtreme("wake_time", .min))
    }

    /// Kinds of workout that a synonym group would blur, and the recorded names that are exactly each:
    /// "treadmill" is read only when the person's workouts hold one of these names.
    static let exactActivities: [String: (group: String, names: [String])] = [
        "treadmill": ("run", ["treadmill", "treadmill run", "treadmill running"]),
        "spinning": ("bike", ["spinning", "spin", "spin class", "spinning class"]),
        "outdoor bike": (
            "bike", ["outdoor bike", "outdoor bike ride", "outdoor cycling", "outdoor ride", "outdoor cycle"]
        ),
        "indoor bike": (
            "bike", ["indoor bike", "indoor cycling", "indoor ride", "indoor cycle", "stationary bike"]
        ),
        "outdoor run": ("run", ["outdoor run", "outdoor running"]),
        "indoor run": ("run", ["indoor run", "indoor running"]),
        "outdoor walk": ("walk", ["outdoor walk", "outdoor walking"]),
        "indoor walk": ("walk", ["indoor walk", "indoor walking"]),
        "pool swim": ("swim", ["pool swim", "pool swimming"]),
        "open water swim": ("swim", ["open water swim", "open water swimming"]),
    ]

    private static func addExactActivities(_ add: ([String], QuestionWord) -> Void) {
        add(
            [
                "treadmill", "treadmill run", "treadmill runs", "treadmill running", "on the treadmill",
                "on a treadmill",
            ], .exactActivity("treadmill"))
        add(
            [
                "spinning", "spin", "spin class", "spin classes", "spinning class", "spinning classes",
                "spin sessions", "spin session",
            ], .exactActivity("spinning"))
        add(
            [
                "outdoor bike", "outdoor bike ride", "outdoor bike rides", "outdoor ride", "outdoor rides",
                "outdoor cycling", "outdoor cycle", "outdoor cycle rides", "outdoor biking",
            ],
            .exactActivity("outdoor bike"))
        add(
            [
                "indoor bike", "indoor bike ride", "indoor bike rides", "indoor ride", "indoor rides", "indoor cycling",
                "indoor cycle", "stationary bike", "exercise bike",
            ], .exactActivity("indoor bike"))
        add(["outdoor run", "outdoor runs", "outdoor running"], .exactActivity("outdoor run"))
        add(["indoor run", "indoor runs", "indoor running"], .exactActivity("indoor run"))
        add(["outdoor walk", "outdoor walks", "outdoor walking"], .exactActivity("outdoor walk"))
        add(["indoor walk", "indoor walks", "indoor walking"], .exactActivity("indoor walk"))
        add(["pool swim", "pool swims", "pool swimming"], .exactActivity("pool swim"))
        add(["open water swim", "open water swims", "open water swimming"], .exactActivity("open water swim"))
    }

    /// Months' shortened names, January first; "may" is a verb too and is never shortened. Spelling is
    /// never corrected to one ("slep" is not "sep").
    static let shortMonthNames = [
        ["jan"], ["feb"], ["mar"], ["apr"], [], ["jun"], ["jul"], ["aug"], ["sep", "sept"], ["oct"], ["nov"], ["dec"],
    ]

    /// Number words a question may spell out.
    static let numbers: [String: Double] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
        "couple": 2,
    ]

    /// The longest phrase, in words.
    static let longestPhrase = phrases.keys.map { $0.split(separator: " ").count }.max() ?? 1
}
