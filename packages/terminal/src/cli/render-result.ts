import type { Translator } from '@elicitkit/core';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { TerminalMessageKey } from '../i18n/en.js';
import type { Style } from '../ui/style.js';
import { displayWidth, fit, GUTTER, safeBlock, safeLine, wrap } from '../ui/text.js';

type Block = CallToolResult['content'][number];
type T = Translator<TerminalMessageKey>;

/** One content block as text. Links stay plain text: nothing a tool returns is made clickable (E-56). */
function blockText(block: Block, t: T): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return t.t('content.media', {
        kind: block.type,
        mime: block.mimeType,
        count: Math.floor((block.data.length * 3) / 4),
      });
    case 'resource_link':
      return t.t('content.link', { name: block.name, uri: block.uri });
    case 'resource': {
      const r = block.resource;
      const heading = t.t('content.resource', { uri: r.uri });
      return 'text' in r && typeof r.text === 'string' ? `${heading}\n${r.text}` : heading;
    }
    default:
      return t.t('content.other', { kind: (block as { type: string }).type });
  }
}

/** The result's text for a pipe: every block in order, sanitized, nothing added. */
export function plainResult(result: CallToolResult, t: T): string {
  const texts = (result.content ?? []).map((block) => blockText(block, t));
  if (texts.length === 0 && result.structuredContent !== undefined) {
    texts.push(JSON.stringify(result.structuredContent, null, 2));
  }
  return safeBlock(texts.join('\n'), 1_000_000).trimEnd();
}

/** A tool result on screen, quoted behind the gutter like all server text. */
export function renderResult(result: CallToolResult, style: Style, columns: number, t: T): string {
  const body = plainResult(result, t) || t.t('result.empty');
  const rows = wrap(body, columns - GUTTER.length - 1).map((row) => style.dim(GUTTER) + row);
  const heading = result.isError
    ? style.error(`✖ ${t.t('result.error')}`)
    : style.ok(`✔ ${t.t('result.ok')}`);
  return [`  ${heading}`, ...rows].join('\n');
}

/** `tools`: one row per tool, name and the first line of its description, cut to the screen. */
export function renderToolList(tools: Tool[], style: Style, columns: number, t: T): string {
  if (tools.length === 0) return `  ${t.t('tools.none')}`;
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
