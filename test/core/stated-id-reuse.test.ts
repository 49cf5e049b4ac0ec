// The id of the RB a statement states (core statedIdReuse, as the Worker's thread and the replay of
// its clock call it): held by the statement while it is pending in its window or committed, taken
// by no other line than its own relay.
import { describe, expect, it } from "vitest";
import { memoryStore, parseLine, prepare, statedIdReuse } from "../../core/index.js";
import type { Message, Statement, StatementState } from "../../core/index.js";
import { vocabularies } from "../vocabularies.js";

const HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 exp=20261002T1700Z";
const EXP = "20261002T1600Z";
const IN_WINDOW = "20261002T1559Z";
const LAST_MINUTE = EXP;
const PAST_WINDOW = "20261002T1601Z";
const OTHER_TOKEN = "f".repeat(32);

function msg(line: string): Message {
  const read = parseLine(line);
  if (!read.ok) throw new Error(line);
  return read.value;
}

/** A statement prepared for the HO (its RB `payer-1`, with its x_tok), then put in `state`. */
function stated(state: StatementState): { store: ReturnType<typeof memoryStore>; statement: Statement } {
  const store = memoryStore();
  const prepared = prepare(store, { ho: msg(HO), call: {}, exp: EXP }, vocabularies().pay);
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.findings));
  const statement = { ...prepared.value, state };
  store.put(statement);
  return { store, statement };
}

/** Lines under the statement's RB id that relay nothing: other types, and RBs without its x_tok. */
function strangers(statement: Statement): Message[] {
  const rb = statement.readback;
  const { x_tok: _token, ...untokened } = rb.slots;
  return [
    msg(`RW1 AN ${rb.id} re=scheduler-1 from=payer to=scheduler val=Y`),
    msg(`RW1 AQ ${rb.id} re=scheduler-1 from=payer to=scheduler need=ENUM opts=a+b`),
    { ...rb, slots: untokened }, // the RB with no x_tok
    { ...rb, slots: { ...rb.slots, x_tok: OTHER_TOKEN } }, // another statement's token
    { ...rb, type: "ST" }, // its very slots, x_tok too, on a line that is no RB
  ];
}

describe("statedIdReuse", () => {
  it("a pending statement in its window holds its RB's id: any line under it but its own relay is THREAD_ID_REUSED, naming the handoff", () => {
    const { store, statement } = stated("pending");
    expect(statement.readback.id).toBe("payer-1");
    for (const now of [IN_WINDOW, LAST_MINUTE]) {
      for (const line of strangers(statement)) {
        expect(statedIdReuse(store, line, now), `${line.type} ${JSON.stringify(line.slots)} at ${now}`).toStrictEqual({
          code: "THREAD_ID_REUSED",
          severity: "error",
          slot: "id",
          received: "payer-1",
          message: "payer-1 is the id of the readback a statement prepared for scheduler-1 states, to be relayed under it; a message id names one message, so send this line under another id",
        });
      }
      expect(statedIdReuse(store, statement.readback, now)).toBeNull();
    }
  });

  it("a pending statement past its window holds its id no longer: nothing could relay it", () => {
    const { store, statement } = stated("pending");
    for (const line of strangers(statement)) expect(statedIdReuse(store, line, PAST_WINDOW)).toBeNull();
  });

  it("a committed statement holds its id whatever the moment", () => {
    const { store, statement } = stated("committed");
    for (const now of [IN_WINDOW, PAST_WINDOW, "20991231T2359Z"]) {
      for (const line of strangers(statement)) expect(statedIdReuse(store, line, now)).toMatchObject({ code: "THREAD_ID_REUSED", received: "payer-1" });
      expect(statedIdReuse(store, statement.readback, now)).toBeNull();
    }
  });

  it("an abandoned, expired or cancelled statement holds its id no longer", () => {
    for (const state of ["abandoned", "expired", "cancelled"] as const) {
      const { store, statement } = stated(state);
      for (const line of [...strangers(statement), statement.readback]) expect(statedIdReuse(store, line, IN_WINDOW), state).toBeNull();
    }
  });

  it("a line under any other id is not the statement's business", () => {
    const { store, statement } = stated("committed");
    expect(statedIdReuse(store, { ...statement.readback, id: "payer-2" }, IN_WINDOW)).toBeNull();
    expect(statedIdReuse(store, msg("RW1 ST payer-10 from=payer to=scheduler item=inv:MD-2026-057"), IN_WINDOW)).toBeNull();
  });

  it("decides by the statement that holds the id, whichever order the store gives those stating it", () => {
    const { statement } = stated("pending");
    const ended: Statement = { ...statement, token: OTHER_TOKEN, state: "abandoned", readback: { ...statement.readback, slots: { ...statement.readback.slots, x_tok: OTHER_TOKEN } } };
    for (const order of [[ended, statement], [statement, ended]]) {
      const store = { statementsStating: () => order };
      expect(statedIdReuse(store, statement.readback, IN_WINDOW)).toBeNull();
      expect(statedIdReuse(store, ended.readback, IN_WINDOW)).toMatchObject({ code: "THREAD_ID_REUSED" });
    }
  });

  it("asks the store for the line's id alone", () => {
    const { store, statement } = stated("pending");
    const asked: string[] = [];
    statedIdReuse({ statementsStating: (id) => (asked.push(id), store.statementsStating(id)) }, strangers(statement)[0] as Message, IN_WINDOW);
    expect(asked).toStrictEqual(["payer-1"]);
  });

  it("memoryStore answers every statement stating the id, in any state", () => {
    const { store, statement } = stated("abandoned");
    expect(store.statementsStating("payer-1")).toStrictEqual([statement]);
    expect(store.statementsStating("payer-2")).toStrictEqual([]);
  });
});
