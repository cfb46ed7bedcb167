/** A client's `request` method, as both SDKs shape it: the JSON-RPC request first, then the SDK's own options. */
type RequestMethod = (message: { method?: unknown }, ...rest: unknown[]) => Promise<unknown>;

/**
 * `request`, wrapped so that `begin` hears of each `tools/call` it sends and the function `begin` returned
 * is called when it settles (E-43: the person's own calls). Both SDKs' `callTool` go through `request`.
 */
export function trackingToolCalls(request: RequestMethod, begin: () => () => void): RequestMethod {
  return (message, ...rest) => {
    if (message?.method !== 'tools/call') return request(message, ...rest);
    const end = begin();
    const sent = request(message, ...rest);
    sent.then(end, end);
    return sent;
  };
}
