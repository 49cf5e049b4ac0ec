"""An independent checker of one Agent Mailbox message file, for the differential check.

Written from the spec (agent-mailbox.md sections 2A, 4, 5, 6, 9 and 14), core/mailbox/README.md's
stated readings ("The message", "The envelope, field by field", "The rules of one message",
"Handshake terms") and core/mailbox/CODES.md, never from core/mailbox/*.ts. It reads a message
alone (no parent, no mailbox) inbound or outbound and gives its verdict and its error codes; notes
are left out. Its YAML reader covers the subset the generator writes (block mappings, flow lists
and mappings of scalars, plain and quoted scalars) and reads plain scalars by YAML 1.2's core
schema; what it cannot read it refuses as YAML_INVALID.

    verdict(text, mode) -> (ok, sorted error codes)
"""
import math
import re
import unicodedata

import validator as rw1_validator

KINDS = ["hello", "welcome", "resume", "state", "request", "reply", "propose", "review", "claim",
         "deliver", "ack", "blocked", "conflict", "cancel", "goodbye", "ratify", "close"]
ALWAYS_ROOT = {"hello", "resume"}
MAY_BE_ROOT = {"request", "propose", "review", "blocked", "goodbye"}  # and `state` without a reply asked
TRANSPORTS = {"local", "git", "lyt", "sync-share"}
DEVICES = {"CON", "PRN", "AUX", "NUL"} | {f"COM{i}" for i in range(1, 10)} | {f"LPT{i}" for i in range(1, 10)}
CALLSIGN = re.compile(r"[A-Z](?:[A-Z0-9-]{0,30}[A-Z0-9])?\Z")
UUID7 = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\Z")
HEX64 = re.compile(r"[0-9a-fA-F]{64}\Z")
REQUIRED = ["profile", "id", "thread", "request_id", "from", "to", "kind", "reply_to", "expects_reply",
            "arena", "machine", "root", "transport"]
TEXT_FIELDS = ["arena", "pod", "machine", "session", "model", "company", "contract_version",
               "adapter_version", "new_evidence"]
# Lengths in characters (code points); the README states the session's, the others are the core's.
MAX_LENGTH = {"arena": 256, "pod": 256, "machine": 128, "session": 128, "model": 256, "company": 256,
              "contract_version": 128, "adapter_version": 128, "new_evidence": 1024}


# Found by 30,000 files of seed 9 once an astral character was drawn anywhere (fix-IT): a plain
# scalar in block context was read as in a flow collection, ending at `,` `]` `}` (True plants that
# reading: compare_mailbox.py --break-block-plain), and a frontmatter that is a block sequence took
# any line for an entry (False plants it: --break-sequence-entries).
PLAIN_AS_FLOW = False
LIST_ENTRIES_CHECKED = True


class YamlError(Exception):
    pass


class Plain:
    """A scalar as YAML's core schema resolves it, with the text it was written as."""

    def __init__(self, value, written):
        self.value = value
        self.written = written


INT = re.compile(r"[-+]?[0-9]+\Z")
OCT = re.compile(r"0o[0-7]+\Z")
HEXINT = re.compile(r"0x[0-9a-fA-F]+\Z")
FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")


def resolve_plain(text):
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if INT.match(text):
        return Plain(int(text), text)
    if OCT.match(text):
        return Plain(int(text[2:], 8), text)
    if HEXINT.match(text):
        return Plain(int(text[2:], 16), text)
    if FLOAT.match(text):
        return Plain(float(text), text)
    if re.match(r"[-+]?\.(?:inf|Inf|INF)\Z", text):
        return Plain(-math.inf if text.startswith("-") else math.inf, text)
    if text in (".nan", ".NaN", ".NAN"):
        return Plain(math.nan, text)
    if text[0] in "[]{}*&!|>'\"%@`,#":
        raise YamlError(f"a plain scalar may not start with {text[0]!r}")
    if re.search(r":[ \t]|:$|[ \t]#", text):
        raise YamlError("a plain scalar holding ': ' or ' #' (a tab too)")
    return text


ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "/": "/", "0": "\0", "r": "\r", "e": "\x1b",
           " ": " ", "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}


def double_quoted(text, i):
    """Reads a double-quoted scalar starting at text[i] == '"': (value, next index)."""
    out = []
    i += 1
    while i < len(text):
        c = text[i]
        if c == '"':
            return paired("".join(out)), i + 1
        if c == "\\":
            e = text[i + 1] if i + 1 < len(text) else ""
            if e in ESCAPES:
                out.append(ESCAPES[e])
                i += 2
            elif e in "xuU":
                n = {"x": 2, "u": 4, "U": 8}[e]
                digits = text[i + 2:i + 2 + n]
                if not re.fullmatch(r"[0-9a-fA-F]{%d}" % n, digits):
                    raise YamlError("bad escape")
                out.append(chr(int(digits, 16)))
                i += 2 + n
            else:
                raise YamlError("bad escape")
        else:
            out.append(c)
            i += 1
    raise YamlError("unclosed double quote")


def paired(value):
    """`value` with each high surrogate that an escape put just before a low one read as the one
    character the two spell (`"\\ud83d\\ude00"` is U+1F600, README note 182); a surrogate left alone
    stays, for the field that holds it to refuse."""
    return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def single_quoted(text, i):
    out = []
    i += 1
    while i < len(text):
        if text[i] == "'":
            if text[i + 1:i + 2] == "'":
                out.append("'")
                i += 2
                continue
            return "".join(out), i + 1
        out.append(text[i])
        i += 1
    raise YamlError("unclosed single quote")


def flow_value(text, i):
    """A value inside a flow collection, or a scalar: (value, next index)."""
    while i < len(text) and text[i] == " ":
        i += 1
    if i >= len(text):
        raise YamlError("a flow collection ends early")
    c = text[i]
    if c == "[":
        items = []
        i += 1
        while True:
            while i < len(text) and text[i] == " ":
                i += 1
            if i < len(text) and text[i] == "]":
                return items, i + 1
            value, i = flow_value(text, i)
            items.append(value)
            while i < len(text) and text[i] == " ":
                i += 1
            if i < len(text) and text[i] == ",":
                i += 1
                continue
            if i < len(text) and text[i] == "]":
                return items, i + 1
            raise YamlError("unclosed flow sequence")
    if c == "{":
        mapping = Mapping()
        i += 1
        while True:
            while i < len(text) and text[i] == " ":
                i += 1
            if i < len(text) and text[i] == "}":
                return mapping, i + 1
            key, i = flow_scalar(text, i, ":,}")
            if text[i:i + 1] == ":":
                value, i = flow_value(text, i + 1)
            else:  # `{a}`: a key without a value is null
                value = None
            mapping.put(key, value)
            while i < len(text) and text[i] == " ":
                i += 1
            if i < len(text) and text[i] == ",":
                i += 1
                continue
            if i < len(text) and text[i] == "}":
                return mapping, i + 1
            raise YamlError("unclosed flow mapping")
    return flow_scalar(text, i, ",]}")


def flow_scalar(text, i, stops):
    if text[i] == '"':
        return double_quoted(text, i)
    if text[i] == "'":
        return single_quoted(text, i)
    j = i
    while j < len(text) and text[j] not in stops:
        j += 1
    return resolve_plain(text[i:j].strip()), j


def key_of(value):
    """A key as the field it names once read: `1` and "1" are one key."""
    if isinstance(value, Plain):
        return str(value.value) if not isinstance(value.value, float) or value.value != int(value.value) else str(int(value.value))
    if value is True or value is False:
        return "true" if value else "false"
    return "null" if value is None else str(value)


class Mapping:
    def __init__(self):
        self.items = {}

    def put(self, key, value):
        name = key_of(key)
        if name in self.items:
            raise YamlError(f"duplicate key {name}")
        self.items[name] = value

    def get(self, name, default=None):
        return self.items.get(name, default)

    def __contains__(self, name):
        return name in self.items


CORE_TAGS = {"!!str": str, "!!int": int, "!!bool": bool, "!!null": type(None), "!!float": float}


def scalar_line(rest):
    rest = rest.strip()
    if rest.startswith("!"):
        tag, _, rest = rest.partition(" ")
        if tag != "!!str":  # the one core-schema tag the generator writes; a local `!x` is refused
            raise YamlError("a tag this reader does not resolve")
        if rest.strip().startswith("#"):
            return ""
        if rest.strip().startswith("!"):
            raise YamlError("two tags")
        if rest.strip()[:1] in ("'", '"'):
            return scalar_line(rest)
        if rest.strip()[:1] in ("[", "{"):
            raise YamlError("!!str on a collection")
        return strip_comment(rest).strip()
    if rest == "" or rest.startswith("#"):
        return None
    if rest[0] not in "'\"[{":
        rest = strip_comment(rest).strip()
        if rest == "":
            return None
        if not PLAIN_AS_FLOW:
            # A plain scalar in block context may hold `[ ] { } ,` after its first character
            # (YAML 1.2, ns-plain-char outside flow): `tags: x[a, b]` is the text `x[a, b]`.
            return resolve_plain(rest)
    value, j = flow_value(rest, 0)
    tail = rest[j:].strip()
    if tail != "" and not tail.startswith("#"):
        raise YamlError("text after a value")
    if tail.startswith("#") and not rest[j:].startswith((" ", "\t")):
        raise YamlError("a comment must follow white space")
    return value


def strip_comment(text):
    """A plain scalar ends before ` #` (or a tab and `#`)."""
    m = re.search(r"[ \t]#", text)
    return text if m is None else text[:m.start()]


def parse_yaml(text):
    """The subset: a block mapping of block mappings, keys plain or quoted, values on one line."""
    lines = [line for line in text.split("\n")]
    stripped = [line for line in lines if line.strip() != "" and not line.lstrip().startswith("#")]
    if not stripped:
        return None
    for line in stripped:
        if "\t" in line[:len(line) - len(line.lstrip(" \t"))]:
            raise YamlError("a tab in indentation")
    if stripped[0].startswith("- "):
        # A block sequence: every line an entry (`- a` then `b- c` is no YAML).
        if LIST_ENTRIES_CHECKED and not all(line.startswith("- ") for line in stripped):
            raise YamlError("a line in a block sequence that is no entry")
        return [scalar_line(line[2:]) for line in stripped]
    pos = 0

    def block(indent):
        nonlocal pos
        mapping = Mapping()
        while pos < len(stripped):
            line = stripped[pos]
            here = len(line) - len(line.lstrip(" "))
            if here < indent:
                break
            if here > indent:
                raise YamlError("bad indentation")
            body = line[here:]
            if body.startswith('"'):
                key, j = double_quoted(body, 0)
            elif body.startswith("'"):
                key, j = single_quoted(body, 0)
            else:
                m = re.match(r"([^:#\[\]{},]+?):(?=[ \t]|$)", body)
                if m is None:
                    if pos == 0 and indent == 0:
                        return scalar_line(body) if len(stripped) == 1 else raise_(YamlError("not a mapping"))
                    raise YamlError("a line that is no key")
                key = resolve_plain(m.group(1))
                j = m.end(1)
            if body[j:j + 1] != ":":
                raise YamlError("a key without ':'")
            rest = body[j + 1:]
            if rest.strip().startswith("#") and rest.startswith((" ", "\t")):
                rest = ""  # a comment alone: the value follows on the next lines
            pos += 1
            if rest.strip() == "" and pos < len(stripped) and stripped[pos].lstrip(" ").startswith("- ") and len(stripped[pos]) - len(stripped[pos].lstrip(" ")) >= indent:
                child = len(stripped[pos]) - len(stripped[pos].lstrip(" "))
                items = []
                while pos < len(stripped) and len(stripped[pos]) - len(stripped[pos].lstrip(" ")) == child and stripped[pos].lstrip(" ").startswith("- "):
                    items.append(scalar_line(stripped[pos].lstrip(" ")[2:]))
                    pos += 1
                mapping.put(key, items)
            elif rest.strip() == "" and pos < len(stripped) and len(stripped[pos]) - len(stripped[pos].lstrip(" ")) > indent:
                child = len(stripped[pos]) - len(stripped[pos].lstrip(" "))
                mapping.put(key, block(child))
            else:
                mapping.put(key, scalar_line(rest))
        return mapping

    result = block(0)
    if pos != len(stripped):
        raise YamlError("text after the mapping")
    return result


def raise_(error):
    raise error


# ---- notes and paths ----

# The notes this checker models; the comparison leaves the core's others out.
NOTES = {"ENCODING_BOM", "FIELD_UNKNOWN", "VERSION_FLOOR", "VERSION_HIGHER", "ROOT_ID_CASE", "ARENA_ALIAS",
         "LOCUS_MIXED_SCRIPT", "LOCUS_NOT_NFC", "MACHINE_NOT_CANONICAL", "PROVENANCE_INVISIBLE", "TERMS_MISSING",
         "ROOT_WITH_PARENT", "HANDLER_SELF_ASSERTED", "TAGS_MISSING", "GOODBYE_REENTRY_UNSTATED",
         "DELIVER_HASH_UNSTATED", "PARENT_LINK_MISSING", "TERMS_IGNORED", "LEGACY_ENVELOPE",
         "ARTIFACT_PATH_REFUSED", "ARTIFACT_SCRATCH_REFUSED", "MESSAGE_SECRET_NOTED"}
KNOWN_FIELDS = {"version", "profile", "id", "thread", "session", "request_id", "seq", "from", "to", "kind",
                "reply_to", "expects_reply", "arena", "pod", "machine", "root", "transport", "terms",
                "exchange_budget", "new_evidence", "model", "company", "contract_version", "adapter_version",
                "availability", "anomaly", "correction"}
TOP_LEVEL_ALIASES = set("from to kind thread thread_id reply_to in_reply_to expects_reply request_id session "
                        "session_id seq sequence arena pod machine locus root mailbox_root transport profile "
                        "message_id terms".split())
# False plants the checker's reading before legacy flat envelopes were drawn (compare_mailbox.py
# --break-legacy-envelope): only top-level legacy names are seen, and no `meta.mailbox` is
# ENVELOPE_MISSING.
READS_LEGACY = True
# The code of a `meta` or `meta.mailbox` that is no mapping; ENVELOPE_MISSING plants a checker that
# reads such an envelope as absent (compare_mailbox.py --break-envelope-shape).
SHAPE_OF_MAILBOX = "ENVELOPE_SHAPE"
# The fields that are a mapping or FIELD_TYPE (core/mailbox/README.md, "The envelope, field by
# field"); `correction` is any mapping, its values kept as YAML reads them (not compared whole).
# compare_mailbox.py --break-correction drops `correction`: a checker that takes any value for it.
MAPPING_FIELDS = ("availability", "anomaly", "correction")
# Under a flat `meta` `id` and `version` are aliases too (not at the top level, where Obsidian's and
# Lyt's Figment fields use those names): core/mailbox/README.md, "Legacy aliases".
META_ALIASES = TOP_LEVEL_ALIASES | {"id", "version"}
# The envelope field a legacy name stands for, where it is not its own; `locus` is left out: no
# document says which field it stands for, and the generator does not draw it in a legacy envelope.
LEGACY_FIELD = {"thread_id": "thread", "in_reply_to": "reply_to", "session_id": "session", "sequence": "seq",
                "mailbox_root": "root", "message_id": "id"}
UUID_ANY = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\Z")
WIKILINK = re.compile(r"\[\[[^\]|#\n]{1,512}(?:[|#][^\]\n]{0,512})?\]\]")


def scripts(value):
    found = set()
    for c in value:
        if unicodedata.category(c).startswith("L"):
            name = unicodedata.name(c, "")
            for script in ("LATIN", "GREEK", "CYRILLIC"):
                if name.startswith(script):
                    found.add(script)
    return found


def path_words(body):
    """The body's words as paths: white space, quotes, brackets, backticks, `=` and Markdown's `*` end a word."""
    for word in re.split(r"[\s'\"`=()\[\]{}<>*]+", body):
        if word and word[-1] in ".:!?":
            word = word[:-1]
        if word:
            yield word


def resolved(segments):
    """The segments with `.` and `..` resolved, or None when `..` climbs above the start."""
    out = []
    for segment in segments:
        if segment in ("", "."):
            continue
        if segment == "..":
            if not out:
                return None
            out.pop()
        else:
            out.append(segment)
    return out


def path_problems(body):
    unsafe = scratch = False
    for word in path_words(body):
        if word.lower().startswith("file:"):
            unsafe = True
            continue
        if re.match(r"[A-Za-z]:[\\/]", word) or word.startswith("\\\\") or word.startswith("~/"):
            unsafe = True
            continue
        if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", word):
            continue  # a URL or `sha256:` names no file
        if word.startswith("/"):
            if len([x for x in word.split("/") if x]) >= 2:
                unsafe = True
            continue
        segments = word.replace("\\", "/").split("/")
        if ".." in segments:
            if resolved(segments) is None:
                unsafe = True
                continue
        parts = resolved(segments)
        if parts and len(parts) >= 4 and parts[0] == "workspace" and parts[2] == "scratch":
            scratch = True
    return unsafe, scratch


RW1_LINE = re.compile(r"RW[0-9]{1,3} [A-Z]{2}\b")
RW1_PREFIX = re.compile(r"\s*(?:>\s*)*(?:[-*+]\s+|[0-9]{1,3}[.)]\s+)?(`?)")


def rw1_lines(body):
    """Body lines that read `RW<n> <TYPE> ...`: alone, in inline code (its closing backtick
    optional), after `> ` or a list marker; trailing spaces and tabs left off. Lines end as
    Markdown's do: at LF, CRLF or a lone CR (CommonMark)."""
    for raw in re.split(r"\r\n|\n|\r", body):
        m = RW1_PREFIX.match(raw)
        rest = raw[m.end():]
        if not RW1_LINE.match(rest):
            continue
        rest = rest.rstrip(" \t")
        if m.group(1) and rest.endswith("`"):
            rest = rest[:-1]
        yield rest


# ---- the reader's limits and the file's encoding ----

# core/mailbox/README.md, "The message": a message is at most 1 MiB of UTF-8 (MESSAGE_TOO_LARGE,
# before it is parsed), its frontmatter (the text between the delimiters) at most 16 KiB of it
# (FRONTMATTER_TOO_LARGE, unparsed), its mappings and sequences nested at most 128 levels, the top
# mapping level 1 (FRONTMATTER_TOO_DEEP, measured before anything is composed). CODES.md: a text
# that is not UTF-8 is ENCODING_INVALID, and a lone surrogate is one (README note 181).
MAX_MESSAGE_BYTES = 1024 * 1024
MAX_FRONTMATTER_BYTES = 16 * 1024
MAX_DEPTH = 128
# How a size is counted: UTF-8 bytes; compare_mailbox.py --break-frontmatter-size counts code points.
def size_of(text):
    return len(text.encode("utf-8", "surrogatepass"))  # a lone surrogate as three, as U+FFFD is


FRONTMATTER_SIZE = size_of
# The level of the frontmatter's own mapping; compare_mailbox.py --break-depth plants 0 (one level too many read).
TOP_LEVEL = 1
# Whether a lone surrogate is refused; compare_mailbox.py --break-encoding reads it as text.
READS_ENCODING = True
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def nesting(yaml_text):
    """How many levels of collections the frontmatter nests, read from its lines without parsing
    them (the text may be too deep to parse): each line's block level (a deeper indentation opens a
    collection, a `- ` entry after a key opens one too) and the flow brackets still open on it,
    quotes and comments left out."""
    indents = []
    deepest = 0
    # Each line opens at most one block level and each bracket one flow level: a text with few of
    # them is read no further (nearly every frontmatter).
    if TOP_LEVEL + yaml_text.count("\n") + yaml_text.count("[") + yaml_text.count("{") <= MAX_DEPTH:
        return 0
    for raw in yaml_text.split("\n"):
        line = raw.rstrip("\r")
        body = line.lstrip(" ")
        if body == "" or body.startswith("#"):
            continue
        indent = len(line) - len(body)
        while indents and indents[-1] > indent:
            indents.pop()
        if not indents or indents[-1] < indent:
            indents.append(indent)
        level = len(indents) - 1 + TOP_LEVEL
        opened = most = 0
        quote = None
        for i, c in enumerate(body):
            if quote:
                if c == quote:
                    quote = None
            elif c in "'\"" and (i == 0 or body[i - 1] in " [{,:"):
                quote = c
            elif c == "#" and i > 0 and body[i - 1] in " \t":
                break
            elif c in "[{":
                opened += 1
                most = max(most, opened)
            elif c in "]}":
                opened -= 1
        deepest = max(deepest, level + most)
    return deepest


# ---- credentials (section 14) ----

# The shapes core/mailbox/README.md ("The rules of one message") and CODES.md (MESSAGE_SECRET) name:
# a private key block, a bearer token or an Authorization header, a cookie, a JSON Web Token, a
# provider's prefixed token (AWS, GitHub, Slack, npm, GitLab, Hugging Face, API secret keys), a URL
# carrying a password or a credential, `password=...` written as text; a reference, a redaction or a
# placeholder where the value goes is none, nor is code or a type. This reader's own patterns, by
# the providers' published token formats; compare_mailbox.py --break-secrets reads none.
READS_SECRETS = True
PROVIDER_TOKENS = re.compile(
    r"(?<![A-Za-z0-9_])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9_])(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}|github_pat_\w{40,}"
    r"|(?<![A-Za-z0-9_])xox[bpoa]-[0-9A-Za-z-]{10,}"
    r"|(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}"
    r"|(?<![A-Za-z0-9_])glpat-[A-Za-z0-9_-]{20}"
    r"|(?<![A-Za-z0-9_])hf_[A-Za-z0-9]{34}"
    r"|(?<![A-Za-z0-9_])(?:sk-ant-api\d\d-|sk-proj-|sk-)[A-Za-z0-9_-]{20,}|(?<![A-Za-z0-9])[sr]k_live_[A-Za-z0-9]{20,}"
    r"|(?<![A-Za-z0-9_])AIza[A-Za-z0-9_-]{35}")
PRIVATE_KEY = re.compile(r"-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----")
JWT = re.compile(r"(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*")
SCHEME_WORDS = {"bearer", "basic", "token", "digest"}
CREDENTIAL_NAMES = re.compile(r"(?:^|[^A-Za-z0-9_?&])[\"']?([A-Za-z_]*(?:password|passwd|secret|token|api_key|apikey)[A-Za-z_]*)[\"']?[ \t]*[=:][ \t]*(\S.*)$", re.I)


def stands_in(value):
    """A redaction, a placeholder or a reference where a credential goes."""
    v = value.strip().strip("'\"`").rstrip(".,;")
    return (v == "" or re.fullmatch(r"\*+|x{3,}|\.\.\.|<[^>]*>|\[[^\]]*\]|\$\{[^}]*\}|\$[A-Za-z_]\w*|%\w+%|\{\{.*\}\}", v) is not None
            or v.lower() in ("none", "null", "redacted", "changeme")
            or re.match(r"(?i)your[-_ ]", v) is not None or v.endswith("...")
            or re.match(r"[a-z][a-z0-9+.-]*://", v) is not None and "@" not in v)


def holds_secret(line):
    if PRIVATE_KEY.search(line) or JWT.search(line) or PROVIDER_TOKENS.search(line):
        return True
    m = re.search(r"(?i)\bauthorization\s*:\s*(\S+)(?:[ \t]+(\S+))?", line)
    if m:
        first, second = m.group(1).strip("'\""), (m.group(2) or "").strip("'\"")
        credential = second if first.lower() in SCHEME_WORDS else first
        if credential and not stands_in(credential):
            return True
    m = re.search(r"\bBearer\s+([A-Za-z0-9._~+/-]{16,})", line)
    if m and not stands_in(m.group(1)):
        return True
    if re.search(r"(?i)(?<![A-Za-z0-9_])(?:set-)?cookie\s*:\s*[^=\s;]+=[^;\s]+", line):
        return True
    m = re.search(r"://[^/\s:@]+:([^/\s@]+)@", line)
    if m and not stands_in(m.group(1)):
        return True
    for m in re.finditer(r"[?&]([A-Za-z_]+)=([^&#\s]+)", line):
        if m.group(1).lower() in ("access_token", "api_key", "apikey", "token", "password", "secret", "client_secret") and not stands_in(m.group(2)):
            return True
    m = CREDENTIAL_NAMES.search(line)
    if m:  # a name after `?` or `&` is a URL's parameter, read above
        name, value = m.group(1), m.group(2).strip()
        if value.startswith(("'", '"', "`")):
            held = re.match(r"(['\"`])(.*?)\1", value)
            return held is not None and not stands_in(held.group(2))
        word = value.split()[0].rstrip(",;")
        if re.match(r"[A-Za-z_][\w.]*[\[(]", word) or word in ("string;", "string", "str", "int"):
            return False  # code that computes it, or a type
        if stands_in(word):
            return False
        if re.match(r"[^:]*=", line[m.start(1):]) and line[m.end(1):].lstrip(" \t\"'").startswith("="):
            return True  # assigned
        return len(value.split()) == 1 and re.search(r"[0-9!#$%^&*+=~]", word) is not None
    return False


# What every shape above holds somewhere: only the lines holding one of these are read. Words in
# the three casings people write (a case-insensitive scan of a megabyte costs ten times as much).
CLUE = re.compile(r"BEGIN|eyJ|AKIA|ASIA|gh[pousr]_|github_pat|xox|npm_|glpat|hf_|sk[-_]|rk_|AIza|://|[?&]\w+="
                  r"|[Aa]uthoriz|AUTHORIZ|[Bb]earer|BEARER|[Cc]ookie|COOKIE|[Pp]ass|PASS|[Ss]ecret|SECRET|[Tt]oken|TOKEN|[Aa]pi_?[Kk]ey|API_?KEY")

# The same clues as plain words, lowercased: a text holding none is not scanned.
CLUE_WORDS = ("begin", "eyj", "akia", "asia", "gho_", "ghp_", "ghu_", "ghs_", "ghr_", "github_pat", "xox", "npm_", "glpat",
              "hf_", "sk-", "sk_", "rk_", "aiza", "://", "=", "authoriz", "bearer", "cookie", "pass", "secret", "token", "api")


def secret_lines(text):
    """Whether a line of the text (Markdown's endings: LF, CRLF, a lone CR) holds a credential."""
    if not READS_SECRETS:
        return False
    lowered = text.lower()
    if not any(clue in lowered for clue in CLUE_WORDS):
        return False
    read = -1
    for m in CLUE.finditer(text):
        if m.start() < read:
            continue
        start = max(text.rfind("\n", 0, m.start()), text.rfind("\r", 0, m.start())) + 1
        ends = [i for i in (text.find("\n", m.start()), text.find("\r", m.start())) if i >= 0]
        read = min(ends) if ends else len(text)
        if holds_secret(text[start:read]):
            return True
    return False


# ---- the file as text ----

def split_frontmatter(text):
    """(yaml, body) or an error code; a BOM is dropped (a note)."""
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    lines = re.split(r"(?<=\n)", text)
    first = lines[0].rstrip("\n").rstrip("\r").rstrip(" \t") if lines else ""
    if first != "---":
        return "FRONTMATTER_MISSING"
    for index in range(1, len(lines)):
        # a delimiter line ends at LF, CRLF or the file's end; "---\r" is no delimiter (note 89)
        line = lines[index]
        content = line[:-2] if line.endswith("\r\n") else line[:-1] if line.endswith("\n") else line
        if content.rstrip(" \t") in ("---", "..."):
            if re.search(r"\r(?!\n)", "".join(lines[1:index])):
                return "YAML_INVALID"  # a lone CR between the delimiters (core/mailbox/README.md, note 87)
            if bom:  # noted only of a file whose frontmatter is read
                NOTED.add("ENCODING_BOM")
            return "".join(lines[1:index]), "".join(lines[index + 1:])
    return "FRONTMATTER_UNCLOSED"


# ---- fields ----

def is_text(value):
    return isinstance(value, str)


# Whether a free-text field holding half a surrogate pair is refused (README note 182: an escape in a
# double-quoted scalar spells one in a UTF-8 file); compare_mailbox.py --break-escaped-surrogate reads it as text.
READS_ESCAPED_SURROGATES = True


def lone_surrogate(value):
    """Half a surrogate pair, which is no Unicode character: "well-formed Unicode" (README note 182)."""
    return READS_ESCAPED_SURROGATES and LONE_SURROGATE.search(value) is not None


def control(value):
    """A control character or a line separator: these fields are single lines."""
    return any(unicodedata.category(c) == "Cc" or c in "\u2028\u2029" for c in value)


def unheld_number(value):
    """A number no double holds as written (`1e400`, `.inf`, `.nan`), anywhere inside."""
    if isinstance(value, Plain):
        return isinstance(value.value, float) and not math.isfinite(value.value) or (
            isinstance(value.value, int) and abs(value.value) > 1.7976931348623157e308)
    if isinstance(value, Mapping):
        return any(unheld_number(v) for v in value.items.values())
    if isinstance(value, list):
        return any(unheld_number(v) for v in value)
    return False


def invisible(value):
    return any(unicodedata.category(c) == "Cf" for c in value)


def whole(value):
    """A whole number a double holds as written (2**53 + 1 would be read as another)."""
    return isinstance(value, Plain) and not isinstance(value.value, bool) and (
        isinstance(value.value, int) or (math.isfinite(value.value) and value.value == int(value.value))) and abs(value.value) <= 2 ** 53 - 1


def whole_value(value):
    return int(value.value)


def callsign_codes(value, errors):
    if not is_text(value):
        errors.add("CALLSIGN_INVALID")
    elif not CALLSIGN.match(value):
        errors.add("CALLSIGN_INVALID")
    elif value in DEVICES:
        errors.add("CALLSIGN_DEVICE_NAME")


def is_handler(name):
    return name == "HANDLER" or (isinstance(name, str) and name.startswith("HANDLER-"))


NOTED = set()


def same(a, b):
    """Two values of one field that agree: the same scalar (as YAML reads it), list or mapping."""
    if isinstance(a, Plain) or isinstance(b, Plain):
        return isinstance(a, Plain) and isinstance(b, Plain) and type(a.value) is type(b.value) and a.value == b.value
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.items.keys() == b.items.keys() and all(same(a.items[k], b.items[k]) for k in a.items)
    return type(a) is type(b) and a == b


def legacy_envelope(flat, doc):
    """The envelope read from legacy flat names alone, flat `meta` first and then the top level, or None
    when two names of one field at one level disagree (LEGACY_ALIAS_CONFLICT; core/mailbox/README.md,
    "Legacy aliases": which parent it names would otherwise depend on key order)."""
    env = Mapping()
    for level, names in ((flat, META_ALIASES), (doc, TOP_LEVEL_ALIASES)):
        read = {}
        for name, value in level.items.items():
            if name not in names:
                continue
            field = LEGACY_FIELD.get(name, name)
            if field in read and not same(read[field], value):
                return None
            read.setdefault(field, value)
        for field, value in read.items():
            if field not in env:
                env.items[field] = value
    return env


def verdict(text, mode):
    """(ok, sorted error codes and the notes of NOTES)."""
    NOTED.clear()
    ok, errors = read(text, mode)
    return ok, sorted(set(errors) | NOTED)


def read(text, mode):
    errors = set()
    notes = NOTED
    if len(text) * 4 > MAX_MESSAGE_BYTES and size_of(text) > MAX_MESSAGE_BYTES:  # four bytes a character at most
        return False, ["MESSAGE_TOO_LARGE"]
    if READS_ENCODING and LONE_SURROGATE.search(text):
        return False, ["ENCODING_INVALID"]
    split = split_frontmatter(text)
    if isinstance(split, str):
        return False, [split]
    yaml_text, body = split
    if FRONTMATTER_SIZE(yaml_text) > MAX_FRONTMATTER_BYTES:
        return False, ["FRONTMATTER_TOO_LARGE"]
    if nesting(yaml_text) > MAX_DEPTH:
        return False, ["FRONTMATTER_TOO_DEEP"]
    try:
        doc = parse_yaml(yaml_text.replace("\r\n", "\n"))
    except YamlError:
        return False, ["YAML_INVALID"]
    if not isinstance(doc, Mapping):
        return False, ["FRONTMATTER_SHAPE"]
    meta = doc.get("meta")
    if "meta" in doc and not isinstance(meta, Mapping):
        return False, [SHAPE_OF_MAILBOX]
    outbound = mode == "outbound"
    # Legacy flat names: under `meta` beside `mailbox`, or at the top level (section 4: "Peer-authored
    # flat legacy `meta` may be read"; section 9: "Reject legacy top-level aliases on new messages").
    if not READS_LEGACY and not (isinstance(meta, Mapping) and "mailbox" in meta):
        return False, ["ENVELOPE_MISSING"]
    flat = meta if isinstance(meta, Mapping) else Mapping()
    legacy = [k for k in flat.items if k in META_ALIASES and READS_LEGACY] + [k for k in doc.items if k in TOP_LEVEL_ALIASES]
    if legacy and outbound:
        errors.add("LEGACY_ALIAS")  # said beside a `meta.mailbox` that is no mapping too
    if legacy and not outbound and not ("mailbox" in flat and not isinstance(flat.get("mailbox"), Mapping)):
        notes.add("LEGACY_ENVELOPE")  # of an envelope read; a refused one is read from nothing
    if "mailbox" in flat:
        env = flat.get("mailbox")
        if not isinstance(env, Mapping):
            return False, sorted(errors | {SHAPE_OF_MAILBOX})
    elif outbound or not legacy:
        return False, sorted(errors | {"ENVELOPE_MISSING"})
    else:
        env = legacy_envelope(flat, doc)
        if env is None:
            return False, ["LEGACY_ALIAS_CONFLICT"]
    f = env.items
    tags = doc.get("tags")
    if not (isinstance(tags, list) and all(is_text(t) for t in tags) and "agent-mailbox" in tags):
        notes.add("TAGS_MISSING")
    if any(k not in KNOWN_FIELDS for k in f):
        notes.add("FIELD_UNKNOWN")

    for name in REQUIRED:
        if name not in f and not (name == "arena" and not outbound and "pod" in f):
            errors.add("FIELD_MISSING")
    if outbound and "version" not in f:
        errors.add("FIELD_MISSING")
    if "version" in f:
        v = f["version"]
        if not whole(v):
            errors.add("FIELD_TYPE")
        elif whole_value(v) < 0:  # a version is 0 or more; below 1 is read at the floor inbound
            errors.add("FIELD_TYPE")
        elif outbound and whole_value(v) != 1:
            errors.add("VERSION_UNSUPPORTED")
        elif not outbound and whole_value(v) < 1:
            notes.add("VERSION_FLOOR")
        elif not outbound and whole_value(v) > 1:
            notes.add("VERSION_HIGHER")
    elif not outbound:
        notes.add("VERSION_FLOOR")
    profile = f.get("profile")
    if "profile" in f and not (is_text(profile) and profile in ("CORE", "FULL")):
        errors.add("PROFILE_INVALID")
    for name in ("id", "thread", "request_id"):
        if name in f and not (is_text(f[name]) and UUID7.match(f[name])):
            errors.add("UUID_INVALID")
    reply_to = f.get("reply_to")
    root = reply_to is None or reply_to == ""
    if not root and not (is_text(reply_to) and UUID7.match(reply_to)):
        errors.add("UUID_INVALID")
    sender = f.get("from")
    kind = f.get("kind") if is_text(f.get("kind")) else None
    if "from" in f:
        if sender == "ALL":
            errors.add("CALLSIGN_RESERVED")
        else:
            callsign_codes(sender, errors)
            if is_text(sender) and CALLSIGN.match(sender) and is_handler(sender):
                if kind in ("hello", "welcome", "resume"):
                    errors.add("CALLSIGN_RESERVED")
                else:
                    notes.add("HANDLER_SELF_ASSERTED")
    recipients_ok = False
    if "to" in f:
        to = f["to"]
        before = set(errors)
        if not isinstance(to, list) or not to:
            errors.add("RECIPIENTS_INVALID")
        else:
            names = [key_of(n) if not isinstance(n, str) else n for n in to]
            if len(set(names)) != len(names) or ("ALL" in names and len(names) > 1):
                errors.add("RECIPIENTS_INVALID")
            for n in to:
                if n != "ALL":
                    callsign_codes(n, errors)
        recipients_ok = not (errors - before)
    if "kind" in f and not (is_text(kind) and kind in KINDS):
        errors.add("KIND_UNKNOWN")
    if kind == "claim" and profile == "CORE":
        errors.add("CLAIM_NOT_FULL")
    if profile == "FULL":
        for name in ("session", "seq"):
            if name not in f:
                errors.add("FIELD_MISSING")
    if "seq" in f and not (whole(f["seq"]) and whole_value(f["seq"]) >= 1):
        errors.add("SEQ_INVALID")
    expects = f.get("expects_reply")
    if "expects_reply" in f and expects is not True and expects is not False:
        errors.add("FIELD_TYPE")
    if "reply_to" in f and root and kind in KINDS and kind not in ALWAYS_ROOT and kind not in MAY_BE_ROOT:
        if not (kind == "state" and expects is False):
            errors.add("REPLY_TO_REQUIRED")
    for name in TEXT_FIELDS:
        if name not in f:
            continue
        v = f[name]
        refused = True
        if not is_text(v) or v == "" or control(v) or len(v) > MAX_LENGTH[name] or lone_surrogate(v):
            errors.add("FIELD_TYPE")
        elif name in ("arena", "pod", "machine") and invisible(v):
            errors.add("LOCUS_INVISIBLE")
        elif name == "session" and invisible(v):
            errors.add("SESSION_INVISIBLE")
        else:
            refused = False
            if name in ("model", "company", "contract_version", "adapter_version") and invisible(v):
                notes.add("PROVENANCE_INVISIBLE")
        if name in ("arena", "pod", "machine") and not refused:  # a refused value gets no note
            if len(scripts(v)) >= 2:
                notes.add("LOCUS_MIXED_SCRIPT")
            if unicodedata.normalize("NFC", v) != v:
                notes.add("LOCUS_NOT_NFC")
            if name == "machine" and not (re.fullmatch(r"[A-Z0-9._-]+", v) or UUID_ANY.match(v)):
                notes.add("MACHINE_NOT_CANONICAL")
    if "pod" in f:
        notes.add("ARENA_ALIAS")
    if outbound and "arena" not in f and "pod" in f:
        errors.add("FIELD_MISSING")
    if "root" in f:
        r = f["root"]
        if not (is_text(r) and HEX64.match(r)) or (outbound and r != r.lower()):
            errors.add("ROOT_ID_INVALID")
        elif r != r.lower():
            notes.add("ROOT_ID_CASE")
    if "transport" in f and not (is_text(f["transport"]) and f["transport"] in TRANSPORTS):
        errors.add("TRANSPORT_UNKNOWN")
    terms = f.get("terms")
    if "terms" in f and not (is_text(terms) and terms in ("accept", "counter")):
        errors.add("TERMS_INVALID")
    budget_ok = "exchange_budget" in f and whole(f["exchange_budget"]) and whole_value(f["exchange_budget"]) >= 1
    if "exchange_budget" in f and not budget_ok:
        errors.add("FIELD_TYPE")
    # Misplaced handshake fields: an invalid value is its own error alone; a kind that always answers
    # and has no `reply_to` is REPLY_TO_REQUIRED alone for being a root, but a budget on an answer
    # that is no welcome and carries no terms is misplaced whatever its parent.
    answers = kind in KINDS and kind not in ALWAYS_ROOT and kind not in MAY_BE_ROOT and kind != "state"
    terms_ok = "terms" in f and is_text(terms) and terms in ("accept", "counter")
    parent_reads = "reply_to" in f and (root or (is_text(reply_to) and UUID7.match(reply_to)))
    if kind in KINDS and parent_reads:  # judged once the parent field reads
        misplaced = False
        if terms_ok and (kind in ALWAYS_ROOT or (root and not answers)):
            misplaced = True
        if budget_ok:
            if kind == "resume" or (root and kind != "hello" and not answers):
                misplaced = True
            elif kind not in ("hello", "welcome") and "terms" not in f:
                misplaced = True
        if misplaced:
            (errors if outbound else notes).add("TERMS_MISPLACED" if outbound else "TERMS_IGNORED")
    if kind == "welcome" and "terms" not in f:
        notes.add("TERMS_MISSING")
    parent_valid = is_text(reply_to) and UUID7.match(reply_to)
    if kind in ALWAYS_ROOT and parent_valid:
        notes.add("ROOT_WITH_PARENT")
    if parent_valid and kind in KINDS and not WIKILINK.search(body):  # a hello's citation too
        notes.add("PARENT_LINK_MISSING")
    for name in MAPPING_FIELDS:
        if name in f and not isinstance(f[name], Mapping):
            errors.add("FIELD_TYPE")
    anomaly_ok = isinstance(f.get("anomaly"), Mapping) and not unheld_number(f["anomaly"])
    if "anomaly" in f and isinstance(f["anomaly"], Mapping) and not anomaly_ok:
        errors.add("FIELD_TYPE")  # compared whole, so a number no double holds is refused
    if "availability" in f and not (kind == "state" and expects is False):
        errors.add("AVAILABILITY_MISPLACED")
    if anomaly_ok and kind == "request" and recipients_ok and not is_handler(sender) and (len(f["to"]) > 1 or f["to"] == ["ALL"]):
        errors.add("REPAIR_MISADDRESSED")
    for line in rw1_lines(body):
        if not rw1_validator.verdict(line)[0]:
            errors.add("BODY_RW1_REFUSED")
    if kind == "goodbye":
        # A line of its own (after a list marker) saying `re-entry: <value>`, the key and the value
        # each in up to three Markdown marks (code span, bold, italics); Markdown's three line
        # endings (core/mailbox/README.md, README notes 79 and 82).
        lines = re.split(r"\r\n|\n|\r", body)
        returning = final = 0
        marks = r"[*_`]{0,3}"
        for line in lines:
            m = re.match(r"[ \t]*(?:[-*+][ \t]+)?" + marks + r"re-entry" + marks + ":" + marks + r"[ \t]*" + marks
                         + r"(returning|final)(?![A-Za-z0-9_])(.*)", line, re.I | re.S)
            if m:
                said = m.group(1).lower()
                other = "final" if said == "returning" else "returning"
                if re.search(r"\b%s\b" % other, m.group(2), re.I):  # `returning | final` offers both
                    returning += 1
                    final += 1
                elif said == "returning":
                    returning += 1
                else:
                    final += 1
        if returning + final != 1:
            (errors if outbound else notes).add("GOODBYE_REENTRY_MISSING" if outbound else "GOODBYE_REENTRY_UNSTATED")
    if kind == "deliver":
        if not re.search(r"(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])", body):
            (errors if outbound else notes).add("DELIVER_HASH_MISSING" if outbound else "DELIVER_HASH_UNSTATED")
        unsafe, scratch = path_problems(body)
        if unsafe:
            (errors if outbound else notes).add("ARTIFACT_PATH_UNSAFE" if outbound else "ARTIFACT_PATH_REFUSED")
        if scratch:
            (errors if outbound else notes).add("ARTIFACT_PATH_SCRATCH" if outbound else "ARTIFACT_SCRATCH_REFUSED")
    # No secrets in a message (section 14), frontmatter or body: refused outbound, noted inbound.
    if secret_lines(yaml_text + "\n" + body):
        (errors if outbound else notes).add("MESSAGE_SECRET" if outbound else "MESSAGE_SECRET_NOTED")
    return (not errors), errors
