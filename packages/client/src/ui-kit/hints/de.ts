import type { Translation } from '@elicitkit/core';
import type { FieldHintKey } from './en.js';

/** Field hints in German (Sie-Form). */
const de: Translation<FieldHintKey> = {
  number: 'Zahl',
  integer: 'ganze Zahl',
  'number.range': 'Zahl, {min}–{max}',
  'integer.range': 'ganze Zahl, {min}–{max}',
  'number.min': 'Zahl, mindestens {min}',
  'integer.min': 'ganze Zahl, mindestens {min}',
  'number.max': 'Zahl, höchstens {max}',
  'integer.max': 'ganze Zahl, höchstens {max}',
  range: '{min}–{max}',
  min: 'mindestens {min}',
  max: 'höchstens {max}',
  'length.range': '{min}–{max} Zeichen',
  'length.exact': { one: '{count} Zeichen', other: '{count} Zeichen' },
  'length.min': { one: 'mindestens {count} Zeichen', other: 'mindestens {count} Zeichen' },
  'length.max': { one: 'höchstens {count} Zeichen', other: 'höchstens {count} Zeichen' },
  'choices.range': '{min}–{max} Optionen',
  'choices.exact': { one: '{count} Option', other: '{count} Optionen' },
  'choices.min': { one: 'mindestens {count} Option', other: 'mindestens {count} Optionen' },
  'choices.max': { one: 'höchstens {count} Option', other: 'höchstens {count} Optionen' },
  'choices.any': 'beliebig viele Optionen',
  email: 'name@example.com',
  uri: 'vollständige Webadresse, z. B. https://example.com/seite',
  date: 'JJJJ-MM-TT',
  'date-time': 'JJJJ-MM-TT hh:mm, Ihre Ortszeit: {zone}',
  'date-time.zone': 'Ihre Ortszeit: {zone}',
};

export default de;
