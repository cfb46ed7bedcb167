import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * Records every JSON-RPC message crossing `inner`, both ways: what the host sends and what it receives. Tests
 * that prove a secret, token or code never reaches the MCP client (E-33, E-37) read the whole wire from it.
 */
export function capturingTransport<T extends Transport>(inner: T, wire: JSONRPCMessage[]): T {
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'send') {
        return (message: JSONRPCMessage, options?: unknown) => {
          wire.push(structuredClone(message));
          return target.send(message, options as never);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, property, value) {
      if (property === 'onmessage' && typeof value === 'function') {
        target.onmessage = (message: JSONRPCMessage, extra?: unknown) => {
          wire.push(structuredClone(message));
          value(message, extra);
        };
        return true;
      }
      return Reflect.set(target, property, value);
    },
  });
}
