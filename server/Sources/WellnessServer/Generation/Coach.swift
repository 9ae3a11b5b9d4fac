import WellnessKitCore

/// The coach's replies in consultations (seed 004), by fixed rules that use
/// the persona and the insight or goal the consultation is about.
public enum Coach {
    public static func reply(to message: String, in consultation: Consultation, about subject: String?) -> String {
        let opening: String
        switch consultation.persona {
        case .generalWellness: opening = "Thanks for sharing."
        case .wellnessSpecialist: opening = "Let's look at this together."
        case .nutritionist: opening = "From a nutrition point of view:"
        case .fitnessCoach: opening = "Here's how we can train for this:"
        case .sleepCoach: opening = "Sleep is a great lever here."
        }
        let context = subject.map { " About \"\($0)\": pick one small step you can repeat daily, and check in on it in a week." }
            ?? " Pick one small step you can repeat daily, and check in on it in a week."
        let question = message.contains("?") ? " You asked a question; start with the first step above and tell me how it goes." : ""
        return opening + context + question
    }
}
