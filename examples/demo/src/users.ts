/** A demo account: the bearer token its MCP client sends, and the password its browser logs in with. */
export interface DemoUser {
  name: string;
  token: string;
  password: string;
}

export const DEFAULT_USERS: DemoUser[] = [
  { name: 'alice', token: 'demo-alice', password: 'alice-pass' },
  { name: 'bob', token: 'demo-bob', password: 'bob-pass' },
];

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
// A token goes into an `Authorization: Bearer …` header (RFC 6750 b64token characters).
const TOKEN = /^[A-Za-z0-9._~+/-]{8,256}=*$/;

/** `name:token:password` entries (the password may contain `:`); a message naming the bad entry otherwise. */
export function parseUsers(specs: string[]): DemoUser[] | string {
  const users: DemoUser[] = [];
  for (const spec of specs) {
    const [name = '', token = '', ...rest] = spec.trim().split(':');
    const user = { name, token, password: rest.join(':') };
    const problem = problemWith(user, users);
    if (problem) return `user "${name}": ${problem} (expected <name>:<token>:<password>)`;
    users.push(user);
  }
  return users;
}

function problemWith(user: DemoUser, earlier: DemoUser[]): string | undefined {
  if (!NAME.test(user.name)) return 'the name must be 1-32 letters, digits, ".", "_" or "-"';
  if (!TOKEN.test(user.token)) return 'the token must be 8 or more letters, digits or . _ ~ + / -';
  if (user.password === '') return 'the password is missing';
  if (earlier.some((u) => u.name === user.name || u.token === user.token))
    return 'the name or token is taken';
  return undefined;
}
