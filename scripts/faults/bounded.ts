// Bounded work, end to end through the real `engram` command: a runaway SPARQL update against
// `engram serve` ends within its limit while other calls keep being answered; SIGTERM and SIGINT
// end `serve` and a CLI command mid-work within 5 s, committed data intact; a 5 MB zip of 5 GB of
// zeros is refused fast, in little memory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENGRAM = path.join(ROOT, 'bin', 'engram.mjs');

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}

function engram(args: string[], opts: { timed?: boolean } = {}): { proc: ChildProcess; out: () => string; err: () => string; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; maxRssKb?: number }> } {
  // /usr/bin/time (where it exists) reports the peak memory of the command.
  const time = opts.timed && fs.existsSync('/usr/bin/time');
  const proc = time
    ? spawn('/usr/bin/time', ['-f', 'maxrss=%M', process.execPath, ENGRAM, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, [ENGRAM, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; maxRssKb?: number }>((resolve) =>
    // 'close': its output read to the end ('exit' may come before the last of it)
    proc.on('close', (code, signal) => {
      const m = /maxrss=(\d+)/.exec(err);
      resolve({ code, signal, ...(m ? { maxRssKb: Number(m[1]) } : {}) });
    }),
  );
  return { proc, out: () => out, err: () => err, exit };
}

async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** A JSONL chat of `n` messages, for a memory with enough triples to make a cartesian query run away. */
export function writeChat(file: string, n: number, tag: string): void {
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({ speaker: i % 2 ? 'Assistant' : 'User', text: `${tag} message ${i} about sourdough, trains and gardens`, timestamp: `2024-04-${String(1 + (i % 28)).padStart(2, '0')}T${String(8 + (i % 12)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z` }),
  );
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

const RUNAWAY_UPDATE = 'DELETE { ?a ?p ?x } WHERE { ?a ?p ?x . ?b ?q ?y . ?c ?r ?z . ?d ?s ?w }';
const RUNAWAY_QUERY = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?x . ?b ?q ?y . ?c ?r ?z . ?d ?s ?w }';

async function call(url: string, token: string, method: string, args: unknown): Promise<{ status: number; body: { ok: boolean; error?: { message: string } }; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/${method}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(args) });
  return { status: res.status, body: (await res.json()) as { ok: boolean; error?: { message: string } }, ms: Math.round(performance.now() - t0) };
}

async function startServe(dataDir: string) {
  const serve = engram(['--data', dataDir, 'serve', '--port', '0']);
  if (!(await until(() => /Engram workbench: (\S+)/.test(serve.out()), 90_000))) throw new Error(`engram serve did not start: ${serve.err()}`);
  const url = new URL(/Engram workbench: (\S+)/.exec(serve.out())![1]);
  return { serve, origin: url.origin, token: url.searchParams.get('token')! };
}

/** A runaway update through `engram serve`: stopped within its limit, rolled back, other calls answered meanwhile; then SIGTERM. */
export async function runawayUpdate(work: string): Promise<Check[]> {
  const checks: Check[] = [];
  const dataDir = path.join(work, 'runaway');
  const chat = path.join(work, 'runaway.jsonl');
  writeChat(chat, 60, 'runaway');
  const imported = engram(['--data', dataDir, 'import', chat]);
  if ((await imported.exit).code !== 0) throw new Error(`import failed: ${imported.err()}`);
  const { serve, origin, token } = await startServe(dataDir);
  try {
    await call(origin, token, 'sparqlUpdate', { update: 'INSERT DATA { <http://ex/kept> <http://ex/p> "kept" }', label: 'kept' });
    const before = await call(origin, token, 'stats', {});
    const limitMs = 2000;
    const t0 = performance.now();
    const update = call(origin, token, 'sparqlUpdate', { update: RUNAWAY_UPDATE, timeoutMs: limitMs });
    // Meanwhile: calls that do not need the graph, and graph reads (the read replica answers them).
    const others: { method: string; ms: number; ok: boolean }[] = [];
    let stop = false;
    const meanwhile: [string, unknown][] = [
      ['listSources', {}],
      ['listSessions', {}],
      ['memoryInfo', {}],
      ['sparqlQuery', { query: 'SELECT ?v WHERE { <http://ex/kept> <http://ex/p> ?v }' }],
      ['getTurtle', { entity: 'http://ex/kept' }],
    ];
    const loop = (async () => {
      while (!stop) {
        for (const [method, args] of meanwhile) {
          const r = await call(origin, token, method, args);
          others.push({ method, ms: r.ms, ok: r.body.ok });
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const u = await update;
    const elapsed = Math.round(performance.now() - t0);
    const graphAfter = await call(origin, token, 'sparqlQuery', { query: 'SELECT ?v WHERE { <http://ex/kept> <http://ex/p> ?v }' });
    stop = true;
    await loop;
    const after = await call(origin, token, 'stats', {});
    checks.push({
      name: 'a runaway SPARQL update ends within its limit',
      ok: !u.body.ok && /ran longer than 2 s and was stopped; nothing was changed/.test(u.body.error?.message ?? '') && elapsed < limitMs + 1500,
      detail: `${u.body.error?.message ?? 'it succeeded'} after ${elapsed} ms (limit ${limitMs} ms)`,
      ms: elapsed,
    });
    const slowest = Math.max(0, ...others.map((o) => o.ms));
    checks.push({
      name: 'the server keeps answering other calls meanwhile',
      ok: others.length >= 5 && others.some((o) => o.method === 'sparqlQuery') && others.every((o) => o.ok) && slowest < 1000 && graphAfter.body.ok,
      detail: `${others.length} calls answered during the update (${others.filter((o) => o.method === 'sparqlQuery' || o.method === 'getTurtle').length} of them graph reads), slowest ${slowest} ms; a graph query right after it: ${graphAfter.ms} ms`,
      ms: slowest,
    });
    checks.push({
      name: 'the stopped update changed nothing',
      ok: JSON.stringify((before.body as unknown as { result: { triples: number } }).result.triples) === JSON.stringify((after.body as unknown as { result: { triples: number } }).result.triples),
      detail: `triples before ${(before.body as unknown as { result: { triples: number } }).result.triples}, after ${(after.body as unknown as { result: { triples: number } }).result.triples}`,
      ms: 0,
    });
    // A long query in flight: short calls that need the graph (a query, an entity's description,
    // an edit, a read of it) still answer at once. Then SIGTERM.
    void call(origin, token, 'sparqlQuery', { query: RUNAWAY_QUERY, timeoutMs: 120_000 }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    const short = [
      await call(origin, token, 'sparqlQuery', { query: 'SELECT ?v WHERE { <http://ex/kept> <http://ex/p> ?v }' }),
      await call(origin, token, 'getTurtle', { entity: 'http://ex/kept' }),
      await call(origin, token, 'sparqlUpdate', { update: 'INSERT DATA { <http://ex/during> <http://ex/p> "during" }', label: 'during' }),
      await call(origin, token, 'sparqlQuery', { query: 'SELECT ?v WHERE { <http://ex/during> <http://ex/p> ?v }' }),
    ];
    const seen = JSON.stringify(short[3].body).includes('"during"');
    checks.push({
      name: 'a long query does not hold up short graph calls',
      ok: short.every((r) => r.body.ok && r.ms < 2000) && seen,
      detail: `query ${short[0].ms} ms, entity's Turtle ${short[1].ms} ms, edit ${short[2].ms} ms, a read of the edit ${short[3].ms} ms (${seen ? 'sees it' : 'DOES NOT see it'}), while a cartesian query (limit 120 s) runs`,
      ms: Math.max(...short.map((r) => r.ms)),
    });
    const t1 = performance.now();
    serve.proc.kill('SIGTERM');
    const end = await serve.exit;
    const took = Math.round(performance.now() - t1);
    checks.push({ name: 'SIGTERM ends engram serve during a runaway query within 5 s', ok: took < 5000 && end.code === 143, detail: `exit ${end.code ?? end.signal} after ${took} ms`, ms: took });
  } finally {
    if (serve.proc.exitCode === null && serve.proc.signalCode === null) serve.proc.kill('SIGKILL');
  }
  // Committed data intact: the edit acknowledged before is there.
  const check = engram(['--data', dataDir, 'sparql', 'SELECT ?v WHERE { <http://ex/kept> <http://ex/p> ?v }', '--json']);
  const done = await check.exit;
  checks.push({ name: 'what was committed before the signal is intact', ok: done.code === 0 && check.out().includes('"kept"'), detail: check.out().replace(/\s+/g, ' ').slice(0, 120), ms: 0 });
  return checks;
}

/** SIGINT to `engram serve` while idle, and SIGINT / SIGTERM to CLI commands mid-work. */
export async function signals(work: string): Promise<Check[]> {
  const checks: Check[] = [];
  const dataDir = path.join(work, 'signals');
  const small = path.join(work, 'signals-small.jsonl');
  writeChat(small, 60, 'small');
  if ((await engram(['--data', dataDir, 'import', small]).exit).code !== 0) throw new Error('import failed');

  const { serve } = await startServe(dataDir);
  await new Promise((r) => setTimeout(r, 300));
  let t = performance.now();
  serve.proc.kill('SIGINT');
  let end = await serve.exit;
  checks.push({ name: 'SIGINT ends engram serve within 5 s', ok: performance.now() - t < 5000 && end.code === 130, detail: `exit ${end.code ?? end.signal} after ${Math.round(performance.now() - t)} ms`, ms: Math.round(performance.now() - t) });

  const query = engram(['--data', dataDir, 'sparql', RUNAWAY_QUERY, '--timeout', '120']);
  await until(() => false, 2500);
  t = performance.now();
  query.proc.kill('SIGTERM');
  end = await query.exit;
  checks.push({ name: 'SIGTERM ends `engram sparql` during a runaway query within 5 s', ok: performance.now() - t < 5000, detail: `exit ${end.code ?? end.signal} after ${Math.round(performance.now() - t)} ms`, ms: Math.round(performance.now() - t) });

  const big = path.join(work, 'signals-big.jsonl');
  writeChat(big, 60_000, 'big');
  const imp = engram(['--data', dataDir, 'import', big]);
  await until(() => false, 3000);
  t = performance.now();
  imp.proc.kill('SIGINT');
  end = await imp.exit;
  const took = Math.round(performance.now() - t);
  const after = engram(['--data', dataDir, 'sources', '--json']);
  await after.exit;
  const sources = JSON.parse(after.out() || '[]') as { name: string; messages: number }[];
  checks.push({
    name: 'SIGINT ends `engram import` mid-file within 5 s, leaving no partial source',
    ok: took < 5000 && sources.length >= 1 && sources.every((s) => s.name !== 'signals-big.jsonl' || s.messages === 60_000) && sources.some((s) => s.name === 'signals-small.jsonl' && s.messages === 60),
    detail: `exit ${end.code ?? end.signal} after ${took} ms; sources after: ${sources.map((s) => `${s.name} (${s.messages})`).join(', ')}`,
    ms: took,
  });
  return checks;
}

/**
 * Writes a zip whose one member, conversations.json, is `gb` GB of zeros, the way a streaming
 * zipper writes it (sizes in a data descriptor after the data): about 5 MB for 5 GB.
 */
export async function writeZipBomb(file: string, gb: number): Promise<void> {
  const name = Buffer.from('conversations.json');
  const out = fs.createWriteStream(file);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0008, 6); // sizes in a data descriptor
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt16LE(name.length, 26);
  out.write(header);
  out.write(name);
  const deflate = zlib.createDeflateRaw({ level: 9 });
  let compressed = 0;
  deflate.on('data', (d: Buffer) => {
    compressed += d.length;
    out.write(d);
  });
  const zeros = Buffer.alloc(64 << 20);
  let crc = 0;
  for (let i = 0; i < gb * 16; i++) {
    crc = zlib.crc32(zeros, crc);
    if (!deflate.write(zeros)) await new Promise((r) => deflate.once('drain', r));
  }
  const ended = new Promise<void>((resolve) => deflate.once('end', () => resolve()));
  deflate.end();
  await ended;
  const size = gb * 1024 ** 3;
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(compressed, 8);
  descriptor.writeUInt32LE(size % 2 ** 32, 12);
  out.write(descriptor);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0008, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(compressed, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(name.length, 28);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(0x06054b50, 0);
  endRecord.writeUInt16LE(1, 8);
  endRecord.writeUInt16LE(1, 10);
  endRecord.writeUInt32LE(central.length + name.length, 12);
  endRecord.writeUInt32LE(header.length + name.length + compressed + descriptor.length, 16);
  out.write(central);
  out.write(name);
  await new Promise<void>((resolve) => out.end(endRecord, () => resolve()));
}

/** `engram import` of a 5 MB zip of 5 GB of zeros: refused fast, naming the entry, in little memory. */
export async function zipBomb(work: string, cache: string): Promise<Check[]> {
  fs.mkdirSync(cache, { recursive: true });
  const bomb = path.join(cache, 'zeros-5gb.zip');
  if (!fs.existsSync(bomb)) await writeZipBomb(bomb, 5);
  const size = fs.statSync(bomb).size;
  const dataDir = path.join(work, 'bomb');
  const t = performance.now();
  const run = engram(['--data', dataDir, 'import', bomb], { timed: true });
  const end = await run.exit;
  const took = Math.round(performance.now() - t);
  const message = run.err().split('\n').find((l) => l.startsWith('engram:')) ?? '';
  const mb = end.maxRssKb ? Math.round(end.maxRssKb / 1024) : null;
  return [
    {
      name: `a ${(size / 2 ** 20).toFixed(1)} MB zip of 5 GB of zeros is refused fast, naming the entry`,
      ok: end.code === 1 && /zip entry 'conversations\.json' expands to more than/.test(message) && took < 30_000 && (mb === null || mb < 1024),
      detail: `${message} — ${took} ms${mb ? `, peak ${mb} MB` : ''}`,
      ms: took,
    },
  ];
}

