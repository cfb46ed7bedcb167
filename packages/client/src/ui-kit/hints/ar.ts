import type { Translation } from '@elicitkit/core';
import type { FieldHintKey } from './en.js';

/**
 * Field hints in Arabic (Modern Standard Arabic). Counted nouns follow Arabic agreement: the plural
 * category (`Intl.PluralRules('ar')`: zero, one, two, few, many, other) picks the form. No bidi controls:
 * a terminal writes lines in logical order, and a browser lays the hint out in its element's `dir`.
 */
const ar: Translation<FieldHintKey> = {
  number: 'رقم',
  integer: 'عدد صحيح',
  'number.range': 'رقم من {min} إلى {max}',
  'integer.range': 'عدد صحيح من {min} إلى {max}',
  'number.min': 'رقم لا يقل عن {min}',
  'integer.min': 'عدد صحيح لا يقل عن {min}',
  'number.max': 'رقم لا يزيد على {max}',
  'integer.max': 'عدد صحيح لا يزيد على {max}',
  range: 'من {min} إلى {max}',
  min: '{min} على الأقل',
  max: '{max} على الأكثر',
  'length.range': 'من {min} إلى {max} حرفًا',
  'length.exact': {
    zero: '{count} حرف',
    one: 'حرف واحد',
    two: 'حرفان',
    few: '{count} أحرف',
    many: '{count} حرفًا',
    other: '{count} حرف',
  },
  'length.min': {
    zero: '{count} حرف على الأقل',
    one: 'حرف واحد على الأقل',
    two: 'حرفان على الأقل',
    few: '{count} أحرف على الأقل',
    many: '{count} حرفًا على الأقل',
    other: '{count} حرف على الأقل',
  },
  'length.max': {
    zero: '{count} حرف على الأكثر',
    one: 'حرف واحد على الأكثر',
    two: 'حرفان على الأكثر',
    few: '{count} أحرف على الأكثر',
    many: '{count} حرفًا على الأكثر',
    other: '{count} حرف على الأكثر',
  },
  'choices.range': 'من {min} إلى {max} من الخيارات',
  'choices.exact': {
    zero: '{count} خيار',
    one: 'خيار واحد',
    two: 'خياران',
    few: '{count} خيارات',
    many: '{count} خيارًا',
    other: '{count} خيار',
  },
  'choices.min': {
    zero: '{count} خيار على الأقل',
    one: 'خيار واحد على الأقل',
    two: 'خياران على الأقل',
    few: '{count} خيارات على الأقل',
    many: '{count} خيارًا على الأقل',
    other: '{count} خيار على الأقل',
  },
  'choices.max': {
    zero: '{count} خيار على الأكثر',
    one: 'خيار واحد على الأكثر',
    two: 'خياران على الأكثر',
    few: '{count} خيارات على الأكثر',
    many: '{count} خيارًا على الأكثر',
    other: '{count} خيار على الأكثر',
  },
  'choices.any': 'أي عدد من الخيارات',
  email: 'name@example.com',
  uri: 'عنوان ويب كامل، مثل https://example.com/page',
  date: 'YYYY-MM-DD (سنة-شهر-يوم)',
  'date-time': 'YYYY-MM-DD hh:mm بتوقيتك المحلي: {zone}',
  'date-time.zone': 'بتوقيتك المحلي: {zone}',
};

export default ar;
