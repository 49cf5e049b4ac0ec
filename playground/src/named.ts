/**
 * A name a link gave (a field, a profile), quoted, cut and its controls marked, to show a person:
 * the page's own messages use it, and the link notice (link-notice.ts, loaded with the link reader).
 */
import { withControlsMarked } from "../../core/marked-controls.js";

const LONGEST = 40;

export const named = (key: string): string => withControlsMarked(JSON.stringify(key.length > LONGEST ? `${key.slice(0, LONGEST)}…` : key));
