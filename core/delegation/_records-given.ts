/**
 * Records handed to a check as typed values (what validateRecord reads), and a list of them: one
 * given as no object, or a list as no list, is a caller's misuse, a TypeError labelled with the
 * check's name and the argument's place, not "Cannot read properties of undefined" mid-rule.
 */
import { shownName } from "./_table-names.js";

const isRecord = (value: unknown): value is object => value !== null && typeof value === "object" && !Array.isArray(value);

/** `record` is an object: `what` names it ("the contract is a DelegationContract"). */
export function assertRecord(caller: string, what: string, record: unknown): void {
  if (!isRecord(record)) throw new TypeError(`${caller}: ${what}, not ${shownName(record)}`);
}

/** `list` is a list of objects, each `what` ("an ExecutionAttempt record"); a hole is named by its place. */
export function assertRecordList(caller: string, name: string, what: string, list: unknown): void {
  if (!Array.isArray(list)) throw new TypeError(`${caller}: ${name} is a list, each ${what}, not ${shownName(list)}`);
  for (let i = 0; i < list.length; i++) if (!isRecord(list[i])) throw new TypeError(`${caller}: ${name}.${i} is ${what}, not ${shownName(list[i])}`);
}
