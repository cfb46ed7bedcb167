// The 2025-06-18 test server (server-2025-06-18.ts) on stdio, started as a child process.
import { StdioServerTransport } from 'mcp-sdk-1-17/server/stdio.js';
import { create20250618Server } from './server-2025-06-18.js';

await create20250618Server().connect(new StdioServerTransport());
