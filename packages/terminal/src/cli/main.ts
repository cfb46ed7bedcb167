#!/usr/bin/env node
// The `elicit` entry point. It parses arguments with nothing but node:util so that `--help` and
// `--version` answer at once; the SDK and the prompt library load only for commands that need them.
import { readFileSync } from 'node:fs';
import { localeFromEnv } from '../i18n/locale.js';
import { parseCommandLine } from './args.js';
import { ExitCode } from './exit-codes.js';

/**
 * The terminal catalog for `--help` and a refused command line, loaded only on those paths: in the language
 * of `--locale` if the command line names one, else the environment's.
 */
async function catalog(argv: string[]) {
  const { loadWords } = await import('../i18n/messages.js');
  const at = argv.indexOf('--locale');
  const flag =
    at >= 0 ? argv[at + 1] : argv.find((arg) => arg.startsWith('--locale='))?.slice('--locale='.length);
  return (await loadWords(flag ?? localeFromEnv())).t;
}

function version(): string {
  // dist/cli/main.js and src/cli/main.ts both sit two levels below the package root.
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (!parsed.ok) {
    const { say } = await import('../i18n/phrase.js');
    const t = await catalog(argv);
    process.stderr.write(`elicit: ${say(t, parsed.phrase)}\n${t.t('cli.usage')}\n`);
    return ExitCode.Usage;
  }
  const { command } = parsed;
  switch (command.name) {
    case 'help':
      process.stdout.write(`${(await catalog(argv)).t('cli.help')}\n`);
      return ExitCode.Ok;
    case 'version':
      process.stdout.write(`${version()}\n`);
      return ExitCode.Ok;
    case 'connect': {
      if (!command.color) process.env.NO_COLOR = '1';
      const { runSession } = await import('./session.js');
      return runSession(command, version());
    }
    case 'call': {
      if (!command.color) process.env.NO_COLOR = '1';
      const { runCall } = await import('./call-command.js');
      return runCall(command, version());
    }
    case 'tasks': {
      if (!command.color) process.env.NO_COLOR = '1';
      const { runTasks } = await import('./tasks-command.js');
      return runTasks(command, version());
    }
    case 'doctor': {
      const { runDoctor } = await import('./doctor-command.js');
      return runDoctor(command, version());
    }
    case 'bridge': {
      const { runBridge } = await import('./bridge-command.js');
      return runBridge(command);
    }
    case 'logout': {
      const { runLogout } = await import('./logout-command.js');
      return runLogout(command);
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `elicit: unexpected failure: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = ExitCode.Failed;
  },
);
