import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as Client117 } from 'mcp-sdk-1-17/client/index.js';
import { StreamableHTTPClientTransport as Http117 } from 'mcp-sdk-1-17/client/streamableHttp.js';
import { ElicitRequestSchema as ElicitRequestSchema117 } from 'mcp-sdk-1-17/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from '../../../../examples/demo/src/demo-server.js';
import { DEFAULT_USERS } from '../../../../examples/demo/src/users.js';

/**
 * Issue 20: the demo's `book_table` for a 2025-06-18 host (the v1 SDK 1.17 client over Streamable HTTP). Before, it was
 * sent a titled `oneOf` and a multi-select it cannot read, and failed with the client's validation dump; now it is
 * asked what that revision can show, and books.
 */

const dir = mkdtempSync(join(tmpdir(), 'elicitkit-demo-0618-'));
let demo: RunningDemo | undefined;
afterAll(async () => {
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the demo's book_table on a 2025-06-18 client", () => {
  it('[F-04] [F-05] [F-06] is asked the extras as yes/no fields, in enum + enumNames, and the booking is made', async () => {
    demo = await startDemo({ port: 0, dataDir: dir, users: DEFAULT_USERS });
    const client = new Client117(
      { name: 'host-2025-06-18', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    const asked: Array<{
      mode?: string;
      requestedSchema: { properties: Record<string, unknown>; required?: string[] };
    }> = [];
    client.setRequestHandler(ElicitRequestSchema117, async (request) => {
      asked.push(request.params as (typeof asked)[number]);
      return {
        action: 'accept',
        content: { name: 'Ada Lovelace', day: '2030-05-17', seating: 'terrace', 'extras.3': true },
      };
    });
    await client.connect(
      new Http117(demo.url, { requestInit: { headers: { authorization: 'Bearer demo-alice' } } }),
    );
    try {
      const result = (await client.callTool({ name: 'book_table', arguments: {} })) as {
        content: Array<{ text: string }>;
        isError?: boolean;
      };
      expect(result.isError).toBeFalsy();
      expect(result.content[0]?.text).toBe(
        'Booked #1 Ada Lovelace, 2 people on 2030-05-17 (Terrace, extras: Birthday cake). We will send a reminder.',
      );
      expect(asked).toHaveLength(1);
      const [params] = asked;
      expect(params?.mode).toBeUndefined();
      expect(Object.keys(params?.requestedSchema.properties ?? {})).toEqual([
        'name',
        'party',
        'day',
        'seating',
        'extras.1',
        'extras.2',
        'extras.3',
        'extras.4',
        'reminder',
      ]);
      expect(params?.requestedSchema.properties.seating).toEqual({
        type: 'string',
        title: 'Seating',
        enum: ['indoors', 'terrace', 'bar'],
        enumNames: ['Indoors', 'Terrace', 'At the bar'],
      });
      expect(params?.requestedSchema.required).toEqual(['name', 'day', 'seating']);
    } finally {
      await client.close();
    }
  });
});
