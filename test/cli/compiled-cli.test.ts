// The `engram` command runs compiled JavaScript (out/cli, scripts/cli-build.mjs), loads only what
// a command needs (`--help`: commander and the command list, none of the engine's libraries),
// and is rebuilt by itself when a source it was built from changes.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const current = () => JSON.parse(fs.readFileSync(path.join(ROOT, 'out/cli/current.json'), 'utf8')) as { dir: string; builtAt: number; inputs: string[] };

async function traced(...args: string[]): Promise<{ stdout: string; modules: string[] }> {
  const log = path.join(tempDir(), 'imports.txt');
  fs.writeFileSync(log, '');
  const { stdout } = await run(process.execPath, ['--import', path.join(ROOT, 'test/support/trace-imports.mjs'), path.join(ROOT, 'bin/engram.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ENGRAM_TRACE_IMPORTS: log },
  });
  return { stdout, modules: fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

describe('the compiled CLI', () => {
  it('--help runs the built JavaScript and loads none of the engine’s libraries', async () => {
    const { stdout, modules } = await traced('--help');
    expect(stdout).toMatch(/Usage: engram/);
    expect(modules.some((m) => m.includes(`/out/cli/${current().dir}/engram.js`))).toBe(true);
    expect(modules.filter((m) => m.endsWith('.ts'))).toEqual([]);
    for (const heavy of ['tsx', '@lancedb', 'apache-arrow', 'chrono-node', 'zod', 'oxigraph', 'better-sqlite3', 'sparqljs', 'n3', 'date-fns', 'ollama', 'porter2']) {
      expect(modules.filter((m) => m.includes(`/node_modules/${heavy}/`)), heavy).toEqual([]);
    }
  });

  it('a command loads what it needs: `stats` reads SQLite, and loads no graph worker, LanceDB, date parser, NLP model, holiday tables, SPARQL parser or Turtle writer', async () => {
    const { modules } = await traced('--data', tempDir(), 'stats', '--json');
    expect(modules.some((m) => m.includes('/node_modules/better-sqlite3/'))).toBe(true);
    const unneeded = ['@lancedb', 'apache-arrow', 'chrono-node', 'wink-nlp', 'wink-eng-lite-web-model', 'date-holidays', 'sparqljs', 'n3', 'graphology'];
    for (const name of unneeded) expect(modules.filter((m) => m.includes(`/node_modules/${name}/`)), name).toEqual([]);
    expect(modules.some((m) => m.endsWith('/graph-worker.js'))).toBe(false);
    // date-fns one function at a time, not its index (all of it)
    expect(modules.filter((m) => m.includes('/node_modules/date-fns/')).length).toBeLessThan(100);
  });

  it('`import` runs the automatic job from built code; the built analysis worker answers under plain Node', async () => {
    const { stdout, modules } = await traced('--data', tempDir(), 'import', path.join(ROOT, 'test/fixtures/locomo/mini.json'));
    expect(stdout).toMatch(/automatic knowledge graph: 1 source · [1-9][\d,]* triples/);
    // the job's tagging loads the NLP model when it first runs (and the trace sees it loaded)
    expect(modules.some((m) => m.includes('/node_modules/wink-eng-lite-web-model/'))).toBe(true);
    expect(modules.filter((m) => m.endsWith('.ts'))).toEqual([]);
    // the built analysis worker (EngineOptions.analysisWorker) answers when started by hand too
    const worker = new Worker(path.join(ROOT, 'out/cli', current().dir, 'analysis-worker.js'));
    try {
      const reply = await new Promise<{ id: number; results?: { id: number }[] }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 1, messages: [{ id: 7, role: 'user', text: 'My sister and I went to a pottery class in Lisbon.' }] });
      });
      expect(reply.results?.map((r) => r.id)).toEqual([7]);
    } finally {
      await worker.terminate();
    }
  });

  it('`import` of an export that writes its times as numbers loads no date parser, HTML converter or CSV reader (nor does the analysis worker)', async () => {
    const { stdout, modules } = await traced('--data', tempDir(), 'import', path.join(ROOT, 'test/fixtures/chatgpt/conversations.json'));
    expect(stdout).toMatch(/conversations\.json: imported/);
    // the job's tagging ran (the worker loaded its NLP model)
    expect(modules.some((m) => m.includes('/node_modules/wink-eng-lite-web-model/'))).toBe(true);
    for (const name of ['chrono-node', 'turndown', 'csv-parse']) expect(modules.filter((m) => m.includes(`/node_modules/${name}/`)), name).toEqual([]);
  });

  it('`retrieve` of one question runs the grammar\'s patterns as they are: it loads no regular-expression parser', async () => {
    const data = tempDir();
    await traced('--data', data, 'import', path.join(ROOT, 'test/fixtures/chatgpt/conversations.json'));
    const { stdout, modules } = await traced('--data', data, 'retrieve', 'what did we talk about in the last two sessions?', '--json');
    expect((JSON.parse(stdout) as { run: { rows: unknown[] } }).run.rows.length).toBeGreaterThan(0);
    expect(modules.some((m) => m.includes('/node_modules/date-holidays/'))).toBe(true); // (the grammar read the question)
    expect(modules.filter((m) => m.includes('/node_modules/@eslint-community/regexpp/'))).toEqual([]);
    // the first question kept the holiday names with the memory: the next command's question is
    // read without the holiday library, and a question that names a holiday loads it to date it
    const again = await traced('--data', data, 'retrieve', 'what did we talk about in the last two sessions?', '--json');
    const rows = (out: string) => (JSON.parse(out) as { run: { rows: unknown[] } }).run.rows;
    expect(rows(again.stdout)).toEqual(rows(stdout));
    expect(again.modules.filter((m) => m.includes('/node_modules/date-holidays/'))).toEqual([]);
    const holiday = await traced('--data', data, 'retrieve', 'what did we discuss on Christmas?', '--json');
    expect((JSON.parse(holiday.stdout) as { explanation: string[] }).explanation[0]).toMatch(/as Christmas Day, \w{3} Dec 25, \d{4}/);
    expect(holiday.modules.some((m) => m.includes('/node_modules/date-holidays/'))).toBe(true);
  });

  it('is built again when one of its sources changes', async () => {
    const before = current();
    const source = path.join(ROOT, 'electron/node/cli/output.ts');
    const { atime, mtime } = fs.statSync(source);
    try {
      fs.utimesSync(source, atime, new Date(Date.now() + 2000));
      await traced('--help');
      const after = current();
      expect(after.dir).not.toBe(before.dir);
      expect(after.builtAt).toBeGreaterThan(before.builtAt);
      expect(after.inputs).toContain('electron/node/cli/output.ts');
    } finally {
      fs.utimesSync(source, atime, mtime);
    }
  });
});
