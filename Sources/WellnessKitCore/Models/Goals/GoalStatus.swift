/// Where a goal stands; the Goals API filters lists by it.
public enum GoalStatus: String, JSONStringEnum, Sendable {
    case active
    case paused
    case completed
    case abandoned
}
