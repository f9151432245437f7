// `node --import ./trace-imports.mjs …`: appends every module URL the process loads to the file
// named by ENGRAM_TRACE_IMPORTS (a resolve hook; it runs on Node's loader thread).
import { register } from 'node:module';

const hook = `
import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  fs.appendFileSync(${JSON.stringify(process.env.ENGRAM_TRACE_IMPORTS ?? '/dev/null')}, r.url + '\\n');
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
