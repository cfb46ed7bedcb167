import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_USERS, type DemoUser, parseUsers } from './users.js';

export interface DemoOptions {
  /** 0 picks a free port. */
  port: number;
  /** Bookings, the elicitation store, the vault key and the session key live here. */
  dataDir: string;
  /** Who may connect (bearer token) and log in to the browser pages (password). The first one is `npm start`'s. */
  users: DemoUser[];
  /** Keep URL-mode state in this Redis (`redis://…`) instead of SQLite, so several instances can share it. */
  redis?: string;
  /** The origin browsers and clients reach the demo at, behind a TLS-terminating proxy (`https://demo.example`). */
  publicUrl?: string;
}

/** `examples/demo/.data`, beside the package (git-ignored), so the demo needs no setup. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data', import.meta.url));

/** Environment variable with the users, in the same form as `--user`, separated by commas. */
export const USERS_ENV = 'ELICITKIT_DEMO_USERS';

export function usage(command: string): string {
  return `Usage: ${command} -- [--port <n>] [--data <dir>] [--user <name>:<token>:<password>]… [--redis <url>]
       [--public-url <origin>]

  --port <n>      port on 127.0.0.1; 0 (the default) picks a free one
  --data <dir>    where the demo keeps its state (default examples/demo/.data)
  --redis <url>   keep URL-mode state, tasks and the agent host's relay in Redis (several instances can
                  share it) instead of SQLite;
                  instances that share it must share --data too (it holds the vault and session keys)
  --public-url <origin>
                  where browsers and clients reach the demo, behind a proxy that terminates TLS
                  (https://demo.example): links, cookies and origin checks use it
  --user <spec>   a user: MCP bearer token (8+ characters) and browser password; repeatable,
                  replaces the default users. ${USERS_ENV}="alice:tok-1234:pw,…" does the same.
  -h, --help      this text

Default users: ${DEFAULT_USERS.map((u) => `${u.name} (token ${u.token}, password ${u.password})`).join(', ')}.
`;
}

/** `[--port <n>] [--data <dir>] [--user …]`; `'help'` for `--help`; a message for people when they are wrong. */
export function parseDemoOptions(argv: string[], env = process.env): DemoOptions | 'help' | string {
  let values: {
    port?: string;
    data?: string;
    user?: string[];
    redis?: string;
    'public-url'?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        user: { type: 'string', multiple: true },
        redis: { type: 'string' },
        'public-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  if (values.help) return 'help';
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    return `--port must be a port number from 0 to 65535 (0 picks a free one), got ${values.port}`;
  }
  if (values.redis !== undefined && !/^rediss?:\/\/\S+$/.test(values.redis)) {
    return `--redis must be a redis:// or rediss:// URL, got ${values.redis}`;
  }
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !isOrigin(publicUrl)) {
    return `--public-url must be an http(s) origin such as https://demo.example, got ${publicUrl}`;
  }
  const specs = values.user ?? env[USERS_ENV]?.split(',').filter((s) => s.trim() !== '');
  const users = specs && specs.length > 0 ? parseUsers(specs) : DEFAULT_USERS;
  if (typeof users === 'string') return users;
  return {
    port,
    dataDir: resolve(values.data ?? DEFAULT_DATA_DIR),
    users,
    ...(values.redis ? { redis: values.redis } : {}),
    ...(publicUrl ? { publicUrl } : {}),
  };
}

/** `https://host[:port]` with nothing after it but an optional `/`. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && value.replace(/\/$/, '') === url.origin;
}
