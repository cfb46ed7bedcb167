import { type Catalogs, defineCatalogs, type FormField, type Translator } from '@elicitkit/core';
import { localTimeZone } from './date-time.js';
import { FIELD_HINTS_EN, type FieldHintKey } from './hints/en.js';

export type { FieldHintKey };

/**
 * The field-hint catalog: English built in; German, Japanese and Arabic fetched on first use
 * (`uiWords` loads it beside a UI's own words as `hints`), so a page in English never downloads them.
 */
export const fieldHintMessages: Catalogs<FieldHintKey> = /* @__PURE__ */ defineCatalogs(FIELD_HINTS_EN, {
  de: () => import('./hints/de.js'),
  ja: () => import('./hints/ja.js'),
  ar: () => import('./hints/ar.js'),
});

/** Options of {@link fieldHint}. */
export interface FieldHintOptions {
  /**
   * Also name what the field is: `whole number, 0–150` rather than `0–150`, the format of an email, web
   * address or date, the date-time's format before its zone, `any number of choices`. For a UI whose input
   * does not show it (a terminal's line of text); a browser's typed inputs and pickers do. Default true.
   */
  namesKind?: boolean;
}

/** The local zone as a hint names it: `Europe/Berlin, UTC+02:00`, or `UTC`. */
function zoneText(): string {
  const zone = localTimeZone();
  return zone.id === 'UTC' || zone.id === 'Etc/UTC' ? 'UTC' : `${zone.id}, UTC${zone.offset}`;
}

/** `at least 2 choices`, `1–3 characters`: a count bound (0 is none), plural by the language's rules. */
function countHint(
  t: Translator<FieldHintKey>,
  what: 'length' | 'choices',
  min: number | undefined,
  max: number | undefined,
): string | undefined {
  const least = min === 0 ? undefined : min;
  if (least !== undefined && max !== undefined) {
    return least === max ? t.t(`${what}.exact`, { count: max }) : t.t(`${what}.range`, { min: least, max });
  }
  if (least !== undefined) return t.t(`${what}.min`, { count: least });
  if (max !== undefined) return t.t(`${what}.max`, { count: max });
  return undefined;
}

/**
 * The short hint beside a field's label, so its rule shows before any message does (E-44): a number's
 * bounds (`whole number, 0–150`), a text's length (`1–100 characters`), a multi-select's count (`at least
 * 2 choices`), a format (`name@example.com`), a date-time's local zone (the kit reads a date-time typed
 * without an offset as local time). Undefined when there is nothing to say (yes/no, single choice). A
 * format's hint wins over its length; without `namesKind` a format field shows its length instead.
 */
export function fieldHint(
  field: Pick<FormField, 'kind' | 'constraints'>,
  t: Translator<FieldHintKey>,
  options: FieldHintOptions = {},
): string | undefined {
  const namesKind = options.namesKind ?? true;
  const c = field.constraints;
  switch (field.kind) {
    case 'integer':
    case 'number': {
      const kind = namesKind ? (`${field.kind}.` as const) : '';
      if (c.minimum !== undefined && c.maximum !== undefined)
        return t.t(`${kind}range`, { min: c.minimum, max: c.maximum });
      if (c.minimum !== undefined) return t.t(`${kind}min`, { min: c.minimum });
      if (c.maximum !== undefined) return t.t(`${kind}max`, { max: c.maximum });
      return namesKind ? t.t(field.kind) : undefined;
    }
    case 'multiselect':
      return countHint(t, 'choices', c.minItems, c.maxItems) ?? (namesKind ? t.t('choices.any') : undefined);
    case 'email':
    case 'uri':
    case 'date':
      return namesKind ? t.t(field.kind) : countHint(t, 'length', c.minLength, c.maxLength);
    case 'date-time':
      return t.t(namesKind ? 'date-time' : 'date-time.zone', { zone: zoneText() });
    case 'text':
      return countHint(t, 'length', c.minLength, c.maxLength);
    default:
      return undefined;
  }
}
