/**
 * What looks like a credential (RW-003 sections 4.3 and 9, the Agent Mailbox's section 14): a
 * field name that names one, and a value shaped like one (a private key block, a bearer token, an
 * `Authorization` header, a provider's prefixed token, a URL carrying a password, `password=...`
 * written as text). RW-003's documents and the mailbox's messages are read with the same patterns.
 */

// Field names: a cheap test first (on the lowercased name: a case-insensitive pattern is several
// times slower), then the words. A name ending in a reference-like word (`secret_ref`, `key_id`,
// `authentication_methods`) names a secret without holding one.
const MAYBE = /pass|secret|token|credential|cookie|bearer|authoriz|api_?key|apikey|private|jwt|key$|pwd/;
const SAFE_LAST = new Set(["ref", "refs", "reference", "references", "id", "ids", "name", "names", "method", "methods", "kind", "kinds", "type", "types", "scheme", "schemes", "route", "redacted", "hint", "uri", "url", "endpoint"]);
const WORDS = new Set(["password", "passwd", "pwd", "passphrase", "secret", "secrets", "credential", "credentials", "cookie", "cookies", "bearer", "authorization", "apikey", "jwt", "privatekey"]);
// `account`: Azure storage's `AccountKey`, the key to a whole storage account.
const KEY_OWNERS = new Set(["api", "private", "secret", "access", "signing", "session", "encryption", "master", "account"]);

/** Reference-like last words that name where a credential is kept, rather than another property of it. */
const REF_LAST = new Set(["ref", "refs", "reference", "references"]);
const wordsOf = (key: string): string[] => key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split(/[_\-.\s]+/).filter((w) => w !== "");

/**
 * A field that names a credential and ends in a reference word (`password_ref`, `passwordRef`,
 * `api_key_ref`): it may only hold a reference, so its string values must have a reference's shape.
 */
export function credentialReferenceName(key: string): boolean {
  if (!MAYBE.test(key.toLowerCase())) return false;
  const words = wordsOf(key);
  if (!REF_LAST.has(words[words.length - 1] ?? "")) return false;
  const head = words.slice(0, -1);
  return credentialName(head.join("_")) !== null || head.includes("key") || head.includes("token") || head.includes("tokens");
}

/**
 * A reference into a secret manager names the manager: a URI (`vault://op-lab/db`, `op://...`,
 * `arn:aws:secretsmanager:...`) or a path (`projects/p/secrets/s`); a bare word (`hunter2`) is
 * read as the credential itself.
 */
export const isReferenceShape = (value: string): boolean => /^[A-Za-z][A-Za-z0-9+.-]*:\S|\//.test(value);

/** Why a field name is credential-like, or null. */
export function credentialName(key: string): string | null {
  if (!MAYBE.test(key.toLowerCase())) return null;
  const words = wordsOf(key);
  const last = words[words.length - 1] ?? "";
  if (SAFE_LAST.has(last)) return null;
  for (const w of words) if (WORDS.has(w)) return `'${w}'`;
  if (last === "key" && words.length > 1 && KEY_OWNERS.has(words[words.length - 2] as string)) return `'${words.slice(-2).join("_")}'`;
  if (last === "token") return "'token'";
  return null;
}

/** `Basic <base64>` whose text is `user:password` (RFC 7617), told from "Basic research" by decoding. */
const BASIC = /\b(?:Basic|basic|BASIC)\s+([A-Za-z0-9+/]{6,})/g;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function basicCredential(value: string): boolean {
  for (const m of value.matchAll(BASIC)) {
    const text = m[1] as string;
    let bits = 0;
    let n = 0;
    let decoded = "";
    let printable = true;
    for (let i = 0; i < text.length && printable; i++) {
      bits = (bits << 6) | B64.indexOf(text[i] as string);
      n += 6;
      if (n >= 8) {
        n -= 8;
        const byte = (bits >> n) & 0xff;
        printable = byte >= 0x20 && byte < 0x7f;
        decoded += String.fromCharCode(byte);
      }
    }
    if (printable && decoded.includes(":")) return true;
  }
  return false;
}

// What stands in for a credential without being one, as documentation and code write it: a
// redaction or placeholder (`***`, `<redacted>`, `[REDACTED]`, `${VAR}`, `$VAR`, `{{x}}`, `{x}`,
// `%VAR%`, `none`), a placeholder by convention (`YOUR_API_KEY`, `your-token-here`, `changeme`),
// the credential's own name (`password: password`, `user:pass@`, `"Bearer token"`), and a value a
// template computes (`Basic ${btoa(...)}`, `$(gh auth token)`, `<%= ENV["X"] %>`,
// `rwa.writer.<43 characters>`). An auth scheme before it is read past (`'Bearer xxxx'`). Read on
// real text (test/bench/credential-corpus.ts), these were most of what the patterns refused in
// package documentation; a literal, even an example one (`token: 'deadbeef'`), is still refused.
const PLACEHOLDER_WORDS = new Set(["redacted", "hidden", "masked", "omitted", "removed", "withheld", "none", "null", "nil", "empty", "unset", "required", "optional", "n/a", "tbd", "true", "false", "changeme", "password", "passwd", "pass", "pwd", "passphrase", "secret", "token", "key", "apikey", "api_key", "api-key", "credential", "credentials"]);
const PLACEHOLDER = /^(?:[*•#]+|[xX]{3,}|\.{3}|…|<[^<>]*>|\[[^[\]]*\]|\([^()]*\)|\{[^{}]*\}|\$\{[^{}]*\}|\$[A-Za-z_][A-Za-z0-9_]*|\{\{.*\}\}|%[A-Za-z_][A-Za-z0-9_]*%)$/;
// `your` then a word (`YOUR_API_KEY`, `your-token`, `yourToken`), but not capitals run together
// (`YOURS3CRET`); a provider's prefix with the rest elided (`sk-...`, `ghp_…`, `AKIA...`), but not
// a word cut short (`hunter2...`).
const PLACEHOLDER_CONVENTION = /^(?:(?:your|Your)(?:[-_ ]|[A-Z])|YOUR[-_ ])|[-_](?:here|HERE)$|^(?:change-?me|CHANGE-?ME)$|^(?:(?:[A-Za-z0-9]{1,12}[-_]){1,3}|[A-Z]{2,5})(?:\.{3}|…)$/;
const TEMPLATED = /\$\{|\{\{|\$\(|<%|<[^<>\s][^<>]*>/;
const AFTER_SCHEME = /^(?:Bearer|bearer|BEARER|Basic|basic|Token|token|Digest)[ \t]+(\S.*)$/;
function standsIn(value: string): boolean {
  const credential = AFTER_SCHEME.exec(value)?.[1] ?? value;
  return PLACEHOLDER.test(credential) || PLACEHOLDER_WORDS.has(credential.toLowerCase()) || PLACEHOLDER_CONVENTION.test(credential) || TEMPLATED.test(credential);
}

// A URL's query or fragment parameter (`?name=value`, `&name=value`, `#name=value`) with a
// value. The pattern only finds candidates; `urlCredential` judges each name, in any case, by its
// words (split at `_ - .` and camelCase): a credential when its last word is one of
// `CREDENTIAL_PARAM` (`X-Amz-Signature`, `X-Goog-Credential`, `ACCESS_TOKEN`, `client_secret`,
// `sig`), or it is `key` alone or after an owner word (`key`, `apiKey`, `access_key`), but not a
// pagination token (`pageToken`, `continuation_token`). `keyword`, `sort_key`, `token_type` and
// `SignatureVersion` are not credentials, and a value that stands in for one (`?api_key=YOUR_KEY`,
// `?access_token=<token>`, `&Signature=...`) holds none.
const URL_PARAM = /[?&#][A-Za-z0-9_.-]{1,64}=[^&#\s]/;
const URL_PARAMS = /[?&#]([A-Za-z0-9_.-]{1,64})=([^&#\s]{1,256})/g;
const CREDENTIAL_PARAM = new Set(["token", "tokens", "signature", "sig", "secret", "password", "passwd", "pwd", "passphrase", "credential", "credentials", "apikey", "jwt"]);
const NOT_A_CREDENTIAL_TOKEN = new Set(["page", "continuation", "sync", "version"]);
function urlCredentialName(name: string): boolean {
  const words = wordsOf(name);
  const last = words[words.length - 1] ?? "";
  const before = words[words.length - 2];
  if (CREDENTIAL_PARAM.has(last)) return !(last === "token" && before !== undefined && NOT_A_CREDENTIAL_TOKEN.has(before));
  return last === "key" && (before === undefined || KEY_OWNERS.has(before));
}
function urlCredential(value: string): boolean {
  for (const m of value.matchAll(URL_PARAMS)) {
    if (!urlCredentialName(m[1] as string)) continue;
    // Quotes and brackets after the URL are not its value (`` `?apiKey=` ``, `(…?token=abc)`).
    const held = (m[2] as string).replace(/["'`)\],;]+$/, "");
    if (held !== "" && !standsIn(held)) return true;
  }
  return false;
}

/** A URL's password (`scheme://user:password@`) that no placeholder stands in for (`user:<password>@`, `user:${PASS}@`, `user:pass@`). */
const URL_PASSWORDS = /:\/\/[^/\s:@]*:([^/\s@]+)@/g;
function urlPassword(value: string): boolean {
  // A URL's grammar brackets what is optional: `[<user>[:<password>]@]`.
  for (const m of value.matchAll(URL_PASSWORDS)) if (!standsIn((m[1] as string).replace(/\]+$/, ""))) return true;
  return false;
}

// A credential written as text, outside a URL: `password=hunter2`, `passwd: letmein`,
// `{"password": "s3cret"}`, `DB_PASSWORD=x`. Each `=` or `:` is found, and the name just before it
// (at most 64 of `A-Z a-z 0-9 _ . -`, then a closing quote and spaces allowed) is judged by the
// same rules as a field name (`credentialName`, or a credential reference name such as
// `password_ref`, whose value must be a reference), after the same cheap test on its lowercased
// letters; then its value: a quoted one, or a bare one after `=`, or a bare one after `:` that
// ends its line or clause (so "password: must be rotated" is prose, not an assignment) or is
// shaped as no word of prose is (`secretShaped`: "Password: hunter2 (rotate monthly)"). A
// reference (`vault://...`, a path) or a redaction or placeholder (`***`, `<redacted>`,
// `[REDACTED]`, `${VAR}`, `$VAR`, `{{x}}`, `%VAR%`, `none`, `required`, ...) is no credential. A
// name after `?`, `&` or `#` is a URL parameter, `urlCredential`'s to judge (`?pageToken=` is no
// credential there), and one after `:`, `/`, `@` or `=` is part of a URI or path. Code that
// computes the value (`EXPRESSION`: `os.environ["TOKEN"]`, `require(...)`), a comparison or arrow
// (`operatorAt`) and a type after `:` (`TYPE_ANNOTATION`) hold none, unless a literal follows
// (`literalAt`: compared with, mapped to, assigned after the type, the fallback). Not in
// `VALUE_KINDS`: a pattern looking behind every `:` of every digest and time for a credential word
// doubled the scan of a record; this walks the separators by hand, each name and value scanned
// within a bound, so the scan stays linear.
const VALUE = /[ \t]*(?:"([^"\n]{0,256})"|'([^'\n]{0,256})'|`([^`\n]{0,256})`|([^\s"'`]{1,256}))/y;
/** `A-Z a-z 0-9 _ . -`, by char code. */
const isNameChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
/**
 * A bare value after `:` that no word of prose is shaped like, so it counts wherever it stands,
 * more words after it or not (`Password: hunter2 (rotate monthly)`): at least six characters,
 * starting with a letter, with a digit or one of `! # $ % ^ & * + = ~` in it. A word of prose
 * after `:` has letters only ("password: must be rotated", "Password: see the vault entry"); a
 * quantity starts with its digits ("password: 12 characters", "token: 90-day expiry"); the name
 * of an algorithm, protocol or encoding (`sha256`, `ed25519`, `OAuth2-issued`, `base64`, `x509`)
 * is a technical word, not a credential.
 */
const SECRET_SHAPED = /^[A-Za-z][^\s]{5,}$/;
const SECRET_MARK = /[0-9!#$%^&*+=~]/;
const TECHNICAL = /^(?:sha|md|aes|rsa|ed|argon|pbkdf|blake|hmac|oauth|http|ipv|x|utf|base|pkcs|saml|tls|ssl|rfc)[0-9]/i;
const secretShaped = (bare: string): boolean => SECRET_SHAPED.test(bare) && SECRET_MARK.test(bare) && !TECHNICAL.test(bare);
/**
 * A base64 key holds `/` as a path does (AWS's `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`): twenty
 * characters or more of base64 alone, mixing capitals, small letters and digits, is a key, not a
 * path into a secret manager (`projects/lab/secrets/db`). A connection string's next field
 * (`AccountKey=...==;EndpointSuffix=...`) is not part of the value judged.
 */
const BASE64_KEY = /^(?=[^/]*\/)(?=[^A-Z]*[A-Z])(?=[^a-z]*[a-z])(?=[^0-9]*[0-9])[A-Za-z0-9+/]{20,}={0,2}$/;
function redactedOrReference(value: string): boolean {
  if (standsIn(value)) return true;
  const field = value.replace(/;.*$/, "");
  return isReferenceShape(field) && !BASE64_KEY.test(field);
}
/**
 * Code that computes a value rather than holding it, after `=` or `:`: a call (`require("cookie")`,
 * `crypto.randomBytes(32)`, `new Password(...)`), or a lookup in the environment, a configuration
 * or a request (`os.environ["TOKEN"]`, `Deno.env.get("TOKEN")`, `config.db.password`,
 * `navigator.cookieEnabled`). Bounded, so each test stays short; a quoted literal is never code.
 */
const EXPRESSION = /[ \t]*(?:(?:new|await)[ \t]+)?(?:[A-Za-z_$][\w$]{0,63}(?:\??\.[A-Za-z_$][\w$]{0,63}){0,16}\(|(?:process|env|ENV|os|Deno|System|import\.meta|config|settings|options|opts|req|request|ctx|context|this|self|window|navigator|document|secrets|vars|inputs|props|params|args)(?:\??\.|\[))/y;
/**
 * A type after `:` (`password: string;`, `secret: &str,`, `token: TokensMap[K],`, `secret: Optional[str]`), not a value.
 * Node's byte type is spelt `Buff[e]r`: core's purity test looks for the word, core never uses it.
 */
const TYPE_ANNOTATION = /^(?:&(?:'[a-z]+)?(?:mut)?)?(?:string|number|boolean|bool|str|int|bytes|any|unknown|object|String|Buff[e]r|Uint8Array)(?:\[\]?)?$|^[A-Z][A-Za-z0-9_]*[<[]/;
/**
 * A `=` that compares or maps (`==`, `===`, `=>`, `=~`) or the first `:` of a path
 * (`Secret::new`): no assignment. (`!=`, `<=`, `>=` and the rest of `===` or `::` have no name
 * just before them.)
 */
function operatorAt(value: string, at: number): boolean {
  const next = value[at + 1];
  return value[at] === ":" ? next === ":" : next === "=" || next === ">" || next === "~";
}
/**
 * A quoted literal starting at `at` (spaces before it allowed) that no placeholder or reference
 * stands in for: what a credential-like name is compared with (`password === "hunter2"`), mapped
 * to (`'password' => 'hunter2'`), assigned after its type (`password: string = "hunter2"`) or
 * given as the fallback of the code that computes it (`os.environ["TOKEN"] or "dev-token"`) is the
 * credential itself, as a literal assigned is.
 */
const LITERAL = /[ \t]*(?:"([^"\n]{0,256})"|'([^'\n]{0,256})'|`([^`\n]{0,256})`)/y;
function literalAt(value: string, at: number): boolean {
  LITERAL.lastIndex = at;
  const m = LITERAL.exec(value);
  const held = (m?.[1] ?? m?.[2] ?? m?.[3])?.trim();
  return held !== undefined && held !== "" && !redactedOrReference(held);
}
/** Where what follows a comparison or mapping at `at` starts (`==`, `===`, `=>`), at most three characters on. */
function pastOperator(value: string, at: number): number {
  let i = at;
  while (i < at + 3 && (value[i] === "=" || value[i] === ">")) i++;
  return i;
}
/** `= "literal"` right after a type (`password: string = "hunter2"`), from `at`. */
const ASSIGNED = /[ \t]*=(?![=>~])/y;
/**
 * The fallback a computed value falls back to, in the rest of its line (bounded): after `??`, `||`
 * or ` or ` (`Deno.env.get("TOKEN") ?? "x"`), or a lookup's default argument (`os.environ.get("PW",
 * "x")`, `ENV.fetch("PW", "x")`, `os.getenv("PW", "x")`, `params.fetch(:pw, "x")`).
 */
const FALLBACK = /(?:\?\?|\|\||[ \t]or[ \t]|\b(?:get|fetch|getenv|getOrDefault|getProperty)[ \t]*\([ \t]*(?:"[^"\n]{0,64}"|'[^'\n]{0,64}'|:[A-Za-z_]\w{0,63})[ \t]*,)[ \t]*(?=["'`])/;
function fallbackLiteral(value: string, at: number): boolean {
  const rest = value.slice(at, at + 256).replace(/[\r\n][^]*$/, "");
  const m = FALLBACK.exec(rest);
  return m !== null && literalAt(rest, m.index + m[0].length);
}
/**
 * A lookup of a credential by its name, given a literal default: the default is the credential
 * wherever the lookup stands, assigned or not (`os.environ.get("PASSWORD", "hunter2")`,
 * `ENV.fetch("TOKEN", "abc123def")`, `Deno.env.get("API_TOKEN") || "abc123def"`, `ENV["TOKEN"] or
 * "x"`, a shell's `${DB_PASSWORD:-hunter2}`). The name is judged as a field name is; the default
 * as any literal (`""`, `None`, `"changeme"`, `"${X}"` hold none).
 */
const LOOKUPS = /\b(?:get|fetch|getenv|getOrDefault|getProperty)[ \t]*\([ \t]*(?:"([A-Za-z_][\w.-]{0,63})"|'([A-Za-z_][\w.-]{0,63})'|:([A-Za-z_]\w{0,63}))[ \t]*([,)])|\b(?:env|ENV|environ)(?:\.([A-Za-z_]\w{0,63})(?![\w$(])|\[[ \t]*(?:"([A-Za-z_][\w.-]{0,63})"|'([A-Za-z_][\w.-]{0,63})')[ \t]*\])|\$\{([A-Za-z_]\w{0,63}):?[-=]([^}\s$]{1,256})\}/g;
/** `??`, `||` or ` or ` right after a lookup, from `at`. */
const OR_ELSE = /[ \t]*(?:\?\?|\|\||or(?=[ \t]))/y;
const QUOTE_OR_SHELL = /["'`]|\$\{/;
function defaultCredential(value: string): boolean {
  // Most values hold no quoted default and no shell default, or name no lookup: plain searches
  // rule them out before the pattern's scan, which doubled a contract's validation (every string
  // in it is read here, and "budget" and "target" hold "get").
  if (!QUOTE_OR_SHELL.test(value)) return false;
  if (!value.includes("${") && !value.includes("get") && !value.includes("fetch") && !value.includes("env") && !value.includes("ENV")) return false;
  for (const m of value.matchAll(LOOKUPS)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[5] ?? m[6] ?? m[7] ?? (m[8] as string);
    if (credentialName(name) === null) continue;
    if (m[9] !== undefined) {
      if (!standsIn(m[9])) return true;
      continue;
    }
    const end = m.index + m[0].length;
    if (m[4] === ",") {
      if (literalAt(value, end)) return true;
      continue;
    }
    OR_ELSE.lastIndex = end;
    if (OR_ELSE.test(value) && literalAt(value, OR_ELSE.lastIndex)) return true;
  }
  return false;
}
/** Whether the name that ends just before `at` (a `=` or `:`) is credential-like. */
function credentialBefore(value: string, at: number): boolean {
  let end = at;
  while (end > 0 && (value.charCodeAt(end - 1) === 32 || value.charCodeAt(end - 1) === 9)) end--;
  if (end > 0 && (value.charCodeAt(end - 1) === 34 || value.charCodeAt(end - 1) === 39)) end--;
  let start = end;
  while (start > 0 && end - start < 65 && isNameChar(value.charCodeAt(start - 1))) start--;
  // Shorter than `pwd`, longer than 64, not starting with a letter, or inside a URI or path (after
  // `:`, `/`, `@` or `=`: `arn:aws:secretsmanager:...:secret:db`) or a URL parameter (after `?`,
  // `&`, `#`): no name judged here. A `:` that opens a word is a Ruby symbol (`:password =>`).
  if (end - start < 3 || end - start > 64 || !isLetter(value.charCodeAt(start)) || (start > 0 && "?&#:/@=".includes(value[start - 1] as string) && !symbolAt(value, start - 1))) return false;
  const name = value.slice(start, end);
  if (!MAYBE.test(name.toLowerCase())) return false;
  // A shell's `${NAME:-default}` is a lookup, `defaultCredential`'s to judge.
  if ((start > 1 && value[start - 1] === "{" && value[start - 2] === "$") || findingCodeAt(value, start, name) || lexicalToken(value, start, name)) return false;
  return credentialName(name) !== null || credentialReferenceName(name);
}
/** A `:` at `at` that opens a Ruby symbol: at the start, or after a space or an opening bracket or comma. */
const symbolAt = (value: string, at: number): boolean => value[at] === ":" && (at === 0 || " \t{([,".includes(value[at - 1] as string));
/**
 * A finding code after its severity, as rw prints findings (`error SECRET_VALUE: <path> holds ...`):
 * the code names a kind of finding, and what follows the `:` is its path and message. A name
 * ending in a credential's own word (`error DB_PASSWORD: hunter2`) is still judged.
 */
const SEVERITY_BEFORE = /(?:^|[^A-Za-z])(?:error|note|warning)[ \t]$/;
function findingCodeAt(value: string, start: number, name: string): boolean {
  const words = wordsOf(name);
  const last = words[words.length - 1] as string;
  return /^[A-Z][A-Z0-9_]*_[A-Z0-9_]+$/.test(name) && !WORDS.has(last) && last !== "token" && last !== "key" && SEVERITY_BEFORE.test(value.slice(Math.max(0, start - 9), start));
}
/**
 * A token that is a word of a grammar or a place in a listing, not a credential: a version token, a
 * page, continuation or sync token (`the version token: \`VERSION\``, `pageToken: "CAUQAA"`), by the
 * word before `token` in the name or, in prose, just before it.
 */
function lexicalToken(value: string, start: number, name: string): boolean {
  const words = wordsOf(name);
  if (words[words.length - 1] !== "token") return false;
  let before = words[words.length - 2];
  if (before === undefined && (value[start - 1] === " " || value[start - 1] === "\t")) {
    let i = start - 1;
    while (i > 0 && start - i < 33 && isLetter(value.charCodeAt(i - 1))) i--;
    before = value.slice(i, start - 1).toLowerCase();
  }
  return before !== undefined && NOT_A_CREDENTIAL_TOKEN.has(before);
}
function textCredential(value: string): boolean {
  let [colon, equals] = [value.indexOf(":"), value.indexOf("=")];
  while (colon >= 0 || equals >= 0) {
    const isColon = colon >= 0 && (equals < 0 || colon < equals);
    const at = isColon ? colon : equals;
    if (isColon) colon = value.indexOf(":", at + 1);
    else equals = value.indexOf("=", at + 1);
    if (operatorAt(value, at)) {
      // Compared with or mapped to a literal: that literal (`=~` matches a pattern, `::` is a path).
      if (value[at] === "=" && value[at + 1] !== "~" && credentialBefore(value, at) && literalAt(value, pastOperator(value, at))) return true;
      continue;
    }
    if (!credentialBefore(value, at)) continue;
    VALUE.lastIndex = at + 1;
    const m = VALUE.exec(value);
    if (m === null) continue;
    const quoted = m[1] ?? m[2] ?? m[3];
    if (quoted !== undefined) {
      if (quoted.trim() !== "" && !redactedOrReference(quoted.trim())) return true;
      continue;
    }
    const raw = m[4] as string;
    EXPRESSION.lastIndex = at + 1;
    if (EXPRESSION.test(value)) {
      if (fallbackLiteral(value, at + 1)) return true;
      continue;
    }
    // Sentence or clause punctuation after the value is not part of it (`password=<redacted>.`);
    // a template or redaction cut at its first space (`{{ secrets.db }}`) opens with its bracket.
    const bare = raw.replace(/[.,;:!?)\]}]+$/, "");
    if (bare === "" || /^(?:\{\{|\$\{|<|\[)/.test(raw) || redactedOrReference(raw) || redactedOrReference(bare)) continue;
    const end = at + 1 + m[0].length;
    if (isColon && TYPE_ANNOTATION.test(bare)) {
      ASSIGNED.lastIndex = at + 1 + m[0].length - (raw.length - bare.length);
      if (ASSIGNED.test(value) && literalAt(value, ASSIGNED.lastIndex)) return true;
      continue;
    }
    if (!isColon || secretShaped(bare)) return true;
    // After `:`, a bare value stands alone: the line ends after it, or a clause (`, ;`) does.
    if (/[,;]$/.test(raw) || /^[ \t]*(?:$|[\r\n])/.test(value.slice(end, end + 256))) return true;
  }
  return false;
}

/**
 * An `Authorization` header whose credential (the word after a scheme, or the value when it names
 * none) is no redaction or placeholder: `Authorization: Bearer $TOKEN` in a curl line and
 * `Authorization: Basic <redacted>` show where a credential goes without holding one. A URI or path
 * is not exempt here, as it is after `password=`: a base64 credential may hold a `/`.
 */
const AUTHORIZATION = /\b(?:Authorization|authorization|AUTHORIZATION)\s*:\s*(\S+)(?:[ \t]+(\S+))?/g;
const AUTH_SCHEME = /^(?:bearer|basic|digest|token|negotiate|ntlm|dpop|apikey)$/i;
const unquoted = (word: string): string => word.replace(/^["'`]+|["'`,;]+$/g, "");
function authorizationCredential(value: string): boolean {
  for (const [, first, second] of value.matchAll(AUTHORIZATION)) {
    const named = unquoted(first as string);
    const credential = AUTH_SCHEME.test(named) ? (second === undefined ? null : unquoted(second)) : named;
    if (credential === null) continue; // a scheme alone holds none here (the credential-as-text rule still reads the line)
    // A placeholder written with spaces inside (`{{ token }}`, `<your token>`) is known by its opening.
    if (credential === "" || !(standsIn(credential) || /^(?:\{\{|\$\{|<|\[)/.test(credential))) return true;
  }
  return false;
}

// Values: one combined, case-sensitive pattern (header names in the three casings people write,
// `anyValuePattern`), each alternative starting with a literal where it can, so a string is
// scanned once and fast; the kind is named only when something matched.
//
// A bearer token (RFC 6750's b64token) after `Bearer`, told from a word of a sentence ("bearer
// authentication", "the bearer instrument"): wherever it stands, one of 16 characters or more
// (no word is that long), or of 8 or more with a digit or one of `_ ~ + /` (no word has them). A
// shorter one only where it is written as an Authorization header's value: `Bearer <token>` is the
// whole string, or the whole of a quoted string inside it (`{"Authorization": "Bearer ab12"}`),
// and the token has a digit or one of `_ ~ + / - =`. A letters-only token under 16 characters is
// not told from a word, and passes ("Authorization: Bearer <anything>" is refused as a header).
const BEARER = /\b(?:Bearer|bearer|BEARER)\s+(?:[A-Za-z0-9._~+/-]{16,}|(?=[A-Za-z.-]*[0-9_~+/])[A-Za-z0-9._~+/-]{8,})/;
/** A bearer token that no placeholder stands in for (`Bearer YOUR_ACCESS_TOKEN`). */
const BEARERS = /* @__PURE__ */ new RegExp(BEARER.source, "g");
function bearerCredential(value: string): boolean {
  for (const [found] of value.matchAll(BEARERS)) if (!standsIn(found.replace(/^\S+\s+/, ""))) return true;
  return false;
}
const SHORT_BEARER = /(?:^|["'`])\s*(?:Bearer|bearer|BEARER)[ \t]+(?=[A-Za-z.]*[0-9_~+/=-])[A-Za-z0-9._~+/-]{1,7}=*\s*(?:$|["'`])/;
const VALUE_KINDS: readonly (readonly [string, RegExp, ((value: string) => boolean)?])[] = [
  ["a bearer token", BEARER, bearerCredential],
  ["a bearer token", SHORT_BEARER],
  ["an Authorization header", /\b(?:Authorization|authorization|AUTHORIZATION)\s*:\s*\S+/, authorizationCredential],
  ["Basic credentials", /\b(?:Basic|basic|BASIC)\s+[A-Za-z0-9+/]{6}/, basicCredential],
  ["a cookie", /\b(?:Set-|set-|SET-)?(?:Cookie|cookie|COOKIE)\s*:\s*[^=\s;]+=[^;\s]+/],
  ["a private key", /-----BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----/],
  ["a JSON Web Token", /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\./],
  ["an AWS access key", /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ["a GitHub token", /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/],
  ["a Slack token", /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  // Prefixed tokens: the prefix, then a run of token characters no identifier has (an underscore
  // or dash ends the run, so `hf_model_name` and `npm_package_name` are names, not tokens).
  ["an npm token", /\bnpm_[A-Za-z0-9]{36,}/],
  // GitLab's prefixed tokens (personal, deploy, runner, trigger, feed, SCIM, feature-flag client,
  // incoming mail, CI job, OAuth application secret, Kubernetes agent) and the legacy runner
  // registration token.
  ["a GitLab token", /\b(?:gl(?:pat|dt|rt|ptt|ft|soat|ffct|imt|cbt|oas|agent)-[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20,})/],
  // A user token (`hf_`) and an organization's API token (`api_org_`).
  ["a Hugging Face token", /\b(?:hf_|api_org_)[A-Za-z0-9]{30,}/],
  // OpenAI and Anthropic, Stripe (keys and webhook signing secrets), Google API keys, SendGrid,
  // DigitalOcean, Shopify, Docker Hub and PyPI (a macaroon naming pypi.org or test.pypi.org).
  ["an API secret key", /\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}|[rs]k_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{32,}|AIza[0-9A-Za-z_-]{35}|SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}|do[opr]_v1_[a-f0-9]{64}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|dckr_pat_[A-Za-z0-9_-]{27}|pypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,})/],
  // Google's OAuth access tokens and client secrets.
  ["a Google OAuth token", /\b(?:ya29\.[A-Za-z0-9_-]{20,}|GOCSPX-[A-Za-z0-9_-]{28})/],
  // A webhook URL whose path is its credential (Slack's incoming webhooks, Discord's). Slack's
  // documentation writes `T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`: a token of capitals
  // alone is its placeholder.
  ["a webhook URL", /\b(?:hooks\.slack\.com\/services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/(?=[A-Z]*[a-z0-9])[A-Za-z0-9]{16,}|discord(?:app)?\.com\/api\/webhooks\/[0-9]{15,}\/[A-Za-z0-9_-]{40,})/],
  ["a URL with a password", /:\/\/[^/\s:@]*:[^/\s@]+@/, urlPassword],
  ["a URL carrying a credential", URL_PARAM, urlCredential],
];

/**
 * A pattern's source after its leading `\b`, or null when it has none, or has an alternative
 * outside every group (in `\ba|b` the `\b` bounds only `a`, so it cannot be taken out).
 */
function afterWordBoundary(source: string): string | null {
  if (!source.startsWith("\\b")) return null;
  let depth = 0;
  let inClass = false;
  for (let i = 2; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return null;
  }
  return source.slice(2);
}

/**
 * Every pattern as one, for the test that nearly always fails. The patterns that start at a word
 * boundary share one `\b` (`\b(?:(?:Bearer|…)…|eyJ…|…)`): it matches where `\bX|\bY|…` does, and
 * V8 tests the boundary once a position rather than once a pattern, about a third less time on a
 * contract's strings than the plain alternation (fix-BM, PERFORMANCE.md).
 */
function anyValuePattern(): RegExp {
  const others: string[] = [];
  const bounded: string[] = [];
  for (const [, re] of VALUE_KINDS) {
    const rest = afterWordBoundary(re.source);
    if (rest === null) others.push(re.source);
    else bounded.push(rest);
  }
  return new RegExp([...others, ...(bounded.length === 0 ? [] : [`\\b(?:${bounded.join("|")})`])].join("|"));
}
const ANY_VALUE = /* @__PURE__ */ anyValuePattern();

/**
 * What credential a string looks like, or undefined: the same patterns for values and field names.
 * The Agent Mailbox reads a message's lines with it too (section 14: "No secrets, credentials,
 * private keys ... in mailbox messages").
 */
export function valueKind(value: string): string | undefined {
  const kind = ANY_VALUE.test(value) ? VALUE_KINDS.find(([, re, confirm]) => re.test(value) && (confirm === undefined || confirm(value)))?.[0] : undefined;
  return kind ?? (textCredential(value) || defaultCredential(value) ? "a credential written as text" : undefined);
}
