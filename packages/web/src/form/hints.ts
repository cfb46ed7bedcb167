import { localTimeZone } from '@elicitkit/client/ui-kit';
import type { FormField, Translator } from '@elicitkit/core';
import type { WebMessageKey } from '../i18n/messages.js';

/** Host-written hints for constraints, so the rule is visible before a message is (E-44). */
export function hintFor(field: FormField, t: Translator<WebMessageKey>): string | undefined {
  const c = field.constraints;
  if (field.kind === 'multiselect') {
    if (c.minItems !== undefined && c.maxItems !== undefined)
      return t.t('hint.choices', { min: c.minItems, max: c.maxItems });
    if (c.minItems !== undefined) return t.t('hint.choicesAtLeast', { count: c.minItems });
    if (c.maxItems !== undefined) return t.t('hint.choicesAtMost', { count: c.maxItems });
    return undefined;
  }
  if (field.kind === 'date-time') {
    const zone = localTimeZone();
    return t.t('hint.dateTime', { zone: zone.id, offset: zone.offset });
  }
  if (field.kind === 'number' || field.kind === 'integer') {
    if (c.minimum !== undefined && c.maximum !== undefined)
      return t.t('hint.range', { min: c.minimum, max: c.maximum });
    if (c.minimum !== undefined) return t.t('hint.atLeast', { min: c.minimum });
    if (c.maximum !== undefined) return t.t('hint.atMost', { max: c.maximum });
    return undefined;
  }
  if (c.minLength !== undefined && c.maxLength !== undefined)
    return t.t('hint.length', { min: c.minLength, max: c.maxLength });
  if (c.maxLength !== undefined) return t.t('hint.lengthAtMost', { count: c.maxLength });
  if (c.minLength !== undefined) return t.t('hint.lengthAtLeast', { count: c.minLength });
  return undefined;
}
