"""Values typed into fields in the format the field accepts: dates and times above all.

'Enter 10/11/2011 as the date' into ``<input type=date>`` must be filled as ``2011-10-11``; '8:04 PM'
into ``<input type=time>`` as ``20:04``. A text field backed by a date-picker widget gets the date in
the widget's format (from its placeholder, else the jQuery UI default ``mm/dd/yyyy``). A value that
is not a date or time, or a field that is neither, is typed as given.
"""

from __future__ import annotations

import re
from datetime import date

_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("january", "jan", "januar", "jänner"), ("february", "feb", "februar"),
            ("march", "mar", "märz", "marz"),
            ("april", "apr"), ("may", "mai"), ("june", "jun", "juni"), ("july", "jul", "juli"),
            ("august", "aug"), ("september", "sep", "sept"), ("october", "oct", "oktober", "okt"),
            ("november", "nov"), ("december", "dec", "dezember", "dez"),
        ]
    )
    for m in names
}  # fmt: skip


def parse_date(text: str) -> date | None:
    """A calendar date from '2011-10-11', '10/11/2011' (month first unless impossible), '24.12.2025',
    'March 5, 2024' or '5 March 2024'; ``None`` if it is not one."""
    t = text.strip().casefold()
    try:
        if m := re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t):
            return date(int(m[1]), int(m[2]), int(m[3]))
        if m := re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", t):
            a, b, y = int(m[1]), int(m[2]), int(m[3])
            return date(y, b, a) if a > 12 else date(y, a, b)
        if m := re.fullmatch(r"(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})", t):
            return date(int(m[3]), int(m[2]), int(m[1]))
        if m := re.fullmatch(r"([a-zä]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})", t):
            month = _MONTHS.get(m[1])
            return date(int(m[3]), month, int(m[2])) if month else None
        if m := re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th|\.)?\s+([a-zä]+)\.?,?\s+(\d{4})", t):
            month = _MONTHS.get(m[2])
            return date(int(m[3]), month, int(m[1])) if month else None
    except ValueError:
        return None
    return None


def parse_time(text: str) -> tuple[int, int] | None:
    """Hours and minutes from '8:04 PM', '20:04', '9:15 am', '7 pm'; ``None`` if it is not a time."""
    t = text.strip().casefold().replace(".", "")
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm|a|p)?(?:\s*uhr)?", t)
    if not m or (m[2] is None and m[3] is None):
        return None
    h, mi = int(m[1]), int(m[2] or 0)
    if m[3]:
        if not 1 <= h <= 12:
            return None
        h = h % 12 + (12 if m[3].startswith("p") else 0)
    if h > 23 or mi > 59:
        return None
    return h, mi


def _widget_format(hints: str) -> str | None:
    """The date format a text field's placeholder shows ('dd.mm.yyyy', 'MM/DD/YYYY'), if any."""
    m = re.search(r"(dd|mm|yyyy|tt|jjjj)([./-])(dd|mm|tt)\2(yyyy|yy|jjjj)", hints.casefold())
    if m:
        first = "d" if m[1] in ("dd", "tt") else "m"
        return f"{first}{m[2]}"
    if re.search(r"yyyy-mm-dd", hints.casefold()):
        return "iso"
    return None


def for_field(value: str, input_type: str, hints: str = "") -> str:
    """``value`` in the format a field of ``input_type`` accepts.

    Args:
        value: The value as the instruction gave it.
        input_type: The field's ``type`` attribute ('date', 'time', 'text'...).
        hints: The field's placeholder, classes, id and label, to recognise date-picker widgets.
    """
    kind = input_type.casefold()
    if kind in ("date", "datetime-local", "month", "week"):
        d = parse_date(value)
        if d is None:
            return value
        if kind == "month":
            return f"{d.year:04d}-{d.month:02d}"
        return d.isoformat() if kind == "date" else value
    if kind == "time":
        hm = parse_time(value)
        return f"{hm[0]:02d}:{hm[1]:02d}" if hm else value
    if kind in ("", "text") and re.search(r"date|datum|calendar|picker", hints, re.IGNORECASE):
        d = parse_date(value)
        if d is None:
            return value
        fmt = _widget_format(hints)
        if fmt == "iso":
            return d.isoformat()
        if fmt and fmt[0] == "d":
            sep = fmt[1]
            return f"{d.day:02d}{sep}{d.month:02d}{sep}{d.year:04d}"
        sep = fmt[1] if fmt else "/"
        if re.fullmatch(r"\d{1,2}([./-])\d{1,2}\1\d{4}", value.strip()) and not fmt:
            return value.strip()  # already in a day-month-year form the widget shows; keep it
        return f"{d.month:02d}{sep}{d.day:02d}{sep}{d.year:04d}"
    return value
