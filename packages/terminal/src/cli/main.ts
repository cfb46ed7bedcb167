#!/usr/bin/env node
// The `elicit` entry point. It parses arguments with nothing but node:util so that `--help` and
// `--version` answer at once; the SDK and the prompt library load only for commands that need them.
import { readFileSync } from 'node:fs';
import { parseCommandLine } from './args.js';
import { ExitCode } from './exit-codes.js';

const HELP = `elicit: a terminal MCP host that answers elicitation requests

Usage:
  elicit connect <http(s)-url>                   interactive session with a Streamable HTTP server
  elicit connect -- <command> [args…]            … with a server started as a stdio subprocess
  elicit call <http(s)-url> <tool> [json-args]   call one tool, print the result, exit
  elicit call <tool> [json-args] -- <command> [args…]

In a session: tools · call <tool> [json-args] · help · exit

Options:
  -H, --header "Name: value"   HTTP header for every request (repeatable), e.g. "Authorization: Bearer …"
      --answers <file.json>    answer forms from a JSON object keyed by field name (no prompts);
                               defaults fill the rest; a required field without an answer declines;
                               URL requests are always declined and their URL printed
      --protocol <version>     pin the protocol revision: 2025-11-25 or 2026-07-28; by default elicit
                               negotiates (asks the server with server/discover, falls back to
                               initialize), over HTTP and stdio alike
      --no-color               plain output (also: NO_COLOR=1)
  -h, --help                   this help
  -V, --version                the version

Exit codes (elicit call): 0 success · 1 the tool failed · 2 bad usage, JSON or tool name
  · 3 server unreachable or connection lost · 130 interrupted`;

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
    process.stderr.write(`elicit: ${parsed.message}\nRun "elicit --help" for usage.\n`);
    return ExitCode.Usage;
  }
  const { command } = parsed;
  switch (command.name) {
    case 'help':
      process.stdout.write(`${HELP}\n`);
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
