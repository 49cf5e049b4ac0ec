/**
 * Letters of look-alike scripts in one name. Latin, Greek and Cyrillic share many glyphs (Latin
 * `a`, Cyrillic `а` U+0430; Latin `I`, Cyrillic `І` U+0406, Greek `Ι` U+0399), so a name mixing
 * them can be built to look like another (`CROX-SІTE` for `CROX-SITE`). A name in one script,
 * whichever it is, is not flagged: only the mixture, which no ordinary name needs. This is
 * Unicode's own mixed-script test (UTS #39) narrowed to the three scripts that are confused most.
 */
const SCRIPTS = [
  ["Latin", /\p{Script=Latin}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
] as const;

/** The look-alike scripts `name` mixes (two or three of Latin, Greek, Cyrillic), or [] when it mixes none. */
export function _mixedScripts(name: string): string[] {
  const found = SCRIPTS.filter(([, letter]) => letter.test(name)).map(([script]) => script);
  return found.length > 1 ? found : [];
}
