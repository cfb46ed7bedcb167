import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { Style } from '../ui/style.js';
import { displayWidth, fit, GUTTER, safeBlock, safeLine, wrap } from '../ui/text.js';

type Block = CallToolResult['content'][number];

/** One content block as text. Links stay plain text: nothing a tool returns is made clickable (E-56). */
function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${Math.floor((block.data.length * 3) / 4)} bytes]`;
    case 'resource_link':
      return `[link] ${block.name} ${block.uri}`;
    case 'resource': {
      const r = block.resource;
      return 'text' in r && typeof r.text === 'string'
        ? `[resource ${r.uri}]\n${r.text}`
        : `[resource ${r.uri}]`;
    }
    default:
      return `[${(block as { type: string }).type} content]`;
  }
}

/** The result's text for a pipe: every block in order, sanitized, nothing added. */
export function plainResult(result: CallToolResult): string {
  const texts = (result.content ?? []).map(blockText);
  if (texts.length === 0 && result.structuredContent !== undefined) {
    texts.push(JSON.stringify(result.structuredContent, null, 2));
  }
  return safeBlock(texts.join('\n'), 1_000_000).trimEnd();
}

/** A tool result on screen, quoted behind the gutter like all server text. */
export function renderResult(result: CallToolResult, style: Style, columns: number): string {
  const body = plainResult(result) || '(no content)';
  const rows = wrap(body, columns - GUTTER.length - 1).map((row) => style.dim(GUTTER) + row);
  const heading = result.isError ? style.error('✖ The tool reported an error:') : style.ok('✔ Result:');
  return [`  ${heading}`, ...rows].join('\n');
}

/** `tools`: one row per tool, name and the first line of its description, cut to the screen. */
export function renderToolList(tools: Tool[], style: Style, columns: number): string {
  if (tools.length === 0) return '  The server offers no tools.';
  const names = tools.map((tool) => safeLine(tool.name, 60));
  const width = Math.min(Math.max(...names.map(displayWidth)), 40);
  return tools
    .map((tool, i) => {
      const name = names[i]!;
      const about = safeLine(tool.title ?? tool.description?.split('\n')[0] ?? '', 300);
      const shown = fit(about, Math.max(columns - width - 6, 10));
      return `  ${style.accent(name)}${' '.repeat(Math.max(width - displayWidth(name), 0))}  ${style.dim(shown)}`;
    })
    .join('\n');
}
