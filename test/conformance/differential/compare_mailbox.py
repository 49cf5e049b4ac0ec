"""Runs the core and the independent mailbox checker over the same seeded message files and compares them.

    python3 compare_mailbox.py COUNT SEED [--first] [--break-callsigns] [--break-legacy-envelope]
        [--break-envelope-shape] [--break-correction] [--break-message-size] [--break-frontmatter-size]
        [--break-depth] [--break-encoding] [--break-secrets] [--break-block-plain] [--break-sequence-entries]
        [--break-escaped-surrogate]

Compares the verdict, the error codes and the notes the checker models (mailbox_checker.NOTES).
Prints the divergences clustered by which codes only the core gives and which only the
checker gives, with an example each, and exits 1 when there is any. With --first it prints the
first divergence alone (for the test). With --break-legacy-envelope the checker reads no legacy
flat `meta` (the reading before generate_mailbox drew legacy envelopes); with --break-envelope-shape
it reads a `meta` or `meta.mailbox` that is no mapping as missing (ENVELOPE_MISSING, not
ENVELOPE_SHAPE); with --break-correction it takes any value for `meta.mailbox.correction`. The reader's
refusals before the envelope and after it: --break-message-size reads a message of any size;
--break-frontmatter-size counts the frontmatter's characters, not its UTF-8 bytes; --break-depth
reads one level of nesting more than 128; --break-encoding reads a lone surrogate as text (the
core's reading before README note 181); --break-secrets reads no credential in a message. Two
YAML readings fixed in the checker: --break-block-plain reads a plain scalar in block context as in a
flow collection (`tags: x[a, b]` refused); --break-sequence-entries takes any line of a frontmatter
that is a block sequence for an entry. --break-escaped-surrogate takes a free-text field whose escape
spells half a surrogate pair (`arena: "CROX\\ud800SITE"`) for text (the core's reading before README
note 182). Needs
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
    if comparison.planted("--break-message-size"):
        # A checker with no message limit: a message over 1 MiB is read.
        mailbox_checker.MAX_MESSAGE_BYTES = float("inf")
    if comparison.planted("--break-frontmatter-size"):
        # A checker counting the frontmatter's characters, not its UTF-8 bytes.
        mailbox_checker.FRONTMATTER_SIZE = len
    if comparison.planted("--break-depth"):
        # A checker that counts the frontmatter's own mapping as level 0: one level too many read.
        mailbox_checker.TOP_LEVEL = 0
    if comparison.planted("--break-encoding"):
        # A checker that reads a lone surrogate as text, as the core did before README note 181.
        mailbox_checker.READS_ENCODING = False
    if comparison.planted("--break-secrets"):
        # The checker before it read credentials: no line holds one.
        mailbox_checker.READS_SECRETS = False
    if comparison.planted("--break-block-plain"):
        # A checker that reads a plain scalar in block context as in a flow collection (`x[a, b]` refused).
        mailbox_checker.PLAIN_AS_FLOW = True
    if comparison.planted("--break-sequence-entries"):
        # A checker that takes any line of a frontmatter that is a block sequence for an entry.
        mailbox_checker.LIST_ENTRIES_CHECKED = False
    if comparison.planted("--break-escaped-surrogate"):
        # A checker that takes a free-text field holding half a surrogate pair, spelt by an escape, for text.
        mailbox_checker.READS_ESCAPED_SURROGATES = False
    cases = list(generate_mailbox.cases(count, seed))
    # The error codes and the notes the checker models (mailbox_checker.NOTES).
    core = [{"ok": answer["ok"], "errors": sorted(set(answer["errors"]) | (set(answer["notes"]) & mailbox_checker.NOTES))}
            for answer in core_answers("core-mailbox-verdicts.ts", cases)]
    comparison.verdicts(cases, core, (mailbox_checker.verdict(case["text"], case["mode"]) for case in cases), first, "messages", "checker", 1200)


if __name__ == "__main__":
    main()
