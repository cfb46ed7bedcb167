import type { IncomingMessage } from 'node:http';

const MAX_FORM_BYTES = 16 * 1024;

/** Reads an url-encoded form body (the interaction pages post nothing else), at most 16 KiB. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
