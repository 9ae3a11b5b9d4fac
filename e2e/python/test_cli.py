"""The command-line tool, as users run it: `python -m wellness` (and the
`wellness` script the wheel installs), output and exit status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Optional

import pytest

from tools import REPO, SOURCE_MODE

DATA = REPO / "examples" / "data"


def wellness(*arguments: str, stdin: Optional[str] = None,
             cwd: Optional[Path] = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wellness", *arguments], input=stdin, capture_output=True,
                          text=True, cwd=cwd)


def test_help_documents_the_commands_and_exit_statuses() -> None:
    result = wellness("--help")
    assert result.returncode == 0
    for text in ("aggregate", "trends", "validate", "version", "exit status:", "0  success", "1  invalid input",
                 "2  usage"):
        assert text in result.stdout
    assert "exit status:" in wellness("aggregate", "--help").stdout


def test_version() -> None:
    result = wellness("version")
    assert result.returncode == 0 and result.stdout.startswith("wellness 1.0.0 (libwellness 1.0.0, ABI 1")


@pytest.mark.skipif(SOURCE_MODE, reason="the console script comes with the installed wheel")
def test_the_wheel_installs_the_wellness_command() -> None:
    script = Path(sys.executable).parent / "wellness"
    result = subprocess.run([str(script), "version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("wellness 1.0.0")


def test_aggregate_table() -> None:
    result = wellness("aggregate", str(DATA / "steps_samples.json"), "--interval", "month",
                      "--time-zone", "America/New_York")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["label", "start", "end", "count", "days", "average", "min", "max"]
    assert set(lines[1]) <= {"-", " "}
    assert lines[2].split() == ["Jan", "2025", "2025-01-01", "2025-01-31", "93", "31", "3103.38", "2024", "4247"]
    # Aligned: every row as wide as the header, numbers flush right.
    assert len({len(line) for line in lines}) == 1


def test_aggregate_json_equals_the_library(tmp_path: Path) -> None:
    result = wellness("aggregate", str(DATA / "steps_samples.json"), "--interval", "week", "--format", "json")
    assert result.returncode == 0
    report = json.loads(result.stdout)
    assert report["interval"] == "week" and report["sample_count"] == 360 and report["buckets"][0]["week"] == 1


def test_aggregate_csv_from_stdin_with_a_chart(tmp_path: Path) -> None:
    samples = "timestamp,value\n2025-01-01T10:00:00Z,5\n1735732800,7.5\n\n2025-01-02T23:30:00-05:00,1\n"
    result = wellness("aggregate", "-", "--interval", "day", "--format", "csv", "--chart", "steps.svg",
                      stdin=samples, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "start,end,label,count,days_with_data,average,min,max",
        "2025-01-01,2025-01-01,Jan 1,2,1,6.25,5,7.5",
        "2025-01-03,2025-01-03,Jan 3,1,1,1,1,1",
    ]
    assert (tmp_path / "steps.svg").read_text().startswith("<svg")
    assert "wrote steps.svg (Trend of day averages, 2 points)" in result.stderr


def test_aggregate_with_statistics() -> None:
    samples = "timestamp,value\n2025-01-01T10:00:00Z,5\n2025-01-01T12:00:00Z,7.5\n2025-01-01T13:00:00Z,1\n"
    result = wellness("aggregate", "-", "--interval", "day", "--format", "csv", "--stat", "sum", "--stat", "median",
                      "--stat", "last", stdin=samples)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "start,end,label,count,days_with_data,sum,median,last,last_at",
        "2025-01-01,2025-01-01,Jan 1,3,1,13.5,5,1,2025-01-01T13:00:00Z",
    ]
    refused = wellness("aggregate", "-", "--stat", "total", stdin=samples)
    assert refused.returncode == 1 and "statistics[0]" in refused.stderr and "not a statistic" in refused.stderr


def test_aggregate_json_lines_boolean_with_streaks() -> None:
    lines = "".join(json.dumps({"timestamp": f"2025-01-0{day}T20:00:00Z", "value": day != 3}) + "\n"
                    for day in range(1, 7))
    result = wellness("aggregate", "-", "--kind", "boolean", "--interval", "week", "--today", "2025-01-06",
                      stdin=lines)
    assert result.returncode == 0, result.stderr
    assert "yes_days" in result.stdout.splitlines()[0]
    assert result.stdout.rstrip().endswith("streaks: current 3 days, best 3 days")


def test_bad_samples_name_the_field_and_the_line(tmp_path: Path) -> None:
    (tmp_path / "steps.csv").write_text("timestamp,value\n2025-01-01T10:00:00Z,5\n2025-01-02T10:00:00Z,lots\n")
    result = wellness("aggregate", "steps.csv", cwd=tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == "wellness: steps.csv:3: samples[1].value: expected a number, found a string\n"
    result = wellness("aggregate", "-",
                      stdin='{"timestamp": 0, "value": 1}\n{"timestamp": 1700000000000, "value": 2}\n')
    assert result.returncode == 1 and result.stderr.startswith("wellness: <stdin>:2: samples[1].timestamp: ")
    assert "looks like milliseconds" in result.stderr
    result = wellness("aggregate", "-", stdin="[{]")
    assert result.returncode == 1 and result.stderr.startswith("wellness: <stdin>: invalid JSON: ")
    result = wellness("aggregate", "-", stdin="when,value\n1,2\n")
    assert result.returncode == 1 and "the CSV header needs timestamp,value" in result.stderr
    result = wellness("aggregate", "-", "--time-zone", "Mars/Olympus", stdin="[]")
    assert result.returncode == 1 and result.stderr.startswith("wellness: <stdin>: time_zone: unknown time zone")
    assert "Traceback" not in result.stderr


def test_usage_errors_exit_2() -> None:
    for arguments in (["frobnicate"], ["aggregate"], ["aggregate", "-", "--interval", "fortnight"],
                      ["validate", "gaol", "-"], ["aggregate", "/nonexistent/samples.json"], []):
        result = wellness(*arguments, stdin="[]")
        assert result.returncode == 2, arguments
        assert result.stderr.count("\n") <= 2 and "Traceback" not in result.stderr, result.stderr
    assert "cannot read /nonexistent/samples.json: No such file or directory" in \
        wellness("aggregate", "/nonexistent/samples.json").stderr


def test_trends() -> None:
    result = wellness("trends", str(DATA / "biological_age_entries.json"), "--today", "2025-10-27")
    assert result.returncode == 0, result.stderr
    rows = [line.split()[:4] for line in result.stdout.splitlines()[2:]]
    assert rows == [["weekly", "Rejuvenation", "-0.03y", "yes"], ["monthly", "Rejuvenation", "-0.11y", "yes"],
                    ["yearly", "Projected", "-1.46y", "projected"]]
    entries = "date,biological_age\n" + "".join(f"2025-01-{day:02d},{40 - day / 100}\n" for day in range(1, 11))
    result = wellness("trends", "-", "--today", "2025-01-10", "--format", "json", stdin=entries)
    assert result.returncode == 0 and json.loads(result.stdout)["weekly"]["value"] == -0.07
    result = wellness("trends", "-", stdin="date,biological_age\n2025-01-01,old\n")
    assert result.returncode == 1 and result.stderr == \
        "wellness: <stdin>:2: entries[0].biological_age: expected a number, found a string\n"


def test_validate() -> None:
    result = wellness("validate", "goal-suggestions-response", str(DATA / "goal_suggestions_response.json"))
    assert (result.returncode, result.stdout) == (0, "valid: 1 goal-suggestions-response document\n")
    suggestion = {"title": "Walk", "description": "d", "goal_type": "activity", "rationale": "r", "difficulty": 2}
    documents = [suggestion, {**suggestion, "difficulty": 9}, {**suggestion, "title": ""}]
    result = wellness("validate", "goal-suggestion", "-", stdin=json.dumps(documents))
    assert result.returncode == 1
    assert result.stderr.splitlines() == ["<stdin>: [1].difficulty: must be between 1 and 5, found 9",
                                          "<stdin>: [2].title: must not be empty",
                                          "2 of 3 goal-suggestion documents invalid"]
    result = wellness("validate", "goal-tip", "-", "--normalized", stdin='{"tip": "a"}\n{"tip": "b", "priority": 1}\n')
    assert result.returncode == 1
    assert result.stdout == '{"tip": "a", "category": null, "priority": null}\n'
    assert result.stderr.splitlines()[0] == "<stdin>:2: priority: expected a string, found a number"
    result = wellness("validate", "insight", "-", stdin='{"id": ')
    assert result.returncode == 1 and result.stderr.startswith("<stdin>: invalid JSON: ")


def test_every_normalize_function_is_a_model() -> None:
    result = wellness("validate", "--help")
    for model in ("insight", "insight-response", "insights-list-response", "pagination", "insight-update-request",
                  "goal-suggestion", "goal-suggestions-response", "goal-tip", "goal-tips-response",
                  "create-goal-request", "goal", "trends-response", "consultation", "create-consultation-request",
                  "consultation-message"):
        assert model in result.stdout
    consultation = wellness("validate", "consultation", str(DATA / "consultation.json"))
    assert consultation.returncode == 0, consultation.stderr


def test_a_closed_pipe_is_not_an_error(tmp_path: Path) -> None:
    # Ten years of days: a table larger than a pipe holds, so the writer meets the closed pipe.
    samples = tmp_path / "days.json"
    samples.write_text(json.dumps([{"timestamp": day * 86_400, "value": day} for day in range(3_650)]))
    command = [sys.executable, "-m", "wellness", "aggregate", str(samples), "--interval", "day"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=os.environ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()
        error = process.stderr.read()
        assert process.wait() == 0 and error == b"", error
