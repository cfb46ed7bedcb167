/**
 * Protocol revisions, as far as elicitation cares. Revisions are dates, so they compare as strings.
 * `spec/2025-11-25/lifecycle.mdx`: both parties MUST respect the negotiated protocol version (F-01).
 */

/** The first revision with elicitation: forms only, no `mode`, the smaller schema (`spec/2025-06-18/`). */
export const REVISION_2025_06_18 = '2025-06-18';
/** Sessions with form and URL modes, `-32042` and completion notices (`spec/2025-11-25/`). */
export const REVISION_2025_11_25 = '2025-11-25';
/** Multi round-trip requests (`spec/2026-07-28/`). */
export const REVISION_2026_07_28 = '2026-07-28';

/**
 * The two ways a request travels, by revision: `2025-11-25` (2025-06-18 too: sessions, the server sends
 * `elicitation/create` on the call's stream) and `2026-07-28` (stateless multi round-trip requests). The one
 * vocabulary for "which era", decided once per request (`eraOfRevision`) and carried as this value.
 */
export type ProtocolEra = '2025-11-25' | '2026-07-28';

/** M-19: a request whose per-request envelope names 2026-07-28 or later speaks that era; anything else is 2025's. */
export function eraOfRevision(revision: string | undefined): ProtocolEra {
  return revision !== undefined && revision >= REVISION_2026_07_28 ? '2026-07-28' : '2025-11-25';
}

/** What a revision can carry: whether it has elicitation at all, URL mode, and the 2025-11-25 form schema. */
export interface RevisionFeatures {
  elicitation: boolean;
  url: boolean;
  /** `mode`, `pattern`, defaults of every type, titled `oneOf` and multi-select arrays (2025-11-25 and later). */
  fullFormSchema: boolean;
}

const FULL: RevisionFeatures = { elicitation: true, url: true, fullFormSchema: true };
const FORMS_ONLY: RevisionFeatures = { elicitation: true, url: false, fullFormSchema: false };
const NONE: RevisionFeatures = { elicitation: false, url: false, fullFormSchema: false };

/**
 * F-03, F-04: what `revision` can carry. Unknown (undefined) means nobody negotiated one; the caller decides
 * (a session without `initialize` has no back channel anyway). A revision later than any known reads as the newest.
 */
export function featuresOf(revision: string | undefined): RevisionFeatures {
  if (revision === undefined || revision >= REVISION_2025_11_25) return FULL;
  if (revision >= REVISION_2025_06_18) return FORMS_ONLY;
  return NONE;
}
