/**
 * The first few names of a list, for a finding's message: a list of thousands helps nobody, and a
 * message that names every sibling or attempt, once per budget, grows as their product. RW-003's
 * findings and the mailbox's (the paths, lines and threads a message or an archive names) share it.
 */
export function few(names: readonly string[], limit = 3): string {
  return names.length <= limit ? names.join(", ") : `${names.slice(0, limit).join(", ")} and ${names.length - limit} more`;
}
