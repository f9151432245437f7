// `node --import ./trace-imports.mjs …`: appends every module the process loads to the file named
// by ENGRAM_TRACE_IMPORTS: ES modules by URL (a resolve hook; it runs on Node's loader thread),
// CommonJS modules by path (require, and createRequire's loads on first use, do not pass the hook).
import fs from 'node:fs';
import Module, { register } from 'node:module';

const log = process.env.ENGRAM_TRACE_IMPORTS ?? '/dev/null';
const hook = `
import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  fs.appendFileSync(${JSON.stringify(log)}, r.url + '\\n');
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const load = Module._load;
Module._load = function traced(request, parent, isMain) {
  const exports = load.call(this, request, parent, isMain);
  if (!request.startsWith('node:') && !Module.isBuiltin(request)) {
    try {
      fs.appendFileSync(log, `${Module._resolveFilename(request, parent, isMain)}\n`);
    } catch {
      // a request that loaded but does not resolve again (never seen): not traced
    }
  }
  return exports;
};
