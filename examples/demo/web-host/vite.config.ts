import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Builds the demo's browser MCP host (served at /host/) and its agent host page (served at /agent/) into
 * examples/demo/dist/host-page. It bundles the
 * packages' dist builds, so it runs after `tsc -b` (`npm run build` does both).
 */
export default defineConfig({
  root: here('.'),
  base: '/host/',
  logLevel: 'warn',
  build: {
    outDir: here('../dist/host-page'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // The SDK's client (with its schema validators) is most of the page; elicitkit's share is measured apart.
    chunkSizeWarningLimit: 2000,
    // The browser MCP host (/host/), and the page of the agent that runs on the server (served at /agent/).
    rollupOptions: { input: { host: here('index.html'), agent: here('agent.html') } },
  },
});
