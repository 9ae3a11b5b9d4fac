import Foundation

/// Crisis language in a consultation message: self-harm, suicide, a medical
/// emergency. Such a message gets ``reply``, a fixed text pointing to
/// emergency help, and is never sent to a provider (docs/AI.md, "Safety").
///
/// The list favours recall: a false alarm costs one fixed reply, a missed
/// crisis much more. Text is compared lower-cased, with typographic
/// apostrophes and runs of spaces normalized.
public enum CrisisScreen {
    /// The phrases, each in the forms people write them.
    public static let phrases: [String] = [
        // Suicide.
        "suicide", "suicidal", "kill myself", "killing myself", "end my life", "ending my life", "end it all",
        "take my own life", "taking my own life", "want to die", "wanna die", "wish i was dead", "wish i were dead",
        "better off dead", "don't want to live", "do not want to live", "dont want to live", "no reason to live",
        // Self-harm.
        "self-harm", "self harm", "selfharm", "hurt myself", "hurting myself", "harm myself", "harming myself",
        "cut myself", "cutting myself", "overdose", "overdosing",
        // Medical emergency.
        "chest pain", "can't breathe", "cannot breathe", "cant breathe", "can not breathe", "heart attack",
        "having a stroke", "fainted", "passed out", "unconscious", "seizure", "anaphylaxis", "anaphylactic",
    ]

    /// The fixed reply: emergency help, and no advice.
    public static let reply = """
        I'm really sorry you're going through this. I can't help with this here, but people can, right now: \
        if you are in danger or having a medical emergency, call your local emergency number (112 in Europe, \
        911 in North America). If you are thinking about suicide or hurting yourself, contact a crisis line \
        (988 in the US, Samaritans on 116 123 in the UK and Ireland) or someone you trust.
        """

    /// Whether `message` holds crisis language.
    public static func flags(_ message: String) -> Bool {
        let text = normalized(message)
        return phrases.contains { text.contains($0) }
    }

    static func normalized(_ text: String) -> String {
        text.lowercased()
            .replacingOccurrences(of: "\u{2019}", with: "'")
            .replacingOccurrences(of: "\u{2018}", with: "'")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
