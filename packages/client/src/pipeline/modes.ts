import { type ElicitationMode, UsageError } from '@elicitkit/core';
import type { ClientCapabilities } from '@modelcontextprotocol/client';
import { ClientErrorCode } from '../errors.js';

/** Core's type, re-exported so the host API names it without a second definition. */
export type { ElicitationMode };

/** Both modes: what `installElicitation` declares when `modes` is not given. */
export const ALL_MODES: readonly ElicitationMode[] = Object.freeze(['form', 'url']);

/** Checks a host's `modes` option: at least one mode (E-08), each one the spec knows. */
export function checkModes(modes: readonly string[]): ReadonlySet<ElicitationMode> {
  if (!Array.isArray(modes) || modes.length === 0) {
    // E-08: a client declaring elicitation supports at least one mode
    throw new UsageError(ClientErrorCode.InvalidOption, 'modes must list at least one of "form", "url"', {
      details: { option: 'modes' },
    });
  }
  for (const mode of modes) {
    if (mode !== 'form' && mode !== 'url') {
      throw new UsageError(
        ClientErrorCode.InvalidOption,
        `modes: unknown mode ${JSON.stringify(mode)} (known: "form", "url")`,
        { details: { option: 'modes' } },
      );
    }
  }
  return new Set(modes as ElicitationMode[]);
}

/**
 * The `elicitation` capability for `modes`, always spelled out (`{ form: {} }`, never the legacy `{}`), so
 * servers need not know the back-compat rule. No `applyDefaults`: defaults are prefilled in the form for the
 * user to review (E-13), never added to an answer after the fact.
 */
export function elicitationCapabilities(
  modes: readonly ElicitationMode[] = ALL_MODES,
): Pick<ClientCapabilities, 'elicitation'> {
  const declared = checkModes(modes);
  return {
    // E-07: declare the capability with the modes this host supports
    elicitation: {
      ...(declared.has('form') && { form: {} }),
      ...(declared.has('url') && { url: {} }),
    },
  };
}
