/**
 * Section 9 and 4.3: cards, contracts, logs, messages and checkpoints "contain only secret
 * references or redacted metadata"; "Secrets, bearer tokens, cookies, private keys, and credential
 * material are forbidden." This walks a whole document as received (unknown fields included) and
 * refuses a credential-like field name and a value that looks like a credential.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { credentialName, credentialReferenceName, isReferenceShape, valueKind } from "../_credentials.js";

const PRIVATE_JWK = ["d", "p", "q", "dp", "dq", "qi", "k"];
/** No record nests this deep; a document that does is refused rather than scanned in part. */
const MAX_DEPTH = 64;

/** The walk keeps the path as a stack of keys and writes it out only for a finding. */
type Path = (string | number)[];
const at = (path: Path): string => path.join(".");

/** Stands in a path for a field name that is itself a credential, so no finding repeats it. */
const REDACTED_KEY = "<redacted>";

function walk(value: unknown, path: Path, out: DelegationFinding[], names: Map<string, string | null>, known: ReadonlySet<string>): void {
  if (typeof value === "string") {
    const kind = valueKind(value);
    if (kind !== undefined) out.push(delegationFinding("SECRET_VALUE", `${at(path) || "the document"} holds what looks like ${kind}; records carry secret references or redacted metadata, never credentials (section 9)`, { path: at(path) }));
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (path.length > MAX_DEPTH) {
    out.push(delegationFinding("DELEGATION_SCHEMA", `${at(path)} nests deeper than ${MAX_DEPTH} levels: it cannot be checked for secrets, so it is refused`, { path: at(path) }));
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      walk(value[i], path, out, names, known);
      path.pop();
    }
    return;
  }
  const object = value as Record<string, unknown>;
  if (typeof object["kty"] === "string" && PRIVATE_JWK.some((k) => typeof object[k] === "string")) {
    out.push(delegationFinding("SECRET_VALUE", `${at(path) || "the document"} is a private JSON Web Key; public verification material may be referenced, private keys must not appear (section 4.1)`, { path: at(path) }));
  }
  const keys = Object.keys(object);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    // A credential used as a field name (`{ "ghp_...": "ci" }`) is still a credential in the
    // record: the names are checked against the value patterns too, and the name is kept out of
    // the path of this finding and of every finding beneath it. A known name was cleared of the
    // value patterns once, when the set was made (`clearOfValuePatterns`).
    const isKnown = known.has(key);
    const keyKind = isKnown ? undefined : valueKind(key);
    if (keyKind !== undefined) {
      path.push(REDACTED_KEY);
      out.push(delegationFinding("SECRET_FIELD", `${at(path)}: a field name in ${at(path.slice(0, -1)) || "the document"} looks like ${keyKind}; records carry secret references or redacted metadata, never credentials, as values or as names (section 9)`, { path: at(path) }));
      walk(object[key], path, out, names, known);
      path.pop();
      continue;
    }
    path.push(key);
    if (!isKnown) {
      let why = names.get(key);
      if (why === undefined) {
        why = credentialName(key);
        names.set(key, why);
      }
      if (why !== null) out.push(delegationFinding("SECRET_FIELD", `${at(path)}: a credential-like field (${why}); carry a secret reference (${key}_ref) or redacted metadata instead (section 9)`, { path: at(path) }));
      else if (credentialReferenceName(key) && refs(object[key]).some((v) => !isReferenceShape(v))) out.push(delegationFinding("SECRET_VALUE", `${at(path)} names a reference to a credential but holds a bare value, not a reference (a URI or path into the secret manager); records carry secret references, never credentials (section 9)`, { path: at(path) }));
    }
    walk(object[key], path, out, names, known);
    path.pop();
  }
}

const NONE: ReadonlySet<string> = new Set();

/** The strings a credential-named reference field holds directly (itself, or its array's items). */
function refs(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

/**
 * The names no value pattern flags, for `secretFindings`'s `known`: the patterns are tried on each
 * name once, here, rather than on every field of every record read (most of which are the
 * schemas' own names).
 */
export function clearOfValuePatterns(names: Iterable<string>): ReadonlySet<string> {
  const clear = new Set<string>();
  for (const name of names) if (valueKind(name) === undefined) clear.add(name);
  return clear;
}

/**
 * Every credential-like field name and value in a document, with its path. `known` are field
 * names already judged not credential-like (the schemas' own; a test holds them so) and cleared
 * of the value patterns (`clearOfValuePatterns`): no test of the name is run on them.
 */
export function secretFindings(document: unknown, known: ReadonlySet<string> = NONE): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  // Other names repeat too (x_ fields in every ref): each is judged once a document.
  walk(document, [], out, new Map(), known);
  return out;
}
