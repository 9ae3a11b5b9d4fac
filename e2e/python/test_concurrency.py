"""Many threads calling the library at once get exactly their own results."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

import wellness


def work(index: int) -> bool:
    for round_ in range(60):
        tag = f"t{index}-{round_}"
        view = wellness.goal_suggestion_view({"title": tag, "description": "d", "goal_type": "wellness",
                                              "rationale": "r", "difficulty": index % 5 + 1})
        if view["title"] != tag or view["difficulty"] != index % 5 + 1:
            return False
        try:
            wellness.goal_tip_view({"tip": "", "category": tag})
            return False
        except wellness.ValidationError as error:
            if error.path != "tip":
                return False
        timestamps = np.arange(1_700_000_000, 1_700_000_000 + 86_400 * (index + 1), 3600, dtype=np.int64)
        report = wellness.series_aggregate_columns({"interval": "day", "time_zone": "Europe/Paris"},
                                                   timestamps, np.ones(len(timestamps)))
        if sum(bucket["count"] for bucket in report["buckets"]) != len(timestamps):
            return False
    return True


def test_sixteen_threads() -> None:
    with ThreadPoolExecutor(max_workers=16) as pool:
        assert all(pool.map(work, range(32)))
