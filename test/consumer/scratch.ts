import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { ROOT } from '../support/code-blocks.js';

/**
 * Scratch apps for the consumer test: folders outside the workspace (under the OS temp dir), where packed elicitkit
 * tarballs and the SDK from the npm registry are installed with plain `npm install`, as a user would, then compiled
 * with the user's own settings and run.
 */

const run = promisify(execFile);

/** The published workspace packages, in dependency order, with their tarballs once packed. */
export interface Packed {
  /** `@elicitkit/server` → absolute path of its `.tgz`. */
  tarball: Record<string, string>;
}

/** `npm pack` of every published package into `dir` (what `npm run pack` does), from the built `dist`. */
export async function packAll(dir: string): Promise<Packed> {
  await mkdir(dir, { recursive: true });
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'tools', 'pack.mjs'), '--json', dir], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const packed = JSON.parse(stdout) as { name: string; tarball: string }[];
  return { tarball: Object.fromEntries(packed.map((p) => [p.name, p.tarball])) };
}

/** How long each step of the consumer test took, printed at its end (the test must stay fast enough for CI). */
export const timings: string[] = [];

export async function timed<T>(label: string, step: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    timings.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

export class ScratchApp {
  readonly log: string[] = [];
  private constructor(readonly dir: string) {}

  /** A new app folder with a `package.json` of an ESM app, as `npm init` and `"type": "module"` leave it. */
  static async create(dir: string, name: string): Promise<ScratchApp> {
    await rm(dir, { recursive: true, force: true });
    await mkdir(path.join(dir, 'src'), { recursive: true });
    await writeFile(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
    );
    return new ScratchApp(dir);
  }

  /** An app made by an earlier step. */
  static async attach(dir: string): Promise<ScratchApp> {
    return new ScratchApp(dir);
  }

  /** `npm install <specs>`: one install step of the user's, with the shared cache. */
  async install(...specs: string[]): Promise<void> {
    const args = ['install', ...specs, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
    this.log.push(`npm ${args.join(' ')}`);
    try {
      await timed(`${path.basename(this.dir)}: npm install`, () =>
        run('npm', args, {
          cwd: this.dir,
          // npm's own cache, as a user's install uses: `npm install` of this checkout has filled it with the SDK
          // and the optional peers already, so the apps install them without a download (`--prefer-offline`).
          env: { ...process.env, npm_config_update_notifier: 'false' },
          maxBuffer: 16 * 1024 * 1024,
        }),
      );
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      const offline = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(stderr);
      throw new Error(
        `npm install failed in ${this.dir} (${specs.join(' ')})` +
          (offline
            ? ': the npm registry is unreachable and the cache lacks a package; run once online.'
            : '') +
          `\n${stdout}${stderr}`,
      );
    }
  }

  async write(relative: string, text: string): Promise<string> {
    const file = path.join(this.dir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    return file;
  }

  /** Every folder of the installed tree that holds `name` (`node_modules/…/name`): one means deduplicated. */
  async copiesOf(name: string): Promise<string[]> {
    const { stdout } = await run('npm', ['ls', name, '--all', '--parseable'], { cwd: this.dir }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    return [...new Set(stdout.split('\n').filter((line) => line.endsWith(`node_modules/${name}`)))];
  }

  /** The app's installed packages (top level and nested), by name: what a user's `ls node_modules` shows. */
  async installedNames(): Promise<Set<string>> {
    const lock = JSON.parse(await readFile(path.join(this.dir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    return new Set(
      Object.keys(lock.packages)
        .filter((key) => key.includes('node_modules/'))
        .map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    );
  }

  /**
   * Type-checks and compiles `src/**` to `dist/` with what a user of the packages would write in tsconfig.json
   * (NodeNext, strict), against the installed packages' own `.d.ts`; returns one line per problem.
   */
  compile(files: readonly string[], overrides: ts.CompilerOptions = {}): Promise<string[]> {
    return timed(`${path.basename(this.dir)}: tsc`, () => this.compileNow(files, overrides));
  }

  private compileNow(files: readonly string[], overrides: ts.CompilerOptions): string[] {
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: ['node'],
      // @types/node comes from the workspace: the app would install its own; the version is the same.
      typeRoots: [path.join(ROOT, 'node_modules', '@types')],
      strict: true,
      skipLibCheck: true,
      rootDir: path.join(this.dir, 'src'),
      outDir: path.join(this.dir, 'dist'),
      ...overrides,
    };
    const program = ts.createProgram({ rootNames: files.map((file) => path.join(this.dir, file)), options });
    const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics];
    return diagnostics.map((diagnostic) => {
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
      if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code}: ${text}`;
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${path.relative(this.dir, diagnostic.file.fileName)}:${line + 1}:${character + 1} TS${diagnostic.code}: ${text}`;
    });
  }

  /** Runs `node <args>` in the app; resolves with its output once it exits. */
  async node(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ stdout: string; stderr: string }> {
    try {
      return await timed(`${path.basename(this.dir)}: node ${args[0]}`, () =>
        run(process.execPath, args, { cwd: this.dir, env: { ...process.env, ...env } }),
      );
    } catch (error) {
      const {
        stdout = '',
        stderr = '',
        message,
      } = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(`node ${args.join(' ')} failed in ${this.dir}: ${message}\n${stdout}\n${stderr}`);
    }
  }

  /** Starts a long-running `node <args>` and resolves once its stdout printed a line matching `ready`. */
  start(
    args: string[],
    ready: RegExp,
  ): Promise<{ child: ChildProcess; match: RegExpExecArray; stderr: () => string }> {
    const child = spawn(process.execPath, args, { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    return new Promise((resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`node ${args.join(' ')} exited (${code})\n${stdout}\n${stderr}`)),
      );
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = ready.exec(stdout);
        if (match) resolve({ child, match, stderr: () => stderr });
      });
    });
  }
}
