"""Runs the core's parseFilename and the independent filename_checker over the same seeded names.

    python3 compare_filenames.py COUNT SEED [--first]

Seeds are the valid names of ../mailbox/names.jsonl, mutated (dates and times at and past their
limits, a leap second, milliseconds of 2 to 4 digits, callsigns at their limits and holding a
kind's word, kinds re-cased, slugs at 64 and 65 characters, in other scripts, with doubled or
trailing hyphens, the extension changed). Prints the divergences, exits 1 when there is any.
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import filename_checker  # noqa: E402
from mailbox_checker import KINDS  # noqa: E402

NAMES = os.path.join(HERE, "..", "mailbox", "names.jsonl")


def seeds():
    out = []
    with open(NAMES, encoding="utf-8") as f:
        for line in f:
            v = json.loads(line) if line.strip() else {}
            if v.get("filename") and v.get("parsed"):
                out.append(v["filename"])
    return out


def mutate(rng, name):
    stamp, rest = name[:19], name[19:]
    choice = rng.randrange(10)
    if choice == 0 and len(stamp.split("-")) == 6:
        y, mo, d, h, mi, s = stamp.split("-")
        field = rng.randrange(6)
        values = [[y, "0000", "0001", "9999", "2028", "2100", "2000"], [mo, "00", "12", "13", "02"],
                  [d, "00", "28", "29", "30", "31", "32"], [h, "00", "23", "24"], [mi, "59", "60"], [s, "59", "60", "61"]]
        parts = [y, mo, d, h, mi, s]
        parts[field] = rng.choice(values[field])
        stamp = "-".join(parts)
    elif choice == 1:
        stamp = rng.choice(["2016-12-31-23-59-60", "2026-06-30-23-59-60", "2026-06-29-23-59-60", "2026-02-28-23-59-60"])
    elif choice == 2:
        rest = rng.choice(["-12", "-1234", "-000", "-999", "-12a"]) + (rest[4:] if rest[:5].count("-") == 1 and rest[1:4].isdigit() else rest)
    elif choice == 3:
        rest = "-" + rng.choice(["A", "A" * 32, "A" * 33, "REPLY", "VEGA-reply", "HELLO-WORLD", "A-", "CON", "ALL", "V3", "3V", "vega", "VÉGA"]) + "-" + rng.choice(KINDS) + "-x.md"
    elif choice == 4:
        rest = "-VEGA-" + rng.choice(["Hello", "HELLO", "ping", "reply-reply", "hello-hello", "state"]) + "-x.md"
    elif choice == 5:
        rest = "-VEGA-reply-" + rng.choice(["a" * 64, "a" * 65, "x--y", "x-", "-x", "café", "x_y", "x.y", "X", "0", "draft-v2", "über", "ａ", "a b"]) + ".md"
    elif choice == 6:
        rest = rest[:-3] + rng.choice([".MD", ".md.md", "", ".md ", ".markdown", ".md\n"])
    elif choice == 7:
        stamp = stamp.replace("-", rng.choice(["_", ":", "T", ""]), 1)
    elif choice == 8:
        stamp = rng.choice(["２０２６", "2026"]) + stamp[4:]
    else:
        pass
    return stamp + rest


def cases(count, seed):
    rng = random.Random(seed)
    base = seeds()
    for n in range(count):
        name = base[n % len(base)]
        for _ in range(rng.choice([1, 1, 2])):
            name = mutate(rng, name)
        yield {"name": name}


def main():
    count, seed, first = comparison.arguments()
    if comparison.planted("--break-slugs"):
        # A reader that takes any text for a slug.
        filename_checker.SLUG = __import__("re").compile(r".+\Z")
    names = list(cases(count, seed))
    triples = ((case, theirs["parsed"], filename_checker.parse(case["name"])) for case, theirs in zip(names, core_answers("core-filenames.ts", names)))
    found = comparison.clusters(triples, lambda case, core, mine: None if mine == core else "the two read it otherwise", first,
                                lambda case, core, mine: {"case": case, "core": core, "checker": mine})
    comparison.report(f"{len(names)} names compared", found, str,
                      lambda case, core, mine: print("   ", json.dumps(case, ensure_ascii=False), "core", json.dumps(core), "checker", json.dumps(mine)),
                      examples=20)

if __name__ == "__main__":
    main()
