/**
 * The error model every elicitkit package shares. Branch on the class to know who is at fault, and on `code`
 * (stable, exported as constants by each package) to know what happened; `message` is for people and may change.
 *
 * Who is at fault, the rule each code is filed by:
 * - {@link UsageError}: the code calling elicitkit is wrong, and would fail the same way whoever connects (a bad
 *   schema or option, a secret asked through a form, missing setup, an unknown kind or provider, a bad key).
 *   Fix the code or the configuration; do not catch these to carry on.
 * - {@link PeerError}: the other side, or a service elicitkit depends on, misbehaved or cannot do what was asked
 *   (an invalid answer, a malformed reply, a capability not declared, a connection that cannot carry the request,
 *   a replayed state, a store or provider that is away). The same code works with another peer: handle it at run
 *   time, usually by falling back or telling the user.
 * - {@link RefusedError}: the person said no (declined, cancelled, stopped waiting). Nothing is wrong; respect it.
 * - {@link AbortedError}: the work was stopped from outside before an answer (a signal, a cancelled call, a closed
 *   connection, a timeout). Usually nothing to report beyond "stopped".
 *
 * On the line: a timeout is an abort (nobody answered in time; nobody said no); a missing capability or back
 * channel is the peer's (it depends on the client that connected, not on the code).
 */

/**
 * `details` by `code`, for {@link isElicitkitError}. Each package adds its codes here (declaration merging), so
 * the guard types `details` for every package the program imports. A code means one thing across packages.
 */
export interface ElicitkitErrorDetailsMap extends CoreErrorDetails {}

/** Every code some imported package declared. */
export type KnownErrorCode = keyof ElicitkitErrorDetailsMap & string;

/** The constructor's last argument: `details` required when the details type has required keys. */
export type ElicitkitErrorOptions<Details extends object> =
  Record<never, never> extends Details
    ? [options?: ErrorOptions & { details?: Details }]
    : [options: ErrorOptions & { details: Details }];

/** The base of every error elicitkit throws. Throw one of its four subclasses; catch by class or by `code`. */
export class ElicitkitError<
  Code extends string = string,
  Details extends object = Record<never, never>,
> extends Error {
  /** Stable: branch on it (each package exports its codes as constants), not on `message`. */
  readonly code: Code;
  /** Structured facts about the failure (issues, the option at fault, a timeout…), typed per code. */
  readonly details: Details;

  constructor(code: Code, message: string, ...[options]: ElicitkitErrorOptions<Details>) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    this.name = new.target.name;
    this.code = code;
    this.details = (options?.details ?? {}) as Details;
  }
}

/** The caller misused elicitkit: fix the code or configuration (see the rule on {@link ElicitkitError}). */
export class UsageError<
  Code extends string = string,
  Details extends object = Record<never, never>,
> extends ElicitkitError<Code, Details> {}

/** The peer (client, server, store, provider) misbehaved or cannot do it: handle at run time. */
export class PeerError<
  Code extends string = string,
  Details extends object = Record<never, never>,
> extends ElicitkitError<Code, Details> {}

/** The person said no: declined, cancelled, or stopped waiting. */
export class RefusedError<
  Code extends string = string,
  Details extends object = Record<never, never>,
> extends ElicitkitError<Code, Details> {}

/** Stopped from outside before an answer: a signal, a cancelled call, a closed connection, a timeout. */
export class AbortedError<
  Code extends string = string,
  Details extends object = Record<never, never>,
> extends ElicitkitError<Code, Details> {}

/** `details` of a code, from the packages' maps; any known-or-not shape for a code no package declared. */
export type ErrorDetailsOf<Code extends string> = Code extends KnownErrorCode
  ? ElicitkitErrorDetailsMap[Code]
  : Readonly<Record<string, unknown>>;

/**
 * Whether `error` is an elicitkit error, optionally of one `code`; narrows `code` and, for codes a package
 * declared, `details`:
 *
 * ```ts
 * if (isElicitkitError(error, CoreErrorCode.InvalidOption)) console.log(error.details.option);
 * ```
 */
export function isElicitkitError(
  error: unknown,
): error is ElicitkitError<string, Readonly<Record<string, unknown>>>;
export function isElicitkitError<Code extends KnownErrorCode | (string & {})>(
  error: unknown,
  code: Code,
): error is ElicitkitError<Code, ErrorDetailsOf<Code>>;
export function isElicitkitError(error: unknown, code?: string): boolean {
  return error instanceof ElicitkitError && (code === undefined || error.code === code);
}

/** Codes thrown by `@elicitkit/core` itself (all {@link UsageError}s: a wrong call). */
export const CoreErrorCode = {
  /** A function got an argument of the wrong type. */
  InvalidArgument: 'invalid-argument',
  /** An option is out of range or of the wrong type; `details.option` names it. */
  InvalidOption: 'invalid-option',
  /** Browser build: a schema with a `pattern` was checked before `await loadPatternEngine(schema)`. */
  PatternEngineNotLoaded: 'pattern-engine-not-loaded',
  /** Browser build: a URL was analyzed before `await loadSuffixList()`. */
  SuffixListNotLoaded: 'suffix-list-not-loaded',
  /** An entry point was imported without an optional peer dependency it loads (`details.packages`: install them). */
  MissingPeerDependency: 'missing-peer-dependency',
  /** An SDK object from another copy of the SDK than elicitkit's (`details.paths`: theirs, ours). */
  DuplicateSdk: 'duplicate-sdk',
} as const;
export type CoreErrorCode = (typeof CoreErrorCode)[keyof typeof CoreErrorCode];

/** `details` of each {@link CoreErrorCode}. */
export interface CoreErrorDetails {
  'invalid-argument': { argument: string };
  'invalid-option': { option: string };
  'pattern-engine-not-loaded': Record<never, never>;
  'suffix-list-not-loaded': Record<never, never>;
  'missing-peer-dependency': { entry: string; packages: readonly string[] };
  'duplicate-sdk': { package: string; paths: readonly string[] };
}
