"""What the wheel's users see: the version and a time-zone-sensitive aggregation."""
import json
import sys

import wellness
from wellness import _native

samples = [{"timestamp": stamp, "value": value} for stamp, value in [
    ("2024-03-10T04:59:59Z", 1), ("2024-03-10T05:00:00Z", 2),
    ("2024-03-11T03:59:59Z", 3), ("2024-03-11T04:00:00Z", 4)]]
report = wellness.series_aggregate({"interval": "day", "time_zone": "America/New_York"}, samples)
print(wellness.version(), wellness.__file__.startswith(sys.prefix))
# Installed with --no-deps (no orjson): the wheel's own codec writes and reads the JSON.
print("codec:", _native.codec_in_use())
print(json.dumps(report, sort_keys=True))
