"""Draws docs/charts/*.png: WellnessKit's charts (through the library) and
matplotlib's rendering of the same aggregated points, for docs/CHARTS.md.

    make lib
    python3 -m venv /tmp/mplvenv && /tmp/mplvenv/bin/pip install matplotlib
    WELLNESS_LIBRARY=build/lib/libwellness.so.1 PYTHONPATH=python \\
        /tmp/mplvenv/bin/python docs/charts/compare.py

Needs rsvg-convert (Debian: librsvg2-bin) for the SVG to PNG step.
"""

from __future__ import annotations

import datetime as dt
import math
import pathlib
import random
import subprocess

import matplotlib

matplotlib.use("Agg")
import matplotlib.dates as mdates  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

import wellness  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent
START = int(dt.datetime(2024, 6, 1, 12, tzinfo=dt.timezone.utc).timestamp())
DAY = 86_400


def samples(days: int, value) -> list[dict]:
    return [{"timestamp": START + day * DAY, "value": value(day)} for day in range(days)]


def ours(name: str, options: dict, data: list[dict]) -> dict:
    chart = wellness.series_chart(options, data)
    svg = OUT / f"{name}.svg"
    svg.write_text(chart["svg"])
    subprocess.run(["rsvg-convert", str(svg), "-o", str(OUT / f"{name}.png")], check=True)
    svg.unlink()
    return chart["spec"]


def matplotlib_chart(name: str, spec: dict, markers: bool) -> None:
    """A typical matplotlib script for the same points: line, fill, title, y label, date axis."""
    dates = [dt.date.fromisoformat(point["date"]) for point in spec["points"]]
    values = [point["value"] for point in spec["points"]]
    fig, ax = plt.subplots(figsize=(6.4, 2.2), dpi=100)
    ax.plot(dates, values, marker="o" if markers else None, markersize=4)
    ax.fill_between(dates, values, alpha=0.2)
    ax.set_title(spec["title"])
    ax.set_ylabel(spec["y_axis"]["title"])
    ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(ax.xaxis.get_major_locator()))
    fig.tight_layout()
    fig.savefig(OUT / f"{name}.png")
    plt.close(fig)


def main() -> None:
    rng = random.Random(42)
    steps = samples(21, lambda day: round(4_000 + rng.random() * 8_000))
    day = ours("day_steps", {"interval": "day", "title": "Daily steps", "unit": "steps"}, steps)
    matplotlib_chart("day_steps_matplotlib", day, markers=True)
    ours("day_steps_dark", {"interval": "day", "title": "Daily steps", "unit": "steps", "theme": "dark"}, steps)

    sleep = samples(182, lambda day: round(7 + math.sin(day / 20) * 0.8 + rng.random() * 0.6, 2))
    week = ours("week_sleep", {"interval": "week", "title": "Sleep per night, weekly average", "unit": "hours"},
                sleep)
    matplotlib_chart("week_sleep_matplotlib", week, markers=False)

    months = [1_932, 2_800, 2_400, 3_103]
    ours("month_energy", {"interval": "month", "title": "Active energy, monthly average", "unit": "kcal"},
         samples(120, lambda day: months[day // 30]))
    ours("no_data", {"interval": "week", "title": "Weekly average", "height": 160}, [])


if __name__ == "__main__":
    main()
