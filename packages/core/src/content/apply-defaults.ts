import { isJsonObject, setOwn } from '../schema/json-object.js';
import type { RequestedSchema } from '../types.js';

/**
 * A new object: `content`'s own properties, plus each field's `default` where `content` has no value for
 * it (E-13: forms start from the schema's defaults). Neither argument is changed; array defaults are
 * copied, so editing the result never edits the schema.
 */
export function applyDefaults(
  schema: RequestedSchema,
  content?: Record<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (isJsonObject(content)) {
    for (const name in content) if (Object.hasOwn(content, name)) setOwn(result, name, content[name]);
  }
  const properties = schema.properties;
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue;
    // E-13: fields without a value start from their default
    const fallback = properties[name]!.default;
    if (fallback === undefined || (Object.hasOwn(result, name) && result[name] !== undefined)) continue;
    setOwn(result, name, Array.isArray(fallback) ? [...fallback] : fallback);
  }
  return result;
}
