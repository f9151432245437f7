// `npm run bench:scale`: how Engram grows with the memory, and its reference ratios (issue 16).
//
// For each size (default 10k, 50k, 100k, 200k and 1M messages; BENCH_SCALE="10000,50000" to
// choose), a generated ChatGPT-format export (foundation-data.ts: 50-message conversations,
// a session every ten messages) is imported with the real CLI in its own process, then:
//   - import: wall time of `engram import` (process start, parse, SQLite, LanceDB, closing
//     included) and its peak RSS;
//   - stats, search, sources: wall time of the CLI command (median of 3);
//   - graph open: `engram sparql` the first time (the messages graphs an import journaled are
//     built, then a snapshot and image are written at close) and again (from the image), with
//     peak RSS;
//   - ask p50/p95 (offline, whole pipeline, 80 questions) and the timeline's plan + run per
//     reference kind (the 751 phrasing questions), in one process (scale-probe.ts), with its RSS;
// each with its growth factor (this size's figure over the previous size's).
// Then the ratios, each to a reference measured in the same run: `engram --help` against
// `node -e 0`; the workbench's time to interactive at 50k messages against a trivial page in
// the same Chromium (and against that page sent with the workbench's response headers; for
// scale, against the workbench on an empty memory; with the page's main-thread CPU time beside
// each, and the workbench once more with the browser's cache); the retrieve batch
// (temporal-memory, in process) in questions per second.
//
//   npm run bench:scale [-- --keep DIR] [--json FILE] [--no-workbench] [--no-retrieve]
//   npm run bench:scale -- --workbench-only DATA_DIR   (time to interactive only, on a kept memory)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { startServe } from '../../e2e/support/serve';
import { SECURITY_HEADERS } from '../../electron/node/serve/csp';
import { writeChatGptExport } from './foundation-data';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/engram.mjs');
const SIZES = (process.env.BENCH_SCALE ?? '10000,50000,100000,200000,1000000').split(',').map(Number);

interface Args {
  keep?: string;
  /** Only the workbench's time to interactive, on this data folder. */
  workbenchOnly?: string;
  json?: string;
  workbench: boolean;
  retrieve: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { workbench: true, retrieve: true };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--keep') a.keep = argv[++i];
    else if (argv[i] === '--json') a.json = argv[++i];
    else if (argv[i] === '--no-workbench') a.workbench = false;
    else if (argv[i] === '--no-retrieve') a.retrieve = false;
    else if (argv[i] === '--workbench-only') a.workbenchOnly = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return a;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const r2 = (x: number) => Math.round(x * 100) / 100;
const loadAvg = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

/** Runs a command under /usr/bin/time: wall seconds and peak RSS (MB) of the process. */
function timed(args: string[], opts: { cwd?: string } = {}): { seconds: number; rssMb: number; stdout: string } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', ...args], { cwd: opts.cwd ?? ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const m = /(\d+(?:\.\d+)?) (\d+)\s*$/.exec(r.stderr.trim())!;
  return { seconds: Number(m[1]), rssMb: Math.round(Number(m[2]) / 1024), stdout: r.stdout };
}

/** `engram` as `npx engram` runs it: through its first line, with the engine's allocator settings. */
function engram(dataDir: string, ...args: string[]) {
  return timed([BIN, '--data', dataDir, ...args]);
}

interface SizeResult {
  messages: number;
  importS: number;
  importPerS: number;
  importRssMb: number;
  statsS: number;
  searchS: number;
  sourcesS: number;
  graphFirstOpenS: number;
  graphFirstOpenRssMb: number;
  graphOpenS: number;
  graphOpenRssMb: number;
  askFirstMs: number;
  askP50: number;
  askP95: number;
  timelineWorstMs: number;
  timelineWorstP50Ms: number;
  /** The workbench's first page (5,000 full rows) instead of Ask's 200: worst kind's p50. */
  timelineWorkbenchWorstP50Ms: number;
  timeline: Record<string, { n: number; p50: number; max: number; cpuP50: number; rowsP50: number; rowsMax: number; workbenchP50: number }>;
  probeRssMb: number;
  load: string;
}

async function measureSize(n: number, base: string): Promise<SizeResult> {
  const dir = path.join(base, `m${n}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'conversations.json');
  await writeChatGptExport(file, n);
  const data = path.join(dir, 'data');
  const load = loadAvg();
  const imp = engram(data, 'import', file);
  fs.rmSync(file);
  const three = (args: string[]) => median([0, 1, 2].map(() => engram(data, ...args).seconds));
  const statsS = three(['stats']);
  const searchS = three(['search', 'budget', 'meeting', 'deadline']);
  const sourcesS = three(['sources']);
  const first = engram(data, 'sparql', 'ASK { ?s ?p ?o }');
  const again = [0, 1, 2].map(() => engram(data, 'sparql', 'ASK { ?s ?p ?o }'));
  // 'now': an hour after the last message (the export's clock: 45 s per message, 3 h per session)
  const lastMs = Date.UTC(2023, 0, 1) + n * 45_000 + Math.floor(n / 10) * (3 * 3600 - 45) * 1000;
  const now = new Date(lastMs + 3_600_000).toISOString().slice(0, 19);
  const probe = timed([process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts/bench/scale-probe.ts'), data, now]);
  const p = JSON.parse(probe.stdout.trim().split('\n').pop()!) as {
    ask: { firstMs: number; p50: number; p95: number };
    timeline: SizeResult['timeline'];
    timelineWorst: number;
    timelineWorstP50: number;
    timelineWorkbenchWorstP50: number;
  };
  const result: SizeResult = {
    messages: n,
    importS: imp.seconds,
    importPerS: Math.round(n / imp.seconds),
    importRssMb: imp.rssMb,
    statsS,
    searchS,
    sourcesS,
    graphFirstOpenS: first.seconds,
    graphFirstOpenRssMb: first.rssMb,
    graphOpenS: median(again.map((a) => a.seconds)),
    graphOpenRssMb: Math.max(...again.map((a) => a.rssMb)),
    askFirstMs: p.ask.firstMs,
    askP50: p.ask.p50,
    askP95: p.ask.p95,
    timelineWorstMs: p.timelineWorst,
    timelineWorstP50Ms: p.timelineWorstP50,
    timelineWorkbenchWorstP50Ms: p.timelineWorkbenchWorstP50,
    timeline: p.timeline,
    probeRssMb: probe.rssMb,
    load,
  };
  console.log(`${n} messages: ${JSON.stringify({ ...result, timeline: undefined })}`);
  return result;
}

/** `engram --help` against `node -e 0`, interleaved, median of 9 each. */
function helpRatio(): { helpS: number; nodeS: number; ratio: number } {
  execFileSync(process.execPath, [BIN, '--help']); // a build if one is due, outside the clock
  const help: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 9; i++) {
    help.push(timed([process.execPath, BIN, '--help']).seconds);
    bare.push(timed([process.execPath, '-e', '0']).seconds);
  }
  const helpS = median(help);
  const nodeS = median(bare);
  return { helpS, nodeS, ratio: r2(helpS / nodeS) };
}

/**
 * Time to interactive of the workbench on a memory, and of a trivial page, in one Chromium (median
 * of 3 each). Also the CPU time of the page's main thread until then (Chromium's ThreadTime, the
 * renderer's own clock): on a loaded machine the wall times mostly measure the wait for a core,
 * the CPU times what the page itself costs.
 */
async function workbenchRatio(dataDir: string): Promise<{
  workbenchMs: number;
  trivialMs: number;
  trivialHeadedMs: number;
  emptyMs: number;
  ratio: number;
  headedRatio: number;
  workbenchCpuMs: number;
  trivialCpuMs: number;
  emptyCpuMs: number;
  cpuRatio: number;
  workbenchCachedMs: number;
  cachedRatio: number;
  sessionsBytes: number | null;
}> {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  // The trivial page, and at /headed the same page with the workbench's response headers: its
  // Cross-Origin-Opener-Policy puts a page in a browsing context group of its own, which in a new
  // tab costs a renderer process of its own (the page without it takes the tab's first process).
  const trivial = http.createServer((req, res) => {
    res.writeHead(200, { ...(req.url === '/headed' ? SECURITY_HEADERS : {}), 'content-type': 'text/html' });
    res.end('<!doctype html><html><head><title>trivial</title></head><body><button id="ready">ok</button></body></html>');
  });
  await new Promise<void>((r) => trivial.listen(0, '127.0.0.1', r));
  const trivialUrl = `http://127.0.0.1:${(trivial.address() as { port: number }).port}/`;
  const served = await startServe({ dataDir });
  const empty = await startServe();
  // The moment the condition first holds, in the page's clock (ms since navigation started).
  const watch = (selector: string) => `(() => {
    const check = () => { if (!window.__tti && document.querySelector(${JSON.stringify(selector)})) window.__tti = performance.now(); };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
    check();
  })()`;
  const viewport = { width: 1440, height: 900 };
  // A fresh context per load unless one is given: a fresh context has an empty HTTP cache (every
  // file fetched and compiled again); a given one keeps its cache between loads, as a browser does.
  const measure = async (url: string, selector: string, cached?: BrowserContext) => {
    const context = cached ?? (await browser.newContext({ viewport }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.addInitScript(watch(selector));
    let sessionsBytes: number | null = null;
    page.on('response', async (res) => {
      if (res.url().endsWith('/api/listSessions')) sessionsBytes = (await res.body().catch(() => Buffer.alloc(0))).byteLength;
    });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __tti?: number }).__tti !== undefined, undefined, { timeout: 60_000 });
    const ms = await page.evaluate(() => (window as unknown as { __tti: number }).__tti);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const cpuMs = (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000;
    if (cached) await page.close();
    else await context.close();
    return { ms, cpuMs, sessionsBytes };
  };
  try {
    // Interactive: the memory is loaded (header, timeline) and the message list shows its rows.
    const interactive = '.app[data-ready="true"] [data-testid="message-row"]';
    await measure(served.url, interactive); // warm: the server's caches (each measured load below has a fresh browser cache)
    await measure(empty.url, '[data-testid="welcome"], .welcome');
    const runs = [];
    const trivialRuns = [];
    const headedRuns = [];
    const emptyRuns = [];
    for (let i = 0; i < 3; i++) {
      runs.push(await measure(served.url, interactive));
      trivialRuns.push(await measure(trivialUrl, '#ready'));
      headedRuns.push(await measure(`${trivialUrl}headed`, '#ready'));
      // the workbench on an empty memory (its first-run screen): the cost of the page itself
      emptyRuns.push(await measure(empty.url, '.app[data-ready="true"] .welcome, .app[data-ready="true"] [data-testid="welcome"]'));
    }
    // The workbench again in one context: its files in the browser's cache (and compiled code
    // cached), as on a person's second start; a cache-filling load first.
    const cachedContext = await browser.newContext({ viewport });
    const cachedRuns = [];
    for (let i = 0; i < 4; i++) {
      const run = await measure(served.url, interactive, cachedContext);
      if (i > 0) cachedRuns.push(run);
    }
    await cachedContext.close();
    const workbenchCachedMs = Math.round(median(cachedRuns.map((r) => r.ms)));
    const workbenchMs = Math.round(median(runs.map((r) => r.ms)));
    const trivialMs = Math.round(median(trivialRuns.map((r) => r.ms)));
    const trivialHeadedMs = Math.round(median(headedRuns.map((r) => r.ms)));
    const emptyMs = Math.round(median(emptyRuns.map((r) => r.ms)));
    const cpu = (rs: { cpuMs: number }[]) => Math.round(median(rs.map((r) => r.cpuMs)));
    const [workbenchCpuMs, trivialCpuMs, emptyCpuMs] = [cpu(runs), cpu(trivialRuns), cpu(emptyRuns)];
    return {
      workbenchMs,
      trivialMs,
      trivialHeadedMs,
      emptyMs,
      ratio: r2(workbenchMs / trivialMs),
      headedRatio: r2(workbenchMs / trivialHeadedMs),
      workbenchCpuMs,
      trivialCpuMs,
      emptyCpuMs,
      cpuRatio: r2(workbenchCpuMs / trivialCpuMs),
      workbenchCachedMs,
      cachedRatio: r2(workbenchCachedMs / trivialMs),
      sessionsBytes: runs[0].sessionsBytes,
    };
  } finally {
    await empty.close();
    await served.close({ keepData: true });
    trivial.close();
    await browser.close();
  }
}

/** The retrieve batch (temporal-memory, 13,186 questions) answered in process, questions per second. */
function retrieveBatch(): { questions: number; answerS: number; perS: number } | null {
  const out = path.join(os.tmpdir(), `engram-scale-temporal-${process.pid}.json`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench/temporal.ts'), '--in-process', '--no-phrasings', '--json', out], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) {
    console.log(`retrieve batch: skipped (${r.stderr.trim().split('\n').pop()})`);
    return null;
  }
  const j = JSON.parse(fs.readFileSync(out, 'utf8')) as { questions: number; answerMs: number };
  fs.rmSync(out, { force: true });
  return { questions: j.questions, answerS: r2(j.answerMs / 1000), perS: Math.round(j.questions / (j.answerMs / 1000)) };
}

const growth = (rows: SizeResult[], key: keyof SizeResult) =>
  rows.map((r, i) => (i === 0 ? '' : ` (×${r2((r[key] as number) / (rows[i - 1][key] as number))})`));

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.workbenchOnly) {
    console.log(JSON.stringify(await workbenchRatio(path.resolve(args.workbenchOnly))));
    return;
  }
  const base = args.keep ? path.resolve(args.keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-scale-'));
  fs.mkdirSync(base, { recursive: true });
  console.log(`bench:scale ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${os.cpus().length} cores, load ${loadAvg()}`);
  const help = helpRatio();
  console.log(`engram --help ${help.helpS} s vs node -e 0 ${help.nodeS} s: ×${help.ratio} (target ≤ 3)`);
  const rows: SizeResult[] = [];
  for (const n of SIZES) rows.push(await measureSize(n, base));

  const cols: [string, keyof SizeResult, string][] = [
    ['import (s)', 'importS', ''],
    ['import msg/s', 'importPerS', ''],
    ['import peak RSS (MB)', 'importRssMb', ''],
    ['stats (s)', 'statsS', ''],
    ['search (s)', 'searchS', ''],
    ['sources (s)', 'sourcesS', ''],
    ['graph first open (s)', 'graphFirstOpenS', ''],
    ['graph first open RSS (MB)', 'graphFirstOpenRssMb', ''],
    ['graph open, image (s)', 'graphOpenS', ''],
    ['graph open RSS (MB)', 'graphOpenRssMb', ''],
    ['ask p50 (ms)', 'askP50', ''],
    ['ask p95 (ms)', 'askP95', ''],
    ['timeline worst kind, p50 (ms)', 'timelineWorstP50Ms', ''],
    ['timeline worst question (ms)', 'timelineWorstMs', ''],
    ['timeline, workbench page of 5,000, worst kind p50 (ms)', 'timelineWorkbenchWorstP50Ms', ''],
    ['probe RSS (MB)', 'probeRssMb', ''],
  ];
  console.log(`\n| measure | ${rows.map((r) => `${r.messages.toLocaleString('en-US')}`).join(' | ')} |`);
  console.log(`| --- | ${rows.map(() => '---').join(' | ')} |`);
  for (const [label, key] of cols) {
    const g = growth(rows, key);
    console.log(`| ${label} | ${rows.map((r, i) => `${(r[key] as number).toLocaleString('en-US')}${g[i]}`).join(' | ')} |`);
  }
  console.log(`| load average at import | ${rows.map((r) => r.load).join(' | ')} |`);

  const fifty = rows.find((r) => r.messages === 50_000);
  let workbench = null;
  if (args.workbench && fifty) {
    workbench = await workbenchRatio(path.join(base, 'm50000', 'data'));
    console.log(
      `\nworkbench at 50k: interactive ${workbench.workbenchMs} ms vs trivial page ${workbench.trivialMs} ms: ×${workbench.ratio} (target ≤ 2); ` +
        `vs the trivial page with the workbench's response headers ${workbench.trivialHeadedMs} ms: ×${workbench.headedRatio}; ` +
        `the workbench on an empty memory ${workbench.emptyMs} ms (×${r2(workbench.workbenchMs / workbench.emptyMs)}); listSessions ${workbench.sessionsBytes ?? 'not called'} bytes; ` +
        `main-thread CPU until interactive ${workbench.workbenchCpuMs} ms vs trivial ${workbench.trivialCpuMs} ms (×${workbench.cpuRatio}), empty memory ${workbench.emptyCpuMs} ms; ` +
        `with the browser's cache (second start) ${workbench.workbenchCachedMs} ms (×${workbench.cachedRatio})`,
    );
  }
  const retrieve = args.retrieve ? retrieveBatch() : null;
  if (retrieve) console.log(`retrieve batch in process: ${retrieve.questions} questions in ${retrieve.answerS} s = ${retrieve.perS}/s (target ≥ 4,000)`);
  const by = (n: number) => rows.find((r) => r.messages === n);
  const targets = [
    [`engram --help ≤ 3× node -e 0`, `×${help.ratio}`, help.ratio <= 3],
    [`engram stats at 50k ≤ 0.5 s`, `${by(50_000)?.statsS ?? '–'} s`, (by(50_000)?.statsS ?? Infinity) <= 0.5],
    [`engram search at 200k ≤ 0.6 s`, `${by(200_000)?.searchS ?? '–'} s`, (by(200_000)?.searchS ?? Infinity) <= 0.6],
    [`ask p95 at 200k ≤ 100 ms`, `${by(200_000)?.askP95 ?? '–'} ms`, (by(200_000)?.askP95 ?? Infinity) <= 100],
    [`timeline plans at 100k ≤ 5 ms per kind (p50 of the worst kind)`, `${by(100_000)?.timelineWorstP50Ms ?? '–'} ms`, (by(100_000)?.timelineWorstP50Ms ?? Infinity) <= 5],
    [`import ≥ 15,000 msg/s at 50k`, `${by(50_000)?.importPerS ?? '–'}/s`, (by(50_000)?.importPerS ?? 0) >= 15_000],
    [`import peak RSS at 200k ≤ 1.2 GB`, `${by(200_000)?.importRssMb ?? '–'} MB`, (by(200_000)?.importRssMb ?? Infinity) <= 1200],
    [`workbench TTI at 50k ≤ 2× trivial page`, workbench ? `×${workbench.ratio}` : '–', (workbench?.ratio ?? Infinity) <= 2],
    [`retrieve batch ≥ 4,000 questions/s`, retrieve ? `${retrieve.perS}/s` : '–', (retrieve?.perS ?? 0) >= 4000],
  ] as const;
  console.log('\ntargets:');
  for (const [what, got, ok] of targets) console.log(`  ${ok ? 'met    ' : 'NOT met'}  ${what}: ${got}`);
  if (args.json) fs.writeFileSync(args.json, JSON.stringify({ date: new Date().toISOString(), load: loadAvg(), help, rows, workbench, retrieve }, null, 2));
  if (!args.keep) fs.rmSync(base, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(`bench:scale: ${(e as Error).stack ?? e}`);
  process.exit(1);
});
