/**
 * The base of every error elicitkit throws. `code` is stable: branch on it, not on `message`.
 * Packages extend it with their own codes (`@elicitkit/server`, `@elicitkit/client`).
 */
export class ElicitkitError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
