"""Generated exports for the importers' tests and benchmark: Apple Health
`export.xml` / `export.zip` with three sources (an Apple Watch and an iPhone
that record the same steps and distance, and a scale app), sleep with stages,
workouts with statistics; GPX and TCX tracks.

The Apple Health generator also returns what the import must find (the
expected days), computed the simple way the generated data allows: the
iPhone's steps and distance repeat the watch's intervals exactly, so a day's
total is the watch's when it was worn and the iPhone's otherwise.
"""

from __future__ import annotations

import datetime as dt
import io
import random
import zipfile
from typing import Any, BinaryIO, Dict, List, Optional, Tuple

WATCH = "Ann’s Apple Watch"
PHONE = "Ann’s iPhone"
SCALE = "Withings"
WATCH_DEVICE = ("&lt;&lt;HKDevice: 0x283e2c8c0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
                "hardware:Watch6,1, software:9.1&gt;")
PHONE_DEVICE = ("&lt;&lt;HKDevice: 0x283e2c9a0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
                "hardware:iPhone13,2, software:16.1&gt;")

HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 11 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
]>
<HealthData locale="en_US">
 <ExportDate value="2025-01-01 09:00:00 +0100"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-04-02"
     HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
"""

Q = "HKQuantityTypeIdentifier"


def stamp(moment: dt.datetime) -> str:
    """The export's date form: "2024-03-10 07:15:00 -0800"."""
    offset = moment.utcoffset() or dt.timedelta(0)
    seconds = int(offset.total_seconds())
    sign = "-" if seconds < 0 else "+"
    seconds = abs(seconds)
    return moment.strftime("%Y-%m-%d %H:%M:%S ") + f"{sign}{seconds // 3600:02d}{seconds // 60 % 60:02d}"


def record(kind: str, source: str, device: str, unit: str, start: dt.datetime, end: dt.datetime,
           value: Any) -> str:
    device_attribute = f' device="{device}"' if device else ""
    return (f' <Record type="{kind}" sourceName="{source}" sourceVersion="9.1"{device_attribute} unit="{unit}" '
            f'creationDate="{stamp(end)}" startDate="{stamp(start)}" endDate="{stamp(end)}" value="{value}"/>\n')


def sleep_record(source: str, stage: str, start: dt.datetime, end: dt.datetime) -> str:
    return (f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="{source}" sourceVersion="9.1" '
            f'creationDate="{stamp(end)}" startDate="{stamp(start)}" endDate="{stamp(end)}" '
            f'value="HKCategoryValueSleepAnalysis{stage}"/>\n')


def workout(activity: str, source: str, start: dt.datetime, minutes: float, km: Optional[float], kcal: float,
            heart_rate: Optional[float]) -> str:
    end = start + dt.timedelta(minutes=minutes)
    distance = f' totalDistance="{km}" totalDistanceUnit="km"' if km is not None else ""
    text = (f' <Workout workoutActivityType="HKWorkoutActivityType{activity}" duration="{minutes}" '
            f'durationUnit="min"{distance} totalEnergyBurned="{kcal}" totalEnergyBurnedUnit="kcal" '
            f'sourceName="{source}" sourceVersion="9.1" creationDate="{stamp(end)}" startDate="{stamp(start)}" '
            f'endDate="{stamp(end)}">\n')
    text += '  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
    if heart_rate is not None:
        text += (f'  <WorkoutStatistics type="{Q}HeartRate" startDate="{stamp(start)}" endDate="{stamp(end)}" '
                 f'average="{heart_rate}" minimum="{heart_rate - 20}" maximum="{heart_rate + 25}" unit="count/min"/>\n')
    return text + " </Workout>\n"


class Expected:
    """What the import must find: by date, the daily values the generator knows."""

    def __init__(self) -> None:
        self.steps: Dict[str, float] = {}
        self.resting_heart_rate: Dict[str, float] = {}
        self.workouts = 0
        self.records = 0

    def add_steps(self, day: str, value: float) -> None:
        self.steps[day] = self.steps.get(day, 0) + value


def write_apple_health(out: BinaryIO, *, days: int, first: dt.date = dt.date(2020, 1, 1), seed: int = 7,
                       zone: str = "Europe/Berlin", energy_every: int = 60, heart_every: int = 240,
                       interval_minutes: int = 10, devices: bool = True) -> Expected:
    """Writes an export.xml of `days` days: the watch worn 6 days in 7; steps and distance every
    `interval_minutes` from 07:00 to 23:00 by the watch and the iPhone (the same intervals), active
    energy every `energy_every` s and heart rate every `heart_every` s by the watch, resting heart rate,
    HRV, nightly sleep with stages, weekly weight by the scale app and a workout every other day.
    Without `devices`, records leave out their (long) device attribute."""
    from zoneinfo import ZoneInfo

    watch_device, phone_device = (WATCH_DEVICE, PHONE_DEVICE) if devices else ("", "")

    rng = random.Random(seed)
    tz = ZoneInfo(zone)
    expected = Expected()
    out.write(HEADER.encode())
    chunks: List[str] = []

    def flush() -> None:
        out.write("".join(chunks).encode())
        chunks.clear()

    for index in range(days):
        date = first + dt.timedelta(days=index)
        day = date.isoformat()
        worn = index % 7 != 3
        morning = dt.datetime(date.year, date.month, date.day, 7, tzinfo=tz)
        slots = 16 * 60 // interval_minutes
        for slot in range(slots):
            start = morning + dt.timedelta(minutes=slot * interval_minutes)
            end = start + dt.timedelta(minutes=interval_minutes - 1, seconds=30)
            watch_steps = rng.randint(0, 300)
            phone_steps = max(0, watch_steps - rng.randint(0, 40))
            if worn:
                chunks.append(record(Q + "StepCount", WATCH, watch_device, "count", start, end, watch_steps))
                chunks.append(record(Q + "DistanceWalkingRunning", WATCH, watch_device, "km", start, end,
                                     round(watch_steps * 0.00075, 5)))
                expected.add_steps(day, watch_steps)
                expected.records += 2
            chunks.append(record(Q + "StepCount", PHONE, phone_device, "count", start, end, phone_steps))
            chunks.append(record(Q + "DistanceWalkingRunning", PHONE, phone_device, "km", start, end,
                                 round(phone_steps * 0.0007, 5)))
            expected.records += 2
            if not worn:
                expected.add_steps(day, phone_steps)
        expected.steps.setdefault(day, 0)
        if worn:
            for second in range(0, 16 * 3600, energy_every):
                start = morning + dt.timedelta(seconds=second)
                chunks.append(record(Q + "ActiveEnergyBurned", WATCH, watch_device, "kcal", start,
                                     start + dt.timedelta(seconds=energy_every - 1), round(rng.uniform(0, 2), 3)))
                expected.records += 1
            for second in range(0, 24 * 3600, heart_every):
                start = dt.datetime(date.year, date.month, date.day, tzinfo=tz) + dt.timedelta(seconds=second)
                chunks.append(record(Q + "HeartRate", WATCH, watch_device, "count/min", start, start,
                                     rng.randint(50, 150)))
                expected.records += 1
            resting = rng.randint(52, 64)
            chunks.append(record(Q + "RestingHeartRate", WATCH, watch_device, "count/min", morning,
                                 morning + dt.timedelta(hours=15), resting))
            expected.resting_heart_rate[day] = resting
            chunks.append(record(Q + "HeartRateVariabilitySDNN", WATCH, watch_device, "ms", morning, morning,
                                 round(rng.uniform(25, 80), 2)))
            expected.records += 2
            # The night ending this morning: in bed 23:00 to 07:00, stages in 90-minute cycles.
            bed = morning - dt.timedelta(hours=8)
            chunks.append(sleep_record(PHONE, "InBed", bed, morning))
            cursor = bed + dt.timedelta(minutes=10)
            for stage, minutes in [("AsleepCore", 60), ("AsleepDeep", 50), ("AsleepREM", 30), ("Awake", 5),
                                   ("AsleepCore", 120), ("AsleepREM", 40), ("AsleepCore", 100), ("Awake", 10)]:
                chunks.append(sleep_record(WATCH, stage, cursor, cursor + dt.timedelta(minutes=minutes)))
                cursor += dt.timedelta(minutes=minutes)
            expected.records += 9
        if index % 7 == 0:
            weigh = morning + dt.timedelta(minutes=5)
            chunks.append(record(Q + "BodyMass", SCALE, "", "kg", weigh, weigh, round(rng.uniform(60, 62), 1)))
            expected.records += 1
        if index % 2 == 0:
            kind = ["Running", "Cycling", "Walking", "TraditionalStrengthTraining"][index // 2 % 4]
            start = dt.datetime(date.year, date.month, date.day, 18, tzinfo=tz)
            chunks.append(workout(kind, WATCH, start, 45.5, 7.5 if kind != "TraditionalStrengthTraining" else None,
                                  420.0, 141.0))
            expected.workouts += 1
        if len(chunks) > 20_000:
            flush()
    chunks.append("</HealthData>\n")
    flush()
    return expected


def apple_health_zip(xml: bytes, name: str = "apple_health_export/export.xml") -> bytes:
    """An export.zip holding `xml` as Apple writes it (deflated, with export_cda.xml beside it)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, xml)
        archive.writestr("apple_health_export/export_cda.xml", "<ClinicalDocument/>")
    return out.getvalue()


def small_export(records: str, header: str = HEADER) -> bytes:
    """An export.xml of the given record lines."""
    return (header + records + "</HealthData>\n").encode()


def gpx(points: List[Tuple[float, float, float, str, Optional[int]]], kind: str = "running") -> bytes:
    """A GPX track of (lat, lon, elevation, time, heart rate) points, as Strava writes it."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx creator="StravaGPX" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" '
             'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">',
             f" <trk><name>Evening Run</name><type>{kind}</type><trkseg>"]
    for lat, lon, ele, time, hr in points:
        extension = (f"<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>{hr}</gpxtpx:hr>"
                     "</gpxtpx:TrackPointExtension></extensions>") if hr is not None else ""
        lines.append(f'  <trkpt lat="{lat}" lon="{lon}"><ele>{ele}</ele><time>{time}</time>{extension}</trkpt>')
    lines += [" </trkseg></trk>", "</gpx>"]
    return "\n".join(lines).encode()


def tcx(points: List[Tuple[float, float, float, str, Optional[int]]], sport: str = "Biking",
        calories: int = 300) -> bytes:
    """A TCX activity of the same points, as Garmin Connect writes it."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">',
             f' <Activities><Activity Sport="{sport}"><Id>{points[0][3]}</Id>',
             f'  <Lap StartTime="{points[0][3]}"><Calories>{calories}</Calories><Track>']
    for lat, lon, ele, time, hr in points:
        heart = f"<HeartRateBpm><Value>{hr}</Value></HeartRateBpm>" if hr is not None else ""
        lines.append(f"   <Trackpoint><Time>{time}</Time><Position><LatitudeDegrees>{lat}</LatitudeDegrees>"
                     f"<LongitudeDegrees>{lon}</LongitudeDegrees></Position><AltitudeMeters>{ele}</AltitudeMeters>"
                     f"{heart}</Trackpoint>")
    lines += ["  </Track></Lap>", " </Activity></Activities>", "</TrainingCenterDatabase>"]
    return "\n".join(lines).encode()


class FitbitExpected:
    """What a generated Fitbit export must give, by date."""

    def __init__(self) -> None:
        self.steps: Dict[str, float] = {}
        self.resting_heart_rate: Dict[str, float] = {}
        self.deep_sleep_minutes: Dict[str, float] = {}
        self.active_zone_minutes: Dict[str, float] = {}
        self.heart_rate_variability: Dict[str, float] = {}
        self.exercises = 0


def write_fitbit(folder: Any, *, days: int, first: dt.date = dt.date(2021, 1, 1), seed: int = 11,
                 heart_every: int = 60) -> FitbitExpected:
    """Writes a Google Takeout Fitbit folder ("Global Export Data" and "Heart Rate Variability") of `days`
    days: per-minute steps in monthly files, heart rate every `heart_every` s in daily files, resting
    heart rate, sleep with stages, exercises, active zone minutes and HRV summaries."""
    import json
    from pathlib import Path

    rng = random.Random(seed)
    root = Path(folder) / "Takeout" / "Fitbit" / "Global Export Data"
    hrv_root = Path(folder) / "Takeout" / "Fitbit" / "Heart Rate Variability"
    root.mkdir(parents=True, exist_ok=True)
    hrv_root.mkdir(parents=True, exist_ok=True)
    expected = FitbitExpected()
    dates = [first + dt.timedelta(days=index) for index in range(days)]
    slashed = lambda moment: moment.strftime("%m/%d/%y %H:%M:%S")  # noqa: E731
    months: Dict[str, List[dt.date]] = {}
    for date in dates:
        months.setdefault(date.strftime("%Y-%m"), []).append(date)
    resting, sleeps, exercises = [], [], []
    for month, month_dates in months.items():
        steps = []
        for date in month_dates:
            total = 0
            for minute in range(0, 1440, 1):
                value = rng.randint(0, 40) if 420 <= minute < 1380 else 0
                total += value
                steps.append({"dateTime": slashed(dt.datetime.combine(date, dt.time()) + dt.timedelta(minutes=minute)),
                              "value": str(value)})
            expected.steps[date.isoformat()] = total
            heart = [{"dateTime": slashed(dt.datetime.combine(date, dt.time()) + dt.timedelta(seconds=second)),
                      "value": {"bpm": rng.randint(50, 140), "confidence": 2}}
                     for second in range(0, 86400, heart_every)]
            (root / f"heart_rate-{date.isoformat()}.json").write_text(json.dumps(heart))
            rate = round(rng.uniform(52, 62), 2)
            resting.append({"dateTime": slashed(dt.datetime.combine(date, dt.time())),
                            "value": {"date": date.strftime("%m/%d/%y"), "value": rate, "error": 6.5}})
            expected.resting_heart_rate[date.isoformat()] = rate
            deep = rng.randint(40, 100)
            start = dt.datetime.combine(date - dt.timedelta(days=1), dt.time(23, 5))
            sleeps.append({"logId": len(sleeps), "dateOfSleep": date.isoformat(),
                           "startTime": start.isoformat() + ".000",
                           "endTime": (start + dt.timedelta(hours=8)).isoformat() + ".000", "duration": 28800000,
                           "minutesAsleep": 420, "minutesAwake": 60, "timeInBed": 480, "type": "stages",
                           "levels": {"summary": {"deep": {"count": 4, "minutes": deep},
                                                  "light": {"count": 20, "minutes": 300 - deep},
                                                  "rem": {"count": 5, "minutes": 120},
                                                  "wake": {"count": 20, "minutes": 60}}},
                           "mainSleep": True})
            expected.deep_sleep_minutes[date.isoformat()] = deep
            if date.toordinal() % 3 == 0:
                exercises.append({"logId": len(exercises), "activityName": "Run", "averageHeartRate": 150,
                                  "calories": 400, "duration": 2400000, "steps": 5000,
                                  "startTime": slashed(dt.datetime.combine(date, dt.time(7))), "distance": 5.2,
                                  "distanceUnit": "Kilometer", "elevationGain": 30})
                expected.exercises += 1
        (root / f"steps-{month_dates[0].isoformat()}.json").write_text(json.dumps(steps))
        azm = ["date_time,heart_zone_id,total_minutes"]
        hrv = ["timestamp,rmssd,nremhr,entropy"]
        for date in month_dates:
            minutes = rng.randint(0, 60)
            azm.append(f"{date.isoformat()}T07:05,FAT_BURN,{minutes}")
            expected.active_zone_minutes[date.isoformat()] = minutes
            rmssd = round(rng.uniform(20, 60), 3)
            hrv.append(f"{date.isoformat()}T00:00:00,{rmssd},55.1,2.3")
            expected.heart_rate_variability[date.isoformat()] = rmssd
        (root / f"Active Zone Minutes - {month_dates[0].isoformat()}.csv").write_text("\n".join(azm) + "\n")
        (hrv_root / f"Daily Heart Rate Variability Summary - {month}-01.csv").write_text("\n".join(hrv) + "\n")
    (root / f"resting_heart_rate-{first.isoformat()}.json").write_text(json.dumps(resting))
    (root / f"sleep-{first.isoformat()}.json").write_text(json.dumps(sleeps))
    (root / "exercise-0.json").write_text(json.dumps(exercises))
    return expected
