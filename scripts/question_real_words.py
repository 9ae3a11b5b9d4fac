"""Lists the English words (from a word list, /usr/share/dict/words by
default) that the question reader's spelling correction would turn into a
vocabulary word, for QuestionRealWords.swift: a correction must never turn
one real word into another."""
import re
import sys

# Usage: python3 scripts/question_real_words.py [words file] > Sources/WellnessKitCore/Questions/QuestionRealWords.swift
# (from the repository root; the word list is Debian's wamerican).

VOCABULARY = "Sources/WellnessKitCore/Questions/QuestionVocabulary.swift"
OUTPUT = '''/// English words a slip away from the reader's vocabulary, which spelling
/// correction must leave alone ("rain" is not "ran"): an unknown real word
/// declines the question, a corrected one would change its meaning.
/// Made by scripts/question_real_words.py from a word list ({count} words);
/// run it again when the vocabulary changes.
enum QuestionRealWords {{
    static let words: Set<String> = Set(
        """
{body}
        """.split(whereSeparator: {{ $0 == " " || $0 == "\\n" }}).map(String.init))
}}
'''


def distance(a: str, b: str, substitution: int = 1) -> int:
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        table[i][0] = i
    for j in range(len(b) + 1):
        table[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else substitution
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
    return table[len(a)][len(b)]


def is_slip(word: str, target: str) -> bool:
    if word[0] != target[0]:
        return False
    allowed = 2 if len(word) >= 7 else 1
    if abs(len(target) - len(word)) > allowed or distance(word, target) > allowed:
        return False
    return allowed == 2 or len(word) != len(target) or distance(word, target, 2) <= 1


def main() -> None:
    source = open(VOCABULARY).read()
    vocabulary = {w for phrase in re.findall(r'"([a-z\' ]+)"', source) for w in phrase.split()}
    path = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/dict/words"
    english = {w.strip() for w in open(path, encoding="utf-8", errors="ignore")}
    english = {w for w in english if re.fullmatch(r"[a-z]+", w) and len(w) >= 3}
    near = sorted(w for w in english - vocabulary if any(is_slip(w, v) for v in vocabulary if len(v) >= 1))
    lines, line = [], ""
    for word in near:
        if len(line) + len(word) + 1 > 100:
            lines.append(line)
            line = ""
        line += ("" if not line else " ") + word
    lines.append(line)
    body = "\n".join(f"        {line}" for line in lines)
    print(OUTPUT.format(count=len(near), body=body), end="")


main()
