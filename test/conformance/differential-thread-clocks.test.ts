// The differential check of what only a Worker's thread checks, having a clock and what it stored
// (differential/README.md, "A thread's clock"): 800 seeded conversations whose lines, prepares,
// abandons, challenges, commits and alarms come at known moments, replayed as the thread's object
// takes them (the core's arrivalRefusal, then the audit; prepare, abandon and commit, a commit
// cleared by commitClearance over the relayed readbacks and the sender's answers; the statements a
// close or cancel ends; a record or criteria registered for an HO and carried to its re-issue;
// a record the vocabulary does not read, a profile not shipped or not the parts' or the HO's;
// a thread of small capacity, its lines, challenges (registered or carried over) and statements full;
// a thread of few bytes, its lines' (with the readback reports stored beside them) and its
// challenges' (registered or carried over) full, now and then its rows lowered too;
// a thread with an inline profile of its own, named by an HO's p=, its readbacks and challenges
// (ahead of its first line naming no profile, then naming it: note 143);
// a thread of a shipped profile or its own, its lines without p= read with it (the same HO and
// readback now and then in a pay thread and the next thread not pay's);
// the done check a DN gets, and the sender's own check-dn of a DN with its record, with or without
// the readback given as the plan; alarms
// expiring statements and recording what is late) and by an independent Python replay written from
// spec sections 2, 3.1, 5.3 and 5.4 and the README's notes 16, 23, 24, 26, 27, 28, 32, 34, 35, 65,
// 107 and 143; each append's status and refusal, what the thread says of its statements as it stores
// the line (a relay's, a DN's, a CX's and an AN's to it, an HO's of its challenge) and a DN's done
// check, each challenge registration's answer, each statement's
// answers (a prepare's with the RB id it states, n given or not, or its refusal by kind, parameter
// and findings, line-too-long too; a commit's refusal by its code, slot and what it found) and end state, the alarms'
// records, the lines stored and the report at the end must agree. A failure names the first
// conversation they disagree on, with both answers.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_thread_clocks.py", args);

/** What one side answered, by list, as the comparison prints it. */
interface Answers {
  readonly appends: unknown[][];
  /** The core's alone: the words of each stored row's findings, by append ([tier, code, fields]). */
  readonly words?: Record<string, unknown[][]>;
  readonly statements: unknown[][];
  readonly challenges: unknown[][];
  readonly end: { readonly handoffs: unknown[][] };
  /** The sender's own check-dn of a DN with its record, where the case gives one: [plan, ok, findings]. */
  readonly doneChecks?: [null, boolean, unknown[][]][];
}
/** The first conversation the two sides read differently: the case and both answers. */
interface Divergence {
  readonly case: { readonly events: Record<string, unknown>[]; readonly profile?: { readonly profile: string } | string; readonly bytes?: number };
  readonly core: Answers;
  readonly replay: Answers;
}

/** A run with a break planted: it must diverge, and it names the first conversation that does. */
const broken = (args: readonly string[]): Divergence => {
  const { status, output } = compare(args);
  expect(status).toBe(1);
  return JSON.parse(output) as Divergence;
};

/** The first answer in which the core's list and the replay's differ. */
const firstDiffering = (core: readonly unknown[], replay: readonly unknown[]): number => core.findIndex((a, k) => JSON.stringify(a) !== JSON.stringify(replay[k]));

/**
 * A run with a break that counts a row short: its first diverging append (by status) is one the
 * thread refuses thread-full and the replay stores. The divergence, that append's index and the lines.
 */
const storedPastBytes = (args: readonly string[]): { readonly first: Divergence; readonly at: number; readonly lines: string[] } => {
  const first = broken(args);
  expect(typeof first.case.bytes).toBe("number");
  const at = firstDiffering(first.core.appends.map((a) => a.slice(0, 2)), first.replay.appends.map((a) => a.slice(0, 2)));
  expect(first.core.appends[at]?.[1]).toBe("thread-full");
  expect(first.replay.appends[at]?.[0]).toBe("stored");
  return { first, at, lines: first.case.events.filter((e) => "line" in e).map((e) => e["line"] as string) };
};

describe("differential check of a thread's clock (reply ahead, readback and confirmation windows, alarms)", () => {
  it("agrees with the independent replay on 800 seeded conversations", { timeout: 90_000 }, () => {
    const { status, output } = compare(["800", "1", "--first"]);
    expect(output, "the first conversation the core and the replay read differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 90_000 }, () => {
    // The replay told that a readback may be confirmed whenever the yes comes takes a late val=Y the core refuses.
    const first = broken(["150", "1", "--first", "--break-confirmation"]);
    expect(first.core.appends.some((a) => a[1] === "THREAD_CONFIRMATION_EXPIRED")).toBe(true);
    expect(first.replay.appends.some((a) => a[1] === "THREAD_CONFIRMATION_EXPIRED")).toBe(false);
  });

  it("names a commit the replay runs without its readback's clearance", { timeout: 90_000 }, () => {
    // The replay told that a statement runs whenever it is in its window, whatever was relayed,
    // checked or answered, commits what the core refuses until a passing, unheld readback relays it.
    const first = broken(["300", "1", "--first", "--break-commit"]);
    const refused = first.core.statements.findIndex((a, i) => a[0] === "refused" && a.length === 4 && first.replay.statements[i]?.[0] === "committed");
    expect(refused).toBeGreaterThanOrEqual(0);
  });

  it("names a relay of a statement, not as prepared, that the replay says nothing of", { timeout: 90_000 }, () => {
    // The replay told that a relayed RB carrying a statement's token clears nothing only when the
    // statement is gone says nothing of one that changed what the statement states.
    const first = broken(["150", "1", "--first", "--break-relay"]);
    const said = first.core.appends.findIndex((a, i) => JSON.stringify(a[3]) !== JSON.stringify(first.replay.appends[i]?.[3]));
    expect((first.core.appends[said]?.[3] as unknown[][]).map((f) => f.slice(0, 2))).toStrictEqual([["STATEMENT_REFUSED", "x_tok"]]);
    expect(first.replay.appends[said]?.[3]).toStrictEqual([]);
  });

  it("names why a prepare was refused when the replay says otherwise", { timeout: 90_000 }, () => {
    // The replay told to hold a call to the execution slots without reading it in the HO's
    // vocabulary refuses a non-pay HO's statement for its rb= where the thread refuses the call.
    const first = broken(["150", "1", "--first", "--break-prepare"]);
    const i = firstDiffering(first.core.statements, first.replay.statements);
    expect(first.core.statements[i]?.slice(0, 3)).toStrictEqual(["refused", "invalid-request", "call"]);
    expect((first.core.statements[i]?.[3] as unknown[][])[0]?.[0]).toBe("RECORD_SHAPE");
    expect(first.replay.statements[i]?.[1]).toBe("statement-refused");
  });

  it("names a done check whose check-dn takes values on a NOOP report", { timeout: 90_000 }, () => {
    // The replay's check-dn told to take execution values on out=NOOP stores as passing a DN the
    // thread's check-dn finds DONE_NOOP (section 5.3, note 26).
    const first = broken(["300", "1", "--first", "--break-noop"]);
    const i = first.core.appends.findIndex((a, k) => JSON.stringify(a[4] ?? null) !== JSON.stringify(first.replay.appends[k]?.[4] ?? null));
    const core = first.core.appends[i]?.[4] as [string | null, boolean, unknown[][]];
    const mine = first.replay.appends[i]?.[4] as [string | null, boolean, unknown[][]];
    expect(core[2].some((f) => f[0] === "DONE_NOOP")).toBe(true);
    expect(mine[2].some((f) => f[0] === "DONE_NOOP")).toBe(false);
  });

  it("names the sender's check-dn whose record does not hold an HO asking no rb=exec", { timeout: 90_000 }, () => {
    // The replay's check-dn told to drop note 99's rule passes, or fails for less, a DN whose HO
    // asks no rb=exec of PAY, where the core's holds the HO to the record (HO_NEEDS_EXEC, as check-ho
    // refuses it). A thread never meets one (it refuses that record or that HO first): the sender's own check does.
    const first = broken(["50", "1", "--first", "--break-needs-exec"]);
    const codes = (answers: Answers) => (answers.doneChecks ?? []).flatMap((d) => d[2].map((f) => f[0]));
    expect(codes(first.core)).toContain("HO_NEEDS_EXEC");
    expect(codes(first.replay)).not.toContain("HO_NEEDS_EXEC");
  });

  it("names the sender's check-dn that judges its readback without the record, and one that plans by a record nobody read back", { timeout: 90_000 }, () => {
    // Both planted in one run (each run's start-up is most of its cost), each named by what only
    // it makes differ. Judged without the record, a readback the record (or the HO held to it)
    // voids plans the report: the core's says DONE_PLAN_VOID where the replay's does not. Planning by
    // a record nobody read back, the replay expects the record's acct where the core's, with no
    // readback passing, expects nothing (DONE_MISSING "nothing") or finds it unverified
    // (DONE_UNVERIFIED): only the HO and a passing readback plan (section 5.3, note 26).
    const { status, output } = compare(["20", "1", "--break-plan-record", "--break-unread-plan"]);
    expect(status).toBe(1);
    type Checked = [string | null, boolean, unknown[][]];
    const sender = output.split("\n").filter((l) => /^\d+: \[\["sender done"/.test(l))
      .map((l) => (JSON.parse(l.slice(l.indexOf(" ") + 1)) as string[][])[0] as string[])
      .map(([, core, mine]) => [JSON.parse(core as string), JSON.parse(mine as string)] as [Checked, Checked]);
    const voided = (d: Checked) => d[2].some((f) => f[0] === "DONE_PLAN_VOID");
    const unplanned = (d: Checked) => d[2].filter((f) => f[0] === "DONE_UNVERIFIED" || (f[0] === "DONE_MISSING" && f[2] === "nothing")).length;
    expect(sender.some(([core, mine]) => voided(core) && !voided(mine))).toBe(true);
    expect(sender.some(([core, mine]) => !voided(core) && !voided(mine) && unplanned(core) > unplanned(mine))).toBe(true);
  });

  it("names a handoff the replay judges without the record its sender registered ahead of it", { timeout: 90_000 }, () => {
    // The replay that drops the challenge reads the challenged HO's readback as if the thread held
    // no record for the account the HO leaves to the receiver, where the thread checks it against it.
    const first = broken(["150", "1", "--first", "--break-challenge"]);
    // Any of the conversation's challenged HOs (a record's, criteria's): one stands otherwise.
    const challenged = first.case.events.filter((e) => "challenge" in e).map((e) => e["challenge"]);
    expect(challenged.length).toBeGreaterThan(0);
    const stands = (handoffs: unknown[][], id: unknown) => handoffs.find((h) => h[0] === id)?.[3];
    expect(challenged.some((id) => stands(first.core.end.handoffs, id) !== stands(first.replay.end.handoffs, id))).toBe(true);
  });

  it("names a readback the replay judges without the criteria its sender withheld", { timeout: 90_000 }, () => {
    // The replay that drops the withheld criteria at tier 4 judges a criteria HO's readback as if
    // the sender had registered none (ACC_UNCHECKED, a note) where the thread compares them.
    const first = broken(["150", "1", "--first", "--break-criteria"]);
    const challenged = first.case.events.filter((e) => Array.isArray(e["expectAcc"])).map((e) => e["challenge"]);
    const differs = first.core.end.handoffs.filter((h, i) => challenged.includes(h[0]) && h[3] !== first.replay.end.handoffs[i]?.[3]);
    expect(differs.length).toBeGreaterThan(0);
  });

  it("names a re-issue the replay does not hold to its original's challenge", { timeout: 90_000 }, () => {
    // The replay that carries nothing to a re-issue (note 34) says no CHALLENGE_CARRIED where the thread does.
    const first = broken(["150", "1", "--first", "--break-carry"]);
    const carried = (appends: unknown[][]) => appends.filter((a) => ((a[3] ?? []) as unknown[][]).some((f) => f[0] === "CHALLENGE_CARRIED")).length;
    expect(carried(first.core.appends)).toBeGreaterThan(carried(first.replay.appends));
  });

  it("names a statement whose RB line passes a line's bytes when the replay prepares it", { timeout: 90_000 }, () => {
    // The replay that does not bound the RB line prepares a statement no relay could ever carry.
    const first = broken(["300", "1", "--first", "--break-line"]);
    const i = firstDiffering(first.core.statements, first.replay.statements);
    expect(first.core.statements[i]?.slice(0, 3)).toStrictEqual(["refused", "line-too-long", "call"]);
    expect(first.replay.statements[i]?.[0]).toBe("prepared");
  });

  it("names a record the replay takes though the vocabulary does not read it", { timeout: 90_000 }, () => {
    // The replay that reads no record when it is registered takes one with a key no slot has, or a
    // value its slot's type does not admit, which the thread refuses (invalid-record, note 24).
    const first = broken(["150", "1", "--first", "--break-record"]);
    const i = firstDiffering(first.core.challenges, first.replay.challenges);
    expect(first.core.challenges[i]?.slice(0, 3)).toStrictEqual(["refused", "invalid-record", "record"]);
    expect((first.core.challenges[i]?.[3] as string[]).every((code) => code === "RECORD_SHAPE")).toBe(true);
  });

  it("names a challenge's profile the replay takes though it is none shipped, or not its parts' or its HO's", { timeout: 90_000 }, () => {
    // The replay that takes any profile registers what the thread refuses (unknown-profile, or
    // thread-conflict naming profile, note 34), or refuses an HO the thread stores.
    const first = broken(["150", "1", "--first", "--break-profile"]);
    const refusals = (answers: unknown[][]) => answers.filter((a) => a[2] === "profile").length;
    expect(refusals(first.core.challenges)).toBeGreaterThan(refusals(first.replay.challenges));
  });

  it("names a challenge the replay keeps past the thread's capacity, registered or carried over", { timeout: 90_000 }, () => {
    // The replay that does not bound the challenges a thread holds registers one, or stores a
    // re-issue whose original's challenge is carried over to it, where the thread is full.
    const first = broken(["150", "1", "--first", "--break-full"]);
    const full = (answers: { challenges: unknown[][]; appends: unknown[][] }) => [...answers.challenges, ...answers.appends].filter((a) => a[1] === "thread-full").length;
    expect(full(first.core)).toBeGreaterThan(full(first.replay));
  });

  it("names a challenge or a line the replay stores past the bytes a thread holds", { timeout: 90_000 }, () => {
    // The replay that does not bound a thread's bytes registers a challenge, carries one over to a
    // re-issue or stores a line where the thread's bytes (its lines', or its challenges' rows: each
    // its HO id and its JSON body, UTF-8) are full.
    const first = broken(["150", "1", "--first", "--break-bytes"]);
    expect(typeof first.case.bytes).toBe("number");
    const full = (answers: { challenges: unknown[][]; appends: unknown[][] }) => [...answers.challenges, ...answers.appends].filter((a) => a[1] === "thread-full").length;
    expect(full(first.core)).toBeGreaterThan(full(first.replay));
  });

  it("names a readback the replay stores past the bytes a thread holds with its report", { timeout: 90_000 }, () => {
    // The replay that counts an RB's line and not the readback report the thread stores beside it
    // ("A thread's size") stores an RB whose line fits and whose line with its report does not.
    const first = broken(["150", "1", "--first", "--break-report-bytes"]);
    expect(typeof first.case.bytes).toBe("number");
    // By status and refusal alone: the replay leaves the audit's codes to the comparison.
    const at = firstDiffering(first.core.appends.map((a) => a.slice(0, 2)), first.replay.appends.map((a) => a.slice(0, 2)));
    const lines = first.case.events.filter((e) => "line" in e).map((e) => e["line"] as string);
    expect(lines[at]).toMatch(/^RW1 RB /);
    expect(first.core.appends[at]?.[1]).toBe("thread-full");
    expect(first.replay.appends[at]?.[0]).toBe("stored");
  });

  it("names a line the replay stores past the bytes a thread holds, once it counted a readback's report without its findings", { timeout: 90_000 }, () => {
    // The replay that counts a void or noted readback's report as if it held no finding (note 148:
    // the row is check-rb's report whole) stores that RB past the bound, or a later line the bytes
    // it left uncounted would have refused.
    const { first, at, lines } = storedPastBytes(["100", "1", "--first", "--break-finding-bytes"]);
    const withFindings = lines.slice(0, at + 1).findIndex((l, i) => /^RW1 RB /.test(l) && (first.core.words?.[String(i)]?.length ?? 0) > 0 && first.replay.appends[i]?.[0] === "stored");
    expect(withFindings).toBeGreaterThanOrEqual(0);
  });

  it("names a line the replay stores past the bytes a thread holds, once it counted a DN without its done check", { timeout: 90_000 }, () => {
    // The replay that counts a DN's line and not the done check stored beside it (note 148) stores
    // that DN past the bound, or a later line the check's bytes would have refused.
    const { first, at, lines } = storedPastBytes(["100", "1", "--first", "--break-dn-bytes"]);
    expect(lines.slice(0, at + 1).some((l, i) => /^RW1 DN /.test(l) && first.core.words?.[String(i)] !== undefined && first.replay.appends[i]?.[0] === "stored")).toBe(true);
  });

  it("names a statement the replay prepares past the bytes a thread holds of statements", { timeout: 90_000 }, () => {
    // The replay that holds prepared statements to their rows alone prepares one whose JSON (the
    // statement as stored, its state as it stands) takes the thread's statements past its bytes.
    const first = broken(["100", "1", "--first", "--break-statement-bytes"]);
    expect(typeof first.case.bytes).toBe("number");
    const at = firstDiffering(first.core.statements, first.replay.statements);
    expect(first.core.statements[at]?.slice(0, 2)).toEqual(["refused", "thread-full"]);
    expect(first.replay.statements[at]?.[0]).toBe("prepared");
  });

  it("names a line without p= that the replay reads with the core in a thread of its own profile", { timeout: 90_000 }, () => {
    // The replay that reads a line without p= with the core, not the thread's profile (note 145),
    // stores one carrying the profile's slots that the thread refuses (PROFILE_REQUIRED), or reads
    // an HO without p= (a prepare's call, a readback's receipt) in another vocabulary.
    const first = broken(["150", "1", "--first", "--break-unprofiled"]);
    expect(first.case.profile).toBeDefined();
    const at = firstDiffering(first.core.appends, first.replay.appends);
    const lines = first.case.events.filter((e) => "line" in e).map((e) => e["line"] as string);
    if (at >= 0) expect(lines[at]).not.toMatch(/ p=/);
    else expect(JSON.stringify(first.core)).not.toBe(JSON.stringify(first.replay));
  });

  it("names a readback whose verdict the replay keeps from a thread of another profile", { timeout: 90_000 }, () => {
    // The replay that keeps a readback's verdict by its HO's line and its own alone, not by the
    // profile a line without p= is read with (note 145): the HO naming no profile and its readback
    // naming pay, judged void in a thread of no profile (another profile than its HO's, note 21),
    // then in a pay thread, where the core reads the HO with pay and the readback passes.
    // (generate_thread_clocks.reread; 156 is the first conversation of seed 1 it names.)
    const first = broken(["157", "1", "--first", "--break-reader-cache"]);
    expect(first.case.profile).toBe("pay");
    const verdict = (answers: Answers) => answers.end.handoffs.find((h) => h[0] === "ledger-1")?.[3];
    expect(verdict(first.core)).toBe("wilco");
    expect(verdict(first.replay)).toBe("void");
  });

  it("names a challenge naming the thread's own profile that the replay takes before a line fixed it", { timeout: 90_000 }, () => {
    // The replay that knows the thread's inline profile from its first request registers a
    // challenge naming it ahead of the thread's first line, where the thread knows no such profile.
    const first = broken(["150", "1", "--first", "--break-inline"]);
    expect(typeof first.case.profile === "object" ? first.case.profile.profile : first.case.profile).toBe("wire");
    const unknown = (answers: unknown[][]) => answers.filter((a) => a[1] === "unknown-profile").length;
    expect(unknown(first.core.challenges)).toBeGreaterThan(unknown(first.replay.challenges));
  });

  it("names a challenge naming the thread's profile that the replay takes after parts that named none", { timeout: 90_000 }, () => {
    // The replay that holds parts registered naming no profile as read with the thread's profile
    // as it stands now registers a record naming the profile a line fixed after criteria the core
    // read, where the thread refuses any profile named after parts that named none (note 143).
    const first = broken(["150", "1", "--first", "--break-unnamed"]);
    expect(typeof first.case.profile === "object" ? first.case.profile.profile : first.case.profile).toBe("wire");
    const named = (answers: unknown[][]) => answers.filter((a) => a[1] === "thread-conflict" && a[2] === "profile").length;
    expect(named(first.core.challenges)).toBeGreaterThan(named(first.replay.challenges));
  });

  it("names the RB id a prepare without n picks when the replay numbers it otherwise", { timeout: 90_000 }, () => {
    // The replay told to number past the receiver's lines alone, not its statements' RBs, picks
    // another RB id, or one a statement already states, which it then refuses (READBACK_ID_REUSED).
    const first = broken(["150", "1", "--first", "--break-numbering"]);
    // The core's prepare states another id, or the replay refuses the id it picked (naming n) where
    // the core did otherwise (on a thread of small capacity, thread-full: its statements are full).
    const picked = first.core.statements.findIndex((a, i) => JSON.stringify(a) !== JSON.stringify(first.replay.statements[i]) && (a[0] === "prepared" || first.replay.statements[i]?.[2] === "n"));
    expect(picked).toBeGreaterThanOrEqual(0);
  });

  it("names a challenge of a shape the route refuses that the replay registers", { timeout: 90_000 }, () => {
    // The replay told to take any shape goes on to register (or refuse as the thread would) an id
    // no HO line can carry, a challenge of no part (empty criteria are none) or a record that is
    // no object, which the route refuses first (invalid-request).
    const first = broken(["150", "1", "--first", "--break-shape"]);
    const shaped = first.core.challenges.findIndex((a, i) => a[1] === "invalid-request" && JSON.stringify(first.replay.challenges[i]) !== JSON.stringify(a));
    expect(shaped).toBeGreaterThanOrEqual(0);
  });
});
