import { issueMessage } from '@elicitkit/core';
import { input, select } from '@inquirer/prompts';
import type { Tool } from '@modelcontextprotocol/client';
import type { TerminalMessageKey } from '../i18n/en.js';
import { renderBanner } from '../ui/banner.js';
import { type Asked, ask, wordsTheme } from '../ui/prompt-runner.js';
import type { Screen } from '../ui/screen.js';
import { quote, safeLine } from '../ui/text.js';

interface PropertySchema {
  type?: unknown;
  enum?: unknown;
  title?: unknown;
  description?: unknown;
  default?: unknown;
}

const SKIP = Symbol('skip');
const MAX_PROPERTIES = 50;

function primaryType(schema: PropertySchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return typeof type === 'string' ? type : undefined;
}

function parseValue(
  type: string | undefined,
  text: string,
): { ok: true; value: unknown } | { ok: false; why: TerminalMessageKey } {
  if (type === 'string') return { ok: true, value: text };
  if (type === 'number' || type === 'integer') {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(n)) return { ok: false, why: 'args.number' };
    if (type === 'integer' && !Number.isInteger(n)) return { ok: false, why: 'args.integer' };
    return { ok: true, value: n };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, why: 'args.json' };
  }
}

/**
 * Asks for a tool's arguments one by one from its input schema, a convenience for `call <tool>` typed
 * without JSON. Input schemas are general JSON Schema, so only the top-level properties are prompted;
 * anything not a string, number, boolean or enum is typed as JSON.
 */
export async function askToolArguments(
  tool: Tool,
  screen: Screen,
  signal: AbortSignal,
): Promise<Asked<Record<string, unknown>>> {
  const { io, style, columns } = screen;
  const { t, v } = screen.words;
  const schema = tool.inputSchema as { properties?: Record<string, PropertySchema>; required?: unknown };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const entries = Object.entries(schema.properties ?? {}).slice(0, MAX_PROPERTIES);
  const args: Record<string, unknown> = {};
  // The host's own line, so these prompts never pass for a question the server asks: you are writing the call.
  if (entries.length > 0) {
    const heading = t.t('args.heading', { tool: style.accent(safeLine(tool.name, 60)) });
    io.output.write(`${renderBanner(screen.mark, heading, '', style, columns)}\n`);
  }
  for (const [name, property] of entries) {
    if (typeof property !== 'object' || property === null) continue;
    const type = primaryType(property);
    const optional = !required.has(name);
    const title = typeof property.title === 'string' ? `${safeLine(property.title, 60)} ` : '';
    const hint = t.t(optional ? 'args.type.optional' : 'args.type', { type: type ?? 'JSON' });
    const message = `${style.dim(t.t('args.argument'))} ${title}${style.accent(safeLine(name, 60))} ${style.dim(hint)}`;
    if (typeof property.description === 'string') {
      io.output.write(`${quote(property.description, style, columns, 400).join('\n')}\n`);
    }
    let asked: Asked<unknown>;
    if (
      type === 'boolean' ||
      (Array.isArray(property.enum) && property.enum.every((v) => typeof v === 'string'))
    ) {
      const values: unknown[] = type === 'boolean' ? [true, false] : (property.enum as string[]);
      const choices: { name: string; value: unknown }[] = values.map((value) => ({
        name:
          typeof value === 'boolean' ? t.t(value ? 'choice.yes' : 'choice.no') : safeLine(String(value), 100),
        value,
      }));
      if (optional) choices.push({ name: style.dim(t.t('args.leave-out')), value: SKIP });
      asked = await ask(io, signal, (context) =>
        select(
          {
            message,
            choices,
            default: property.default ?? (optional ? SKIP : undefined),
            theme: wordsTheme(screen),
          },
          context,
        ),
      );
    } else {
      const initial =
        property.default === undefined
          ? ''
          : type === 'string'
            ? String(property.default)
            : JSON.stringify(property.default);
      const text = await ask(io, signal, (context) =>
        input(
          {
            message,
            default: initial,
            prefill: 'tab',
            theme: wordsTheme(screen),
            validate: (value) => {
              if (value === '') return optional ? true : issueMessage({ code: 'required' }, v);
              const parsed = parseValue(type, value);
              return parsed.ok ? true : t.t(parsed.why);
            },
          },
          context,
        ),
      );
      asked =
        text.status === 'answered'
          ? {
              status: 'answered',
              value: text.value === '' ? SKIP : (parseValue(type, text.value) as { value: unknown }).value,
            }
          : text;
    }
    if (asked.status !== 'answered') return asked;
    if (asked.value !== SKIP) args[name] = asked.value;
  }
  return { status: 'answered', value: args };
}
