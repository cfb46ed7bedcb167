import type { StringFormat } from '../types.js';
import { isUri } from './uri.js';

/**
 * The four formats the requested-schema subset allows (E-12), checked by hand-written scanners: linear
 * time, no regular expressions, no allocation.
 */
export function matchesFormat(format: StringFormat, text: string): boolean {
  switch (format) {
    case 'email':
      return isEmail(text);
    case 'uri':
      return isUri(text);
    case 'date':
      return isDate(text);
    case 'date-time':
      return isDateTime(text);
  }
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** RFC 5322 §3.2.3 atext, as a lookup table over ASCII: letters, digits and ``!#$%&'*+-/=?^_`{|}~``. */
const ATEXT = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-/=?^_`{|}~") {
  ATEXT[char.charCodeAt(0)] = 1;
}

function isAtext(code: number): boolean {
  return code < 128 && ATEXT[code] === 1;
}

const MAX_LOCAL_PART = 64; // RFC 5321 §4.5.3.1.1
const MAX_DOMAIN = 253; // RFC 1035 §2.3.4, as text without the trailing dot
const MAX_ADDRESS = 254; // RFC 5321 §4.5.3.1.3 path limit, less the angle brackets
const MAX_LABEL = 63;

/**
 * A practical addr-spec: a dot-atom local part (RFC 5322 §3.4.1) and a host name of two or more LDH labels
 * (RFC 1035 §2.3.1), within RFC 5321's length limits. Quoted local parts, address literals (`[1.2.3.4]`),
 * comments and non-ASCII addresses are refused: people do not type them into forms.
 */
export function isEmail(text: string): boolean {
  const at = text.indexOf('@');
  if (at < 1 || at > MAX_LOCAL_PART || text.length > MAX_ADDRESS || text.length - at - 1 > MAX_DOMAIN)
    return false;
  let previousWasDot = true;
  for (let index = 0; index < at; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x2e) {
      if (previousWasDot) return false;
      previousWasDot = true;
    } else if (isAtext(code)) {
      previousWasDot = false;
    } else {
      return false;
    }
  }
  if (previousWasDot) return false;
  return isHostName(text, at + 1);
}

/** Two or more labels of letters, digits and inner hyphens, from `start` to the end of `text`. */
function isHostName(text: string, start: number): boolean {
  let labels = 0;
  let labelStart = start;
  for (let index = start; index <= text.length; index++) {
    const code = index < text.length ? text.charCodeAt(index) : 0x2e;
    if (code === 0x2e) {
      const length = index - labelStart;
      if (length === 0 || length > MAX_LABEL) return false;
      if (text.charCodeAt(labelStart) === 0x2d || text.charCodeAt(index - 1) === 0x2d) return false;
      labels++;
      labelStart = index + 1;
    } else if (!isAsciiLetter(code) && !isDigit(code) && code !== 0x2d) {
      return false;
    }
  }
  return labels >= 2;
}

function twoDigits(text: string, index: number): number {
  const tens = text.charCodeAt(index);
  const ones = text.charCodeAt(index + 1);
  return isDigit(tens) && isDigit(ones) ? (tens - 0x30) * 10 + (ones - 0x30) : -1;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0); // RFC 3339 Appendix C
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** RFC 3339 §5.6 full-date `YYYY-MM-DD` starting at `index`, naming a real day (§5.7, leap years too). */
function isFullDate(text: string, index: number): boolean {
  const century = twoDigits(text, index);
  const yearOfCentury = twoDigits(text, index + 2);
  const month = twoDigits(text, index + 5);
  const day = twoDigits(text, index + 8);
  if (century < 0 || yearOfCentury < 0 || month < 1 || month > 12 || day < 1) return false;
  if (text.charCodeAt(index + 4) !== 0x2d || text.charCodeAt(index + 7) !== 0x2d) return false;
  const year = century * 100 + yearOfCentury;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
}

/** RFC 3339 §5.6 `full-date`. */
export function isDate(text: string): boolean {
  return text.length === 10 && isFullDate(text, 0);
}

/**
 * RFC 3339 §5.6 `date-time`: full-date, `T` (or `t`), `hh:mm:ss[.fraction]`, and an offset `Z`, `z` or
 * `±hh:mm`. Second 60 is allowed only where a leap second can be: 23:59:60 in UTC (§5.7).
 */
export function isDateTime(text: string): boolean {
  if (text.length < 20 || !isFullDate(text, 0)) return false;
  const separator = text.charCodeAt(10);
  if (separator !== 0x54 && separator !== 0x74) return false;
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  if (text.charCodeAt(13) !== 0x3a || text.charCodeAt(16) !== 0x3a) return false;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) return false;
  let index = 19;
  if (text.charCodeAt(index) === 0x2e) {
    const fractionStart = ++index;
    while (isDigit(text.charCodeAt(index))) index++;
    if (index === fractionStart) return false;
  }
  const zone = text.charCodeAt(index);
  let offsetMinutes = 0;
  if (zone === 0x5a || zone === 0x7a) {
    if (index + 1 !== text.length) return false;
  } else if (zone === 0x2b || zone === 0x2d) {
    const offsetHour = twoDigits(text, index + 1);
    const offsetMinute = twoDigits(text, index + 4);
    if (index + 6 !== text.length || text.charCodeAt(index + 3) !== 0x3a) return false;
    if (offsetHour < 0 || offsetHour > 23 || offsetMinute < 0 || offsetMinute > 59) return false;
    offsetMinutes = (zone === 0x2b ? 1 : -1) * (offsetHour * 60 + offsetMinute);
  } else {
    return false;
  }
  if (second < 60) return true;
  const utcMinuteOfDay = (((hour * 60 + minute - offsetMinutes) % 1440) + 1440) % 1440;
  return utcMinuteOfDay === 23 * 60 + 59;
}
