// The Public Suffix List rules as tldts ships them, read back from its flat trie: the generator's input
// and the tests' independent copy of the list.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface TrieData {
  nodeFlags: Uint8Array;
  edgeStart: ArrayLike<number>;
  edgeLength: ArrayLike<number>;
  edgeChild: ArrayLike<number>;
  labelText: string;
  rulesRoot: number;
  exceptionsRoot: number;
}

const require = createRequire(import.meta.url);
const tldtsDir = dirname(require.resolve('tldts/package.json'));

/** The installed tldts version. */
export const tldtsVersion = (
  JSON.parse(readFileSync(join(tldtsDir, 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * Every rule with an ASCII name, as `[name, exception?]` (`['*.ck', false]`, `['www.ck', true]`). Hosts
 * reach the lookup as the URL parser leaves them, ASCII (Punycode), so the Unicode copies are left out.
 */
export async function tldtsRules(): Promise<[string, boolean][]> {
  const data = (await import(join(tldtsDir, 'dist/es6/src/data/trie.js'))) as TrieData;
  const offsets: number[] = [];
  for (let node = 0, offset = 0; node < data.nodeFlags.length; node++) {
    for (let edge = data.edgeStart[node]!; edge < data.edgeStart[node + 1]!; edge++) {
      offsets[edge] = offset;
      offset += data.edgeLength[edge]!;
    }
  }
  const found: [string, boolean][] = [];
  const walk = (node: number, labels: string[], exception: boolean) => {
    if (data.nodeFlags[node] && labels.length > 0) found.push([[...labels].reverse().join('.'), exception]);
    for (let edge = data.edgeStart[node]!; edge < data.edgeStart[node + 1]!; edge++) {
      const label = data.labelText.slice(offsets[edge], offsets[edge]! + data.edgeLength[edge]!);
      walk(data.edgeChild[edge]!, [...labels, label], exception);
    }
  };
  walk(data.rulesRoot, [], false);
  walk(data.exceptionsRoot, [], true);
  return found.filter(([name]) => /^[\x00-\x7f]*$/.test(name));
}
