"""Runs the core and the independent mailbox checker over the same seeded message files and compares them.

    python3 compare_mailbox.py COUNT SEED [--first] [--break-callsigns] [--break-legacy-envelope]
        [--break-envelope-shape] [--break-correction]

Compares the verdict, the error codes and the notes the checker models (mailbox_checker.NOTES).
Prints the divergences clustered by which codes only the core gives and which only the
checker gives, with an example each, and exits 1 when there is any. With --first it prints the
first divergence alone (for the test). With --break-legacy-envelope the checker reads no legacy
flat `meta` (the reading before generate_mailbox drew legacy envelopes); with --break-envelope-shape
it reads a `meta` or `meta.mailbox` that is no mapping as missing (ENVELOPE_MISSING, not
ENVELOPE_SHAPE); with --break-correction it takes any value for `meta.mailbox.correction`. Needs
python3 and node.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import generate_mailbox  # noqa: E402
import mailbox_checker  # noqa: E402


def main():
    count, seed, first = comparison.arguments()
    if comparison.planted("--break-callsigns"):
        # A checker that takes any text for a callsign.
        mailbox_checker.callsign_codes = lambda value, errors: None
    if comparison.planted("--break-legacy-envelope"):
        # The checker before legacy flat envelopes were drawn: it reads no flat `meta`.
        mailbox_checker.READS_LEGACY = False
    if comparison.planted("--break-envelope-shape"):
        # A checker that reads a `meta` or `meta.mailbox` that is no mapping as no envelope at all.
        mailbox_checker.SHAPE_OF_MAILBOX = "ENVELOPE_MISSING"
    if comparison.planted("--break-correction"):
        # A checker that takes any value for `meta.mailbox.correction`, a mapping or not.
        mailbox_checker.MAPPING_FIELDS = ("availability", "anomaly")
    cases = list(generate_mailbox.cases(count, seed))
    # The error codes and the notes the checker models (mailbox_checker.NOTES).
    core = [{"ok": answer["ok"], "errors": sorted(set(answer["errors"]) | (set(answer["notes"]) & mailbox_checker.NOTES))}
            for answer in core_answers("core-mailbox-verdicts.ts", cases)]
    comparison.verdicts(cases, core, (mailbox_checker.verdict(case["text"], case["mode"]) for case in cases), first, "messages", "checker", 1200)


if __name__ == "__main__":
    main()
