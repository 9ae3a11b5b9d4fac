import WellnessKitCore

/// How the rules coach opens and closes a reply: in its persona's voice, and
/// fitting what the message was and what the reply holds. A question answered
/// with a number gets no "thanks for sharing", and a closing names a step or
/// a proposal only when the reply shows one. No text here advises anything a
/// safety screen would refuse (doses, drugs, diagnoses).
struct CoachVoice: Sendable {
    /// What the message was, as the reply treats it.
    enum Kind: Sendable, CaseIterable {
        /// Something shared ("I feel tired lately").
        case statement
        /// A question the rules answer in general.
        case question
        /// A question about the user's data, answered exactly from the log.
        case answer
        /// A question about the user's data the log here cannot answer.
        case declined
    }

    /// What a reply offers the user to act on, which its closing may name.
    enum Offer: Sendable, CaseIterable {
        /// Proposed goal changes the client can accept.
        case proposals
        /// A step in the reply's text.
        case step
        /// Neither.
        case nothing
    }

    let statement: String
    let question: String
    let answer: String
    /// After an exact answer, which may hold a number or say nothing was recorded.
    let answerClosing: String
    let stepClosing: String
    let proposalClosing: String
    let openClosing: String

    init(_ persona: Persona) {
        self = Self.voices(persona)
    }

    private init(
        statement: String, question: String, answer: String, answerClosing: String, stepClosing: String,
        proposalClosing: String, openClosing: String
    ) {
        self.statement = statement
        self.question = question
        self.answer = answer
        self.answerClosing = answerClosing
        self.stepClosing = stepClosing
        self.proposalClosing = proposalClosing
        self.openClosing = openClosing
    }

    func opening(_ kind: Kind) -> String {
        switch kind {
        case .statement: return statement
        case .question, .declined: return question
        case .answer: return answer
        }
    }

    func closing(_ kind: Kind, offer: Offer) -> String {
        if kind == .answer { return answerClosing }
        switch offer {
        case .proposals: return proposalClosing
        case .step: return stepClosing
        case .nothing: return openClosing
        }
    }

    /// Every opening, for telling a rules reply from another.
    var openings: [String] { Kind.allCases.map(opening) }

    private static func voices(_ persona: Persona) -> CoachVoice {
        switch persona {
        case .generalWellness:
            return CoachVoice(
                statement: "Thanks for sharing.", question: "Good question.", answer: "I checked your log.",
                answerClosing: "Ask me about any other day or measure whenever you like.",
                stepClosing: "Try it this week and tell me how it goes.",
                proposalClosing: "If one of the proposed changes suits you, accept it and tell me how it goes.",
                openClosing: "Tell me what you'd like to work on next.")
        case .wellnessSpecialist:
            return CoachVoice(
                statement: "Let's look at this together.", question: "Good question; let's look at it together.",
                answer: "Here is what your data shows.",
                answerClosing: "If you'd like, we can look at what this means for your routine.",
                stepClosing: "Give it a week and let me know how it went.",
                proposalClosing: "Have a look at the proposed changes and accept the one that fits you.",
                openClosing: "What would you like to focus on first?")
        case .nutritionist:
            return CoachVoice(
                statement: "From a nutrition point of view:",
                question: "Good question; let's look at it from a nutrition point of view.",
                answer: "Here is what your log shows.",
                answerClosing: "If you'd like, we can look at how your meals fit around this.",
                stepClosing: "Try it this week and tell me how it fits with your meals.",
                proposalClosing: "If one of the proposed changes fits your meals and routine, accept it.",
                openClosing: "Tell me a little about your usual meals and we can start there.")
        case .fitnessCoach:
            return CoachVoice(
                statement: "Here's how we can train for this:",
                question: "Good question; here's how we can train for it.", answer: "Here's what your log shows.",
                answerClosing: "Want to turn this into your next training target?",
                stepClosing: "Start this week and tell me how the sessions feel.",
                proposalClosing: "Accept the proposed changes that suit you and we'll build from there.",
                openClosing: "Tell me which activity you enjoy most and we'll build from there.")
        case .sleepCoach:
            return CoachVoice(
                statement: "Sleep is a great lever here.", question: "Good question; sleep is a great lever here.",
                answer: "Here's what your log shows.",
                answerClosing: "If you'd like, we can look at how this fits your evening routine.",
                stepClosing: "Try it for a week of nights and tell me how you sleep.",
                proposalClosing:
                    "If one of the proposed changes suits your nights, accept it and tell me how you sleep.",
                openClosing: "Tell me about your evenings and we can start there.")
        }
    }
}
