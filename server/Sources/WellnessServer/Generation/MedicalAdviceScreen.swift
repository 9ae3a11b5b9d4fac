import Foundation

/// What a generated text must never do: diagnose, dose a medication, or speak
/// as a clinician. The system prompt forbids it and this deny-list checks it;
/// an answer it flags is replaced by the rules' (docs/AI.md, "Safety").
public enum MedicalAdviceScreen {
    /// Case-insensitive regular expressions, each with what it catches.
    public static let patterns: [(pattern: String, reason: String)] = [
        (#"\bdiagnos(e|es|ed|is|ing)\b"#, "a diagnosis"),
        (
            #"\byou (may |might |probably |likely )?(have|suffer from) (diabetes|depression|anxiety disorder|sleep apnea|sleep apnoea|insomnia|hypertension|an eating disorder|adhd|a thyroid)"#,
            "a diagnosis"
        ),
        (#"\b\d+(\.\d+)?\s?(mg|mcg|µg|ug|milligrams?|micrograms?|iu|ml)\b"#, "a dose"),
        (#"\b(dose|dosage|doses)\b"#, "a dose"),
        (
            #"\b(take|taking|start|increase|decrease|stop taking)\s+(some\s+|your\s+)?(melatonin|ibuprofen|paracetamol|acetaminophen|aspirin|insulin|metformin|statins?|antidepressants?|sleeping pills?|medication|medicine|supplements?)\b"#,
            "medication advice"
        ),
        (#"\bprescri(be|bed|ption)\b"#, "medication advice"),
        (
            #"\b(i am|i'm|im|as) (a|an|your) (doctor|physician|nurse|clinician|psychiatrist|psychologist|therapist|dietitian|pharmacist|medical professional)\b"#,
            "a clinician's voice"
        ),
    ]

    private static let compiled: [(NSRegularExpression, String)] = patterns.compactMap { entry in
        (try? NSRegularExpression(pattern: entry.pattern, options: [.caseInsensitive])).map { ($0, entry.reason) }
    }

    /// What `text` does that it must not, or nil.
    public static func violation(in text: String) -> String? {
        let normalized = text.replacingOccurrences(of: "\u{2019}", with: "'")
        let range = NSRange(normalized.startIndex..., in: normalized)
        return compiled.first { regex, _ in regex.firstMatch(in: normalized, range: range) != nil }?.1
    }
}
