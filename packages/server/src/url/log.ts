/** Logs security-relevant events. Fields never include a secret value, a token or a cookie. */
export interface UrlElicitationLogger {
  /** A routine event (started, completed, …). */
  info(event: string, fields: Record<string, unknown>): void;
  /** A refusal or failure worth attention (identity mismatch, bad CSRF token, …). */
  warn(event: string, fields: Record<string, unknown>): void;
}

/** Logs to stderr, one JSON line per event; `info` only when `ELICITKIT_DEBUG` is set. */
export const stderrLogger: UrlElicitationLogger = {
  info(event, fields) {
    if (process.env.ELICITKIT_DEBUG) console.error(JSON.stringify({ level: 'info', event, ...fields }));
  },
  warn(event, fields) {
    console.error(JSON.stringify({ level: 'warn', event, ...fields }));
  },
};

/** A short reference to an elicitation for logs: enough to correlate, not the whole id. */
export const logRef = (id: string) => `${id.slice(0, 8)}…`;
