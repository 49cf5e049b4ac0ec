/**
 * The JSON form of an RW1 message (spec section 6): what every core function takes and returns.
 */

/** A decoded scalar: integers are numbers, Y/N booleans, everything else a string. */
export type Scalar = string | number | boolean;

/** A slot's decoded value: a scalar or, for list types, an array in written order. */
export type SlotValue = Scalar | readonly Scalar[];

export interface Slots {
  [key: string]: SlotValue;
}

export interface Message {
  /** The version token as written; `RW1` for every message this implementation accepts. */
  v: string;
  type: string;
  id: string;
  /** `null` when absent, as `re` and `tail` are (section 6). */
  re: string | null;
  from: string | null;
  to: string | null;
  /** `null` when absent: AQ, AN and UN may leave it out. */
  item: string | null;
  slots: Slots;
  tail: string | null;
}
