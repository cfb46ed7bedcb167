/**
 * RFC 3986 §3 `URI` (an absolute URI, fragment allowed): `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`,
 * checked by one left-to-right scan over ASCII. Non-ASCII characters must be percent-encoded (IRIs are a
 * different format).
 */

const UNRESERVED = 1; // ALPHA / DIGIT / "-" / "." / "_" / "~" (§2.3)
const SUB_DELIM = 2; // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" (§2.2)
const HEX = 4;
const SCHEME = 8; // ALPHA / DIGIT / "+" / "-" / "." (§3.1)

const CLASSES = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  const alphanumeric = /[A-Za-z0-9]/.test(char);
  if (alphanumeric || '-._~'.includes(char)) CLASSES[code]! |= UNRESERVED;
  if ("!$&'()*+,;=".includes(char)) CLASSES[code]! |= SUB_DELIM;
  if (/[0-9A-Fa-f]/.test(char)) CLASSES[code]! |= HEX;
  if (alphanumeric || '+-.'.includes(char)) CLASSES[code]! |= SCHEME;
}

function has(code: number, flags: number): boolean {
  return code < 128 && (CLASSES[code]! & flags) !== 0;
}

const COLON = 0x3a;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const PERCENT = 0x25;

/**
 * Whether `text[start, end)` consists of unreserved, sub-delims, pct-encoded and the `extra` characters.
 * Covers userinfo and reg-name (§3.2.1, §3.2.2), path segments (§3.3: pchar adds ":" and "@"), query and
 * fragment (§3.4, §3.5: "/" and "?" too).
 */
function isEncodedText(text: string, start: number, end: number, extra: string): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === PERCENT) {
      if (
        !has(text.charCodeAt(index + 1), HEX) ||
        !has(text.charCodeAt(index + 2), HEX) ||
        index + 2 >= end
      ) {
        return false;
      }
      index += 2;
    } else if (!has(code, UNRESERVED | SUB_DELIM) && !extra.includes(text[index]!)) {
      return false;
    }
  }
  return true;
}

function isDigits(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** §3.2.2 IPv4address: four dec-octets (0–255, no leading zeros). */
function isIPv4(text: string, start: number, end: number): boolean {
  let octets = 0;
  let octetStart = start;
  for (let index = start; index <= end; index++) {
    if (index < end && text.charCodeAt(index) !== 0x2e) continue;
    const length = index - octetStart;
    if (length < 1 || length > 3 || !isDigits(text, octetStart, index)) return false;
    if (length > 1 && text.charCodeAt(octetStart) === 0x30) return false;
    if (Number(text.slice(octetStart, index)) > 255) return false;
    octets++;
    octetStart = index + 1;
  }
  return octets === 4;
}

/** §3.2.2 IPv6address: eight 16-bit pieces (the last two may be an IPv4address), or fewer with one `::`. */
function isIPv6(text: string, start: number, end: number): boolean {
  let pieces = 0;
  let compressed = false;
  let index = start;
  if (text.startsWith('::', index)) {
    compressed = true;
    index += 2;
  }
  while (index < end) {
    if (isIPv4(text, index, end)) {
      pieces += 2;
      break;
    }
    const pieceStart = index;
    while (index < end && index - pieceStart < 4 && has(text.charCodeAt(index), HEX)) index++;
    if (index === pieceStart) return false;
    pieces++;
    if (index === end) break;
    if (text.charCodeAt(index) !== COLON) return false;
    index++;
    if (text.charCodeAt(index) === COLON) {
      if (compressed) return false;
      compressed = true;
      index++;
    } else if (index === end) {
      return false;
    }
  }
  return compressed ? pieces <= 7 : pieces === 8;
}

/** §3.2.2 IPvFuture: `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`. */
function isIPvFuture(text: string, start: number, end: number): boolean {
  let index = start + 1;
  while (index < end && has(text.charCodeAt(index), HEX)) index++;
  if (index === start + 1 || text.charCodeAt(index) !== 0x2e || index + 1 >= end) return false;
  for (index++; index < end; index++) {
    const code = text.charCodeAt(index);
    if (!has(code, UNRESERVED | SUB_DELIM) && code !== COLON) return false;
  }
  return true;
}

/** §3.2 authority: `[ userinfo "@" ] host [ ":" port ]`. */
function isAuthority(text: string, start: number, end: number): boolean {
  let hostStart = start;
  const at = text.indexOf('@', start);
  if (at !== -1 && at < end) {
    if (!isEncodedText(text, start, at, ':')) return false;
    hostStart = at + 1;
  }
  let portStart: number;
  if (text.charCodeAt(hostStart) === 0x5b) {
    const close = text.indexOf(']', hostStart);
    if (close === -1 || close >= end) return false;
    const first = text.charCodeAt(hostStart + 1);
    const literal =
      first === 0x76 || first === 0x56
        ? isIPvFuture(text, hostStart + 1, close)
        : isIPv6(text, hostStart + 1, close);
    if (!literal) return false;
    portStart = close + 1;
  } else {
    portStart = hostStart;
    while (portStart < end && text.charCodeAt(portStart) !== COLON) portStart++;
    if (!isEncodedText(text, hostStart, portStart, '')) return false;
  }
  if (portStart === end) return true;
  return text.charCodeAt(portStart) === COLON && isDigits(text, portStart + 1, end);
}

export function isUri(text: string): boolean {
  const first = text.charCodeAt(0) | 0x20;
  if (first < 0x61 || first > 0x7a) return false;
  let index = 1;
  while (index < text.length && has(text.charCodeAt(index), SCHEME)) index++;
  if (text.charCodeAt(index) !== COLON) return false;
  index++;
  let hierEnd = index;
  while (
    hierEnd < text.length &&
    text.charCodeAt(hierEnd) !== QUESTION &&
    text.charCodeAt(hierEnd) !== HASH
  ) {
    hierEnd++;
  }
  if (text.startsWith('//', index)) {
    const authorityStart = index + 2;
    index = authorityStart;
    while (index < hierEnd && text.charCodeAt(index) !== SLASH) index++;
    if (!isAuthority(text, authorityStart, index)) return false;
  }
  // path-abempty / path-absolute / path-rootless / path-empty: pchar and "/", "//" excluded by the branch above.
  if (!isEncodedText(text, index, hierEnd, ':@/')) return false;
  index = hierEnd;
  if (text.charCodeAt(index) === QUESTION) {
    const queryStart = index + 1;
    index = queryStart;
    while (index < text.length && text.charCodeAt(index) !== HASH) index++;
    if (!isEncodedText(text, queryStart, index, ':@/?')) return false;
  }
  if (text.charCodeAt(index) === HASH) return isEncodedText(text, index + 1, text.length, ':@/?');
  return index === text.length;
}
