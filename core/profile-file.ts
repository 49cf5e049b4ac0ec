/** The profile file format (spec section 7), as `profileSchema` accepts it. Types only. */
import type { MessageType } from "./vocabulary.js";

export interface ProfileSlot {
  key: string;
  type: string;
  on: MessageType[];
  required?: boolean | undefined;
  desc?: string | undefined;
}

export interface ProfileRule {
  id: string;
  desc: string;
  on?: MessageType[] | undefined;
  when?: { item_ns?: string[] | undefined; has?: string[] | undefined } | undefined;
  require?: string[] | undefined;
  tail?: "required" | undefined;
  shape?: Record<string, string> | undefined;
  sum?: { parts: string[]; total: string } | undefined;
}

/** A profile file, as `profileSchema` accepts it. */
export interface ProfileFile {
  profile: string;
  version: string;
  extends: "RW1";
  title?: string | undefined;
  desc?: string | undefined;
  enums?: Record<string, Record<string, string>> | undefined;
  asks?: Record<string, string> | undefined;
  why?: Record<string, string> | undefined;
  slots?: ProfileSlot[] | undefined;
  agents?: string[] | undefined;
  asks_used?: string[] | undefined;
  exec?: Record<string, string[]> | undefined;
  ckeys?: Record<string, { desc: string; set?: boolean | undefined }> | undefined;
  aliases?: string[][] | undefined;
  translation?: ProfileRule[] | undefined;
}
