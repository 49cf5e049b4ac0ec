// The differential check of mailbox reconciliation (differential/README.md, "Mailbox
// reconciliation"): 150 seeded cases of one participant's room of 2 to 4 participants (handshakes,
// requests answered exactly or not, cancels, corrections in one arena or across two, quarantined
// or not, a retiring requester, a file delivered twice, archived threads, messages to `ALL`, arenas
// named by `pod` or differing only in case, a name sent in from two or three loci or claimed by an
// impostor's own hello or welcome (after the holder's claim, or sorting before it and keeping the
// name, from a locus that may send other messages in the name too, whose answers may then be work before
// establishment), refused files naming their arena by `pod`; handshakes countered (the budget, the tag set
// or the profile; the counter accepted, countered back, left open, answered by a `blocked`, or an accept
// that changes the term; now and then a FULL acceptance delivered twice with other bytes and a CORE `ack` of it; the initiator's `blocked` or declaration of new evidence citing a UUID not here or delivered twice, in a two-party FULL hello
// or a group hello, or the group host's `blocked` to one responder just before another's acceptance; a `blocked`
// between a FULL welcome and its `ack`), a blocked sender's reply still owed, whole FULL cases whose handshakes need the third message, a FULL pair among CORE
// pairs (now and then a CORE message between the two, before or after their third message), a peer's group hello (now and then naming a budget its thread outruns, its host then now and then declaring new evidence), their establishing answers now and then late or never
// sent, so work before them is work before establishment; now and then a Handler
// seat reconciling, or a callsign in no arena or several), its disposition transitions, cursor,
// anomalies (with their arenas) and primer, reconciled by the core
// (reconcile, as `rw mailbox reconcile` reads a room) and by an independent Python checker written
// from the spec and the READMEs; status, work-clean, readiness-clean, every count, each item's
// action, the cursor advance, the codes the checker models and the messages quarantined (with their claim
// codes, which are work before establishment, and the handshake's and a `blocked`'s refusals by code) must agree. A failure names the first
// case they disagree on, with both answers: either the core or the checker is wrong.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_reconcile.py", args);

describe("differential check of mailbox reconciliation", () => {
  it("agrees with the independent checker on 150 seeded reconciliations", { timeout: 120_000 }, () => {
    const { status, output } = compare(["150", "1", "--first"]);
    expect(output, "the first reconciliation the core and the checker read differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement for each fault planted in the checker", { timeout: 120_000 }, () => {
    // One run of the core, then the checker under each planted fault (compare_reconcile.py
    // --planted, reconcile_checker.PLANTED): each must read some case otherwise than the core. Over
    // 200 cases, not the 150 above, so the thinnest faults are caught more than once or twice
    // (generate_reconcile.OFTEN draws their cases more often; without it four faults are caught by no
    // case of the first 150 of seed 1, and --break-correction-arena by 4 of these 200).
    const { status, output } = compare(["200", "1", "--planted"]);
    expect(status).toBe(0);
    const caught = JSON.parse(output) as Record<string, string[] | null>;
    expect(Object.keys(caught).sort()).toEqual([
      "anomaly-any-arena", "arena-foreign-unsaid", "correction-any-arena", "correction-quarantine-unchecked",
      "correction-unchecked", "due-late", "every-arena", "handler-owes", "held-unread", "parent-arena-unread",
      "seat-handler-only", "unseen-in-arena-given",
      "all-by-name-only", "all-skips-seats", "pod-unread", "pod-over-arena", "arena-case-folded", "held-once", "held-across-arenas",
      "collision-as-held", "refused-pod-unread", "refused-envelope-read", "claims-by-arrival", "establishment-any-time",
      "counter-establishes", "full-ack-unread", "counter-as-accept-unread", "group-not-whole",
      "counter-tags-unread", "counter-profile-unread", "core-ack-completes", "counter-as-downgrade",
      "blocked-unread", "hello-budget-unread", "unsettled-core-ack-unread", "initiator-chains-unread",
      "blocked-ack-unread", "blocked-debt-unread", "group-chains-unaddressed", "evidence-reset-unread",
      "full-pair-unread", "full-thread-unread",
    ].sort());
    for (const [fault, fields] of Object.entries(caught)) expect(fields, `the first case the checker reads otherwise under ${fault}`).not.toBeNull();
    // A deferral read due only after its resume_after, not at it: the core counts one due the checker does not.
    expect(caught["due-late"]).toContain("counts.due_deferred_count");
    // Every superseded-by-correction read as proven: the core finds one unproven. A correction of
    // another arena accepted: the core still owes the reply the checker reads as superseded.
    expect(caught["correction-unchecked"]).toContain("code SUPERSESSION_UNPROVEN: core has");
    expect(caught["correction-any-arena"]).toContain("counts.open_reply_count");
    // A refused file of another arena kept in view (note 134): the checker counts it open, the core does not.
    expect(caught["anomaly-any-arena"]).toContain("counts.anomaly_count");
    // A Handler seat owing replies as an agent does: the checker counts a reply open the core does not.
    expect(caught["handler-owes"]).toContain("counts.open_reply_count");
    // HANDLER-<NAME> read as an agent: a reply to it needs a pair with it, so the checker reads it as
    // work before establishment where the core reads a word to a Handler seat.
    expect(caught["seat-handler-only"]).toContain("unestablished");
    // An arena given where the callsign is nobody, unsaid: the core says ARENA_FOREIGN.
    expect(caught["arena-foreign-unsaid"]).toContain("code ARENA_FOREIGN: core has");
    // A message from another locus, or answering another arena's, not quarantined.
    for (const fault of ["held-unread", "parent-arena-unread"]) expect(caught[fault]).toContain("quarantine");
    // `to: [ALL]` read as naming nobody, or as missing the Handler seats of its arena: the core addresses the participant.
    for (const fault of ["all-by-name-only", "all-skips-seats"]) expect(caught[fault]).toContain("counts.addressed");
    // `pod` ignored: the core reads messages the checker does not; `pod` read over `arena`: a message read in
    // another arena than the one it names, so quarantined otherwise (its parent's arena, its pairs');
    // arenas compared without regard to case: what `crox-site` holds (here messages) counted as the room's.
    expect(caught["pod-unread"]).toContain("counts.messages");
    expect(caught["pod-over-arena"]).toContain("quarantine");
    expect(caught["arena-case-folded"]).toContain("counts.messages");
    // A name held from two or three loci with only the first impostor held, or claims kept across arenas: the quarantine differs.
    for (const fault of ["held-once", "held-across-arenas"]) expect(caught[fault]).toContain("quarantine");
    // An impostor's own hello or welcome read as CALLSIGN_HELD: the core says CALLSIGN_COLLISION, a second claim.
    expect(caught["collision-as-held"]).toContain("claims");
    // Claims walked as the files are listed, not by UUID: an impostor's late earlier claim does not take
    // the name, and the holder's claims are not the CALLSIGN_COLLISION the core says (4: "A late earlier
    // UUID makes the later claimant yield").
    expect(caught["claims-by-arrival"]).toContain("claims");
    // Work read as licensed by a pair established anywhere in the folder, not before it in UUID order: a reply
    // written before its pair was established is WORK_BEFORE_ESTABLISHED in the core (section 6), not in the checker.
    expect(caught["establishment-any-time"]).toContain("unestablished");
    // A refused file's `pod` unread (README note 126): the checker keeps in view, and open, a file of another
    // arena; a refused envelope's recipients and arena read: it sets aside a file that may be the participant's.
    expect(caught["refused-pod-unread"]).toContain("code ANOMALY_OPEN: core lacks");
    expect(caught["refused-envelope-read"]).toContain("code ANOMALY_OPEN: core has");
    // Establishment beyond an exact accept (section 6): a FULL chain read as established without its third
    // message (the ack), or two responders of a group hello paired before the group stood whole (README note
    // 132): work the core says came before establishment is licensed to the checker.
    for (const fault of ["full-ack-unread", "group-not-whole"]) expect(caught[fault]).toContain("unestablished");
    // An accept that changes the budget, the tag set or the profile read as the acceptance it says it is: the
    // core quarantines it (COUNTER_AS_ACCEPT), the checker does not. A CORE `ack` read as a FULL chain's third
    // message: the core quarantines it (PROFILE_DOWNGRADE). Any counter read as an acceptance: the core refuses
    // one labelled accept (COUNTER_AS_ACCEPT), the checker does not.
    expect(caught["counter-establishes"]).toContain("terms_refused");
    for (const fault of ["counter-as-accept-unread", "counter-tags-unread", "counter-profile-unread", "core-ack-completes"]) {
      expect(caught[fault]).toContain("quarantine");
    }
    // A CORE welcome labelled accept to FULL terms read as a downgrade: both quarantine it, but the core
    // says COUNTER_AS_ACCEPT, a counter, where the checker says PROFILE_DOWNGRADE.
    expect(caught["counter-as-downgrade"]).toEqual(["terms_refused"]);
    // A `blocked` read as stopping nothing: the core refuses what its sender sends after it in the thread
    // (BLOCKED_REPEATED, INITIATED_WHILE_BLOCKED), the checker does not.
    expect(caught["blocked-unread"]).toContain("blocked_stops");
    // A hello's own thread read under the default budget, whatever its hello set: the core refuses what
    // follows the limit there but a reply still owed (EXCHANGE_BUDGET_EXCEEDED), the checker nothing.
    expect(caught["hello-budget-unread"]).toContain("budget_exceeded");
    // A CORE `ack` of a FULL acceptance delivered twice with other bytes read as a downgrade only when
    // the acceptance speaks: both quarantine the ack, but the core says PROFILE_DOWNGRADE (the terms
    // on the table are FULL), where the checker says PARENT_QUARANTINED alone.
    expect(caught["unsettled-core-ack-unread"]).toEqual(["terms_refused"]);
    // README note 184: the initiator's `blocked` citing a UUID no chain holds blocks the chain of the
    // responder it addresses, and its declaration of new evidence so cited lifts it; read in no chain,
    // an acceptance is refused otherwise (ACCEPT_WHILE_BLOCKED).
    expect(caught["initiator-chains-unread"]).toContain("terms_refused");
    // A FULL `ack` read as establishing a chain a `blocked` stands in: the core leaves the chain
    // blocked (section 6: resumed only on Handler authority or declared evidence), so work after it
    // is work before establishment to the core, not to the checker.
    expect(caught["blocked-ack-unread"]).toContain("unestablished");
    // README note 152: the reply a blocked sender still owes passes; refused, the checker quarantines
    // it (INITIATED_WHILE_BLOCKED) and still owes the question the core reads as answered.
    expect(caught["blocked-debt-unread"]).toContain("blocked_stops");
    expect(caught["blocked-debt-unread"]).toContain("item core ('none', False) checker ('reply', True)");
    // README note 184 in a group hello: the host's `blocked` citing a UUID no chain holds, to one
    // responder alone, stops that responder's chain only; read in every chain, the checker refuses
    // another chain's acceptance after it (ACCEPT_WHILE_BLOCKED) that the core lets settle.
    expect(caught["group-chains-unaddressed"]).toContain("terms_refused");
    // Section 8: the count runs "since the latest HANDLER message or declared new external evidence";
    // read as resetting nothing, the checker refuses the FYIs after it past the group's budget.
    expect(caught["evidence-reset-unread"]).toContain("budget_exceeded");
    // README notes 121, 124 and 128: a CORE message outside a handshake between callsigns established under FULL, or
    // in a thread a FULL message opened, is PROFILE_DOWNGRADE, quarantined; read as a downgrade only
    // while a chain is set up (or by the pairs alone), the checker lets it stand.
    for (const fault of ["full-pair-unread", "full-thread-unread"]) expect(caught[fault]).toEqual(["quarantine", "terms_refused"]);
  });
});
