/**
 * The person's locale as a terminal program learns it: `LC_ALL`, else `LC_MESSAGES`, else `LANG`, the
 * POSIX way (`de_DE.UTF-8` → `de-DE`, `sr_RS@latin` → `sr-RS`). `C` and `POSIX` (and nothing set) mean
 * English. Never throws: an unreadable value is English too.
 */
export function localeFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const value = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  if (value === undefined) return 'en';
  const tag = value.split(/[.@]/)[0]!.replace(/_/g, '-');
  if (tag === '' || tag === 'C' || tag === 'POSIX') return 'en';
  try {
    return new Intl.Locale(tag).toString();
  } catch {
    return 'en';
  }
}
