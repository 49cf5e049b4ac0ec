/**
 * Legacy envelopes (sections 4 and 9): older messages wrote the envelope flat, under `meta` or at
 * the frontmatter's top level. "Peer-authored flat legacy meta may be read, but new messages use
 * the namespaced envelope", and outbound preflight must "reject legacy top-level aliases on new
 * messages". These are the names read as aliases, and what each stands for.
 */

/** A legacy name and the envelope field it stands for. */
export const LEGACY_ALIASES: Readonly<Record<string, string>> = {
  from: "from", to: "to", kind: "kind", thread: "thread", thread_id: "thread", reply_to: "reply_to", in_reply_to: "reply_to",
  expects_reply: "expects_reply", request_id: "request_id", session: "session", session_id: "session", seq: "seq", sequence: "seq",
  arena: "arena", pod: "pod", machine: "machine", locus: "machine", root: "root", mailbox_root: "root", transport: "transport",
  profile: "profile", message_id: "id", terms: "terms",
};

/**
 * Under a flat `meta`, `id` and `version` are aliases too; at the top level they are not, since
 * Obsidian and Lyt's Figment fields use top-level names of their own (`id`, `version`, `type`,
 * `tags`, `title`, `created`, ...), and a mailbox cannot tell those from an alias.
 */
export const LEGACY_META_ONLY: Readonly<Record<string, string>> = { id: "id", version: "version" };

/** The legacy names a frontmatter carries: at the top level, and flat under `meta`. */
export function legacyNames(frontmatter: Readonly<Record<string, unknown>>): { top: string[]; meta: string[] } {
  const top = Object.keys(frontmatter).filter((k) => Object.hasOwn(LEGACY_ALIASES, k));
  const meta = frontmatter["meta"];
  const flat = meta !== null && typeof meta === "object" && !Array.isArray(meta) ? Object.keys(meta).filter((k) => Object.hasOwn(LEGACY_ALIASES, k) || Object.hasOwn(LEGACY_META_ONLY, k)) : [];
  return { top, meta: flat };
}

/** A legacy envelope read into the namespaced field names: flat `meta` first, then top level. */
export function legacyEnvelope(frontmatter: Readonly<Record<string, unknown>>, names: { top: string[]; meta: string[] }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const meta = frontmatter["meta"] as Record<string, unknown> | undefined;
  for (const k of names.top) out[LEGACY_ALIASES[k] as string] ??= frontmatter[k];
  for (const k of names.meta) out[(LEGACY_ALIASES[k] ?? LEGACY_META_ONLY[k]) as string] = meta?.[k];
  return out;
}

/** Two or more legacy names at one level that stand for one field and disagree. */
export interface LegacyConflict {
  readonly field: string;
  /** The names as written (`meta.reply_to`, `in_reply_to`), in the file's order. */
  readonly names: readonly string[];
}

/**
 * The fields that two legacy names at one level (flat `meta`, or the top level) give different
 * values, as `reply_to` and `in_reply_to` naming two parents. Which one an envelope would read
 * depends on key order, so the message is refused rather than read (section 7: causal parentage
 * and identity "remain fail-closed; never infer or normalize them into validity"). Names that
 * agree (the same UUID under both) are no conflict: the value is read once.
 */
export function legacyConflicts(frontmatter: Readonly<Record<string, unknown>>, names: { top: string[]; meta: string[] }): LegacyConflict[] {
  const meta = frontmatter["meta"] as Record<string, unknown> | undefined;
  const conflicts: LegacyConflict[] = [];
  const level = (keys: readonly string[], source: Readonly<Record<string, unknown>> | undefined, prefix: string): void => {
    const byField = new Map<string, string[]>();
    for (const k of keys) {
      const field = (LEGACY_ALIASES[k] ?? (prefix === "" ? undefined : LEGACY_META_ONLY[k])) as string | undefined;
      if (field === undefined) continue;
      byField.set(field, [...(byField.get(field) ?? []), k]);
    }
    for (const [field, ks] of byField) {
      if (ks.length < 2) continue;
      const values = new Set(ks.map((k) => JSON.stringify(source?.[k] ?? null)));
      if (values.size > 1) conflicts.push({ field, names: ks.map((k) => prefix + k) });
    }
  };
  level(names.meta, meta, "meta.");
  level(names.top, frontmatter, "");
  return conflicts;
}
