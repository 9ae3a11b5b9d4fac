"""Ask your data: exact answers to typed queries over one person's daily
metrics and workout sessions (docs/QUERY.md), evaluated in libwellness, so
that an app gets the same numbers on the device as the server's coach.

    tables = wellness.QueryTables(daily=daily_frame, sessions=workouts, time_zone="Europe/Berlin")
    tables.query({"table": "sessions", "activity": "run", "window": {"last_days": 14},
                  "reduce": "count_days"})["value"]

`QueryTables` reads the tables once; `query` and `query_many` below read them
for one call, which is simpler and slower.
"""

from __future__ import annotations

import ctypes
import datetime
import json
import math
import threading
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union, cast

from . import _native
from .errors import WellnessError, error_for
from .types import JSONText, QueryDocument, QueryResult, QueryTablesSummary, QuestionAnswer, Weekday

__all__ = ["QueryTables", "query", "query_many", "query_tool"]

#: A table: a pandas or polars DataFrame, a pyarrow Table, a list of row
#: dicts, a dict of columns, or JSON text of rows or columns.
TableInput = Any
QueryInput = Union[QueryDocument, Mapping[str, Any], JSONText]

#: Columns whose values are instants; a naive datetime there is ambiguous.
_INSTANT_COLUMNS = ("start", "end")


class QueryTables:
    """One person's tables (`wellness_query_tables`), read once, queried many
    times; immutable, so threads may query it at once. Close it (or use it as
    a context manager) to free the native copy at once; otherwise the garbage
    collector does."""

    def __init__(self, daily: TableInput = None, sessions: TableInput = None, *, time_zone: str = "UTC",
                 first_weekday: Optional[Union[int, Weekday]] = None,
                 units: Optional[Mapping[str, str]] = None) -> None:
        """Reads the tables. `daily`: one row per date, a `date` column
        (dates, or "YYYY-MM-DD") and numeric metrics. `sessions`: `start` and
        `end` (aware datetimes, RFC 3339 strings or epoch seconds), `activity`
        and numeric fields. Missing values (None, NaN, null) are allowed in
        metrics. `time_zone` places sessions on local days and sets "today";
        `first_weekday` starts the weeks of `this_week`/`last_week` (Monday by
        default); `units` names each column's unit ({"sleep_minutes": "min"}).
        Raises `ValidationError` naming the row and field."""
        document: Dict[str, Any] = {"time_zone": time_zone}
        if first_weekday is not None:
            document["first_weekday"] = first_weekday
        if units is not None:
            document["units"] = dict(units)
        batches = (_arrow_batch(daily, "daily"), _arrow_batch(sessions, "sessions"))
        if (daily is None or batches[0] is not None) and (sessions is None or batches[1] is not None):
            handle = _tables_from_arrow(document, *batches)
        else:
            if daily is not None:
                document["daily"] = _table(daily, "daily")
            if sessions is not None:
                document["sessions"] = _table(sessions, "sessions")
            handle = _tables_from_json(document)
        self._handle: Optional[int] = handle
        self._lock = threading.Lock()

    def query(self, query: QueryInput) -> QueryResult:
        """The answer to one query document (docs/QUERY.md): `{"value", "unit",
        "rows", "days", "from_date", "to_date", "query"}`. Nothing matching is
        an answer (rows 0). Raises `ValidationError` naming the field, e.g.
        an unknown metric with the closest column."""
        payload = _native.encode(query)
        return cast(QueryResult, _native.call(_native.lib.wellness_query, self._live(), payload, len(payload)))

    def query_many(self, queries: Sequence[QueryInput]) -> List[Union[QueryResult, WellnessError]]:
        """The answers to many queries in one call, in order; a bad query's
        place holds its exception (a `ValidationError`), and the others still
        run."""
        if isinstance(queries, (str, bytes, Mapping)):
            raise TypeError("queries must be a sequence of query documents")
        documents = [json.loads(query) if isinstance(query, (str, bytes)) else query for query in queries]
        payload = _native.encode({"queries": documents})
        answer = _native.call(_native.lib.wellness_query_many, self._live(), payload, len(payload))
        return [error_for(item["error"]) if "error" in item else cast(QueryResult, item)
                for item in answer["results"]]

    def ask(self, question: str, *, anchor: Optional[Union[str, datetime.date]] = None) -> QuestionAnswer:
        """Answers a question in words when it reads whole as a query, without
        a language model: `{"understood": True, "answer": "You ran on 4 days
        between 3 and 16 November 2025.", "number": 4, "unit": "days",
        "result": {...}}`; a question with a word or form the reader does not
        know, or about a metric the tables lack ("sleep score"), gives
        `{"understood": False, "answer": None, "result": None, "reason":
        "I could not read 'fortnightly'."}`, never a guessed number; the
        reason names the words not read or the ambiguity. `anchor` is the
        day "today" means."""
        document: Dict[str, Any] = {"question": question}
        if anchor is not None:
            document["anchor"] = anchor.isoformat() if isinstance(anchor, datetime.date) else anchor
        payload = _native.encode(document)
        return cast(QuestionAnswer, _native.call(_native.lib.wellness_query_ask, self._live(), payload, len(payload)))

    def summary(self) -> QueryTablesSummary:
        """What the tables hold: rows, metrics, activities and first and last day of each."""
        return cast(QueryTablesSummary, _native.call(_native.lib.wellness_query_tables_summary, self._live()))

    def close(self) -> None:
        """Frees the native tables; later calls raise InvalidArgumentError. Idempotent."""
        with self._lock:
            handle, self._handle = self._handle, None
        if handle is not None:
            _native.lib.wellness_query_tables_free(handle)

    def __enter__(self) -> "QueryTables":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_handle", None) is not None:
            self.close()

    def _live(self) -> int:
        handle = self._handle
        if handle is None:
            raise _native.invalid_argument(None, "these QueryTables are closed")
        return handle


def query(query: QueryInput, *, daily: TableInput = None, sessions: TableInput = None, time_zone: str = "UTC",
          first_weekday: Optional[Union[int, Weekday]] = None,
          units: Optional[Mapping[str, str]] = None) -> QueryResult:
    """The answer to one query over these tables (see `QueryTables`); for
    several queries over the same tables, `QueryTables` reads them once."""
    with QueryTables(daily, sessions, time_zone=time_zone, first_weekday=first_weekday, units=units) as tables:
        return tables.query(query)


def query_many(queries: Sequence[QueryInput], *, daily: TableInput = None, sessions: TableInput = None,
               time_zone: str = "UTC", first_weekday: Optional[Union[int, Weekday]] = None,
               units: Optional[Mapping[str, str]] = None) -> List[Union[QueryResult, WellnessError]]:
    """The answers to many queries over these tables, in one native call (see `QueryTables.query_many`)."""
    with QueryTables(daily, sessions, time_zone=time_zone, first_weekday=first_weekday, units=units) as tables:
        return tables.query_many(queries)


def query_tool() -> Dict[str, Any]:
    """The query as a tool for OpenAI-compatible tool calling: `{"name":
    "query_data", "description", "strict": True, "parameters": <JSON schema>}`;
    pass it as `{"type": "function", "function": query_tool()}` in `tools`."""
    return cast(Dict[str, Any], _native.call(_native.lib.wellness_query_tool))


def _tables_from_json(document: Dict[str, Any]) -> Optional[int]:
    payload = _native.encode(document)
    handle = ctypes.c_void_p()
    err = _native.Buf()
    try:
        status = _native.lib.wellness_query_tables_new(payload, len(payload), ctypes.byref(handle), ctypes.byref(err))
        if status != 0:
            raise _native.error_from(status, err)
    finally:
        _native.lib.wellness_buf_free(ctypes.byref(err))
    return handle.value


def _tables_from_arrow(options: Dict[str, Any], daily: Any, sessions: Any) -> Optional[int]:
    """The tables through the Arrow C Data Interface: the columns cross without JSON."""
    from .groups import _ArrowArray, _ArrowSchema

    payload = _native.encode(options)
    structs: List[Any] = []
    for batch in (daily, sessions):
        if batch is None:
            structs += [None, None]
            continue
        schema, array = _ArrowSchema(), _ArrowArray()
        batch._export_to_c(ctypes.addressof(array), ctypes.addressof(schema))
        structs += [ctypes.byref(schema), ctypes.byref(array)]
    handle = ctypes.c_void_p()
    err = _native.Buf()
    try:
        status = _native.lib.wellness_query_tables_new_arrow(payload, len(payload), *structs, ctypes.byref(handle),
                                                             ctypes.byref(err))
        if status != 0:
            raise _native.error_from(status, err)
    finally:
        _native.lib.wellness_buf_free(ctypes.byref(err))
    return handle.value


def _arrow_batch(table: TableInput, name: str) -> Any:
    """A DataFrame or Table as one Arrow record batch of the column types the
    library reads, or None when pyarrow is missing or a column needs the JSON
    path (dates or instants as text or numbers, which it parses and checks)."""
    module = type(table).__module__.split(".")[0]
    if module not in ("pandas", "polars", "pyarrow"):
        return None
    try:
        import pyarrow as pa  # type: ignore[import-untyped]  # pyarrow ships no type information
        import pyarrow.compute as pc  # type: ignore[import-untyped]
    except ImportError:
        return None
    try:
        if module == "pandas":
            arrow = pa.Table.from_pandas(table, preserve_index=False)
        elif module == "polars":
            arrow = table.to_arrow()
        else:
            arrow = table if isinstance(table, pa.Table) else pa.Table.from_batches([table])
    except (pa.ArrowException, TypeError, ValueError):
        return None  # mixed column types: the JSON path names the cell at fault
    columns = {}
    for field in arrow.schema:
        column, kind = arrow.column(field.name), field.type
        if pa.types.is_dictionary(kind):
            column, kind = column.cast(kind.value_type), kind.value_type
        if field.name == "date":
            if pa.types.is_timestamp(kind):
                column = pc.cast(column, pa.date32())
            elif not pa.types.is_date(kind):
                return None
        elif name == "sessions" and field.name in _INSTANT_COLUMNS:
            if not pa.types.is_timestamp(kind):
                return None
            if kind.tz is None:
                raise _native.validation_error(f"{name}.{field.name}", _native.NAIVE_DATETIME)
        elif name == "sessions" and field.name == "activity":
            if pa.types.is_string_view(kind) or pa.types.is_large_string(kind):
                column = column.cast(pa.string())
            elif not pa.types.is_string(kind):
                return None
        elif pa.types.is_integer(kind) or pa.types.is_float32(kind) or pa.types.is_float64(kind):
            pass  # read by the library in its own width: an int64 past 2^53 rounds as JSON's number does
        elif pa.types.is_decimal(kind) or pa.types.is_floating(kind):
            column = column.cast(pa.float64(), safe=False)  # to the nearest double, as the JSON path reads it
        else:
            return None
        columns[field.name] = column.combine_chunks() if hasattr(column, "combine_chunks") else column
    return pa.RecordBatch.from_arrays(list(columns.values()), names=list(columns))


def _table(table: TableInput, name: str) -> Any:
    """A table as the library reads it: rows or columns of JSON values."""
    if isinstance(table, (str, bytes)):
        return json.loads(table)
    if isinstance(table, (list, tuple)):
        return [{key: _value(value, key, f"{name}[{row}].{key}") for key, value in dict(record).items()}
                for row, record in enumerate(table)]
    columns = _columns(table)
    if columns is None:
        raise TypeError(f"{name} must be a pandas or polars DataFrame, a pyarrow Table, a list of row dicts, "
                        f"a dict of columns or JSON text, not {type(table).__name__}")
    return {key: [_value(value, key, f"{name}.{key}[{row}]") for row, value in enumerate(values)]
            for key, values in columns.items()}


def _columns(table: Any) -> Optional[Dict[str, List[Any]]]:
    """A DataFrame's or Table's columns as lists of Python values, or None for another kind of object."""
    if isinstance(table, Mapping):
        return {str(key): list(values) for key, values in table.items()}
    module = type(table).__module__.split(".")[0]
    if module == "pandas":
        return {str(key): _pandas_column(table[key]) for key in table.columns}
    if module == "polars":
        return {str(key): list(values) for key, values in table.to_dict(as_series=False).items()}
    if module == "pyarrow":
        return {str(key): list(values) for key, values in table.to_pydict().items()}
    return None


def _pandas_column(series: Any) -> List[Any]:
    """A pandas column as Python values: NaN and NaT as None, datetime64 as (aware) datetimes."""
    if str(series.dtype).startswith("datetime64"):
        return [None if value is None or value != value else value.to_pydatetime()
                for value in series.astype(object)]
    return [None if isinstance(value, float) and math.isnan(value) else value for value in series.tolist()]


def _value(value: Any, column: str, path: str) -> Any:
    """One cell as JSON: dates as "YYYY-MM-DD" (a midnight datetime is a date
    in the date column), aware datetimes as RFC 3339, NaN as null."""
    if hasattr(value, "item") and hasattr(value, "dtype"):  # numpy scalars
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, datetime.datetime):
        if column == "date":
            return value.date().isoformat()
        if value.tzinfo is None or value.utcoffset() is None:
            if column in _INSTANT_COLUMNS:
                raise _native.validation_error(path, _native.NAIVE_DATETIME)
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value
