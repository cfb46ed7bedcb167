// Names the code blocks of packages/client/README.md use without defining them (see
// test/tooling/readme-examples.test.ts): the reader's UI and logger, and the answers a form collected.
declare const myUi: import('@elicitkit/client').ElicitationUI;
declare function log(message: string): void;
declare const content: Record<string, unknown>;
declare const client: import('@modelcontextprotocol/client').Client;
declare function sessionUser(request: Request): string | undefined;
declare function slackWebhookFor(user: string): string;
declare function clientFor(user: string): Promise<import('@modelcontextprotocol/client').Client>;
declare function keepOutcome(result: import('@modelcontextprotocol/client').CallToolResult): void;
declare function tellPerson(user: string, message: string): void;
declare const relay: import('@elicitkit/client/relay').Relay;
