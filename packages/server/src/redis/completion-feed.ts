import type { Redis } from 'ioredis';
import { CompletionHub } from '../url/store/completion-hub.js';
import type { CompletionListener } from '../url/store/types.js';
import { pairs, toRecord } from './codec.js';

export interface CompletionFeedOptions {
  /** The store's command connection: used once to find where the stream ends. */
  commands: Redis;
  /** A connection of its own: XREAD BLOCK holds it. */
  reader: Redis;
  stream: string;
  /** How long one XREAD blocks before it is issued again. */
  blockMs: number;
  onError(error: unknown): void;
}

type StreamReply = [stream: string, entries: [id: string, fields: string[]][]][] | null;

const MAX_BACKOFF_MS = 2000;
const BATCH = 512;

/**
 * Completion events of every instance, read from the store's Redis stream. A stream rather than pub/sub: the
 * reader remembers the last entry it saw and resumes from there after a reconnect, so a completion made on
 * another instance while this one's connection was down (a Redis restart, a network blip) still arrives.
 */
export class CompletionFeed {
  readonly #options: CompletionFeedOptions;
  readonly #hub = new CompletionHub();
  #started: Promise<void> | undefined;
  #lastId = '0-0';
  #closed = false;
  #stopped: Promise<void> | undefined;

  constructor(options: CompletionFeedOptions) {
    this.#options = options;
  }

  /** Resolves once reading: every completion after this call reaches `listener`. */
  async add(listener: CompletionListener): Promise<() => void> {
    this.#started ??= this.#start();
    await this.#started;
    return this.#hub.add(listener);
  }

  async #start(): Promise<void> {
    const { commands, stream } = this.#options;
    try {
      const last = (await commands.xrevrange(stream, '+', '-', 'COUNT', 1)) as [string, string[]][];
      this.#lastId = last[0]?.[0] ?? '0-0';
    } catch (error) {
      // Redis is not answering now. Start from this moment by the clock (stream ids are milliseconds) rather
      // than refusing to start: the server keeps running and catches up once Redis is back.
      this.#options.onError(error);
      this.#lastId = `${Date.now()}-0`;
    }
    this.#stopped = this.#read();
  }

  async #read(): Promise<void> {
    const { reader, stream, blockMs } = this.#options;
    let backoff = 50;
    while (!this.#closed) {
      try {
        const reply = (await reader.xread(
          'COUNT',
          BATCH,
          'BLOCK',
          blockMs,
          'STREAMS',
          stream,
          this.#lastId,
        )) as StreamReply;
        backoff = 50;
        for (const [id, fields] of reply?.[0]?.[1] ?? []) {
          this.#lastId = id;
          this.#deliver(id, fields);
        }
      } catch (error) {
        if (this.#closed) return;
        this.#options.onError(error);
        await new Promise((resolve) => setTimeout(resolve, backoff));
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  #deliver(id: string, fields: string[]): void {
    try {
      this.#hub.publish({ record: toRecord(pairs(fields), `${this.#options.stream} entry ${id}`) });
    } catch (error) {
      // A foreign entry under our prefix: skipped, reported, and the feed goes on.
      this.#options.onError(error);
    }
  }

  /** Stops reading and drops every listener; the caller disconnects the reader, which ends a pending XREAD. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#hub.clear();
  }

  /** Resolves when the read loop has ended (after `close` and the reader's disconnect). */
  get stopped(): Promise<void> {
    return this.#stopped ?? Promise.resolve();
  }
}
