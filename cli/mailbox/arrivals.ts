/**
 * What a concurrent publisher added to the inbox while a message was being published. Publication
 * is create-once by name (link(2)), but two publishers that read the inbox before either linked can
 * both pass the preflight's "UUID already in the inbox" check and publish one UUID under two names
 * (another slug, or a milliseconds name one of them chose): "Existing target or duplicate UUID is
 * an anomaly" (section 10). No lock across publishers exists in a shared folder, so the publisher
 * looks again once linked, at the files that were not there when it read the inbox, and says so.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readMailboxMessage } from "../../core/mailbox/index.js";
import { readRegularFile } from "./read-regular-file.js";

const strict = new TextDecoder("utf-8", { fatal: true });

/**
 * The names of the `*.md` files in `inbox`, other than `published` and those in `before`, that
 * carry the UUID `id`, sorted. A file that cannot be read, is not UTF-8 or names no UUID is not
 * one: it was never said to hold this message.
 */
export function arrivalsWithId(inbox: string, before: ReadonlySet<string>, published: string, id: string): string[] {
  let names: string[];
  try {
    names = readdirSync(inbox);
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith(".md") || name.startsWith(".") || name === published || before.has(name)) continue;
    try {
      const read = readRegularFile(join(inbox, name));
      if (typeof read === "string") continue;
      if (readMailboxMessage(strict.decode(read)).envelope?.id === id) found.push(name);
    } catch {
      // gone again, unreadable or not UTF-8: it holds no message this one duplicates
    }
  }
  return found;
}
