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
  // Markdown's line endings, LF, CRLF and a lone CR (README note 79): read as one line, a lone-CR
  // body hid a short bearer token from the patterns that anchor at a line's ends, and named the
  // body's first line for the others.
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const kind = valueKind(lines[i] as string);
    if (kind !== undefined) found.push({ line: firstLine + i, kind });
  }
  return found;
}
