"""The typed API: mypy --strict accepts the package, the example scripts and
typed use, and rejects typos; every public function is a documented `def`."""

from __future__ import annotations

import inspect
import textwrap
from pathlib import Path

import pytest

import wellness
from tools import REPO, mypy

GOOD = '''
import datetime
from typing import List

import numpy as np
from typing_extensions import assert_type

import wellness
from wellness.types import GoalSuggestionView, Insight, SeriesReport, TrendBucket, TrendView


def trend() -> str:
    view = wellness.trend_view({"period": "weekly", "bucket": {"value": -0.32, "available": True}})
    assert_type(view, TrendView)
    return view["label"]


def columns() -> SeriesReport:
    stamps = np.arange(1_704_067_200, 1_704_067_200 + 86_400 * 30, 3600, dtype=np.int64)
    report = wellness.series_aggregate_columns({"interval": "week"}, stamps, np.ones(len(stamps)))
    assert_type(report["buckets"][0]["count"], int)
    wellness.series_aggregate_columns({}, stamps.astype("datetime64[s]"), [True] * len(stamps))
    wellness.series_aggregate_columns({}, [datetime.datetime.now(datetime.timezone.utc)], [1.0])
    return wellness.series_aggregate_columns({"timestamp_unit": "ms"}, [1.5e12], [2])


def trends() -> None:
    result = wellness.longevity_trends({"today": datetime.date(2024, 1, 1)}, [])
    for period, bucket in result.items():
        assert_type(bucket, TrendBucket)
    for period, view in wellness.trends_view(result).items():
        assert_type(view, TrendView)


def suggestion() -> GoalSuggestionView:
    normalized = wellness.goal_suggestion_normalize(b'{"title": "t"}')
    return wellness.goal_suggestion_view(normalized)


def client(base_url: str, key: str) -> List[Insight]:
    with wellness.Client(base_url, api_key=key, timeout=5, max_retries=1, cache_directory=False) as api:
        page = api.list_insights(read_status=False, page_size=3)
        return page["insights"] + api.list_all_insights(archived_status=None)
'''

#: Each misuse and what must be said of it: mypy's error code and the name at
#: fault. Its wording changes between releases; these do not.
BAD = {
    'wellness.Client("http://x", retries=3)': ("call-arg", "retries"),
    'wellness.Client("http://x").list_insights(readstatus=False)': ("call-arg", "readstatus"),
    'wellness.trend_view(b"{}")["lable"]': ("typeddict-item", "lable"),
    'wellness.series_aggregate_columns({}, [1], ["a"])': ("arg-type", "series_aggregate_columns"),
    'wellness.aggregate_frame({"a": 1}, time="t", value="v")': ("type-var", "aggregate_frame"),
    'wellness.Client("http://x").list_goals(status="done")': ("arg-type", "status"),
}


def test_the_package_is_strictly_typed() -> None:
    result = mypy(["wellness"], cwd=REPO / "python")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_example_scripts_are_strictly_typed() -> None:
    result = mypy(["demo.py", "journeys.py", "import_demo.py"], cwd=REPO / "examples" / "python")
    assert result.returncode == 0, result.stdout + result.stderr


def test_typed_use_checks(tmp_path: Path) -> None:
    (tmp_path / "typed_use.py").write_text(GOOD)
    result = mypy(["typed_use.py"], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_typos_are_type_errors(tmp_path: Path) -> None:
    for index, line in enumerate(BAD):
        (tmp_path / f"typo_{index}.py").write_text(f"import wellness\n{line}\n")
    result = mypy([f"typo_{index}.py" for index in range(len(BAD))], cwd=tmp_path)
    for index, (code, name) in enumerate(BAD.values()):
        assert any(out.startswith(f"typo_{index}.py:2: error: ") and out.endswith(f"[{code}]") and f'"{name}"' in out
                   for out in result.stdout.splitlines()), \
            f"typo_{index}.py: expected an error [{code}] naming {name!r} in:\n{result.stdout}"


def test_every_public_function_is_a_documented_def() -> None:
    for name in wellness.__all__:
        value = getattr(wellness, name)
        if inspect.isfunction(value):
            assert value.__name__ == name and value.__module__.split(".")[0] == "wellness"
            assert value.__doc__ and len(value.__doc__) > 20, name
            hints = inspect.signature(value)
            assert hints.return_annotation is not inspect.Signature.empty, name
    for name, method in inspect.getmembers(wellness.Client, inspect.isfunction):
        if not name.startswith("_") or name == "__init__":
            assert method.__doc__, f"Client.{name} has no docstring"


@pytest.mark.parametrize("call,keyword", [
    (lambda: wellness.Client("http://127.0.0.1:1", api_key="k", retries=3), "retries"),  # type: ignore[call-arg]
    (lambda: wellness.Client("http://127.0.0.1:1", api_key="k", cache_directory=False)
     .list_insights(readstatus=False), "readstatus"),  # type: ignore[call-arg]
    (lambda: wellness.aggregate_frame(None, time="t", value="v", zone="UTC"), "zone"),  # type: ignore
])
def test_keyword_typos_raise_type_error(call: object, keyword: str) -> None:
    with pytest.raises(TypeError, match=f"unexpected keyword argument '{keyword}'"):
        call()  # type: ignore[operator]


def test_results_are_plain_dicts_at_run_time() -> None:
    view = wellness.trend_view({"period": "weekly", "bucket": {"value": -0.32, "available": True}})
    assert type(view) is dict and view["label"] == "Rejuvenation"
    assert textwrap.dedent(wellness.types.__doc__ or "").startswith("The shapes")
