/** Polls until `check` returns a truthy value; fails the test after `timeoutMs` instead of hanging. */
export async function until<T>(
  check: () => T,
  what = 'condition',
  timeoutMs = 5_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets queued promise callbacks and in-memory transport messages run. */
export function settle(ms = 20): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A URL opener that records what it was asked to open and never launches anything. */
export function recordingOpener(onOpen?: (href: string) => void | Promise<void>) {
  const opened: string[] = [];
  const opener = async (href: string) => {
    opened.push(href);
    await onOpen?.(href);
  };
  return Object.assign(opener, { opened });
}
