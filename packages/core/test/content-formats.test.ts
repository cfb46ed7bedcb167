import { type StringFormat, validateField, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

const checked = validateRequestedSchema({
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email' },
    uri: { type: 'string', format: 'uri' },
    date: { type: 'string', format: 'date' },
    'date-time': { type: 'string', format: 'date-time' },
  },
});
if (!checked.ok) throw new Error('schema');
const schema = checked.schema;

const passes = (format: StringFormat, value: string) => validateField(schema, format, value).length === 0;

describe('format email: a practical addr-spec (E-60)', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    "o'brien+tag@sub.example.co.uk",
    "!#$%&'*+-/=?^_`{|}~@example.org",
    'UPPER@EXAMPLE.COM',
    'x@123.example',
    'x@a-b.example',
    `${'l'.repeat(64)}@example.com`,
    `a@${'d'.repeat(63)}.com`,
  ])('[E-60] accepts %s', (value) => {
    expect(passes('email', value)).toBe(true);
  });

  it.each([
    ['no @', 'example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'a@'],
    ['single-label domain', 'a@localhost'],
    ['two @', 'a@b@example.com'],
    ['leading dot', '.a@example.com'],
    ['trailing dot in local part', 'a.@example.com'],
    ['double dot', 'a..b@example.com'],
    ['quoted local part', '"a b"@example.com'],
    ['address literal', 'a@[127.0.0.1]'],
    ['space', 'a b@example.com'],
    ['non-ASCII', 'jörg@example.com'],
    ['domain label starting with a hyphen', 'a@-b.example'],
    ['domain label ending with a hyphen', 'a@b-.example'],
    ['empty domain label', 'a@b..example'],
    ['trailing dot in domain', 'a@example.com.'],
    ['underscore in domain', 'a@ex_ample.com'],
    ['local part over 64', `${'l'.repeat(65)}@example.com`],
    ['label over 63', `a@${'d'.repeat(64)}.com`],
    ['domain over 253', `a@${'d.'.repeat(127)}com`],
    ['display name form', 'Ann <ann@example.com>'],
  ])('[E-60] refuses %s', (_, value) => {
    expect(passes('email', value)).toBe(false);
  });
});

describe('format uri: an absolute RFC 3986 URI (E-60)', () => {
  it.each([
    'https://example.com',
    'https://example.com/',
    'http://user:pa%20ss@example.com:8080/p/a/t/h?q=1&r=2#frag',
    'mailto:ann@example.com',
    'urn:isbn:0451450523',
    'file:///etc/hosts',
    'data:text/plain,hi',
    'a+b-c.d:x',
    'x:',
    'x:?q',
    'x:#f',
    'https://[::1]/',
    'https://[2001:db8::7]:443/',
    'https://[::ffff:192.0.2.1]/',
    'https://[1:2:3:4:5:6:7:8]/',
    'https://[1:2:3:4:5:6:1.2.3.4]/',
    'https://[v7.fe:80]/',
    'https://192.0.2.1/',
    'https://example.com:/',
    "x://!$&'()*+,;=@host/",
    'https://example.com/%E2%82%AC?%7e#%7E',
  ])('[E-60] accepts %s', (value) => {
    expect(passes('uri', value)).toBe(true);
  });

  it.each([
    ['a relative reference', '/path'],
    ['a bare host', 'example.com'],
    ['a scheme starting with a digit', '1http://example.com'],
    ['empty', ''],
    ['a space', 'https://exa mple.com'],
    ['non-ASCII', 'https://例え.jp/'],
    ['a bad percent-encoding', 'https://example.com/%zz'],
    ['a truncated percent-encoding', 'https://example.com/%4'],
    ['a backslash', 'https://example.com\\path'],
    ['a non-numeric port', 'https://example.com:http/'],
    ['two @ in the authority', 'https://a@b@example.com/'],
    ['an unclosed IP literal', 'https://[::1/'],
    ['an IPv6 literal with two ::', 'https://[1::2::3]/'],
    ['an IPv6 literal with nine pieces', 'https://[1:2:3:4:5:6:7:8:9]/'],
    ['an IPv6 literal with seven pieces and no ::', 'https://[1:2:3:4:5:6:7]/'],
    ['an IPv6 piece of five digits', 'https://[12345::1]/'],
    ['an IPv4 tail in the middle', 'https://[1.2.3.4::]/'],
    ['an IPv4 tail with a leading zero', 'https://[::1.2.3.04]/'],
    ['an unbracketed IPv6 address', 'https://::1/'],
    ['a bracket in the path', 'https://example.com/[x]'],
    ['brackets in the query', 'https://example.com/?r[]=2'],
    ['a second #', 'https://example.com/#a#b'],
    ['angle brackets', 'https://example.com/<script>'],
  ])('[E-60] refuses %s', (_, value) => {
    expect(passes('uri', value)).toBe(false);
  });
});

describe('format date: RFC 3339 full-date, a real calendar day (E-60)', () => {
  it.each(['2024-02-29', '2000-02-29', '1999-12-31', '0000-01-01', '2023-04-30', '9999-12-31'])(
    '[E-60] accepts %s',
    (value) => {
      expect(passes('date', value)).toBe(true);
    },
  );

  it.each([
    ['February 29 of a common year', '2023-02-29'],
    ['February 29 of a century that is not a leap year', '1900-02-29'],
    ['April 31', '2024-04-31'],
    ['day 0', '2024-01-00'],
    ['month 13', '2024-13-01'],
    ['month 0', '2024-00-10'],
    ['one-digit month', '2024-1-01'],
    ['slashes', '2024/01/01'],
    ['a time appended', '2024-01-01T00:00:00Z'],
    ['a five-digit year', '12024-01-01'],
    ['full-width digits', '２０２４-01-01'],
  ])('[E-60] refuses %s', (_, value) => {
    expect(passes('date', value)).toBe(false);
  });
});

describe('format date-time: RFC 3339 date-time with an offset (E-60)', () => {
  it.each([
    '2024-02-29T12:00:00Z',
    '2024-02-29t12:00:00z',
    '2024-01-01T00:00:00.123456789+05:30',
    '2024-01-01T23:59:59-12:00',
    '2016-12-31T23:59:60Z',
    '2016-12-31T23:59:60.5Z',
    '2016-12-31T18:59:60-05:00',
    '2017-01-01T00:29:60+00:30',
  ])('[E-60] accepts %s', (value) => {
    expect(passes('date-time', value)).toBe(true);
  });

  it.each([
    ['no offset', '2024-01-01T12:00:00'],
    ['a space separator', '2024-01-01 12:00:00Z'],
    ['an offset without a colon', '2024-01-01T12:00:00+0100'],
    ['an hours-only offset', '2024-01-01T12:00:00+01'],
    ['hour 24', '2024-01-01T24:00:00Z'],
    ['minute 60', '2024-01-01T12:60:00Z'],
    ['second 61', '2024-01-01T12:00:61Z'],
    ['a leap second not at 23:59 UTC', '2016-12-31T12:00:60Z'],
    ['a leap second at 23:59 local time but not UTC', '2016-12-31T23:59:60+01:00'],
    ['an empty fraction', '2024-01-01T12:00:00.Z'],
    ['an impossible date', '2023-02-29T12:00:00Z'],
    ['offset hour 24', '2024-01-01T12:00:00+24:00'],
    ['offset minute 60', '2024-01-01T12:00:00+01:60'],
    ['no seconds', '2024-01-01T12:00Z'],
    ['trailing text', '2024-01-01T12:00:00Zjunk'],
  ])('[E-60] refuses %s', (_, value) => {
    expect(passes('date-time', value)).toBe(false);
  });
});
