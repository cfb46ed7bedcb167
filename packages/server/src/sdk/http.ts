import {
  type AuthInfo,
  createMcpHandler,
  hostHeaderValidationResponse,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

/**
 * The SDK's Streamable HTTP pieces that `serveMcpHttp` assembles: the 2026-07-28 per-request handler, the Host check,
 * the request classifiers, and each SDK generation's session transport.
 */
export {
  createMcpHandler,
  hostHeaderValidationResponse,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
};

/** What a session needs of its transport, on either SDK (both have a Web-standard Streamable HTTP transport). */
export interface SessionTransport {
  readonly sessionId?: string | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  handleRequest(request: Request, options?: { parsedBody?: unknown; authInfo?: AuthInfo }): Promise<Response>;
  close(): Promise<void>;
}

/** The transport options both SDKs' Web-standard Streamable HTTP transports take. */
export interface TransportOptions {
  sessionIdGenerator: () => string;
  maxRequestBodySize: number;
  onsessioninitialized: (id: string) => void;
}

/** A v1 server gets the v1 SDK's own transport (loaded only then: the v1 SDK is an optional peer). */
export async function transportFor(sdk: 'v1' | 'v2', options: TransportOptions): Promise<SessionTransport> {
  if (sdk === 'v2') return new WebStandardStreamableHTTPServerTransport(options);
  const v1 = await import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
  return new v1.WebStandardStreamableHTTPServerTransport(options) as unknown as SessionTransport;
}
