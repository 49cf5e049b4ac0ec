"""Verification entries and consents drawn on a wide contract (a parent, a prior) and a narrow one (its child, its next
revision), for generate_subdelegations.py and generate_chains.py: the shapes that tell one reading of section 8's
"inherit every ... consent constraint, ... verification requirement" from another. A verification entry differing
only in its verifier's revision, digest or `actor_type` (the verifier identity is the persistent Actor, section 6:
"The verifier identity and exact verification profile are recorded"), or in its profile, or in its verifier; entries
added, dropped, split; consents later, under another digest, with another subject, purpose, scope, withdrawal route,
recipient, class or expiry, or the same binding written otherwise, and consents added within or beyond what the wide
contract's bind. A contract relying on none is first given 11.4's CONSENT-7 (fenced) or the citation verifier, so
every base draws them. Each draw is on a stream of its own in its generator: the cases it leaves alone stay as drawn.
"""
import copy
import hashlib
import json
import os

RESEARCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "delegation", "records", "d-research-1.json")
with open(RESEARCH, encoding="utf-8") as f:
    _research = json.load(f)
VERIFICATION = _research["gates"]["verification"][0]
CONSENT = _research["gates"]["consent"][0]


def digest(text):
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def fence(contract, consent_id):
    """The consent's scope among the contract's control scopes (a contract fences each consent it relies on, 1.2)."""
    space = contract["control_scopes"][0]["space_id"]
    if not any(s["scope_kind"] == "consent" and s["scope_id"] == consent_id for s in contract["control_scopes"]):
        contract["control_scopes"].append({"space_id": space, "scope_kind": "consent", "scope_id": consent_id})


def carried_down(wide, narrow, gate, fixture):
    """The wide contract's first entry of `gates.<gate>` (the fixture's when it has none), the narrow contract's list, and
    the index of that entry in it (carried down as it is when the narrow contract lacks it)."""
    if not wide["gates"][gate]:
        wide["gates"][gate] = [copy.deepcopy(fixture)]
    kept, mine = wide["gates"][gate][0], narrow["gates"][gate]
    if kept not in mine:
        mine.append(copy.deepcopy(kept))
    return kept, mine, mine.index(kept)


def second_verifier(profile):
    return {"verifier_ref": {"object_id": "ACTOR-SOURCE-VERIFIER", "revision_id": "act-r1", "content_digest": digest("ACTOR-SOURCE-VERIFIER@act-r1"),
                             "actor_type": "agent"}, "profile": profile}


VERIFICATION_KINDS = ["later_revision", "other_digest", "other_type", "other_profile", "profile_case", "other_verifier", "dropped",
                      "added", "split", "later_other_profile", "wide_later", "wide_added"]


def verification_drawn(rng, wide, narrow):
    """One verification entry of the wide contract, as the narrow one carries it, changed in one way (or the wide
    contract's); `verification_drawn:KIND`."""
    kept, mine, i = carried_down(wide, narrow, "verification", VERIFICATION)
    entry, ref = mine[i], mine[i]["verifier_ref"]
    kind = rng.choice(VERIFICATION_KINDS)
    if kind in ("later_revision", "later_other_profile"):
        ref["revision_id"] = ref["revision_id"] + "-next"
        ref["content_digest"] = digest(f"{ref['object_id']}@{ref['revision_id']}")
        if kind == "later_other_profile":
            entry["profile"] = entry["profile"] + "_strict"
    elif kind == "other_digest":
        ref["content_digest"] = digest(f"{ref['object_id']}@{ref['revision_id']} other")
    elif kind == "other_type":
        ref["actor_type"] = "human" if ref.get("actor_type") == "agent" else "agent"
    elif kind == "other_profile":
        entry["profile"] = entry["profile"] + "_strict"
    elif kind == "profile_case":
        entry["profile"] = entry["profile"].upper()
    elif kind == "other_verifier":
        mine[i] = second_verifier(entry["profile"])
    elif kind == "dropped":
        mine.pop(i)
    elif kind == "added":
        mine.append(second_verifier("source_check"))
    elif kind == "split":
        # The verifier under another profile, and the profile by another verifier: each field kept, never the pair.
        mine[i:i + 1] = [dict(copy.deepcopy(entry), profile=entry["profile"] + "_strict"), second_verifier(entry["profile"])]
    elif kind == "wide_later":
        wide_ref = kept["verifier_ref"]
        wide_ref["revision_id"] = wide_ref["revision_id"] + "-next"
        wide_ref["content_digest"] = digest(f"{wide_ref['object_id']}@{wide_ref['revision_id']}")
    else:
        wide["gates"]["verification"].append(second_verifier("source_check"))
    return "verification_drawn:" + kind


CONSENT_KINDS = ["later_revision", "other_digest", "subject", "purpose", "scope", "withdrawal", "recipient_add", "class_add",
                 "expiry_earlier", "reordered", "retention_hours", "expiry_millis", "dropped", "added_within", "added_wider",
                 "wide_added", "wide_later"]


def other_consent(classes):
    return {"consent_ref": {"object_id": "CONSENT-11", "revision_id": "c-r1", "content_digest": digest("CONSENT-11@c-r1")},
            "subject_ref": "PRJ-1-CONTRIBUTORS", "scope": "PRJ-1 sources", "purpose": "survey", "data_classes": classes,
            "recipients": ["AGENT-HELPER"], "retention": {"value": 7, "unit": "d"}, "expires_at": "2026-12-31T00:00:00Z",
            "withdrawal_route": "https://x.example/consent/CONSENT-11/withdraw"}


def consent_drawn(rng, wide, narrow):
    """One consent of the wide contract, as the narrow one carries it, changed in one way, or one added on either side;
    `consent_drawn:KIND`."""
    kept, mine, i = carried_down(wide, narrow, "consent", CONSENT)
    fence(wide, kept["consent_ref"]["object_id"])
    fence(narrow, kept["consent_ref"]["object_id"])
    c = mine[i]
    bound = {k for w in wide["gates"]["consent"] for k in w["data_classes"]}
    kind = rng.choice(CONSENT_KINDS)
    if kind in ("later_revision", "wide_later"):
        target = c if kind == "later_revision" else kept
        target["consent_ref"]["revision_id"] = target["consent_ref"]["revision_id"] + "-next"
        target["consent_ref"]["content_digest"] = digest(f"{target['consent_ref']['object_id']}@{target['consent_ref']['revision_id']}")
    elif kind == "other_digest":
        c["consent_ref"]["content_digest"] = digest(f"{c['consent_ref']['object_id']}@{c['consent_ref']['revision_id']} other")
    elif kind == "subject":
        c["subject_ref"] = c["subject_ref"] + "-ALL"
    elif kind == "purpose":
        c["purpose"] = c["purpose"] + " and reuse"
    elif kind == "scope":
        c["scope"] = c["scope"] + " and drafts"
    elif kind == "withdrawal":
        c["withdrawal_route"] = c["withdrawal_route"] + "?v=2"
    elif kind == "recipient_add":
        c["recipients"].append("AGENT-OTHER")
    elif kind == "class_add":
        c["data_classes"].append(next(k for k in ("internal", "confidential", "restricted") if k not in c["data_classes"]))
    elif kind == "expiry_earlier":
        c["expires_at"] = "2026-12-30T00:00:00Z"
    elif kind == "reordered":
        if len(c["recipients"]) == 1:
            kept["recipients"].append("AGENT-HELPER")
            c["recipients"].insert(0, "AGENT-HELPER")
        c["recipients"] = list(reversed(c["recipients"]))
        c["data_classes"] = list(reversed(c["data_classes"]))
    elif kind == "retention_hours" and c["retention"]["unit"] == "d":
        c["retention"] = {"value": c["retention"]["value"] * 24, "unit": "h"}
    elif kind == "expiry_millis" and c["expires_at"].endswith(":00Z"):
        c["expires_at"] = c["expires_at"][:-1] + ".000Z"
    elif kind == "dropped":
        mine.pop(i)
    elif kind in ("added_within", "added_wider", "wide_added"):
        outside = [k for k in ("internal", "confidential", "restricted") if k not in bound]
        classes = [sorted(bound)[0]] if kind == "added_within" or not outside else [outside[0]]
        (wide if kind == "wide_added" else narrow)["gates"]["consent"].append(other_consent(classes))
        fence(wide if kind == "wide_added" else narrow, "CONSENT-11")
    else:
        kind = "kept"
    return "consent_drawn:" + kind
