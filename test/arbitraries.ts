/**
 * fast-check generators for valid RW1 messages, driven by a vocabulary's own slot types, so the
 * generators cover every slot and type the vocabulary has.
 */
import fc from "fast-check";
import { coreVocabulary, MESSAGE_TYPES, READBACK_LEVELS } from "../core/index.js";
import type { Message, Scalar, SlotType, SlotValue, Vocabulary } from "../core/index.js";

const AGENT = /^[A-Za-z0-9._-]{1,12}$/;
const agent = fc.stringMatching(AGENT);
const messageId = fc.tuple(agent, fc.nat({ max: 99999 })).map(([a, n]) => `${a}-${n}`);
// Printable ASCII without space; list elements also without '+'.
const token = fc.stringMatching(/^[!-~]{1,16}$/);
const element = fc.stringMatching(/^[!-*,-~]{1,12}$/);
const date = fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10).replaceAll("-", ""));
const time = fc.tuple(date, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([d, h, m]) => `${d}T${String(h).padStart(2, "0")}${String(m).padStart(2, "0")}Z`);
const money = fc.tuple(fc.boolean(), fc.nat({ max: 99_999_999 }), fc.nat({ max: 99 })).map(([neg, a, c]) => `${neg && a + c > 0 ? "-" : ""}${a}.${String(c).padStart(2, "0")}`);
const num = fc.tuple(fc.integer({ min: -999, max: 9999 }), fc.option(fc.nat({ max: 999 }))).map(([a, b]) => (b === null ? String(a) : `${a}/${b}`));
const hex12 = fc.stringMatching(/^[0-9a-f]{12}$/);
const ckey = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((k) => k !== "constructor" && k !== "prototype");

function scalar(type: SlotType, vocabulary: Vocabulary, inList: boolean): fc.Arbitrary<Scalar> {
  switch (type.kind) {
    case "enum":
      return fc.constantFrom(...[...(vocabulary.enums.get(type.name)?.keys() ?? [])]);
    case "int":
      return fc.integer({ min: type.lo, max: Math.min(type.hi, 1_000_000) });
    case "days":
      return fc.nat({ max: 100_000 });
    case "bool":
      return fc.boolean();
    case "date":
      return date;
    case "time":
      return time;
    case "money":
      return money;
    case "num":
      return num;
    case "msgid":
      return messageId;
    case "agent":
      return agent;
    case "hex12":
      return hex12;
    case "ckey":
      return ckey;
    case "constraint":
      return fc.tuple(ckey, element).map(([k, v]) => `${k}:${v}`);
    case "rblevel":
      return fc.constantFrom(...READBACK_LEVELS, ...[...vocabulary.slots.keys()]);
    case "profile":
      return fc.constant(vocabulary.name);
    case "list":
      throw new RangeError("nested list");
    default:
      return inList ? element : token;
  }
}

export function arbitraryValue(type: SlotType, vocabulary: Vocabulary): fc.Arbitrary<SlotValue> {
  if (type.kind === "list") return fc.array(scalar(type.of, vocabulary, true), { minLength: 1, maxLength: 4 });
  return scalar(type, vocabulary, false);
}

const tailUnit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("a", "b", "z", " ", "/", ",", "=", "+", '"', "\\", ":", "#") },
  { weight: 2, arbitrary: fc.constantFrom("é", "€", "😀", "日", "\u00a0") },
);
const tail = fc.string({ unit: tailUnit, minLength: 1, maxLength: 80 });

/** A message that formats to a line and parses back to itself under `vocabulary`. */
export function arbitraryMessage(vocabulary: Vocabulary = coreVocabulary): fc.Arbitrary<Message> {
  const keys = [...vocabulary.slots.values()].filter((d) => d.envelope === 0 && d.key !== "p");
  const slotEntries = fc.subarray(keys, { maxLength: 10 }).chain((defs) =>
    fc.tuple(...defs.map((d) => arbitraryValue(d.type, vocabulary).map((v) => [d.key, v] as const))),
  );
  const extensions = fc.array(fc.tuple(fc.stringMatching(/^x_[a-z0-9_]{1,6}$/), token), { maxLength: 2 });
  return fc
    .record({
      type: fc.constantFrom(...MESSAGE_TYPES),
      from: agent,
      n: fc.nat({ max: 9999 }),
      re: fc.option(messageId),
      to: agent,
      item: fc.option(token),
      slots: slotEntries,
      extensions,
      tail: fc.option(tail),
    })
    .map(({ type, from, n, re, to, item, slots, extensions: ext, tail: t }) => {
      const all: Record<string, SlotValue> = {};
      if (vocabulary.profile !== null) all["p"] = vocabulary.name;
      for (const [k, v] of slots) all[k] = v;
      for (const [k, v] of ext) all[k] = v;
      return { v: "RW1", type, id: `${from}-${n}`, re, from, to, item, slots: all, tail: t };
    });
}
