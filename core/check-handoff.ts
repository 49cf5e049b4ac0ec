/**
 * check-ho (section 5.3, before sending): an HO before an irreversible act is compared with the
 * approval record, and refused if it differs in any value, omits a value the record holds (other
 * than those the receiver resolves), or does not ask `rb=exec` where the profile names execution
 * slots for the ask. A relay checks the HO it forwards the same way, the HO it received standing
 * as the record, plus only what its role adds.
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message, SlotValue } from "./message.js";
import { _readAdds } from "./record.js";
import type { SenderRecord } from "./record.js";
import { validate } from "./validate.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _field, _same, _show } from "./_slot-values.js";
import { _hoSlot, _hoValue } from "./_stated-slots.js";
import { _carriedBy, _contradictions, _unapprovedCarried, _unapprovedOmitted } from "./_record-contradictions.js";

export interface HandoffReport {
  readonly ok: boolean;
  readonly findings: readonly Finding[];
}


function report(findings: Finding[]): HandoffReport {
  return { ok: !findings.some((f) => f.severity === "error"), findings };
}

function againstRecord(ho: Message, record: SenderRecord, vocabulary: Vocabulary): Finding[] {
  const out: Finding[] = [];
  if (ho.type !== "HO") out.push(finding("NOT_A_HANDOFF", `check-ho checks an HO, not ${ho.type}`, { slot: "type", received: ho.type }));
  out.push(...validate(ho, vocabulary));
  // Every value the record holds against the line, by the rule the checks after it hold the HO to
  // (core/_record-contradictions), so that none of them passes what this check refuses.
  out.push(
    ..._contradictions(_carriedBy(ho, vocabulary), record.values, vocabulary, {
      differs: (slot, want, got) => finding("HO_DIFFERS", `${slot}: the line says ${got ?? ""}, the record says ${_show(want)}`, got === undefined ? { slot, expected: _show(want) } : { slot, expected: _show(want), received: got }),
      omitted: (slot, want) => (record.resolve.has(slot) ? undefined : finding("HO_OMITS", `the line omits ${slot}=${_show(want)}, which the record holds`, { slot, expected: _show(want) })),
    }),
  );
  const ask = ho.slots["ask"];
  const exec = typeof ask === "string" ? vocabulary.exec.get(ask) : undefined;
  // An execution value the record does not hold is a value nobody approved: it differs from the
  // record as surely as a changed one (kind=NET on a PAY whose record says nothing of kind). One
  // the record leaves to the receiver is no exception: carried, it is what the readback and the
  // done report are compared with, and a planted account would pass both. The same rule as the
  // checks after sending (core/_record-contradictions).
  const carried = (exec ?? []).filter((slot) => _hoValue(ho, slot, vocabulary) !== undefined);
  out.push(..._unapprovedCarried(carried, record.values, [...record.resolve], (slot) => _show(_hoValue(ho, slot, vocabulary))));
  const rb = ho.slots["rb"];
  if (exec !== undefined && exec.length > 0 && !(Array.isArray(rb) && rb.includes("exec"))) {
    out.push(finding("HO_NEEDS_EXEC", `the profile names execution slots for ${String(ask)} (${exec.join(" ")}): the HO must ask rb=exec`, { slot: "rb", expected: "exec" }));
  }
  return out;
}

/** Checks an HO line (its JSON form) against the approval record before it is sent. */
export function checkHandoff(ho: Message, record: SenderRecord, vocabulary: Vocabulary): HandoffReport {
  const out = againstRecord(ho, record, vocabulary);
  // An execution value neither the line nor the record gives is one the act would take from the
  // receiver unchecked. Not a relay's rule: what it received stands as its record, and it
  // forwards what the sender left to the receiver as the sender left it.
  const ask = ho.slots["ask"];
  const exec = typeof ask === "string" ? vocabulary.exec.get(ask) : undefined;
  if (exec !== undefined) out.push(..._unapprovedOmitted(exec, exec.filter((slot) => _hoValue(ho, slot, vocabulary) !== undefined), record.values, String(ask)));
  return report(out);
}

/**
 * Checks the HO a relay forwards against the HO it received: every slot and the tail unchanged,
 * the item the same, nothing added but `adds` (what the relay's role adds, with its values). The
 * envelope is the relay's own: it sends (`from` is the received HO's `to`) to the next hop.
 *
 * `adds` is untrusted JSON, read here exactly as `readRecord` reads a record's values: written as
 * on a line (`"relay+sch"`, `"1"`) or decoded (`["relay","sch"]`, `1`), and refused
 * (`RECORD_SHAPE`, nothing else checked) when a value is not one its slot's type admits.
 */
export function checkRelay(forwarded: Message, received: Message, vocabulary: Vocabulary, adds: Readonly<Record<string, SlotValue>> = {}): HandoffReport {
  const read = _readAdds(adds, vocabulary);
  if (!read.ok) return report([...read.findings]);
  const added = read.value;
  // What a relay received must itself be a valid HO: one that is refused is answered with a UN
  // (rule 2), never passed on, and a value it lacks (its item, its receiver) cannot stand as the
  // record the forward is held to.
  const refused = received.type === "HO" ? validate(received, vocabulary).filter((f) => f.severity === "error") : [finding("NOT_A_HANDOFF", `a relay forwards an HO, not ${received.type}`, { slot: "type", received: received.type })];
  // The role adds slots the received HO does not carry; it never changes one it does, so the
  // received value stands as the record whatever `adds` says of it.
  const values: Record<string, SlotValue> = { ...added, ...received.slots };
  if (received.item !== null) values["item"] = received.item;
  const out = againstRecord(forwarded, { values, resolve: new Set() }, vocabulary);
  for (const [slot, value] of Object.entries(added)) {
    const carried = _field(received, slot);
    if (carried !== undefined && !_same(carried, value)) {
      out.push(finding("RELAY_ADDS", `the relay's role cannot add ${slot}=${_show(value)}: the received HO carries ${slot}=${_show(carried)}, and a relay forwards every slot unchanged`, { slot, expected: _show(carried), received: _show(value) }));
    }
  }
  if (refused.length > 0) {
    const codes = [...new Set(refused.map((f) => f.code))].join(" ");
    out.push(finding("RELAY_RECEIVED_INVALID", `the HO received is refused (${codes}): its receiver answers it with a UN, and forwards nothing`, { slot: "re", received: received.id }));
  }
  if (received.to !== null && forwarded.from !== received.to) {
    out.push(finding("RELAY_PARTIES", `a relay forwards as itself: from=${_show(forwarded.from ?? undefined)} is not ${_show(received.to ?? undefined)}, the received HO's receiver`, { slot: "from", expected: _show(received.to ?? undefined), received: _show(forwarded.from ?? undefined) }));
  }
  for (const slot of Object.keys(forwarded.slots)) {
    if (!Object.hasOwn(values, slot)) out.push(finding("RELAY_ADDS", `the relay added ${slot}=${_show(forwarded.slots[slot])}, which neither the received HO nor its role adds`, { slot, received: _show(forwarded.slots[slot]) }));
  }
  // The record check reads the slots an HO takes; a relay forwards the others unchanged too (its
  // x_ keys, unknown keys, a slot the HO type ignores): they travel with the brief.
  for (const [slot, value] of Object.entries(received.slots)) {
    if (_hoSlot(slot, vocabulary)) continue;
    const got = Object.hasOwn(forwarded.slots, slot) ? forwarded.slots[slot] : undefined;
    if (got === undefined) out.push(finding("HO_OMITS", `the relay dropped ${slot}=${_show(value)}: a relay forwards every slot unchanged`, { slot, expected: _show(value) }));
    else if (!_same(got, value)) out.push(finding("HO_DIFFERS", `${slot}: the relay forwards ${_show(got)}, the received HO says ${_show(value)}; a relay forwards every slot unchanged`, { slot, expected: _show(value), received: _show(got) }));
  }
  if (forwarded.tail !== received.tail) out.push(finding("HO_DIFFERS", "the relay changed the tail: the brief travels as received", { slot: "tail" }));
  return report(out);
}
