/**
 * Generating a callsign (section 4): "3–6 letters, phonetic, single word, uppercase,
 * domain-inspired, and without numbers", generated around every unavailable name. The seed
 * families are the spec's; past them, names are built from consonant-vowel syllables, which are
 * phonetic by construction. Deterministic for a given `random`.
 */
import { isCallsign, isReserved } from "./callsign.js";

/** The spec's seed inspiration, by family (not an allocation list). */
export const CALLSIGN_SEEDS = {
  sky: ["VEGA", "LYRA", "RIGEL", "NOVA", "ORION", "ALTAIR", "MIRA", "DENEB", "CASTOR", "ATLAS"],
  myth: ["FREYA", "ODIN", "ARES", "EOS", "IRIS", "RHEA", "JUNO", "LOKI"],
  stone: ["ONYX", "JADE", "OPAL", "FLINT", "AMBER", "COBALT"],
  wind: ["ZEPHYR", "GALE", "EMBER", "FROST", "STORM"],
  wild: ["WREN", "RAVEN", "LYNX", "ORCA", "IBIS"],
  voice: ["ECHO", "ARIA", "TEMPO", "QUILL", "SAGE", "REED", "HALO", "SABLE", "VALE", "INDIGO"],
} as const;

export type CallsignFamily = keyof typeof CALLSIGN_SEEDS;

const GENERATED = /^[A-Z]{3,6}$/;
const CONSONANTS = "BDFGKLMNPRSTVZ";
const VOWELS = "AEIOU";

export interface GenerateOptions {
  /** A family to try first. */
  readonly family?: CallsignFamily;
  /** A number in [0, 1): picks where in the candidates to start. Default 0 (deterministic). */
  readonly random?: () => number;
}

/** True when a name may be generated: 3-6 letters, no digits, not reserved, not a device name. */
export function isGeneratable(name: string): boolean {
  return GENERATED.test(name) && isCallsign(name) && !isReserved(name);
}

function* syllableNames(): Generator<string> {
  // CVCV then CVCVC: 14*5*14*5 = 4,900 names, then 68,600 more; enough for any arena.
  for (const c1 of CONSONANTS) for (const v1 of VOWELS) for (const c2 of CONSONANTS) for (const v2 of VOWELS) yield c1 + v1 + c2 + v2;
  for (const c1 of CONSONANTS) for (const v1 of VOWELS) for (const c2 of CONSONANTS) for (const v2 of VOWELS) for (const c3 of CONSONANTS) yield c1 + v1 + c2 + v2 + c3;
}

/** A free name, or null when every candidate is taken. Unavailable names compare uppercased. */
export function generateCallsign(unavailable: Iterable<string>, options: GenerateOptions = {}): string | null {
  const taken = new Set<string>();
  for (const name of unavailable) taken.add(name.toUpperCase());
  const free = (name: string): boolean => isGeneratable(name) && !taken.has(name);
  const families = Object.keys(CALLSIGN_SEEDS) as CallsignFamily[];
  const order = options.family === undefined ? families : [options.family, ...families.filter((f) => f !== options.family)];
  const seeds = order.flatMap((f) => CALLSIGN_SEEDS[f]);
  const start = Math.floor((options.random?.() ?? 0) * seeds.length) % seeds.length;
  for (let i = 0; i < seeds.length; i++) {
    const name = seeds[(start + i) % seeds.length] as string;
    if (free(name)) return name;
  }
  for (const name of syllableNames()) if (free(name)) return name;
  return null;
}

/**
 * A free neighbour for a Handler-supplied name that is occupied (section 4: "offer a free phonetic
 * or thematic neighbor"): another name of its family when it has one, else a generated name.
 */
export function neighbourCallsign(name: string, unavailable: Iterable<string>): string | null {
  const upper = name.toUpperCase();
  const family = (Object.keys(CALLSIGN_SEEDS) as CallsignFamily[]).find((f) => (CALLSIGN_SEEDS[f] as readonly string[]).includes(upper));
  return generateCallsign([...unavailable, upper], family === undefined ? {} : { family });
}

/** The occupied base name with a numeric suffix: only when the Handler insists on that name. */
export function suffixedCallsign(name: string, unavailable: Iterable<string>): string | null {
  const taken = new Set<string>();
  for (const n of unavailable) taken.add(n.toUpperCase());
  for (let i = 2; i < 1000; i++) {
    const candidate = `${name.toUpperCase()}-${i}`;
    if (isCallsign(candidate) && !isReserved(candidate) && !taken.has(candidate)) return candidate;
  }
  return null;
}
