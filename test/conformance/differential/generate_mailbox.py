"""Seeded message files for the differential check of the Agent Mailbox: valid ones, mutated.

Seeds are a valid message of each of section 5's kinds, CORE and FULL, shaped as the README's
example envelope (core/mailbox/README.md, "The message") with the bodies the rules of one message
ask for (a goodbye's re-entry, a deliver's hash). Each case is {"text", "mode"}: a whole file and
`inbound` or `outbound`. Mutations: each field dropped, duplicated (also as a quoted key),
misspelt or re-cased; values quoted, unquoted, re-cased, emptied, made numbers, booleans or lists;
callsigns and sessions at their limits, device names, Handler seats, `ALL`; identifiers in other
versions, variants and case; mixed scripts and format characters in the locus; `terms`,
`exchange_budget`, `availability` and `anomaly` moved about; bodies with CRLF, a BOM, control
characters, goodbye and deliver bodies changed; the delimiters changed. On a stream of its own (so
the other cases are drawn as before), 6% of the mutated cases are laid out as a legacy envelope
(`legacy`): flat `meta` without `meta.mailbox`, fields at the top level, a field named twice, or
legacy names beside `meta.mailbox`. On another (4%), one free-text field holds an escape that
spells half a surrogate pair, or a whole character (escaped_surrogate, README note 182). Same seed,
same cases.

    python3 generate_mailbox.py COUNT SEED > cases.jsonl
"""
import json
import random
import re
import sys

KINDS = ["hello", "welcome", "resume", "state", "request", "reply", "propose", "review", "claim",
         "deliver", "ack", "blocked", "conflict", "cancel", "goodbye", "ratify", "close"]
ROOTS = {"hello", "resume"}
ROOT_OR_REPLY = {"request", "propose", "review", "blocked", "goodbye"}
HASH = "9f3e1c" * 10 + "abcd"


def uuid7(rng, version="7", variant="8"):
    h = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-{version}{h[13:16]}-{variant}{h[17:20]}-{h[20:]}"


def seed_message(rng, kind, profile):
    """An ordered list of [key, raw YAML text] under meta.mailbox, and a body."""
    parent = uuid7(rng)
    root = kind in ROOTS or (kind in ROOT_OR_REPLY and rng.random() < 0.5)
    fields = [
        ["version", "1"], ["profile", profile], ["id", uuid7(rng)], ["thread", uuid7(rng)],
        ["request_id", uuid7(rng)], ["from", rng.choice(["VEGA", "LYRA", "REVIEWER-2", "A", "ORION"])],
        ["to", rng.choice(["[LYRA]", "[VEGA, ORION]", "[ALL]", "[HANDLER]"])], ["kind", kind],
        ["reply_to", "" if root else parent], ["expects_reply", rng.choice(["true", "false"])],
        ["arena", "CROX-SITE"], ["machine", rng.choice(["VEGA-BOX", "01a0f6ba-4e44-7656-a9bd-d17e83888d92"])],
        ["root", "483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077ecc"],
        ["transport", rng.choice(["local", "git", "lyt", "sync-share"])],
    ]
    if profile == "FULL":
        fields.insert(5, ["session", "vega-s1"])
        fields.insert(6, ["seq", str(rng.randint(1, 9))])
    if kind == "state" and root:
        fields[9][1] = "false"
        if rng.random() < 0.5:
            fields.append(["availability", "{state: WORKING, reported_until: \"2026-10-01T10:00:00Z\"}"])
    if kind == "welcome":
        fields.append(["terms", rng.choice(["accept", "counter"])])
    if kind == "hello" and rng.random() < 0.5:
        fields.append(["exchange_budget", "20"])
    if kind == "request" and root and rng.random() < 0.3:
        fields[6][1] = "[LYRA]"
        fields.append(["anomaly", "{file: 2026-10-01-09-00-00-LYRA-request-x.md, hash: x}"])
    if rng.random() < 0.3:
        fields.append([rng.choice(["model", "company", "contract_version", "adapter_version", "new_evidence"]), "claude"])
    body = "" if root else "Re: [[2026-10-01-09-01-00-LYRA-welcome-accept]]\n\n"
    body += "Please review the draft. Verdict by reply.\n"
    if kind == "goodbye":
        body += "re-entry: " + rng.choice(["returning", "final"]) + "\n"
    if kind == "deliver":
        body += f"Artifact workspace/VEGA/artifacts/draft.md sha256:{HASH}\n"
    return fields, body


def field_lines(fields, indent):
    lines = []
    for key, raw in fields:
        if key.endswith("#TAB"):
            lines.append(indent + key[:-4])
            continue
        lines.append(f"{indent}{key}: {raw}".rstrip(" ") if raw != "" else f"{indent}{key}:")
    return lines


def render(fields, body, tags="tags: [agent-mailbox, crox-site]\n", open_="---", close="---", eol="\n", prefix="",
           top=(), flat=(), mailbox=True, shape=None):
    """The file: `fields` under `meta.mailbox`; `top` and `flat` legacy fields at the top level and
    under a flat `meta` (without `meta.mailbox` when `mailbox` is false). `shape` (mutate's branch
    21) puts a value that is no mapping where a mapping goes: the frontmatter's whole text
    (`frontmatter`), `meta`'s (`meta`) or `meta.mailbox`'s (`mailbox`)."""
    if shape is not None:
        where, raw = shape
        if where == "frontmatter":
            return prefix + eol.join([open_] + ([raw] if raw else []) + [close]) + eol + body.replace("\n", eol)
        if where == "meta":
            top, flat, mailbox, tags = list(top) + [["meta", raw]], (), False, tags
        else:
            flat, mailbox, fields = list(flat) + [["mailbox", raw]], False, []
    lines = [open_]
    if tags:
        lines.append(tags.rstrip("\n"))
    lines += field_lines(top, "")
    if flat or mailbox:
        lines.append("meta:")
    lines += field_lines(flat, "  ")
    if mailbox:
        lines.append("  mailbox:")
        lines += field_lines(fields, "    ")
    lines.append(close)
    return prefix + eol.join(lines) + eol + body.replace("\n", eol)


# Legacy flat envelopes (section 4: "Peer-authored flat legacy `meta` may be read"; core/mailbox/README.md,
# "Legacy aliases"): the legacy name of each field that has one of its own. `locus` is not drawn: no
# document says which field it stands for.
LEGACY_NAME = {"thread": "thread_id", "reply_to": "in_reply_to", "session": "session_id", "seq": "sequence",
               "root": "mailbox_root", "id": "message_id"}


def other_value(rng, key, raw):
    """Another value for a field: another UUIDv7 for an identifier, else an odd one."""
    if key in ("id", "thread", "reply_to", "request_id"):
        return rng.choice([uuid7(rng), raw.upper(), '"' + raw + '"'])
    return rng.choice([v for v in ODD_VALUES + ["VEGA", "[LYRA]", "reply", "CROX-LAB"] if v != raw])


def legacy(rng, fields, opts):
    """The message's fields laid out as a legacy envelope, one of five shapes: every field under a flat
    `meta`, each with a legacy name half the time (`flat`); some of them, or all, at the top level,
    where `id` and `version` are no aliases (`top`); one field named twice at one level, the two values
    agreeing or not (`twice`, LEGACY_ALIAS_CONFLICT); one field also at the top level with another
    value, which flat `meta` overrides (`levels`); or `meta.mailbox` kept, with one or two legacy names
    beside it under `meta` or at the top level (`beside`). Returns render's keyword arguments."""
    shape = rng.choice(["flat", "top", "twice", "levels", "beside"])
    if "locus" in opts.get("tags", ""):
        opts["tags"] = "tags: [agent-mailbox, crox-site]\n"
    named = [[LEGACY_NAME[k] if k in LEGACY_NAME and rng.random() < 0.5 else k, v] for k, v in fields]
    own = [i for i, (k, _) in enumerate(fields) if k in LEGACY_NAME]
    if shape == "beside":
        picked = [fields[i] for i in rng.sample(range(len(fields)), min(len(fields), rng.choice([1, 2])))]
        extra = [[LEGACY_NAME[k] if k in LEGACY_NAME and rng.random() < 0.5 else k, v if rng.random() < 0.5 else other_value(rng, k, v)]
                 for k, v in picked]
        return {"flat": extra} if rng.random() < 0.6 else {"top": extra}
    if shape == "top":
        if rng.random() < 0.25:
            return {"top": named, "mailbox": False}
        up = [rng.random() < 0.3 for _ in named]
        return {"top": [f for f, u in zip(named, up) if u], "flat": [f for f, u in zip(named, up) if not u], "mailbox": False}
    if shape == "twice" and own:
        i = rng.choice(own)
        key, raw = fields[i]
        second = [LEGACY_NAME[key] if named[i][0] == key else key, raw if rng.random() < 0.4 else other_value(rng, key, raw)]
        named.insert(rng.randrange(len(named) + 1), second)
    if shape == "levels" and fields:
        key, raw = rng.choice(fields)
        return {"top": [[LEGACY_NAME.get(key, key) if rng.random() < 0.5 else key, other_value(rng, key, raw)]],
                "flat": named if rng.random() < 0.7 else [f for f in named if f[0] not in (key, LEGACY_NAME.get(key))],
                "mailbox": False}
    return {"flat": named, "mailbox": False}


FIELD_NAMES = ["version", "profile", "id", "thread", "request_id", "from", "to", "kind", "reply_to",
               "expects_reply", "arena", "machine", "root", "transport", "session", "seq", "terms",
               "exchange_budget", "availability", "anomaly", "pod", "model", "new_evidence"]

ODD_VALUES = ["", '""', "''", "~", "null", "0", "1", "-1", "1.0", "1.5", "2", "0042", "1e400", ".inf", ".nan",
              "true", "false", "yes", "[]", "[a]", "{}", "{a: 1}", '"x"', '"true"', '"1"', "x y", '" "',
              '"\\t"', '"a\\nb"', '"a\\u200bb"', '"\\u00e9"']

CALLSIGNS = ["A", "Z9", "A" * 32, "A" * 33, "A-", "-A", "A--B", "a", "Vega", "VEGA_2", "VEGA 2", "1VEGA",
             "CON", "COM1", "LPT9", "COM0", "LPT10", "CONX", "ALL", "HANDLER", "HANDLER-ANN", "HANDLERX",
             "VEGА", "ÉCHO", '"VEGA"', "'LYRA'", '"VEGA\\u200b"']

IDS = ["01a0f6ba-4e44-4656-a9bd-d17e83888d92", "01A0F6BA-4E44-7656-A9BD-D17E83888D92",
       "01a0f6ba-4e44-7656-c9bd-d17e83888d92", "01a0f6ba-4e44-7656-79bd-d17e83888d92",
       "01a0f6ba4e447656a9bdd17e83888d92", "{01a0f6ba-4e44-7656-a9bd-d17e83888d92}",
       "01a0f6ba-4e44-7656-a9bd-d17e83888d9", "00000000-0000-0000-0000-000000000000",
       "ffffffff-ffff-ffff-ffff-ffffffffffff", "01a0f6ba-4e44-8656-a9bd-d17e83888d92",
       "01a0f6ba-4e44-7656-b9bd-d17e83888d92", '"01a0f6ba-4e44-7656-a9bd-d17e83888d92"',
       "01a0f6ba-4e44-7656-a9bd-d17e83888d92 ", "01a0f6ba-4e44-7656-a9bd-d17e83888d9g"]

LOCI = ["CROX-SITE", "crox-site", "CROX SITE", "CROX-SІTE", "ΑΒΓ", "CAFÉ-ÉQUIPE", '"CAFE\\u0301"',
        '"DE\\u200bMO"', '"DEMO\\u202e"', '"\\ufeffDEMO"', '"DE\\u0007MO"', '"DE\\u0085MO"', '"DE\\u2028MO"',
        "x" * 200, '"0042"', "0042", "1e400", "true", "vega.local", "[CROX]", '"\\u00adX"']

SESSIONS = ["s", "x" * 128, "x" * 129, '"s\\u200b1"', '"s\\t1"', '"s\\u20281"', "é" * 128, "😀" * 64, "😀" * 65, "42", '"42"']


PATH_LINES = ["Artifact /srv/x/y.md", "See /cold-review.", "Path C:\\work\\x.md", "Share \\\\host\\share\\x", "Home ~/x.md",
              "URL file:///srv/x", "Up ../x.md", "Climb workspace/../../x.md", "Inside workspace/VEGA/scratch/../artifacts/x.md",
              "Scratch workspace/VEGA/scratch/x.md", "Folder workspace/VEGA/scratch/", "Folder workspace/VEGA/scratch",
              "Web https://example.com/a/b", "Route /v1/mailbox/preflight", "Code `/srv/x/y`", "Paren (/srv/x/y)",
              "End /srv/x/y.", "Dot ./workspace/VEGA/scratch/x", "Mid workspace/VEGA/./scratch/x", "Lower workspace/vega/scratch/x",
              "Key x=/srv/a/b", "Quote '/srv/a/b'", "Colon /srv/a/b:", "Two ../../x", "Deep workspace/VEGA/artifacts/../../../x",
              "Back workspace\\VEGA\\scratch\\x.md", "Q /srv/a/b?", "Bang ../x!", "Comma /srv/a/b,", "Semi /srv/a/b;",
              "Star */x/y", "Mixed workspace/VEGA/scratch/x.md.", "Root /", "Slashes //srv/x", "Dots .../x", "D: C:x",
              "Drive c:/x", "Tilde ~x/y", "Scheme sha256:/srv/x/y", "Angle <../x>"]


RW1_LINES = ["RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002",
             "RW1 AN research-02 re=writer-02 from=research to=writer val=plain",
             "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK art=sha256:9f3e1c",
             "RW1 HO ops-03 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001 // fix it",
             "RW1 HO ops-03 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261301",
             "RW1 HO ops-03 from=ops to=builder ask=FIX due=20261001", "RW1 HO", "RW2 HO x from=a to=b",
             "RW1 XX ops-03 from=ops to=builder", "RW1 HO ops-03 from=ops to=builder item=x ask=fix due=20261001",
             "RW1 HO ops-03 from=ops to=builder item=x ask=FIX due=20261001 zz=1",
             "RW1 UN writer-04 re=research-01 from=writer to=research item=gh:crox/site#42 why=NOCTX"]


def mutate(rng, fields, body, opts):
    f = [list(x) for x in fields]
    names = [k for k, _ in f]
    choice = rng.randrange(29)
    if choice == 0:  # drop a field
        del f[rng.randrange(len(f))]
    elif choice == 1:  # duplicate a field (as written, or its key quoted)
        i = rng.randrange(len(f))
        key = f[i][0] if rng.random() < 0.5 else f'"{f[i][0]}"'
        f.insert(i + 1, [key, f[i][1]])
    elif choice == 2:  # misspell or re-case a key
        i = rng.randrange(len(f))
        k = f[i][0]
        f[i][0] = rng.choice([k.upper(), k.capitalize(), k + "s", k.replace("_", "-"), k[:-1] or "x"])
    elif choice == 3:  # any field, an odd value
        i = rng.randrange(len(f))
        f[i][1] = rng.choice(ODD_VALUES)
    elif choice == 4:  # add a field (known or not)
        f.insert(rng.randrange(len(f) + 1), [rng.choice(FIELD_NAMES + ["x_custom", "Kind", "replyTo"]), rng.choice(ODD_VALUES + ["accept", "counter", "20", "{state: WORKING}"])])
    elif choice == 5:  # the sender
        set_field(f, "from", rng.choice(CALLSIGNS))
    elif choice == 6:  # the recipients
        set_field(f, "to", rng.choice(["[]", "LYRA", "[LYRA, LYRA]", "[ALL, LYRA]", "[ALL]", "[HANDLER]", "[lyra]",
                                       "[CON]", "[" + rng.choice(CALLSIGNS) + "]", "[LYRA, " + rng.choice(CALLSIGNS) + "]",
                                       "[1]", "[LYRA, ~]", "[[LYRA]]", "{LYRA: 1}"]))
    elif choice == 7:  # an identifier
        set_field(f, rng.choice(["id", "thread", "request_id", "reply_to"]), rng.choice(IDS))
    elif choice == 8:  # the kind
        set_field(f, "kind", rng.choice(KINDS + ["HELLO", "Reply", "message", "", "hello ", '"ack"']))
    elif choice == 9:  # the locus
        set_field(f, rng.choice(["arena", "machine", "pod", "arena"]), rng.choice(LOCI))
    elif choice == 10:  # the session
        set_field(f, "session", rng.choice(SESSIONS))
    elif choice == 11:  # seq, version, budget
        set_field(f, rng.choice(["seq", "version", "exchange_budget"]), rng.choice(["0", "1", "2", "-1", "1.0", "1.5", "'1'", "1e0", "0x1", "0o1", ".inf", "1e400", "9007199254740993", "20"]))
    elif choice == 12:  # the root
        set_field(f, "root", rng.choice(["483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077ecc".upper(),
                                        "483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077ec",
                                        "483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077eccd",
                                        "1" * 64, '"' + "1" * 64 + '"', "g" * 64, "sha256:" + HASH]))
    elif choice == 13:  # transport, profile
        set_field(f, rng.choice(["transport", "profile"]), rng.choice(["local", "Local", "git", "GIT", "lyt", "sync-share", "sync_share", "onedrive", "CORE", "FULL", "core", "Full", "LITE"]))
    elif choice == 14:  # terms and budget moved about
        set_field(f, rng.choice(["terms", "exchange_budget"]), rng.choice(["accept", "counter", "Accept", "20", "1", "0"]))
    elif choice == 15:  # availability and anomaly moved about
        set_field(f, rng.choice(["availability", "anomaly"]), rng.choice(["{state: WORKING}", "{}", "WORKING", "{ref: 1e400}"]))
    elif choice == 16:  # expects_reply
        set_field(f, "expects_reply", rng.choice(["true", "false", "True", "FALSE", "yes", "no", '"true"', "1", "0", ""]))
    elif choice == 17:  # reply_to emptied or given
        set_field(f, "reply_to", rng.choice(["", '""', "~", "null", "01a0f6ba-4e44-7656-a9bd-d17e83888d92"]))
    elif choice == 18:  # the body
        body = rng.choice([
            body.replace("re-entry: returning", "re-entry: returning | final"),
            body.replace("re-entry: final", "re-entry: final\nre-entry: returning"),
            body.replace("re-entry: ", "Re-entry: "),
            body.replace("re-entry: ", "re-entry:  "),
            # the re-entry as Markdown writes it (the spec's code span, a bold or italic key or
            # value), mentioned in a sentence, quoted, and its line ended by a lone CR or U+2028
            re.sub(r"re-entry: (\w+)", r"`re-entry: \1`", body), body.replace("re-entry: ", "**re-entry:** "),
            body.replace("re-entry: ", "- *re-entry*: "), re.sub(r"re-entry: (\w+)", r"re-entry: **\1**", body),
            re.sub(r"re-entry: (\w+)", r"`re-entry`: `\1`", body), body.replace("re-entry: ", "So I said re-entry: "),
            body.replace("re-entry: ", "> re-entry: "), re.sub(r"re-entry: (\w+)", r"`re-entry: \1 | final`", body),
            body.replace("\n", "\r") + "Not returning; final.\r", body.replace("\nre-entry", "\u2028re-entry"),
            body.replace(HASH, HASH[:-1]), body.replace(HASH, HASH + "a"), body.replace(HASH, HASH.upper()),
            body.replace("sha256:", ""), body.replace("sha256:", "SHA256:"),
            body + "\x00\x07\x1b[31m\n", body + "\u2028\u202e\n", "\ufeff" + body, body.replace("\n", "\r"),
            body + "x" * 5000 + "\n", "",
        ])
    elif choice == 19:  # the kind changed, the rest kept
        set_field(f, "kind", rng.choice(KINDS))
    elif choice == 20:  # the profile changed, the rest kept
        set_field(f, "profile", rng.choice(["CORE", "FULL"]))
    elif choice == 21:  # the frontmatter, `meta` or `meta.mailbox` no mapping (FRONTMATTER_SHAPE, ENVELOPE_SHAPE)
        # Twelve shapes, as many as the file-shape branch below draws from, so that the random
        # stream after this branch is the one it drew before it had a branch of its own.
        opts["shape"] = rng.choice([
            ("frontmatter", "- agent-mailbox\n- crox-site"), ("frontmatter", "- meta"), ("frontmatter", ""),
            ("frontmatter", "# a comment alone"), ("meta", "x"), ("meta", "[]"), ("meta", "~"), ("meta", ""),
            ("mailbox", "x"), ("mailbox", "[version, id]"), ("mailbox", "~"), ("mailbox", "\n    - version\n    - id"),
        ])
    elif choice == 22:  # a deliver's body names a path
        set_field(f, "kind", "deliver")
        body = body + rng.choice(PATH_LINES) + "\n"
    elif choice == 23:  # YAML spelt otherwise: a comment, a core tag, a local tag, a block list
        i = rng.randrange(len(f))
        key, raw = f[i]
        if raw.startswith("["):
            items = [x.strip() for x in raw.strip("[]").split(",") if x.strip()]
            f[i][1] = rng.choice(["", " # recipients"]) + "".join("\n      - " + x for x in items)
        else:
            f[i][1] = rng.choice([raw + " # a comment", raw + "# no space", "!!str " + raw, "!x " + raw, "'" + raw.replace("'", "''") + "'"])
    elif choice == 24:  # the body's link to the parent dropped or changed
        body = rng.choice([body.replace("[[", "[").replace("]]", "]"), body.replace("accept]]", "accept|the welcome]]"),
                           body.replace("accept]]", "accept#terms]]"), body.replace("[[2026-10-01-09-01-00-LYRA-welcome-accept]]", "[[]]"),
                           body.replace("LYRA-welcome", "LYRA\nwelcome")])
    elif choice == 25:  # a legacy alias at the top level, or a Figment field that is none
        opts["tags"] = "tags: [agent-mailbox, crox-site]\n" + rng.choice(["from: VEGA", "thread_id: x", "kind: hello", "in_reply_to: x", "locus: X",
                                                                              "id: x", "version: 1", "title: x", "created: 2026-10-01", "type: note"])
    elif choice == 26:  # RW1 lines in the body, valid or not, set as the README says they are found
        line = rng.choice(RW1_LINES)
        body += rng.choice(["", "> ", "- ", "1. ", "`", "Note: "]) + line + rng.choice(["", " ", "\t", "`", "\u00a0"]) + "\n"
    elif choice == 27:  # numbers and separators spelt otherwise
        i = rng.randrange(len(f))
        if rng.random() < 0.5:
            f[i][0] = f[i][0] + ":\t" + f[i][1] + "#TAB"
        else:
            set_field(f, rng.choice(["version", "seq", "exchange_budget"]), rng.choice(["+1", "01", "1.", "10e-1", "0b1", "1_0", "0x14", "0o24", "20.0", "2e1", "-0", "+20"]))
    elif choice == 28:  # odd characters in values that are text
        set_field(f, rng.choice(["arena", "machine", "session", "model", "from", "kind", "transport"]),
                  rng.choice(['"VEGA\u00a0"', '"CROX\u3000SITE"', '"\U0001F468\u200d\U0001F469"', '"A\u0301"', '"VEGA\u200d"',
                              '"x\u0085y"', '"x\u00a0"', '"\u2060X"', '"X\ufe0f"', '"\U000E0041"', '"VEGA\r"']))
    else:  # the file's shape
        opts.update(rng.choice([
            {"eol": "\r\n"}, {"prefix": "\ufeff"}, {"close": "..."}, {"close": "--- "}, {"open_": "--- "},
            {"open_": "----"}, {"prefix": "\n"}, {"close": "---x"}, {"tags": ""}, {"tags": "tags: agent-mailbox"},
            {"prefix": "\ufeff\ufeff"}, {"eol": "\r"},
        ]))
    return f, body


def correction(rng):
    """A `meta.mailbox.correction` value: the mapping section 7 asks for ("names the original
    filename/hash and intended request identity in `meta.mailbox.correction`"), written in flow or
    block style, empty, holding a number no double holds (not compared whole, so kept as YAML reads
    it: core/mailbox/README.md) or a list; or a value that is no mapping (FIELD_TYPE)."""
    original = "2026-10-01-09-00-00-VEGA-request-draft.md"
    named = [["file", original], ["sha256", HASH], ["request_id", uuid7(rng)], ["id", uuid7(rng)],
             ["reason", '"wrong kind"'], ["ref", rng.choice(["1e400", ".nan", "~", "[a, b]", "{x: 1}", "0042"])]]
    picked = rng.sample(named, rng.randint(1, 4))
    return rng.choice([
        "{" + ", ".join(f"{k}: {v}" for k, v in picked) + "}",
        "".join(f"\n      {k}: {v}" for k, v in picked),
        "{}",
        original, '"' + original + '"', uuid7(rng), HASH, "[" + original + "]", "\n      - " + original,
        rng.choice(["~", "", "null", "0", "1e400", "true", '""', "[]"]),
    ])


# The reader's limits (core/mailbox/README.md, "The message"): a message of at most 1 MiB of UTF-8,
# a frontmatter of at most 16 KiB of it, mappings and sequences nested at most 128 levels.
MESSAGE_BYTES = 1024 * 1024
FRONTMATTER_BYTES = 16 * 1024
DEPTH = 128
# Filler of one, two, three and four UTF-8 bytes a character: a limit counted in characters or
# UTF-16 code units rather than bytes reads these otherwise.
FILLER = ["a", "b", " ", "\u00e9", "\u00df", "\u20ac", "\u8a9e", "\U0001F600"]
FRONTMATTER_AT = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?\n)(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)


def utf8_bytes(text):
    """UTF-8 bytes of a text; a lone surrogate as three, as U+FFFD is written."""
    return len(text.encode("utf-8", "surrogatepass"))


def filler(rng, size, line=None, chars=FILLER):
    """Text of exactly `size` UTF-8 bytes, a line break every `line` characters when given."""
    out, n = [], 0
    while size - n >= 4:
        # Drawn a line (or a few hundred characters) at a time, each at most four bytes.
        for c in rng.choices(chars, k=min(line or 256, (size - n) // 4)):
            out.append(c)
            n += utf8_bytes(c)
        if line is not None and size - n >= 1:
            out.append("\n")
            n += 1
    out.append("a" * (size - n))
    return "".join(out)


def eol_of(text):
    return "\r\n" if "\r\n" in text[:400] else "\n"


def after_open(text, line):
    """The text with `line` (its end of line added) as the frontmatter's first line, or the body's last."""
    i = text.find("\n")
    if i < 0:
        return text + line + "\n"
    return text[:i + 1] + line + eol_of(text) + text[i + 1:]


def nested(rng, levels):
    """A top-level field whose value nests `levels` more collections: in all `levels` + 1 with the
    frontmatter's mapping. Flow lists, flow mappings, or block mappings indented one space (two
    spaces a level make it larger than the frontmatter may be, which is refused first)."""
    shape = rng.choice(["list", "map", "block", "block", "wide"])
    if shape == "list":
        return "x_nested: " + "[" * levels + "]" * levels
    if shape == "map":
        return "x_nested: " + "{a: " * (levels - 1) + "{a: 1}" + "}" * (levels - 1)
    step = 2 if shape == "wide" else 1
    lines = ["x_nested:"] + [" " * (step * k) + "a:" for k in range(1, levels)] + [" " * (step * levels) + "a: 1"]
    return "\n".join(lines)


def limit(rng, text):
    """The text near one of the reader's limits: exactly at it (read), a byte or a level over it
    (refused), or one under; the frontmatter by a comment or a field of filler, the depth by a
    nested field, the message by lines of filler in the body (one time in 15: a megabyte costs CPU)."""
    which = rng.choice(["frontmatter"] * 8 + ["depth"] * 6 + ["message"])
    delta = rng.choice([-1, 0, 0, 1, 1, 2])
    if which == "depth":
        block = nested(rng, DEPTH - 1 + delta)
        return after_open(text, block.replace("\n", eol_of(text)))
    if which == "message":
        # Rare: exactly at the limit (read whole, the costly one) or, twice as often, a byte over it.
        delta = rng.choice([0, 1, 1])
        # Eight long lines of filler repeated (a reader goes line by line: fewer lines, less CPU),
        # then the bytes left drawn one by one.
        need = max(0, MESSAGE_BYTES + delta - utf8_bytes(text) - 1)
        lines = [filler(rng, rng.randint(600, 1200)) + "\n" for _ in range(8)]
        size = sum(utf8_bytes(x) for x in lines)
        body = lines * (need // size)
        left = need - size * (need // size)
        return text + "".join(body) + filler(rng, left, 300) + "\n"
    eol = eol_of(text)
    line = rng.choice(["# ", "x_filler: ", "x_filler: '"])
    closing = "'" if line.endswith("'") else ""
    probe = after_open(text, line + closing)
    m = FRONTMATTER_AT.match(probe)
    current = utf8_bytes(m.group(1)) if m else utf8_bytes(probe)
    pad = max(0, FRONTMATTER_BYTES + delta - current)
    return after_open(text, line + filler(rng, pad).replace("'", "a") + closing)


# Credential material (section 14: "No secrets, credentials, private keys ... in mailbox messages")
# in the shapes core/mailbox/README.md and CODES.md name for MESSAGE_SECRET, each written as such a
# secret is (`SECRETS`), and the things they say hold none: a reference, a redaction or a
# placeholder where the value goes, code or a type (`NOT_SECRETS`).
SECRETS = [
    "-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN OPENSSH PRIVATE KEY-----",
    "curl -H 'Authorization: Bearer 8f2d0c1e9a7b4d3c2e1f0a9b8c7d6e5f' https://api.example.com",
    "Authorization: Bearer mF_9.B5f-4.1JqM", "Authorization: token 0d9f1e2c3b4a59687766554433221100aabbccdd",
    "Cookie: session=9f8e7d6c5b4a39281706", "Set-Cookie: sid=31d4d96e407aad42; Path=/",
    "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2ZWdhIn0.c2lnbmF0dXJl",
    "key AKIAIOSFODNN7EXAMPLE", "aws ASIAY34FZKBOKMUTVV7A",
    "gh ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "pat github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF",
    "slack xoxb-2048-4096-aBcDeFgHiJkLmNoP", "npm npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    "gitlab glpat-xY3zA9bC7dE5fG1hJ2kL", "hf hf_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ01234567",
    "openai sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8t", "stripe sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "google AIza" + "SyD-1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7", "anthropic sk-ant-api03-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2",
    "db postgres://vega:hunter2@db.example.com:5432/app", "https://vega:s3cr3t!@git.example.com/repo.git",
    "https://api.example.com/v1/x?access_token=9f8e7d6c5b4a", "GET /items?page=2&api_key=abc123def456",
    "password=hunter2", "DB_PASSWORD=Tr0ub4dor&3", 'config: {"password": "s3cret-value"}', "client_secret: 'x7Gq2LpT'",
]
NOT_SECRETS = [
    "password=<redacted>", "password: ${DB_PASSWORD}", "password=***", "token: [REDACTED]",
    "Authorization: Bearer $TOKEN", "Authorization: Bearer <token>", "secret: vault://op-lab/db",
    "api_key: YOUR_API_KEY", "password: must be rotated monthly", "key AKIA...", "gh ghp_...",
    "See the bearer authentication section.", "token = os.environ[\"TOKEN\"]", "password: string;",
    "The Authorization header carries the token.", "https://example.com/a?page=2&sort=asc",
    "hf hf_model_name", "npm npm_package_name", "-----BEGIN PUBLIC KEY-----", "sha256:" + HASH,
]


def secret(rng, text):
    """A line holding a credential (two times in three) or only something like one: in the body, a
    frontmatter comment, or a frontmatter field (quoted)."""
    line = rng.choice(SECRETS) if rng.random() < 2 / 3 else rng.choice(NOT_SECRETS)
    where = rng.choice(["body", "body", "body", "comment", "field"])
    if where == "comment":
        return after_open(text, "# " + line)
    if where == "field":
        return after_open(text, "x_note: '" + line.replace("'", "''") + "'")
    return text + ("" if text.endswith(("\n", "\r")) else "\n") + line + "\n"


def unencodable(rng, text):
    """The text with half a surrogate pair (high or low, or a pair reversed) at a random place, which
    no UTF-8 file carries (ENCODING_INVALID); one time in five, a whole astral character instead
    (JSON carries it as a pair, read as one character)."""
    at = rng.randrange(len(text) + 1)
    inserted = rng.choice(["\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800"]) if rng.random() < 0.8 else "\U0001F600"
    # Never beside a surrogate already there, which JSON would carry as a pair.
    return text[:at] + inserted + text[at:]


# The share of the mutated cases each stream spoils (a case may draw more than one).
SHARES = {"encoding": 0.02, "secret": 0.05, "limit": 0.03}

# The envelope's free-text fields (core/mailbox/README.md, "The message"), each with a value it takes.
FREE_TEXT = {"arena": "CROX-SITE", "pod": "CROX-SITE", "machine": "VEGA-BOX", "session": "vega-s1",
             "new_evidence": "the counter's budget", "model": "claude", "company": "anthropic",
             "contract_version": "1.2", "adapter_version": "0.4"}
# What an escape in a double-quoted scalar spells: half a surrogate pair (high, low, a pair reversed,
# the halves apart, or a code point escape of one), refused (README note 182); or a whole character,
# a pair of escapes or one code point escape, which passes.
LONE_ESCAPES = ["\\ud800", "\\udbff", "\\ud83d", "\\udc00", "\\udfff", "\\ude00", "\\ude00\\ud83d",
                "\\ud83d-\\ude00", "\\U0000D800", "\\U0000DE00"]
WHOLE_ESCAPES = ["\\ud83d\\ude00", "\\uD83D\\uDE00", "\\U0001F600", "\\U0000D83D\\U0000DE00"]
ESCAPE_SHARE = 0.04


def escaped_surrogate(rng, fields):
    """One free-text field set to a double-quoted value whose escape spells half a surrogate pair (two
    times in three) or a whole character, at its start, middle or end (README note 182). A copy:
    `fields` may share its pairs with later cases."""
    fields = [list(pair) for pair in fields]
    name = rng.choice(sorted(FREE_TEXT))
    value = FREE_TEXT[name]
    escape = rng.choice(LONE_ESCAPES) if rng.random() < 2 / 3 else rng.choice(WHOLE_ESCAPES)
    at = rng.choice([0, len(value) // 2, len(value)])
    set_field(fields, name, '"' + value[:at] + escape + value[at:] + '"')
    return fields


def set_field(f, key, raw):
    for pair in f:
        if pair[0] == key:
            pair[1] = raw
            return
    f.append([key, raw])


def cases(count, seed):
    rng = random.Random(seed)
    # A stream of its own, so that the cases that do not draw a legacy envelope are as before.
    legacy_rng = random.Random(f"legacy-envelope-{seed}")
    correction_rng = random.Random(f"correction-{seed}")
    # Streams of their own for the reader's refusals before and after the envelope (an encoding,
    # a limit, a credential), drawn on the rendered text: the other cases are drawn as before.
    encoding_rng = random.Random(f"encoding-{seed}")
    limits_rng = random.Random(f"limits-{seed}")
    secrets_rng = random.Random(f"secrets-{seed}")
    # Escaped surrogates in the free-text fields (note 182), on a stream of their own too.
    escapes_rng = random.Random(f"escaped-surrogates-{seed}")

    def spoil(text):
        # Sizes are measured last, on the text as it will be read.
        if encoding_rng.random() < SHARES["encoding"]:
            text = unencodable(encoding_rng, text)
        if secrets_rng.random() < SHARES["secret"]:
            text = secret(secrets_rng, text)
        if limits_rng.random() < SHARES["limit"]:
            text = limit(limits_rng, text)
        return text

    def spoil_in_place_of(text, drawn):
        # The spoiling streams draw on a text's length, so a case spoils `text` with the draws that
        # `drawn` (the case without its escaped surrogate) takes: every later case is as before.
        streams = (encoding_rng, limits_rng, secrets_rng)
        before = [r.getstate() for r in streams]
        spoil(drawn)
        after = [r.getstate() for r in streams]
        for r, state in zip(streams, before):
            r.setstate(state)
        text = spoil(text)
        for r, state in zip(streams, after):
            r.setstate(state)
        return text
    seeds = []
    for profile in ("CORE", "FULL"):
        for kind in KINDS:
            if kind == "claim" and profile == "CORE":
                continue
            seeds.append((kind, profile))
    for n in range(count):
        kind, profile = seeds[n % len(seeds)]
        fields, body = seed_message(rng, kind, profile)
        opts = {}
        if n >= len(seeds) * 2:  # the first rounds are the seeds themselves
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                fields, body = mutate(rng, fields, body, opts)
            # Drawn before the legacy layout and added after it, so that the legacy stream draws
            # as before; a legacy envelope gets none.
            corrected = correction(correction_rng) if correction_rng.random() < 0.08 else None
            escaped = escapes_rng.random() < ESCAPE_SHARE
            if legacy_rng.random() < 0.06:
                layout = legacy(legacy_rng, fields, opts)
                yield {"text": spoil(render([] if layout.get("mailbox") is False else fields, body, **opts, **layout)),
                       "mode": rng.choice(["inbound", "outbound"])}
                continue
            if corrected is not None:
                fields = fields + [["correction", corrected]]
            if escaped:
                yield {"text": spoil_in_place_of(render(escaped_surrogate(escapes_rng, fields), body, **opts), render(fields, body, **opts)),
                       "mode": rng.choice(["inbound", "outbound"])}
                continue
        yield {"text": spoil(render(fields, body, **opts)) if n >= len(seeds) * 2 else render(fields, body, **opts),
               "mode": rng.choice(["inbound", "outbound"])}


if __name__ == "__main__":
    for case in cases(int(sys.argv[1]), int(sys.argv[2])):
        print(json.dumps(case))
