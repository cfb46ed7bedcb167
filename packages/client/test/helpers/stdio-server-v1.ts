// The v1 SDK test server (server-v1.ts) on stdio, started as a child process.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createV1Server } from './server-v1.js';

await createV1Server().connect(new StdioServerTransport());
