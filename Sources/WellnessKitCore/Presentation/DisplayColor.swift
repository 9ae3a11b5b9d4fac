/// The colours the seeds' views use, by name; each platform maps them to its palette.
public enum DisplayColor: String, JSONStringEnum, Sendable {
    case green, orange, red, gray, blue, yellow, purple
}
