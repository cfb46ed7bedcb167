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
