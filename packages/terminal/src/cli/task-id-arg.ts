/**
 * A task id is whatever string the server minted: a random base64url id starts with `-` once in 64, and
 * `node:util`'s parser would take it for an option (`Unknown option '-v'`). So the argument in the id's place
 * of `elicit tasks get|cancel` is set aside before parsing and put back after: there it is always the id.
 */

/** Where the id stands among the positionals: `tasks get <url> <id>`, or `tasks get <id> -- <command>`. */
const SLOT_HTTP = 3;
const SLOT_STDIO = 2;

export interface TaskIdAside {
  /** The command line without the id when it was set aside. */
  argv: string[];
  /** The id that started with `-`, when there was one in the id's place. */
  taskId?: string;
}

/** `options` as `parseArgs` takes them: which long and short names exist, and which take a value. */
type OptionTable = Readonly<Record<string, { type: 'string' | 'boolean'; short?: string }>>;

function optionNamed(arg: string, table: OptionTable): { takesValue: boolean } | undefined {
  if (arg.startsWith('--')) {
    const [name, value] = [arg.slice(2).split('=')[0]!, arg.includes('=')];
    const option = table[name];
    return option && { takesValue: option.type === 'string' && !value };
  }
  const short = Object.values(table).find((option) => option.short === arg.slice(1, 2));
  if (!short) return undefined;
  if (arg.length === 2) return { takesValue: short.type === 'string' };
  // `-H"Name: value"` (the value joined on) is a header; anything else longer is not one of ours.
  return short.type === 'string' && arg.includes(':') ? { takesValue: false } : undefined;
}

export function setTaskIdAside(argv: readonly string[], table: OptionTable): TaskIdAside {
  const terminator = argv.indexOf('--');
  const head = terminator === -1 ? argv.length : terminator;
  const slot = terminator === -1 ? SLOT_HTTP : SLOT_STDIO;
  let positionals = 0;
  for (let index = 0; index < head; index++) {
    const arg = argv[index]!;
    const dashed = arg.startsWith('-') && arg.length > 1;
    const option = dashed ? optionNamed(arg, table) : undefined;
    if (positionals === slot && dashed && !option) {
      return { argv: [...argv.slice(0, index), ...argv.slice(index + 1)], taskId: arg };
    }
    if (dashed) {
      if (option?.takesValue) index++;
      continue;
    }
    if (positionals === 0 && arg !== 'tasks') break;
    positionals++;
  }
  return { argv: [...argv] };
}
