"""The question reader over the phrasing list of phrasings/forms.py: over
1,500 questions in over 200 forms, asked of two people's data (a Fitbit- or
Pixel-style daily summary and an Apple-Health-style one, the same workouts).
A question may be declined; a reading must be the form's query (0 wrong), a
question about a metric the tables lack must be declined, and every answer's
value, rows and days must equal the same query run by the pandas oracle,
with its sentence true of the data. The share answered per form is printed
and written to $TMPDIR/wellness-phrasings-summary.txt."""

from __future__ import annotations

import datetime as dt
import os
import random
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import question_checks as checks
from phrasings.forms import ANCHOR, Form, forms

FORMS = forms()
#: The share of the phrasings with a query that the reader must answer (measured, less a margin).
FLOOR = 0.95


def people() -> Dict[str, checks.Data]:
    rng = random.Random(20251120)
    first, last = dt.date(2025, 7, 1), dt.date(2025, 11, 21)
    workouts = checks.session_rows(rng, checks.FITBIT_ACTIVITIES, checks.SESSION_COLUMNS, dt.date(2024, 11, 15),
                                   last, 260)
    fitbit = checks.daily_rows(rng, checks.FITBIT_COLUMNS, first, last)
    apple = checks.daily_rows(rng, checks.APPLE_COLUMNS, first, last)
    return {"fitbit": checks.Data(fitbit, workouts), "apple": checks.Data(apple, workouts)}


@pytest.fixture(scope="module")
def data() -> Dict[str, checks.Data]:
    return people()


def test_the_list_is_long_and_varied() -> None:
    phrasings = [phrasing for form in FORMS for phrasing in form.phrasings]
    assert len(FORMS) >= 200, len(FORMS)
    assert len(phrasings) >= 1500, len(phrasings)
    assert len(set(phrasings)) == len(phrasings), [p for p in phrasings if phrasings.count(p) > 1][:5]
    assert len({form.name for form in FORMS}) == len(FORMS)


def judge(data: checks.Data, form: Form, phrasing: str) -> Tuple[str, str]:
    """("answered" | "declined" | "newer" | "wrong", why)."""
    answer = data.tables.ask(phrasing, anchor=ANCHOR)
    if not answer["understood"]:
        return "declined", ""
    query = checks.normalized(answer["result"]["query"])
    if form.pending:
        if not checks.uses_newer_language(query):
            return "wrong", f"read as {query}, which needs {form.pending}"
        # Read with the newer language: its answer must still be the oracle's.
        problems = checks.answer_problems(data, answer)
        return ("wrong", f"{answer['answer']!r}: " + "; ".join(problems)) if problems else ("newer", "")
    if form.query is None:
        return "wrong", f"read as {query}, expected declined"
    if not data.can_run(form.query):
        return "wrong", f"read as {query}, but the tables lack a metric of {form.query}"
    if query != form.query and not data.same_answer(query, form.query):
        return "wrong", f"read as {query}, expected {form.query}"
    problems = combined_problems(data, form, answer) if form.combined else checks.answer_problems(data, answer)
    if problems:
        return "wrong", f"{answer['answer']!r}: " + "; ".join(problems)
    return "answered", ""


def combined_problems(data: checks.Data, form: Form, answer: Dict[str, Any]) -> List[str]:
    """A share's or a pace's number against the two queries run by the oracle: 100 × the query's count over the
    daily table's rows in its window, or the query's total minutes over the same sessions' total distance."""
    query = answer["result"]["query"]
    first = data.oracle(query)
    problems = [f"{key} {answer['result'][key]!r}, the oracle's {first[key]!r}" for key in ("value", "rows", "days")
                if not checks.same(answer["result"][key], first[key])]
    if form.combined == "share":
        whole = data.oracle(dict(query, table="daily", metric=None, activity=None, where=[], on_days_where=[],
                                 take=None, reduce="count", weekdays=None, same_day_where=[]))["value"]
        want = 100 * first["value"] / whole
    else:
        want = first["value"] / data.oracle(dict(query, metric="distance"))["value"]
    if answer["number"] is None or abs(answer["number"] - want) > 0.05 + 1e-9 * abs(want):
        problems.append(f"says {answer['number']}, the oracle's {form.combined} is {want}")
    return problems


def summary(rows: List[Tuple[str, int, int, int, int]], answered: int, answerable: int, wrong: int) -> str:
    """Per form: phrasings answered, of those with a query these tables can run, of all asked, and wrong."""
    lines = [f"{'form':<48} {'answered':>8} {'of':>4} {'asked':>5} {'wrong':>5}"]
    for name, done, runnable, total, bad in rows:
        lines.append(f"{name:<48} {done:>8} {runnable:>4} {total:>5} {bad:>5}")
    lines.append(f"phrasings asked: {sum(row[3] for row in rows)} over {len(rows)} forms and two people's tables")
    lines.append(f"answered {answered} of {answerable} questions that have a query ({answered / answerable:.1%}); "
                 f"{wrong} wrong")
    return "\n".join(lines)


def test_every_reading_is_the_form_query_and_every_answer_the_oracle(data: Dict[str, checks.Data]) -> None:
    rows: List[Tuple[str, int, int, int, int]] = []
    wrong: List[str] = []
    answered = answerable = 0
    for form in FORMS:
        done = runnable_count = total = bad = 0
        for person, tables in data.items():
            runnable = form.query is not None and tables.can_run(form.query)
            for phrasing in form.phrasings:
                verdict, why = judge(tables, form, phrasing)
                total += 1
                if verdict == "wrong":
                    bad += 1
                    wrong.append(f"[{person}] {form.name}: {phrasing!r}: {why}")
                if form.pending:  # read by the newer language (and checked against the oracle) or declined
                    runnable_count += 1
                    done += verdict == "newer"
                if runnable:
                    answerable += 1
                    runnable_count += 1
                    if verdict == "answered":
                        answered += 1
                        done += 1
        rows.append((form.name, done, runnable_count, total, bad))
    text = summary(rows, answered, answerable, len(wrong))
    print("\n" + text)
    Path(os.environ.get("TMPDIR") or tempfile.gettempdir(), "wellness-phrasings-summary.txt").write_text(text + "\n")
    assert not wrong, f"{len(wrong)} wrong:\n" + "\n".join(wrong[:60])
    assert answered / answerable >= FLOOR, text.splitlines()[-1]


def test_answers_over_no_rows_are_checked(data: Dict[str, checks.Data]) -> None:
    """The list reaches answers over no rows (a condition or window excluding every row): their sentences
    are checked above, so a list that never reached them would check nothing."""
    empty = 0
    for form in FORMS:
        if form.query is None:
            continue
        answer = data["fitbit"].tables.ask(form.phrasings[0], anchor=ANCHOR)
        if answer["understood"] and answer["result"]["rows"] == 0:
            empty += 1
    assert empty >= 5, empty


def test_a_summary_metric_the_tables_lack_is_declined(data: Dict[str, checks.Data]) -> None:
    apple = data["apple"]
    for phrasing in ("What was my average sleep score this month?", "average deep sleep percentage this week",
                     "How many days was my stress score over 70?"):
        assert not apple.tables.ask(phrasing, anchor=ANCHOR)["understood"], phrasing
        assert data["fitbit"].tables.ask(phrasing, anchor=ANCHOR)["understood"], phrasing


def test_the_typo_variant_slips_a_letter() -> None:
    from phrasings.forms import typo
    assert typo("What was my average sleep?") == "What was my avearge sleep?"
    assert typo("How far did I run?") is None
    assert any(phrasing.isupper() for form in FORMS for phrasing in form.phrasings)




def test_a_reading_in_newer_language_is_told_apart(data: Dict[str, checks.Data]) -> None:
    """A pending form may be read by a newer reader only with the member it needs; an exact activity match is
    answered by the oracle with the recorded name itself."""
    from phrasings.forms import q
    runs = q("sessions", "count", activity="run")
    assert not checks.uses_newer_language(runs)
    assert checks.uses_newer_language(dict(runs, activity_match="exact"))
    assert checks.uses_newer_language(dict(runs, reduce="range"))
    assert checks.uses_newer_language(dict(runs, where=[{"metric": "weekday", "op": "==", "value": 7}]))
    assert checks.uses_newer_language(dict(runs, window={"weekends": True}))
    fitbit = data["fitbit"]
    treadmill = sum(row["activity"] == "Treadmill" for row in fitbit.session_rows)
    outdoor = sum(row["activity"] == "Outdoor Run" for row in fitbit.session_rows)
    assert treadmill and outdoor
    exact = dict(runs, activity=["treadmill"], activity_match="exact")
    assert fitbit.oracle(exact)["value"] == treadmill
    assert fitbit.oracle(runs)["value"] == treadmill + outdoor
    assert not fitbit.same_answer(dict(runs, activity_match="exact"), runs)  # "run" is no recorded name
    yoga = q("sessions", "count", activity="yoga")
    assert fitbit.same_answer(dict(yoga, activity_match="exact"), yoga)
