import Foundation

/// The one reading of a text that every safety screen works on, so that a
/// dose or a diagnosis cannot hide behind Unicode tricks (docs/AI.md,
/// "Safety"): format characters (general category Cf: zero-width spaces and
/// joiners, bidi controls, U+FEFF, the soft hyphen) removed, Unicode NFKC
/// (fullwidth and mathematical letters and digits, ligatures), lower case,
/// typographic apostrophes as `'`, and whitespace (any Unicode space or line
/// break) collapsed to one space and trimmed. Total: no input traps.
public enum SafetyText {
    /// The normalised text (see the type's documentation).
    public static func normalized(_ text: String) -> String {
        var visible = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.properties.generalCategory != .format {
            visible.append(scalar)
        }
        let folded = String(visible).precomposedStringWithCompatibilityMapping.lowercased()
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{85}" {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(apostrophes.contains(scalar) ? "'" : scalar)
        }
        return String(result)
    }

    /// Typographic apostrophes and primes, read as `'`.
    private static let apostrophes: Set<Unicode.Scalar> = ["\u{2018}", "\u{2019}", "\u{201B}", "\u{2032}", "\u{02BC}"]
}
