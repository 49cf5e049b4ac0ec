"""What every comparison script shares: its arguments, and the walk that clusters the cases the core
and an independent checker answer differently and reports them.

    python3 compare_<what>.py COUNT SEED [--first] [--break-<what>]

Each script prints its divergences clustered, with examples, and exits 1 when there is any; with
--first it prints the first divergence alone as JSON and exits 1 (for the tests), or exits 0 when
there is none; --break-<what> plants a fault in the checker, for the test that a disagreement is
reported.
"""
import collections
import json
import sys


def arguments(default_count=3000):
    """The count and seed (positional) and whether to stop at the first divergence."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    return (int(args[0]) if args else default_count, int(args[1]) if len(args) > 1 else 1, "--first" in sys.argv)


def planted(flag):
    """Whether the run asked for the checker's planted fault `flag`."""
    return flag in sys.argv


def code_difference(core, mine):
    """The codes only the core gives and those only the checker gives: a cluster key."""
    return (tuple(sorted(set(core) - set(mine))), tuple(sorted(set(mine) - set(core))))


def clusters(triples, differ, first, first_json):
    """The (case, core, checker) triples for which differ(...) gives a key, grouped by it, in order.

    With `first`, prints first_json(...) of the first such triple and exits 1, or exits 0 when none.
    """
    out = collections.OrderedDict()
    for case, core, mine in triples:
        key = differ(case, core, mine)
        if key is None:
            continue
        if first:
            print(json.dumps(first_json(case, core, mine)))
            sys.exit(1)
        out.setdefault(key, []).append((case, core, mine))
    if first:
        sys.exit(0)
    return out


def report(headline, found, describe, show, examples=3):
    """Prints the headline with the count, then each cluster, largest first, with examples; exits 1 on any."""
    total = sum(len(v) for v in found.values())
    print(f"{headline}, {total} divergences in {len(found)} clusters")
    for key, items in sorted(found.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(items)}: {describe(key)}")
        for item in items[:examples]:
            show(*item)
    sys.exit(1 if total else 0)


def verdicts(cases, core, mine, first, noun, checker, width):
    """Compares verdicts `{ok, errors}` from the core with `(ok, errors)` pairs from the checker, and reports."""
    found = clusters(
        zip(cases, core, mine),
        lambda case, theirs, ours: None if ours == (theirs["ok"], theirs["errors"]) else code_difference(theirs["errors"], ours[1]),
        first,
        lambda case, theirs, ours: {"case": case, "core": theirs, checker: {"ok": ours[0], "errors": ours[1]}})
    report(
        f"{len(cases)} {noun} compared", found,
        lambda key: f"core only {list(key[0])}, {checker} only {list(key[1])}",
        lambda case, theirs, ours: print("   ", json.dumps(case)[:width], "core", theirs["errors"], checker, ours[1]))
