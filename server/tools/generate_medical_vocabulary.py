#!/usr/bin/env python3
"""Generates the medical-advice screen's vocabularies as Swift source.

Reads the downloaded upstream files (see server/tools/medical_vocabulary/README.md
for where each comes from and how to download it) and writes
server/Sources/WellnessServer/Safety/MedicalVocabulary+Drugs.swift and
MedicalVocabulary+Conditions.swift: each vocabulary is one newline-separated
string literal (large array literals compile very slowly in Swift), parsed
lazily into a Set at run time.

Every name is written as the screen reads text: NFKC, lowercased, split into
runs of letters and runs of digits (anything else separates), joined by one
space ("Alzheimer's disease" -> "alzheimer s disease", "omega-3" -> "omega 3").

Usage:
  python3 server/tools/generate_medical_vocabulary.py \
      --drugs .../drug_named_entity_recognition/drug_ner_dictionary.pkl.bz2 \
      --diseases .../DOreports/HumanDO.tsv --disease-synonyms .../doid.obo

Needs wordfreq==3.1.1 (its frequencies drop drug names that are common
English words; its data is frozen, so the output is reproducible).
"""

from __future__ import annotations

import argparse
import bz2
import csv
import pickle  # noqa: S403 - the drug package ships its dictionary as a pickle
import re
import unicodedata
from pathlib import Path

from wordfreq import top_n_list, zipf_frequency

HERE = Path(__file__).resolve().parent
LISTS = HERE / "medical_vocabulary"
OUTPUT = HERE.parent / "Sources" / "WellnessServer" / "Safety"

# A single-word drug name this common in English (Zipf scale: 4 is about one
# in 100,000 words) is an ordinary word first ("more", "caps"), unless kept.
COMMON_WORD_ZIPF = 4.0
# A multi-word drug name all of whose words are at least this common is a
# phrase of ordinary English ("olive oil", "all clear", "brown rice") unless kept.
COMMON_PHRASE_WORD_ZIPF = 3.0
# Names a sentence would use: at most this many words, at least this many letters.
MAX_DRUG_WORDS = 3
MAX_CONDITION_WORDS = 5
MIN_LETTERS = 4
# Misspellings (one edit) are looked for only of drug names people write:
# single words of at least this many letters and this Zipf frequency.
TYPO_MIN_LETTERS = 7
TYPO_MIN_ZIPF = 1.5
# English words (of this many most frequent) one edit from such a name are no misspelling of it.
TYPO_ENGLISH_WORDS = 200_000

# MeSH-only entries of the drug dictionary are kept only in these trees:
# D26 pharmaceutical preparations, D27 chemical actions and uses (drug
# classes: "statins", "antidepressants"). The others (proteins, enzymes,
# elements) are chemistry a coach's sentence does not name.
MESH_TREES = ("D26", "D27")
DRUG_SOURCES = ("drugbank_id", "medline_plus_id", "nhs_url", "wikipedia_url")


def tokens(text: str) -> list[str]:
    """The screen's words: runs of letters and runs of digits, lowercased."""
    folded = unicodedata.normalize("NFKC", text).lower()
    return re.findall(r"[^\W\d_]+|\d+", folded)


def key(text: str) -> str:
    return " ".join(tokens(text))


def read_list(name: str) -> list[str]:
    """A committed list: one entry a line, '#' starts a comment."""
    lines = (line.split("#", 1)[0].strip() for line in (LISTS / name).read_text().splitlines())
    return [key(line) for line in lines if line]


def letters(name: str) -> int:
    return sum(len(word) for word in name.split() if not word.isdigit())


def is_common(name: str) -> bool:
    words = name.split()
    if len(words) == 1:
        return zipf_frequency(name, "en") >= COMMON_WORD_ZIPF
    return all(word.isdigit() or zipf_frequency(word, "en") >= COMMON_PHRASE_WORD_ZIPF for word in words)


def drug_names(path: Path) -> tuple[set[str], dict[str, int]]:
    with bz2.open(path, "rb") as file:
        dictionary = pickle.load(file)  # noqa: S301 - the pinned package's own data
    canonical = dictionary["drug_canonical_to_data"]

    def wanted(name: str) -> bool:
        data = canonical.get(name, {})
        if any(source in data for source in DRUG_SOURCES):
            return True
        return any(tree.startswith(MESH_TREES) for tree in data.get("mesh_tree", []) or [])

    stop = set(read_list("drug_stoplist.txt"))
    keep = set(read_list("drug_keeplist.txt"))
    counts = {"variants": 0, "not a drug source": 0, "shape": 0, "stop list": 0, "common English": 0}
    names: set[str] = set()
    for variant, canonicals in dictionary["drug_variant_to_canonical"].items():
        counts["variants"] += 1
        if not any(wanted(name) for name in canonicals):
            counts["not a drug source"] += 1
            continue
        name = key(variant)
        words = name.split()
        if (
            not words
            or len(words) > MAX_DRUG_WORDS
            or re.search(r"[,;()\[\]/+]", variant)
            or words[0].isdigit()
            or letters(name) < MIN_LETTERS
        ):
            counts["shape"] += 1
            continue
        if name in stop:
            counts["stop list"] += 1
            continue
        if name not in keep and is_common(name):
            counts["common English"] += 1
            continue
        names.add(name)
    names |= keep
    names |= set(read_list("supplements.txt"))
    return names, counts


def condition_names(labels_path: Path, synonyms_path: Path) -> tuple[set[str], dict[str, int]]:
    labels: dict[str, str] = {}
    with labels_path.open(newline="") as file:
        for row in csv.DictReader(file, delimiter="\t"):
            labels[row["id"].strip('"')] = row["label"].strip('"')
    # Exact synonyms of the terms still in the current release.
    synonyms: list[str] = []
    for block in synonyms_path.read_text().split("\n\n"):
        found = re.search(r"^id: (\S+)", block, re.M)
        if not block.startswith("[Term]") or not found or found.group(1) not in labels:
            continue
        if "is_obsolete: true" in block:
            continue
        synonyms += re.findall(r'^synonym: "(.*?)" EXACT', block, re.M)
    stop = set(read_list("condition_stoplist.txt"))
    counts = {"labels": len(labels), "exact synonyms": len(synonyms), "shape": 0, "stop list": 0}
    names: set[str] = set()
    for raw in list(labels.values()) + synonyms:
        name = key(raw)
        words = name.split()
        # A single short word is an abbreviation in the ontology and a word in a
        # sentence ("don", "dish"): conditions.txt lists the ones to keep.
        short = len(words) == 1 and letters(name) <= MIN_LETTERS
        if not words or len(words) > MAX_CONDITION_WORDS or letters(name) < MIN_LETTERS or short:
            counts["shape"] += 1
            continue
        if name in stop:
            counts["stop list"] += 1
            continue
        names.add(name)
    names |= set(read_list("conditions.txt"))
    return names, counts


def one_edit(first: str, second: str) -> bool:
    """Whether the words are at most one insertion, deletion, substitution or transposition apart."""
    if first == second:
        return True
    if abs(len(first) - len(second)) > 1:
        return False
    if len(first) == len(second):
        diff = [index for index in range(len(first)) if first[index] != second[index]]
        if len(diff) == 1:
            return True
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and first[diff[0]] == second[diff[1]]
            and first[diff[1]] == second[diff[0]]
        )
    shorter, longer = sorted((first, second), key=len)
    return any(longer[:index] + longer[index + 1 :] == shorter for index in range(len(longer)))


def deletions(word: str) -> set[str]:
    return {word[:index] + word[index + 1 :] for index in range(len(word))}


def typo_names(drugs: set[str]) -> tuple[set[str], set[str]]:
    """The names whose misspellings count, and the English words that are none."""
    names = {
        name
        for name in drugs
        if " " not in name
        and name.isalpha()
        and len(name) >= TYPO_MIN_LETTERS
        and zipf_frequency(name, "en") >= TYPO_MIN_ZIPF
    }
    index: dict[str, set[str]] = {}
    for name in names:
        for variant in deletions(name) | {name}:
            index.setdefault(variant, set()).add(name)
    exclusions: set[str] = set()
    for word in top_n_list("en", TYPO_ENGLISH_WORDS):
        if not word.isalpha() or len(word) < TYPO_MIN_LETTERS - 1 or word in drugs:
            continue
        candidates = set(index.get(word, set()))
        for variant in deletions(word):
            candidates |= index.get(variant, set())
        # A singular or plural of a drug name is still that drug ("sedative"),
        # and a word rarer than the name is its misspelling ("asprin").
        frequency = zipf_frequency(word, "en")
        if any(
            one_edit(word, name)
            and word + "s" != name
            and name + "s" != word
            and frequency >= zipf_frequency(name, "en")
            for name in candidates
        ):
            exclusions.add(word)
    return names, exclusions | set(read_list("typo_exclusions.txt"))


def swift(members: list[tuple[str, str, set[str]]], provenance: list[str]) -> str:
    header = "\n".join(f"// {line}" for line in provenance)
    tables = "\n\n".join(
        f"""    /// {doc}
    /// One a line, in the words ``MedicalText`` reads ({len(names)}).
    static let {member}Text = \"\"\"
{chr(10).join(sorted(names))}
\"\"\""""
        for doc, member, names in members
    )
    return f"""// swift-format-ignore-file
// Generated by server/tools/generate_medical_vocabulary.py: do not edit.
{header}

extension MedicalVocabulary {{
{tables}
}}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--drugs", type=Path, required=True, help="drug_ner_dictionary.pkl.bz2")
    parser.add_argument("--diseases", type=Path, required=True, help="DOreports/HumanDO.tsv")
    parser.add_argument("--disease-synonyms", type=Path, required=True, help="src/ontology/doid.obo")
    parser.add_argument("--drugs-version", default="drug-named-entity-recognition 2.0.9")
    parser.add_argument("--diseases-version", default="Human Disease Ontology")
    arguments = parser.parse_args()

    drugs, drug_counts = drug_names(arguments.drugs)
    conditions, condition_counts = condition_names(arguments.diseases, arguments.disease_synonyms)
    typos, exclusions = typo_names(drugs)
    (OUTPUT / "MedicalVocabulary+Drugs.swift").write_text(
        swift(
            [("Medication and supplement names, generic and brand.", "drugs", drugs)],
            [
                f"Source: {arguments.drugs_version} (PyPI, MIT; data from DrugBank Open Data CC0,",
                "MeSH, MedlinePlus, NHS and Wikipedia), plus medical_vocabulary/supplements.txt.",
                "Filtered: " + ", ".join(f"{name} {count}" for name, count in drug_counts.items()) + ".",
            ],
        )
    )
    (OUTPUT / "MedicalVocabulary+Typos.swift").write_text(
        swift(
            [
                ("Drug names whose one-edit misspellings count as the name.", "typoDrugs", typos),
                ("English words one edit from such a name, which are not misspellings.", "typoExclusions", exclusions),
            ],
            [
                f"Drug names of {TYPO_MIN_LETTERS}+ letters with a wordfreq Zipf frequency of {TYPO_MIN_ZIPF}+,",
                f"and the words of wordfreq's {TYPO_ENGLISH_WORDS} most frequent English ones one edit from them.",
            ],
        )
    )
    (OUTPUT / "MedicalVocabulary+Conditions.swift").write_text(
        swift(
            [("Disease and condition names.", "conditions", conditions)],
            [
                f"Source: {arguments.diseases_version}: current labels (CC0 1.0) and the exact",
                "synonyms of the terms still current (CC BY 3.0 in that release; attribution: the Human",
                "Disease Ontology, disease-ontology.org), plus medical_vocabulary/conditions.txt.",
                "Read: " + ", ".join(f"{name} {count}" for name, count in condition_counts.items()) + ".",
            ],
        )
    )
    print(f"drugs: {len(drugs)} names ({drug_counts}); conditions: {len(conditions)} names ({condition_counts})")
    print(f"misspellings: of {len(typos)} names, {len(exclusions)} English words excluded")


if __name__ == "__main__":
    main()
