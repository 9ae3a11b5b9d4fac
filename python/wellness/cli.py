"""`wellness`: the engine from the command line.

    wellness aggregate steps.csv --interval week --time-zone America/New_York
    wellness aggregate samples.json --format json --chart steps.svg
    wellness trends checkins.jsonl
    wellness validate goal-suggestion suggestion.json
    wellness query --sessions workouts.csv '{"table": "sessions", "activity": "run", "reduce": "count_days"}'
    wellness import apple-health export.zip --daily daily.csv --sessions sessions.csv
    wellness import apple-health export.zip --to-server https://api.example.com --api-key KEY
    wellness version

FILE is a JSON array, JSON Lines (one object a line) or CSV with a header
line; `-` reads standard input.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import os
import re
import sys
import textwrap
from typing import Any, Callable, Dict, List, NoReturn, Optional, Sequence, TextIO, Tuple

from . import importers, models, series
from .client import Client
from .query_tables import QueryTables
from .errors import InvalidJSONError, WellnessError
from .frames import statistic_columns
from .types import SeriesOptions, SeriesReport

__all__ = ["main"]

#: The exit statuses, documented in --help and the README.
EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2

EPILOG = """exit status:
  0  success (validate: every document is valid)
  1  invalid input: unreadable JSON or CSV, a sample or document that does not
     validate (the message names the field, e.g. samples[3].value, and the line)
  2  usage: unknown command or option, a file that cannot be read or written

FILE is a JSON array, JSON Lines (one object a line) or CSV with a header
line; "-" reads standard input."""

#: validate's MODEL names and the functions that check them.
MODELS: Dict[str, Callable[[Any], Any]] = {
    name[: -len("_normalize")].replace("_", "-"): getattr(models, name)
    for name in models.__all__ if name.endswith("_normalize")
}

_INTEGER = re.compile(r"^[+-]?\d+$")
_LINE_PATH = re.compile(r"^(samples|entries|daily|sessions)\[(\d+)\]")


class UserError(Exception):
    """A one-line message for standard error, and the exit status."""

    def __init__(self, message: str, status: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.status = status


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the epilog's layout, and the commands' help beside their names."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)
        self._action_max_length = 20


class Parser(argparse.ArgumentParser):
    """argparse with usage errors on one line plus the hint to --help."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


# ---------------------------------------------------------------------------
# Reading FILE
# ---------------------------------------------------------------------------

class Records:
    """A file's records: the raw JSON array (passed to the library as it is),
    or parsed objects with the line each came from (JSON Lines, CSV)."""

    def __init__(self, name: str, raw: Optional[bytes], items: List[Any], lines: List[int]) -> None:
        self.name = name
        self.raw = raw
        self.items = items
        self.lines = lines

    def document(self) -> Any:
        return self.raw if self.raw is not None else self.items

    def where(self, path: Optional[str]) -> str:
        """`FILE:LINE: path` for an error path naming a record."""
        match = _LINE_PATH.match(path or "")
        if match and self.lines and int(match.group(2)) < len(self.lines):
            return f"{self.name}:{self.lines[int(match.group(2))]}: {path}"
        return f"{self.name}: {path}" if path else self.name


def read_bytes(path: str) -> Tuple[str, bytes]:
    if path == "-":
        return "<stdin>", sys.stdin.buffer.read()
    try:
        with open(path, "rb") as handle:
            return path, handle.read()
    except OSError as error:
        raise UserError(f"cannot read {path}: {error.strerror or error}", EXIT_USAGE) from None


def decode(name: str, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UserError(f"{name}: not UTF-8 text (byte {error.start})") from None


def read_records(path: str, columns: Tuple[str, str], convert: Callable[[str, str], Any]) -> Records:
    """Samples or entries: a JSON array (kept raw), JSON Lines, or CSV whose
    header names `columns` (cells converted by `convert(column, text)`)."""
    name, data = read_bytes(path)
    text = decode(name, data)
    first = text.lstrip()[:1]
    if first == "[":
        return Records(name, data, [], [])
    if first == "{":
        items, lines = json_lines(name, text)
        return Records(name, None, items, lines)
    if not first:
        raise UserError(f"{name}: empty input (expected a JSON array, JSON Lines or CSV)")
    return read_csv(name, text, columns, convert)


def json_lines(name: str, text: str) -> Tuple[List[Any], List[int]]:
    items: List[Any] = []
    lines: List[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            items.append(json.loads(line))
        except ValueError as error:
            raise UserError(f"{name}:{number}: invalid JSON: {getattr(error, 'msg', error)}") from None
        lines.append(number)
    return items, lines


def read_csv(name: str, text: str, columns: Tuple[str, str], convert: Callable[[str, str], Any]) -> Records:
    reader = csv.reader(io.StringIO(text))
    header = [cell.strip() for cell in next(reader, [])]
    missing = [column for column in columns if column not in header]
    if missing:
        raise UserError(f"{name}: line 1: the CSV header needs {','.join(columns)} "
                        f"(found {','.join(header) or 'nothing'})")
    positions = [header.index(column) for column in columns]
    items: List[Any] = []
    lines: List[int] = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        if len(row) < len(header):
            raise UserError(f"{name}:{reader.line_num}: {len(row)} cells, the header has {len(header)}")
        items.append({column: convert(column, row[position].strip()) for column, position in zip(columns, positions)})
        lines.append(reader.line_num)
    return Records(name, None, items, lines)


def read_table(path: str) -> Records:
    """A query table: a JSON array of rows, JSON Lines, or CSV with a header
    line (every column; empty cells are missing values)."""
    name, data = read_bytes(path)
    text = decode(name, data)
    first = text.lstrip()[:1]
    if first == "[":
        try:
            rows = json.loads(text)
        except ValueError as error:
            raise UserError(f"{name}: invalid JSON: {getattr(error, 'msg', error)}") from None
        return Records(name, None, rows, [])
    if first == "{":
        items, lines = json_lines(name, text)
        return Records(name, None, items, lines)
    reader = csv.reader(io.StringIO(text))
    header = [cell.strip() for cell in next(reader, [])]
    if not header:
        raise UserError(f"{name}: empty input (expected a JSON array, JSON Lines or CSV)")
    items, lines = [], []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise UserError(f"{name}:{reader.line_num}: {len(row)} cells, the header has {len(header)}")
        items.append({column: scalar(value.strip()) for column, value in zip(header, row)})
        lines.append(reader.line_num)
    return Records(name, None, items, lines)


def scalar(text: str) -> Any:
    """A CSV cell as JSON would have it: empty is null, numbers are numbers,
    true/false booleans, anything else a string (an RFC 3339 timestamp)."""
    if not text:
        return None
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if _INTEGER.match(text):
        return int(text)
    try:
        number = float(text)
    except ValueError:
        return text
    return number if math.isfinite(number) else text


_BOOLEANS = {"true": True, "yes": True, "y": True, "1": True, "false": False, "no": False, "n": False, "0": False}


def sample_cell(kind: str) -> Callable[[str, str], Any]:
    def convert(column: str, text: str) -> Any:
        if column == "value" and kind == "boolean" and text.lower() in _BOOLEANS:
            return _BOOLEANS[text.lower()]
        if column == "value" and kind == "snapshot":
            return scalar(text) if text.lower() in ("true", "false") or _is_number(text) else (text or None)
        return scalar(text)
    return convert


def _is_number(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


# ---------------------------------------------------------------------------
# Writing results
# ---------------------------------------------------------------------------

def cell(value: Any, decimals: int) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) or (decimals and isinstance(value, int)):
        return f"{value:.{decimals}f}"
    return str(value)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], numeric: Sequence[bool], out: TextIO) -> None:
    """Aligned columns: text to the left, numbers to the right; a column of
    numbers has two decimals when any of them has a fraction, else none."""
    decimals = [2 if any(isinstance(row[index], float) and not row[index].is_integer() for row in rows) else 0
                for index in range(len(headers))]
    cells = [[cell(value, decimals[index]) for index, value in enumerate(row)] for row in rows]
    widths = [max([len(header)] + [len(row[index]) for row in cells]) for index, header in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(value.rjust(width) if right else value.ljust(width)
                         for value, width, right in zip(values, widths, numeric)).rstrip()

    out.write(line(headers) + "\n")
    out.write(line(["-" * width for width in widths]) + "\n")
    for row in cells:
        out.write(line(row) + "\n")


def bucket_columns(report: SeriesReport, statistics: Optional[Sequence[str]] = None) -> List[str]:
    """The columns of a report's buckets, in aggregate_frame's order."""
    names = ["start", "end", "label"]
    if report["interval"] == "week":
        names += ["week_year", "week"]
    names += ["count", "days_with_data"]
    names += {"numeric": statistic_columns(statistics), "boolean": ["yes_days"],
              "snapshot": ["latest", "latest_at"]}[report["kind"]]
    return names


def write_report(report: SeriesReport, form: str, out: TextIO, statistics: Optional[Sequence[str]] = None) -> None:
    if form == "json":
        json.dump(report, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return
    names = bucket_columns(report, statistics)
    rows = [[bucket.get(name) for name in names] for bucket in report["buckets"]]
    if form == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(names)
        writer.writerows([["" if value is None else value for value in row] for row in rows])
        return
    order = ["label", "start", "end"] + [name for name in names if name not in ("label", "start", "end")]
    headers = [{"days_with_data": "days", "week_year": "week year"}.get(name, name) for name in order]
    table(headers, [[row[names.index(name)] for name in order] for row in rows],
          [name not in ("label", "start", "end", "latest", "latest_at") for name in order], out)
    streaks = report.get("streaks")
    if streaks is not None:
        out.write(f"\nstreaks: current {streaks['current']} days, best {streaks['best']} days\n")


# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------

def fail_on(records: Records, error: WellnessError) -> UserError:
    if isinstance(error, InvalidJSONError):
        return UserError(f"{records.name}: invalid JSON: {error.message}")
    return UserError(f"{records.where(error.path)}: {error.message}")


def aggregate(arguments: argparse.Namespace) -> int:
    options: SeriesOptions = {"interval": arguments.interval, "time_zone": arguments.time_zone,
                              "kind": arguments.kind}
    if arguments.first_weekday:
        options["first_weekday"] = arguments.first_weekday
    if arguments.average:
        options["average"] = arguments.average
    if arguments.include_empty:
        options["include_empty"] = True
    if arguments.today:
        options["today"] = arguments.today
    if arguments.stat:
        options["statistics"] = arguments.stat
    records = read_records(arguments.file, ("timestamp", "value"), sample_cell(arguments.kind))
    try:
        report = series.series_aggregate(options, records.document())
        chart = series.series_chart(options, records.document()) if arguments.chart else None
    except WellnessError as error:
        raise fail_on(records, error) from None
    if chart is not None:
        try:
            with open(arguments.chart, "w", encoding="utf-8") as handle:
                handle.write(chart["svg"])
        except OSError as error:
            raise UserError(f"cannot write {arguments.chart}: {error.strerror or error}", EXIT_USAGE) from None
    write_report(report, arguments.format, sys.stdout, arguments.stat)
    if chart is not None:
        print(f"wrote {arguments.chart} ({chart['spec']['accessibility_label']}, "
              f"{len(chart['spec']['points'])} points)", file=sys.stderr)
    return EXIT_OK


def trends(arguments: argparse.Namespace) -> int:
    options: Dict[str, Any] = {"time_zone": arguments.time_zone}
    if arguments.today:
        options["today"] = arguments.today
    records = read_records(arguments.file, ("date", "biological_age"),
                           lambda column, text: text or None if column == "date" else scalar(text))
    try:
        result = series.longevity_trends(options, records.document())
    except WellnessError as error:
        raise fail_on(records, error) from None
    if arguments.format == "json":
        json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return EXIT_OK
    views = models.trends_view(result)
    rows = []
    for period in ("weekly", "monthly", "yearly"):
        bucket, view = result[period], views[period]
        state = "yes" if bucket["available"] else "projected" if bucket.get("projection") else "no"
        rows.append([period, view["label"], view["formatted_value"], state, view["point_count"],
                     view["message"] or ""])
    table(["period", "trend", "change", "available", "points", "message"], rows,
          [False, False, True, False, True, False], sys.stdout)
    return EXIT_OK


def validate(arguments: argparse.Namespace) -> int:
    name, data = read_bytes(arguments.file)
    text = decode(name, data)
    # (where, index, document): index is "[i]" for the elements of a JSON array.
    documents: List[Tuple[str, str, Any]] = [(name, "", data)]  # one document: the library reads it as it is
    try:
        parsed = json.loads(text)
        if isinstance(parsed, list):
            documents = [(name, f"[{index}]", item) for index, item in enumerate(parsed)]
    except (ValueError, RecursionError):
        if text.lstrip()[:1] == "{" and len([line for line in text.splitlines() if line.strip()]) > 1:
            try:
                items, lines = json_lines(name, text)
                documents = [(f"{name}:{line}", "", item) for item, line in zip(items, lines)]
            except UserError:
                pass  # not JSON Lines either: the library says what is wrong with the text
    check = MODELS[arguments.model]
    invalid = 0
    for where, index, document in documents:
        try:
            normalized = check(document)
        except WellnessError as error:
            invalid += 1
            if isinstance(error, InvalidJSONError):
                print(f"{where}: {index + ': ' if index else ''}invalid JSON: {error.message}", file=sys.stderr)
            else:
                path = index + ("." if index and error.path else "") + (error.path or "")
                print(f"{where}: {path + ': ' if path else ''}{error.message}", file=sys.stderr)
            continue
        if arguments.normalized:
            print(json.dumps(normalized, ensure_ascii=False))
    noun = f"{arguments.model} document{'s' if len(documents) != 1 else ''}"
    if invalid:
        print(f"{invalid} of {len(documents)} {noun} invalid", file=sys.stderr)
        return EXIT_INVALID
    if not arguments.normalized:
        print(f"valid: {len(documents)} {noun}")
    return EXIT_OK


def query(arguments: argparse.Namespace) -> int:
    if not arguments.daily and not arguments.sessions:
        raise UserError("give --daily FILE, --sessions FILE or both", EXIT_USAGE)
    text = decode(*read_bytes(arguments.query[1:])) if arguments.query.startswith("@") else arguments.query
    try:
        document = json.loads(text)
    except ValueError as error:
        raise UserError(f"QUERY: invalid JSON: {getattr(error, 'msg', error)}") from None
    if not isinstance(document, dict):
        raise UserError("QUERY: expected a JSON object (a query document, docs/QUERY.md)")
    files = {"daily": read_table(arguments.daily) if arguments.daily else None,
             "sessions": read_table(arguments.sessions) if arguments.sessions else None}
    units = dict(unit.split("=", 1) for unit in arguments.unit or [] if "=" in unit)
    try:
        tables = QueryTables(files["daily"] and files["daily"].items,
                                     files["sessions"] and files["sessions"].items, time_zone=arguments.time_zone,
                                     first_weekday=arguments.first_weekday, units=units)
    except WellnessError as error:
        table_file = files["sessions" if (error.path or "").startswith("sessions") else "daily"]
        raise (fail_on(table_file, error) if table_file else UserError(error.message)) from None
    with tables:
        try:
            result = tables.query({**document, "include_rows": True})
        except WellnessError as error:
            raise UserError(f"QUERY: {error.path + ': ' if error.path else ''}{error.message}") from None
    if arguments.format == "json":
        json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return EXIT_OK
    write_answer(result, files[result["query"]["table"]], sys.stdout)
    return EXIT_OK


def write_answer(result: Any, records: Optional[Records], out: TextIO) -> None:
    """The value with its unit and span, then the rows it was computed from."""
    value = result["value"]
    shown = ", ".join(value) if isinstance(value, list) else cell(value, 2 if isinstance(value, float)
                                                                  and not value.is_integer() else 0)
    out.write(f"value: {shown}{' ' + result['unit'] if result['unit'] and value is not None else ''}\n")
    span = f"{result['from_date']} to {result['to_date']}" if result["from_date"] else "no days"
    out.write(f"rows:  {result['rows']} on {result['days']} day{'s' if result['days'] != 1 else ''} ({span})\n")
    if not records or not result["row_numbers"]:
        return
    used = [records.items[number] for number in result["row_numbers"]]
    headers = list(dict.fromkeys(key for row in used for key in row))
    rows = [[row.get(header) for header in headers] for row in used]
    numeric = [all(isinstance(value, (int, float)) or value is None for value in column) for column in zip(*rows)]
    if records.lines:
        headers, numeric = ["line"] + headers, [True] + numeric
        rows = [[records.lines[number]] + row for number, row in zip(result["row_numbers"], rows)]
    out.write(f"\nrows used ({records.name}):\n")
    table(headers, rows, numeric, out)


#: import's FORMAT names and the library's.
IMPORT_FORMATS: Dict[str, importers.ImportFormat] = {"apple-health": "apple_health", "gpx": "gpx", "tcx": "tcx",
                                                     "fitbit": "fitbit"}


class ProgressLine:
    """A one-line progress bar on standard error: percent and MB read."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.shown = -1

    def __call__(self, done: int, total: int) -> bool:
        percent = 100 * done // total if total else 100
        if percent != self.shown:
            self.shown = percent
            bar = "#" * (percent // 4)
            self.out.write(f"\r[{bar:<25}] {percent:3d}% {done / 1e6:,.0f} of {total / 1e6:,.0f} MB")
            self.out.flush()
        return True

    def close(self) -> None:
        if self.shown >= 0:
            self.out.write("\n")


def import_data(arguments: argparse.Namespace) -> int:
    show = arguments.progress or (arguments.progress is None and sys.stderr.isatty())
    bar = ProgressLine(sys.stderr) if show else None
    try:
        result = importers.import_file(IMPORT_FORMATS[arguments.format], arguments.file,
                                       time_zone=arguments.time_zone, source_priority=arguments.source or None,
                                       progress=bar)
    except WellnessError as error:
        raise UserError(error.message) from None
    finally:
        if bar:
            bar.close()
    written = []
    outputs = ((arguments.daily, importers.write_daily_csv), (arguments.sessions, importers.write_sessions_csv))
    for path, write in outputs:
        if path:
            try:
                with open(path, "w", encoding="utf-8", newline="") as out:
                    rows = write(result, out)
            except OSError as error:
                raise UserError(f"{path}: {error.strerror}", EXIT_USAGE) from None
            written.append(f"{rows} rows to {path}")
    if arguments.json:
        try:
            with open(arguments.json, "w", encoding="utf-8") as out:
                json.dump(result, out, ensure_ascii=False)
        except OSError as error:
            raise UserError(f"{arguments.json}: {error.strerror}", EXIT_USAGE) from None
        written.append(f"JSON to {arguments.json}")
    report = result["report"]
    duplicates = report["duplicate_workouts"]
    print(f"read {report['records_read']:,} records: {report['records_used']:,} used, "
          f"{report['records_skipped']:,} skipped; {len(result['daily']):,} days, {len(result['sessions']):,} "
          f"sessions" + (f" ({duplicates} duplicate workouts dropped)" if duplicates else ""))
    for skipped in report["skipped"]:
        print(f"  skipped {skipped['count']:,}: {skipped['reason']} (first: {skipped['first']})")
    for line in written:
        print(f"wrote {line}")
    if arguments.to_server:
        upload(result, arguments)
    return EXIT_OK


def upload(result: importers.ImportResult, arguments: argparse.Namespace) -> None:
    """Sends an import to the server, daily metrics first, then sessions, in pages."""
    if not arguments.api_key:
        raise UserError("--to-server needs --api-key or $WELLNESS_API_KEY", EXIT_USAGE)
    try:
        with Client(arguments.to_server, api_key=arguments.api_key, cache_directory=False,
                    store_directory=False) as client:
            days = importers.upload_daily_metrics(client, result, checkpoint=arguments.checkpoint)
            sessions = importers.upload_sessions(client, result, checkpoint=arguments.checkpoint)
    except WellnessError as error:
        raise UserError(f"{arguments.to_server}: {error.message}") from None
    print(f"uploaded {days:,} days and {sessions:,} sessions to {arguments.to_server}")


def version(_: argparse.Namespace) -> int:
    from . import __version__, abi_version, version as library_version
    from ._native import lib

    print(f"wellness {__version__} (libwellness {library_version()}, ABI {abi_version()}, {lib._name})")
    return EXIT_OK


def parser() -> argparse.ArgumentParser:
    formatter = HelpFormatter
    top = Parser(prog="wellness", description="The WellnessKit engine from the command line: aggregate time "
                 "series, compute longevity trends, answer queries over your data, validate API documents.",
                 epilog=EPILOG, formatter_class=formatter)
    commands = top.add_subparsers(title="commands", dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True

    run = commands.add_parser("aggregate", help="aggregate samples into calendar buckets",
                              description="Aggregates samples {timestamp, value} into calendar buckets in a time "
                              "zone. Timestamps are RFC 3339 strings or epoch seconds; CSV needs a "
                              "timestamp,value header.", epilog=EPILOG, formatter_class=formatter)
    run.add_argument("file", metavar="FILE", help='samples: JSON array, JSON Lines or CSV; "-" for stdin')
    run.add_argument("--interval", default="auto", choices=["auto", "day", "week", "month", "quarter", "half", "year"])
    run.add_argument("--time-zone", default="UTC", metavar="ZONE", help="IANA name, e.g. America/New_York (UTC)")
    run.add_argument("--kind", default="numeric", choices=["numeric", "boolean", "snapshot"])
    run.add_argument("--first-weekday", metavar="DAY", help="monday (default) ... sunday")
    run.add_argument("--average", choices=["samples", "daily_means"], help="mean of samples (default) or of days")
    run.add_argument("--include-empty", action="store_true", help="list buckets without samples")
    run.add_argument("--stat", action="append", metavar="NAME",
                     help="a statistic of numeric buckets, repeatable: count, sum, average, min, max, first, last, "
                          "median, p01 ... p99, stddev (default: average, min, max)")
    run.add_argument("--today", metavar="YYYY-MM-DD", help="the day boolean streaks run to (default today)")
    run.add_argument("--format", default="table", choices=["table", "json", "csv"])
    run.add_argument("--chart", metavar="OUT.svg", help="also draw the chart (series_chart) into this SVG file")
    run.set_defaults(run=aggregate)

    run = commands.add_parser("trends", help="longevity trends of daily check-ins",
                              description="Computes the weekly, monthly and yearly longevity trends from daily "
                              "entries {date, biological_age}; CSV needs a date,biological_age header.",
                              epilog=EPILOG, formatter_class=formatter)
    run.add_argument("file", metavar="FILE", help='entries: JSON array, JSON Lines or CSV; "-" for stdin')
    run.add_argument("--today", metavar="YYYY-MM-DD", help="the end of every window (default today)")
    run.add_argument("--time-zone", default="UTC", metavar="ZONE", help="whose today (UTC)")
    run.add_argument("--format", default="table", choices=["table", "json"])
    run.set_defaults(run=trends)

    models = textwrap.fill(", ".join(sorted(MODELS)), width=76, initial_indent="  ", subsequent_indent="  ",
                           break_on_hyphens=False)
    run = commands.add_parser("validate", help="validate API documents",
                              description="Validates a document (or a JSON array / JSON Lines of them) against a "
                              "model;\nprints each error with the path of the field at fault.\n\nMODEL is one of:\n"
                              + models, epilog=EPILOG, formatter_class=formatter)
    run.add_argument("model", metavar="MODEL", choices=sorted(MODELS), help="the model, e.g. goal-suggestion")
    run.add_argument("file", metavar="FILE", help='the document(s); "-" for stdin')
    run.add_argument("--normalized", action="store_true", help="print each valid document normalised, as JSON")
    run.set_defaults(run=validate)

    run = commands.add_parser("query", help="answer a query over daily metrics and sessions",
                              description="Answers a query document (docs/QUERY.md) over a daily table (a date "
                              "column and metrics)\nand a sessions table (start, end, activity and numeric "
                              "fields); prints the value\nand the rows it used.", epilog=EPILOG,
                              formatter_class=formatter)
    run.add_argument("query", metavar="QUERY", help="the query document as JSON, or @FILE")
    run.add_argument("--daily", metavar="FILE", help="daily metrics: JSON array, JSON Lines or CSV")
    run.add_argument("--sessions", metavar="FILE", help="sessions: JSON array, JSON Lines or CSV")
    run.add_argument("--time-zone", default="UTC", metavar="ZONE", help="whose local days (UTC)")
    run.add_argument("--first-weekday", metavar="DAY", help="monday (default) ... sunday")
    run.add_argument("--unit", action="append", metavar="COLUMN=UNIT", help="a column's unit, repeatable")
    run.add_argument("--format", default="table", choices=["table", "json"])
    run.set_defaults(run=query)

    run = commands.add_parser("import", help="import an Apple Health, GPX, TCX or Fitbit export",
                              description="Reads exported health data (docs/IMPORT.md) into daily metrics and "
                              "sessions, written as CSV\n(--daily, --sessions) or JSON (--json); prints what was "
                              "read and skipped.", epilog=EPILOG, formatter_class=formatter)
    run.add_argument("format", metavar="FORMAT", choices=sorted(IMPORT_FORMATS),
                     help="apple-health (export.zip or export.xml), gpx, tcx or fitbit (the export's folder)")
    run.add_argument("file", metavar="FILE", help="the export")
    run.add_argument("--daily", metavar="OUT.csv", help="write the daily metrics here")
    run.add_argument("--sessions", metavar="OUT.csv", help="write the sessions here")
    run.add_argument("--json", metavar="OUT.json", help="write the whole result (with its report) here")
    run.add_argument("--time-zone", metavar="ZONE", help="cut days in this IANA zone (default: each record's offset)")
    run.add_argument("--source", action="append", metavar="NAME",
                     help="a source to prefer where sources overlap, repeatable, first preferred")
    run.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="show a progress bar on standard error (default: when it is a terminal)")
    run.add_argument("--to-server", metavar="URL",
                     help="upload the daily metrics and sessions to a wellness-server (its API base URL)")
    run.add_argument("--api-key", metavar="KEY", default=os.environ.get("WELLNESS_API_KEY"),
                     help="the user's API key for --to-server (default: $WELLNESS_API_KEY)")
    run.add_argument("--checkpoint", metavar="FILE",
                     help="record the pages uploaded here, and resume after them when run again")
    run.set_defaults(run=import_data)

    run = commands.add_parser("version", help="the package's and the library's versions")
    run.set_defaults(run=version)
    return top


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command line; returns the exit status."""
    arguments = parser().parse_args(argv)
    try:
        status: int = arguments.run(arguments)
        sys.stdout.flush()
        return status
    except UserError as error:
        print(f"wellness: {error}", file=sys.stderr)
        return error.status
    except BrokenPipeError:
        # The reader went away (| head): nothing more to say, and nothing left
        # for the interpreter's final flush to fail on.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
