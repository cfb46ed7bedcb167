// The browser never runs the system-browser opener that imports this; the page passes webUI().opener instead.
export const release = (): string => '';
