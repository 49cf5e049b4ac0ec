/**
 * The words a reference to an undefined name adds when a name of the same letters in another case
 * is defined: `exec.pay` most likely meant `PAY`. Said, never assumed (rule 2: a name is read as
 * written, so the reference stays refused): ` (PAY is; codes are case-sensitive)`, or nothing.
 */
export function _caseTwin(name: string, defined: Iterable<string>): string {
  const folded = name.toUpperCase();
  const twins = [...new Set(defined)].filter((other) => other !== name && other.toUpperCase() === folded);
  return twins.length === 0 ? "" : ` (${twins.join(" and ")} ${twins.length === 1 ? "is" : "are"}; codes are case-sensitive)`;
}
