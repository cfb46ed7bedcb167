import type { Translation } from '@elicitkit/core';
import type { FieldHintKey } from './en.js';

/** Field hints in Japanese (one plural form, `other`). */
const ja: Translation<FieldHintKey> = {
  number: '数値',
  integer: '整数',
  'number.range': '数値、{min}〜{max}',
  'integer.range': '整数、{min}〜{max}',
  'number.min': '数値、{min}以上',
  'integer.min': '整数、{min}以上',
  'number.max': '数値、{max}以下',
  'integer.max': '整数、{max}以下',
  range: '{min}〜{max}',
  min: '{min}以上',
  max: '{max}以下',
  'length.range': '{min}〜{max}文字',
  'length.exact': { other: '{count}文字' },
  'length.min': { other: '{count}文字以上' },
  'length.max': { other: '{count}文字以内' },
  'choices.range': '{min}〜{max}個を選択',
  'choices.exact': { other: '{count}個を選択' },
  'choices.min': { other: '{count}個以上を選択' },
  'choices.max': { other: '{count}個まで選択' },
  'choices.any': 'いくつでも選択可',
  email: 'name@example.com',
  uri: '完全なウェブアドレス（例: https://example.com/page）',
  date: 'YYYY-MM-DD',
  'date-time': 'YYYY-MM-DD hh:mm、現地時刻: {zone}',
  'date-time.zone': '現地時刻: {zone}',
};

export default ja;
