// Loaded with `--import`: appends every module URL the process resolves to $TRACE_IMPORTS_FILE.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.TRACE_IMPORTS_FILE, result.url + '\\n');
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
