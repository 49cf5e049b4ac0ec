/**
 * The profiles a reader of the playground can choose: the shipped ones, by name (their files load
 * with profiles.ts, once one is used), and a custom one, as read by custom-profile.ts.
 */
import type { Finding, Vocabulary } from "../../core/index.js";
import { shippedNames } from "../../profiles/names.js";

export const SHIPPED: readonly string[] = shippedNames;

/**
 * A custom profile as text: its vocabulary, what is wrong with it, or (its checker still loading,
 * or `unloaded`: why its code could not be loaded) nothing yet.
 */
export type CustomProfile =
  | { readonly ok: true; readonly vocabulary: Vocabulary; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly error: string; readonly findings: readonly Finding[] }
  | { readonly ok: null; readonly unloaded?: string };

/** A custom profile whose checker has not loaded yet. */
export const CUSTOM_PROFILE_LOADING: CustomProfile = { ok: null };
