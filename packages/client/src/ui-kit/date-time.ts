/**
 * Date-time fields in the person's own time: entered and shown as local date and time (what a
 * `datetime-local` input holds, `2030-05-17T18:30`), sent as RFC 3339 with the offset that time has in the
 * local zone (`2030-05-17T18:30:00+02:00`). The zone is the runtime's (the browser's, the terminal's TZ).
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `+02:00`, `-05:30`, `+00:00`: the local zone's offset from UTC at `date`. */
export function localOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

function localFields(date: Date, seconds: boolean): string {
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${day}T${time}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
}

/**
 * A local date and time (`2030-05-17T18:30`, seconds optional, a space allowed for the `T`) as RFC 3339
 * with the local offset at that moment. Undefined when `text` is not a local date-time or names no real
 * moment (`2030-02-30T10:00`). A time that a daylight-saving change skips becomes the moment the clock
 * shows after it (02:30 → 03:30), as `Date` resolves it.
 */
export function localDateTimeToRfc3339(text: string): string | undefined {
  const match = LOCAL.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  const date = new Date(year!, month! - 1, day!, hour!, minute!, second!);
  if (Number.isNaN(date.getTime()) || date.getDate() !== day || date.getMonth() !== month! - 1)
    return undefined;
  if (hour! > 23 || minute! > 59 || second! > 59) return undefined;
  return `${localFields(date, true)}${localOffset(date)}`;
}

/** An RFC 3339 date-time (any offset) as local date and time for a `datetime-local` input; undefined if it is not one. */
export function rfc3339ToLocalDateTime(value: string): string | undefined {
  if (!RFC3339.test(value)) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return localFields(date, date.getSeconds() !== 0);
}

/** The local time zone, to show beside a date-time field: its IANA name (`Europe/Berlin`) and offset now. */
export function localTimeZone(at: Date = new Date()): { id: string; offset: string } {
  return { id: Intl.DateTimeFormat().resolvedOptions().timeZone, offset: localOffset(at) };
}
