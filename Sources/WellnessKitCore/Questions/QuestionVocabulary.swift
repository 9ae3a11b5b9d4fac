/// The words ``QuestionReader`` knows, by phrase (lowercase words separated
/// by spaces). A question with any other word is not understood: the reader
/// answers only what it reads whole.
enum QuestionVocabulary {
    static let phrases: [String: QuestionWord] = {
        var phrases: [String: QuestionWord] = [:]
        func add(_ words: [String], _ meaning: QuestionWord) {
            for word in words { phrases[word] = meaning }
        }
        add(["how many days", "on how many days", "how many different days", "number of days"], .howManyDays)
        add(["how many times", "how often", "number of times"], .howManyTimes)
        add(["how many", "number of"], .howMany)
        add(["how far", "what distance", "distance"], .howFar)
        add(["how long", "how much time", "duration", "time"], .howLong)
        add(["when was my last", "when did i last", "when was the last time i", "last time i"], .whenLast)
        add(["when was my first", "when did i first", "when was the first time i", "first time i"], .whenFirst)
        add(["average", "avg", "mean", "on average", "typical", "averaged", "typically"], .reducer(.mean))
        add(["total", "in total", "altogether", "combined", "sum", "overall", "totaled"], .reducer(.sum))
        add(["median"], .reducer(.median))
        add(["highest", "maximum", "max", "peak", "most", "best", "biggest", "top"], .reducer(.max))
        add(["lowest", "minimum", "min", "least", "fewest", "smallest", "shortest"], .reducer(.min))
        add(["longest"], .longest(metric: "duration"))
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
            ],
            .activitiesReducer(.mostFrequentActivity))
        addMetrics(add)
        addActivities(add)
        addWindows(add)
        add(["last", "latest", "most recent", "past"], .takeLast)
        add(["first", "earliest"], .takeFirst)
        add(["days", "day"], .days)
        add(["weeks", "week"], .weeks)
        add(
            ["less than", "under", "below", "fewer than", "lower than", "shorter than", "not more than"],
            .comparator(.less))
        add(["at most", "no more than", "or less", "up to"], .comparator(.lessOrEqual))
        add(
            ["more than", "over", "above", "greater than", "higher than", "longer than", "exceeding"],
            .comparator(.greater))
        add(["at least", "or more", "no less than"], .comparator(.greaterOrEqual))
        add(["exactly", "equal to"], .comparator(.equal))
        add(
            ["on days", "on the days", "on days when", "days when", "days where", "on days where", "on a day"],
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
                "from", "across", "by", "done", "gone", "going", "taken", "gotten", "any",
            ],
            .filler)
        return phrases
    }()

    private static func addMetrics(_ add: ([String], QuestionWord) -> Void) {
        add(["steps", "step count", "step"], .metric(.daily, "steps", asked: .steps))
        add(
            ["hours of sleep", "sleep hours", "hours slept", "hours did i sleep"],
            .metric(.daily, "sleep_minutes", asked: .hours))
        add(["minutes of sleep", "sleep minutes"], .metric(.daily, "sleep_minutes", asked: .minutes))
        add(["sleep", "slept", "sleeping"], .metric(.daily, "sleep_minutes", asked: .natural))
        add(["deep sleep"], .metric(.daily, "deep_sleep_minutes", asked: .natural))
        add(["hours of deep sleep"], .metric(.daily, "deep_sleep_minutes", asked: .hours))
        add(["minutes of deep sleep"], .metric(.daily, "deep_sleep_minutes", asked: .minutes))
        add(["rem sleep", "rem"], .metric(.daily, "rem_sleep_minutes", asked: .natural))
        add(["hours of rem sleep", "hours of rem"], .metric(.daily, "rem_sleep_minutes", asked: .hours))
        add(["minutes of rem sleep", "minutes of rem"], .metric(.daily, "rem_sleep_minutes", asked: .minutes))
        add(
            ["resting heart rate", "resting hr", "rhr", "resting pulse"],
            .metric(.daily, "resting_heart_rate", asked: .natural))
        add(["hrv", "heart rate variability"], .metric(.daily, "heart_rate_variability", asked: .natural))
        add(["active zone minutes", "azm", "zone minutes"], .metric(.daily, "active_zone_minutes", asked: .natural))
        add(["heart rate", "hr", "pulse", "bpm"], .metric(.sessions, "average_heart_rate", asked: .natural))
        add(
            ["calories", "kcal", "calories burned", "calories did i burn", "burn", "burned"],
            .metric(.sessions, "calories", asked: .natural))
        add(["elevation", "elevation gain", "climb", "climbed"], .metric(.sessions, "elevation_gain", asked: .natural))
        add(["speed"], .metric(.sessions, "speed", asked: .natural))
        add(["hours"], .unit(.hours))
        add(["hour"], .unit(.hours))
        add(["minutes", "mins", "min"], .unit(.minutes))
        add(["km", "kilometers", "kilometres"], .unit(.kilometres))
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
        add(["walks", "go for a walk", "my walk", "a walk"], .walks)
        add(["hike", "hikes", "hiked", "hiking"], .activity("hike"))
        add(
            [
                "workout", "workouts", "work out", "worked out", "exercise", "exercised", "session", "sessions",
                "trained", "training", "train", "activity", "activities",
            ], .activity(nil))
    }

    private static func addWindows(_ add: ([String], QuestionWord) -> Void) {
        add(["today", "so far today"], .window(.today))
        add(["yesterday"], .window(.yesterday))
        add(["this week", "so far this week"], .window(.thisWeek))
        add(["last week"], .window(.lastWeek))
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
        add(["this year", "so far this year"], .thisYear)
        add(["last year"], .lastYear)
        add(["ever", "all time", "of all time", "in total ever", "since i started"], .window(.all))
    }

    /// Number words a question may spell out.
    static let numbers: [String: Double] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
        "couple": 2,
    ]

    /// The longest phrase, in words.
    static let longestPhrase = phrases.keys.map { $0.split(separator: " ").count }.max() ?? 1
}
