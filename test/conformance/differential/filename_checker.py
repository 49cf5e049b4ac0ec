"""An independent reader of message file names, for the differential check: section 4's
`yyyy-mm-dd-hh-mm-ss[-fff]-<CALLSIGN>-<kind>-<slug>.md` in UTC, read from core/mailbox/README.md's
stated readings ("Filenames": a slug is lowercase words of letters and digits joined by hyphens,
at most 64 characters; the date and time must be real, the year 0001 or later, as RW1's dates; kinds lowercase and callsigns uppercase,
so the name splits without ambiguity), never from core/mailbox/*.ts.

    parse(name) -> None or {"time", "millis", "callsign", "kind", "slug"}
"""
import calendar
import re

from mailbox_checker import CALLSIGN, DEVICES, KINDS

NAME = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})-([0-9]{2})-([0-9]{2})-([0-9]{2})(?:-([0-9]{3}))?-(.+)\.md\Z")
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")


def parse(name):
    m = NAME.match(name)
    if m is None:
        return None
    y, mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 7))
    if y < 1 or not 1 <= mo <= 12 or not 1 <= d <= calendar.monthrange(y, mo)[1] or h > 23 or mi > 59 or s > 59:
        return None
    parts = m.group(8).split("-")
    for i in range(1, len(parts) - 1):
        if parts[i] in KINDS:
            callsign, kind, slug = "-".join(parts[:i]), parts[i], "-".join(parts[i + 1:])
            if CALLSIGN.match(callsign) and callsign not in DEVICES and SLUG.match(slug) and len(slug) <= 64:
                ms = m.group(7) or "000"
                return {"time": f"{y:04d}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}.{ms}Z", "millis": m.group(7) is not None,
                        "callsign": callsign, "kind": kind, "slug": slug}
            return None
    return None
