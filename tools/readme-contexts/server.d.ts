// Names the code blocks of packages/server/README.md use without defining them: imports made by an earlier block,
// and the reader's own objects. Global on purpose (see test/tooling/readme-examples.test.ts); a block's own
// imports and declarations shadow these.

// The request context of the tool handler a block stands in.
declare const ctx: import('@modelcontextprotocol/server').ServerContext;
declare const server: import('@modelcontextprotocol/server').McpServer;
declare const info: { name: string; version: string };
declare const authInfo: import('@modelcontextprotocol/server').AuthInfo | undefined;
declare function createServer(): import('@modelcontextprotocol/server').McpServer;
declare const cancelledResult: import('@modelcontextprotocol/server').CallToolResult;

// Imported by earlier blocks.
declare const McpServer: typeof import('@modelcontextprotocol/server').McpServer;
declare const elicitForm: typeof import('@elicitkit/server').elicitForm;
declare const enableElicitation: typeof import('@elicitkit/server').enableElicitation;
declare const createUrlMode: typeof import('@elicitkit/server/url').createUrlMode;
declare const bearerIdentity: typeof import('@elicitkit/server/url').bearerIdentity;

// Built in earlier blocks (URL mode).
declare const store: import('@elicitkit/server/store').ElicitationStore;
declare const vault: import('@elicitkit/server/vault').Vault;
declare const sessions: import('@elicitkit/server/login').SessionCookies;
declare const publicBaseUrl: string;
declare const csrfSecret: string;
// The session (its authInfo) of the request that opened the connection, as `createMcpHttpHandler` passes it.
declare const session: import('@elicitkit/server/http').McpSessionContext;
declare const web: import('hono').Hono;
declare const app: import('hono').Hono;

// The reader's application.
declare function deploy(environment: string): void;
declare const cart: { items: string[] };
declare const orders: { createDraft(cart: { items: string[] }): Promise<{ id: string }> };
declare const api: string;
declare function summarize(events: Response): Promise<string>;
declare function callExampleApi(key: string): Promise<string>;
