"""Exported health data into daily metrics and sessions (docs/IMPORT.md).

    result = wellness.importers.import_apple_health("export.zip", progress=tqdm(unit="B", unit_scale=True))
    tables = wellness.QueryTables(result["daily"], result["sessions"], units=result["units"])

Apple Health exports (`export.zip`, streamed from the zip, or `export.xml`),
GPX and TCX workouts (one session each) are read by the library in C speed
and constant memory for the text; the result's rows have the query tables'
column names (docs/QUERY.md).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
from typing import (Any, Callable, Dict, List, Literal, Mapping, Optional, Protocol, Sequence, TextIO, TypedDict,
                    Union, cast)

from . import _native

__all__ = ["ImportFormat", "ImportResult", "ImportReport", "ImportedSession", "SkippedRecords", "ImportSource",
           "ProgressBar", "import_file", "import_bytes", "import_apple_health", "import_gpx", "import_tcx",
           "import_fitbit", "write_daily_csv", "write_sessions_csv", "WorkoutPoster", "DailyMetricsPoster",
           "UploadProgress", "upload_sessions", "upload_daily_metrics"]

#: The formats read.
ImportFormat = Literal["apple_health", "gpx", "tcx", "fitbit"]


class SkippedRecords(TypedDict):
    #: Why, e.g. "HKQuantityTypeIdentifierDietaryWater: a type not read".
    reason: str
    count: int
    #: Where the first one was: "export.zip: apple_health_export/export.xml line 1234".
    first: str


class ImportSource(TypedDict):
    name: str
    #: 0 is the highest priority (docs/IMPORT.md, "Several sources").
    rank: int
    records: int


class ImportReport(TypedDict):
    records_read: int
    records_used: int
    records_skipped: int
    skipped: List[SkippedRecords]
    workouts_read: int
    duplicate_workouts: int
    #: Per cumulative column, what overlapping lower-priority sources' samples would have added.
    overlap_removed: Dict[str, float]
    sources: List[ImportSource]


class ImportedSession(TypedDict, total=False):
    start: str
    end: str
    activity: str
    duration: float
    distance: float
    calories: float
    average_heart_rate: float
    elevation_gain: float


class ImportResult(TypedDict):
    #: {"date": "YYYY-MM-DD", "<column>": float | None, ...}, sorted by date.
    daily: List[Dict[str, Any]]
    sessions: List[ImportedSession]
    units: Dict[str, str]
    report: ImportReport


class ProgressBar(Protocol):
    """What is used of a tqdm bar: `total` and `update(n)`."""

    total: Optional[float]

    def update(self, n: float = 1) -> Optional[bool]: ...


#: `progress(bytes_read, bytes_total)` returning False cancels, or a tqdm-like bar.
Progress = Union[Callable[[int, int], Optional[bool]], ProgressBar]


def _callback(progress: Optional[Progress]) -> Any:
    if progress is None:
        return _native.PROGRESS()
    if hasattr(progress, "update"):
        bar = cast(ProgressBar, progress)
        seen = [0]

        def advance(_: Any, done: int, total: int) -> int:
            if bar.total != total:
                bar.total = total
            bar.update(done - seen[0])
            seen[0] = done
            return 0
        return _native.PROGRESS(advance)
    function = progress

    def report(_: Any, done: int, total: int) -> int:
        return 0 if function(done, total) is not False else 1
    return _native.PROGRESS(report)


def _options(format: ImportFormat, time_zone: Optional[str],
             source_priority: Optional[Sequence[str]]) -> Dict[str, Any]:
    options: Dict[str, Any] = {"format": format}
    if time_zone is not None:
        options["time_zone"] = time_zone
    if source_priority is not None:
        options["source_priority"] = list(source_priority)
    return options


def import_file(format: ImportFormat, path: Union[str, "os.PathLike[str]"], *, time_zone: Optional[str] = None,
                source_priority: Optional[Sequence[str]] = None, progress: Optional[Progress] = None) -> ImportResult:
    """Imports the file at `path` (for "fitbit": the export's folder).

    `time_zone` (an IANA name) cuts local days; without it each record's own
    written offset does. `source_priority` names sources (apps, devices) in
    order of preference before the default (an Apple Watch, an iPhone, other
    apps). `progress` is `f(bytes_read, bytes_total)` (False cancels:
    CancelledError) or a tqdm bar. A damaged, truncated or malformed file
    raises InvalidArgumentError naming the file and line.
    """
    payload = _native.encode({**_options(format, time_zone, source_priority), "path": os.fspath(path)})
    callback = _callback(progress)
    return cast(ImportResult, _native.call(_native.lib.wellness_import_file, payload, len(payload), callback, None))


def import_bytes(format: ImportFormat, data: bytes, *, name: str = "input", time_zone: Optional[str] = None,
                 source_priority: Optional[Sequence[str]] = None,
                 progress: Optional[Progress] = None) -> ImportResult:
    """As import_file, from the file's bytes; `name` is what errors call it."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    payload = _native.encode({**_options(format, time_zone, source_priority), "name": name})
    # bytes are passed in place (ctypes hands over their buffer); other buffers are copied once.
    buffer = (data if isinstance(data, bytes) else bytes(data)) or None
    callback = _callback(progress)
    return cast(ImportResult, _native.call(_native.lib.wellness_import_bytes, payload, len(payload), buffer, len(data),
                                           callback, None))


def import_apple_health(path: Union[str, "os.PathLike[str]"], *, time_zone: Optional[str] = None,
                        source_priority: Optional[Sequence[str]] = None,
                        progress: Optional[Progress] = None) -> ImportResult:
    """An Apple Health export (Health app → Export All Health Data): `export.zip` or `export.xml`.
    Records become daily metrics (cumulative types summed, discrete ones averaged or the latest, sleep
    stages folded into nights), workouts sessions; docs/IMPORT.md has the rules."""
    return import_file("apple_health", path, time_zone=time_zone, source_priority=source_priority,
                       progress=progress)


def import_gpx(path: Union[str, "os.PathLike[str]"], *, time_zone: Optional[str] = None,
               progress: Optional[Progress] = None) -> ImportResult:
    """One GPX track as one session: distance along the track, elevation gain, duration, heart rate."""
    return import_file("gpx", path, time_zone=time_zone, progress=progress)


def import_tcx(path: Union[str, "os.PathLike[str]"], *, time_zone: Optional[str] = None,
               progress: Optional[Progress] = None) -> ImportResult:
    """One TCX activity as one session, as import_gpx (and the laps' calories)."""
    return import_file("tcx", path, time_zone=time_zone, progress=progress)


def import_fitbit(path: Union[str, "os.PathLike[str]"], *, time_zone: Optional[str] = None,
                  progress: Optional[Progress] = None) -> ImportResult:
    """A Fitbit export's folder (Google Takeout's Fitbit folder)."""
    return import_file("fitbit", path, time_zone=time_zone, progress=progress)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(round(value, 6)).removesuffix(".0") if value.is_integer() else repr(round(value, 6))
    return str(value)


def write_daily_csv(result: ImportResult, out: TextIO) -> int:
    """Writes the daily rows as CSV (a date column, then the columns); returns the rows written."""
    columns = list(dict.fromkeys(key for row in result["daily"] for key in row if key != "date"))
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["date", *columns])
    for row in result["daily"]:
        writer.writerow([row["date"], *(_cell(row.get(column)) for column in columns)])
    return len(result["daily"])


def write_sessions_csv(result: ImportResult, out: TextIO) -> int:
    """Writes the sessions as CSV (start, end, activity, then the numeric fields); returns the rows written."""
    rows = cast(List[Dict[str, Any]], result["sessions"])
    fields = list(dict.fromkeys(key for row in rows for key in row if key not in ("start", "end", "activity")))
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["start", "end", "activity", *fields])
    for row in rows:
        writer.writerow([row["start"], row["end"], row["activity"], *(_cell(row.get(field)) for field in fields)])
    return len(rows)


class WorkoutPoster(Protocol):
    """What upload_sessions needs of a client: `wellness.Client.post_workouts`."""

    def post_workouts(self, workouts: Sequence[Mapping[str, Any]]) -> Any: ...


class DailyMetricsPoster(Protocol):
    """What upload_daily_metrics needs of a client: `wellness.Client.post_daily_metrics`."""

    def post_daily_metrics(self, days: Sequence[Mapping[str, Any]]) -> Any: ...


#: What `progress(sent, total)` of an upload is; False stops it after the current page.
UploadProgress = Callable[[int, int], Optional[bool]]


def upload_sessions(client: WorkoutPoster, result: ImportResult, *, page_size: int = 1000,
                    checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
                    progress: Optional[UploadProgress] = None) -> int:
    """Sends an import's sessions to the server as workouts, `page_size` (at
    most 1,000) a request; returns the sessions sent by this call.

    Idempotent: the server keys a workout by its start and activity, so
    sending a page again stores each workout once. Resumable: with
    `checkpoint` (a file), the pages sent are recorded after each request,
    and a later call with the same sessions (after a kill, say) starts after
    them; a checkpoint of other sessions is ignored. `progress(sent, total)`
    returning False stops after the current page (the checkpoint keeps it).
    """
    sessions = [dict(session) for session in result["sessions"]]
    return _upload_pages("sessions", sessions, client.post_workouts, page_size, checkpoint, progress)


def upload_daily_metrics(client: DailyMetricsPoster, result: ImportResult, *, page_size: int = 1000,
                         checkpoint: Optional[Union[str, "os.PathLike[str]"]] = None,
                         progress: Optional[UploadProgress] = None) -> int:
    """Sends an import's daily metrics to the server (`POST /api/v1/daily-metrics`),
    `page_size` days (at most 1,000) a request; returns the days sent by this call.

    Only the metrics the import measured are sent: a metric it has no value
    for on a day is left out, never sent as None, so the server keeps what
    it already holds for it (None would delete it). The values are in the
    vocabulary's units already (docs/IMPORT.md). Idempotent, as the server
    upserts per day and metric; resumable with `checkpoint` as
    upload_sessions (one checkpoint file may serve both: each keeps its own
    entry). `progress(sent, total)` returning False stops after the current page.
    """
    days = [{name: value for name, value in day.items() if value is not None} for day in result["daily"]]
    measured = [day for day in days if len(day) > 1]
    return _upload_pages("daily", measured, client.post_daily_metrics, page_size, checkpoint, progress)


def _upload_pages(kind: str, items: List[Dict[str, Any]], send: Callable[[List[Dict[str, Any]]], Any],
                  page_size: int, checkpoint: Optional[Union[str, "os.PathLike[str]"]],
                  progress: Optional[UploadProgress]) -> int:
    """Sends `items` in pages through `send`, recording after each page in
    `checkpoint`'s entry `kind` how many of these items (by fingerprint) are sent."""
    if not 1 <= page_size <= 1000:
        raise ValueError(f"page_size must be 1 to 1000, not {page_size}")
    fingerprint = hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()
    entries = _read_checkpoint(checkpoint)
    entry = entries.get(kind)
    done = 0
    if isinstance(entry, dict) and entry.get("fingerprint") == fingerprint and isinstance(entry.get("sent"), int):
        done = min(max(entry["sent"], 0), len(items))
    sent = 0
    while done < len(items):
        page = items[done:done + page_size]
        send(page)
        done += len(page)
        sent += len(page)
        if checkpoint is not None:
            entries[kind] = {"fingerprint": fingerprint, "sent": done}
            _write_checkpoint(checkpoint, entries)
        if progress is not None and progress(done, len(items)) is False:
            break
    return sent


def _read_checkpoint(checkpoint: Optional[Union[str, "os.PathLike[str]"]]) -> Dict[str, Any]:
    """The checkpoint's entries; none for a missing or unreadable file (the upload starts over, idempotently)."""
    if checkpoint is None or not os.path.exists(checkpoint):
        return {}
    try:
        with open(checkpoint, encoding="utf-8") as stored:
            entries = json.load(stored)
    except (OSError, ValueError):
        return {}
    return entries if isinstance(entries, dict) else {}


def _write_checkpoint(checkpoint: Union[str, "os.PathLike[str]"], entries: Dict[str, Any]) -> None:
    """Replaces the checkpoint whole (a kill leaves the old one or the new one, never half of one)."""
    temporary = f"{os.fspath(checkpoint)}.tmp"
    with open(temporary, "w", encoding="utf-8") as out:
        json.dump(entries, out)
    os.replace(temporary, checkpoint)
