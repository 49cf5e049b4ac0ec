/**
 * Section 14: "No secrets, credentials, private keys, or unrestricted sensitive transcripts in
 * mailbox messages", and a shared mailbox is synchronized to every participant and provider. Each
 * line of a message (frontmatter and body) is read with the credential patterns RW-003's records
 * are held to (`valueKind`: a private key block, a bearer token, an `Authorization` header, a
 * provider's prefixed token, a URL carrying a password, `password=...` written as text); a
 * reference, a redaction or a placeholder is none. What a sensitive transcript is, is prose, and
 * not judged. The lines are named, never the value (a finding must not repeat the secret).
 */
import { valueKind } from "../_credentials.js";

/** The lines (1-based, from `firstLine`) of `text` that hold what looks like a credential, each with its kind. */
export function secretLines(text: string, firstLine = 1): { readonly line: number; readonly kind: string }[] {
  const found: { line: number; kind: string }[] = [];
  let line = firstLine;
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    const kind = valueKind(text.slice(start, stop));
    if (kind !== undefined) found.push({ line, kind });
    if (end === -1) break;
    start = end + 1;
    line++;
  }
  return found;
}
