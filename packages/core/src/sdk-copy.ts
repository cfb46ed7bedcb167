import { CoreErrorCode, UsageError } from './errors.js';

/**
 * One copy of an SDK package, as its code was loaded: the package folder, and which of its builds. The v2 SDK ships
 * an ES module build (`.mjs`) and a CommonJS build (`.cjs`) in one folder: a CommonJS app that `require`s it gets the
 * CommonJS classes, while elicitkit (an ES module, which a CommonJS app loads with `require` too) gets the ES module
 * ones. Those are the same SDK, two builds; two folders are two copies.
 */
export interface SdkCopy {
  /** The package's folder, `…/node_modules/@modelcontextprotocol/client`. */
  dir: string;
  build: 'ES module' | 'CommonJS' | 'unknown';
}

/** A stack frame's file: `at f (/a/b.js:1:2)`, `at /a/b.js:1:2`, `file:///a/b.mjs:1:2`. */
const FRAME_FILE = /((?:file:\/\/)?(?:\/|[A-Za-z]:[\\/])[^\s()]*?)(?::\d+){1,2}\)?$/gm;

/**
 * The SDK copy whose code threw `error`: the first frame under `packageName`'s folder. Callers make the SDK throw
 * from its own code (a probe) and read where that code lives; `undefined` where stacks are off.
 */
export function sdkCopyOf(error: unknown, packageName: string): SdkCopy | undefined {
  const stack = error instanceof Error ? String(error.stack ?? '') : '';
  const marker = `/${packageName}/`;
  for (const match of stack.matchAll(FRAME_FILE)) {
    const raw = match[1]!;
    const file = raw.startsWith('file://')
      ? decodeURIComponent(new URL(raw).pathname)
      : raw.replace(/\\/g, '/');
    const at = file.lastIndexOf(marker);
    if (at === -1) continue;
    const build = file.endsWith('.cjs') ? 'CommonJS' : /\.m?js$/.test(file) ? 'ES module' : 'unknown';
    return { dir: file.slice(0, at + marker.length - 1), build };
  }
  return undefined;
}

/**
 * Whether an SDK object from `theirs` can stand for one of `ours`: the same folder (the same package, whichever
 * build). Its errors are branded across builds and its wire is the same, so only elicitkit's `instanceof` differs.
 */
export function sameSdkPackage(theirs: SdkCopy | undefined, ours: SdkCopy | undefined): boolean {
  return theirs !== undefined && ours !== undefined && theirs.dir === ours.dir;
}

const describeCopy = (copy: SdkCopy | undefined) =>
  copy === undefined ? '(unknown location)' : `${copy.dir} (${copy.build} build)`;

/**
 * `duplicate-sdk`: `caller` was handed an SDK object from another copy of `packageName` than the one elicitkit loads.
 * Both sides of the wire throw this one error (`enableElicitation`, `installElicitation`), naming both folders.
 */
export function duplicateSdkError(
  caller: string,
  packageName: string,
  theirs: SdkCopy | undefined,
  ours: SdkCopy | undefined,
): UsageError<typeof CoreErrorCode.DuplicateSdk, { package: string; paths: readonly string[] }> {
  const paths = [theirs?.dir ?? '(unknown location)', ours?.dir ?? '(unknown location)'];
  return new UsageError(
    CoreErrorCode.DuplicateSdk,
    `${caller}: two copies of ${packageName} are loaded. Yours comes from ${describeCopy(theirs)}; elicitkit loads ` +
      `${describeCopy(ours)}. Install one copy (${packageName} is a peer dependency of elicitkit): see ` +
      `\`npm ls ${packageName}\`, then \`npm dedupe\` or align the versions.`,
    { details: { package: packageName, paths } },
  );
}
