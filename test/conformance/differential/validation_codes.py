"""The codes of one message against the vocabulary (core/CODES.md's section of core/validate):
what validator.py gives as a set, each once and unplaced, and the single-line check compares. A
comparison that reads a reply's validation beside a check's own findings holds these by code alone."""
import os
import re

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "core", "CODES.md"), encoding="utf-8") as table:
    _section = table.read().split("## One message against the vocabulary")[1].split("\n## ")[0]
VALIDATION_CODES = frozenset(re.findall(r"^\| `([A-Z_]+)` \|", _section, re.M))
