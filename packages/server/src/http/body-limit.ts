/**
 * Request bodies are read under a bound, chunked or not: a declared `Content-Length` over the bound is refused
 * unread, and a body without one is counted while it streams, so no more than `limit` bytes are ever held. The
 * refusal closes the connection (`Connection: close`): a client still sending has nothing left to fill.
 */

/** The MCP endpoint's default bound on a POST body (the SDK's own default). */
export const DEFAULT_MCP_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Headers of every answer that leaves a body unread (413, early refusals): the connection cannot be reused. */
export const CLOSE_CONNECTION = { Connection: 'close' } as const;

export type BoundedBody = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false };

/** Reads the whole body if it is at most `limit` bytes; stops reading (and cancels the stream) past it. */
export async function readBoundedBody(request: Request, limit: number): Promise<BoundedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return { ok: false };
  if (declared !== null) {
    // A declared length within the bound: read it whole. On Node the HTTP parser ends the body at that length, and
    // `@hono/node-server` reads it straight from the socket here, without building a Web stream (issue 20: a flood
    // of refused requests must cost little). The size is checked again for requests made in process.
    const bytes = new Uint8Array(await request.arrayBuffer());
    return bytes.byteLength > limit ? { ok: false } : { ok: true, bytes };
  }
  const reader = request.body?.getReader();
  if (!reader) return { ok: true, bytes: new Uint8Array(0) };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return { ok: false };
    }
    chunks.push(value);
  }
  return {
    ok: true,
    bytes: chunks.length === 1 ? (chunks[0] as Uint8Array<ArrayBuffer>) : concat(chunks, size),
  };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The same request with its body read under `limit` and held in memory, so whoever reads it next (the SDK
 * transport) cannot read more; `undefined` when the body is over the bound. Bodiless requests pass as they are.
 */
export async function withBoundedBody(request: Request, limit: number): Promise<Request | undefined> {
  if (request.body === null) return request;
  const body = await readBoundedBody(request, limit);
  if (!body.ok) return undefined;
  return new Request(request, { body: body.bytes });
}

/** The MCP endpoint's 413, a JSON-RPC error like every other refusal there. */
export function mcpBodyTooLarge(limit: number): Response {
  return Response.json(
    { jsonrpc: '2.0', error: { code: -32000, message: `Request body exceeds ${limit} bytes` }, id: null },
    { status: 413, headers: CLOSE_CONNECTION },
  );
}

/**
 * A refusal sent before the body was read (no credentials, wrong Host) closes the connection, so the server
 * does not go on receiving an upload nobody will read (`@hono/node-server` would drain up to 64 MiB of it).
 */
export async function closeWhenUnread(request: Request, response: Promise<Response>): Promise<Response> {
  const answer = await response;
  if (!request.bodyUsed && hasBody(request)) {
    try {
      for (const [name, value] of Object.entries(CLOSE_CONNECTION)) answer.headers.set(name, value);
    } catch {
      // Immutable headers (a fetched Response passed through): draining stays bounded by the adapter.
    }
  }
  return answer;
}

/** Whether a request carries a body, from its headers when they say (cheap on Node: no Web stream is built). */
function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return length !== '0';
  return request.headers.has('transfer-encoding') || request.body !== null;
}
