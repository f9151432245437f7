// Import of a large generated ChatGPT export (written by a child process), end to end through the engine, in this process:
// time, messages/s and peak RSS (VmHWM: the process's high-water mark, graph worker included).
// `tsx scripts/bench/import-large.ts 200` (MB). The export is written to the temp folder and
// removed afterwards; nothing is kept. `npm run bench` runs it for 50 and 200 MB, and 1 GB with
// BENCH_LARGE=1.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENGINE_ALLOCATOR_ENV } from '../../electron/node/engine/common/allocator-env';
import { processHeap } from '../../electron/node/engine/common/heap';
import { Engine } from '../../electron/node/engine/engine';

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 1e6;
}

/**
 * Every 100 ms, per phase: what the process held when its resident memory was highest (private
 * memory, mapped files, V8's heap, memory outside it), to name what owns a peak.
 */
type Sample = { rss: number; anon: number; file: number; heapTotal: number; heapUsed: number; external: number };
const phasePeaks = new Map<string, Sample>();
let phase = 'open';
function sample(): void {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  const m = process.memoryUsage();
  const s: Sample = { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile'), heapTotal: m.heapTotal / 2 ** 20, heapUsed: m.heapUsed / 2 ** 20, external: m.external / 2 ** 20 };
  if (s.rss > (phasePeaks.get(phase)?.rss ?? 0)) phasePeaks.set(phase, s);
}
const sampler = setInterval(sample, 100);
const enter = (next: string) => {
  sample();
  phase = next;
};
const round = (s: Sample) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v)]));

const mb = Number(process.argv[2] ?? 50);
if (Object.entries(ENGINE_ALLOCATOR_ENV).some(([name, value]) => process.env[name] !== value)) {
  const env = Object.entries(ENGINE_ALLOCATOR_ENV).map(([k, v]) => `${k}=${v}`).join(' ');
  console.warn(`import-large: without the engine's allocator settings (${env}), as no engine process runs: the peak is higher`);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-large-'));
try {
  const file = path.join(dir, 'conversations.json');
  // Written by another process: this one then holds only what an import holds (the person's
  // export was not made by the process that imports it).
  const writer = path.join(import.meta.dirname, 'chatgpt-export-file.ts');
  const made = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', writer, file, String(mb)], { encoding: 'utf8' }).trim().split('\n').pop()!) as { bytes: number; conversations: number; messages: number };
  const engine = await Engine.open({ dataDir: path.join(dir, 'data'), withoutOntology: true });
  await engine.whenReady();
  const before = peakRssMb();
  enter('import job');
  const t0 = performance.now();
  const job = await engine.importPaths({ paths: [file] });
  const end = await engine.waitForJob(job);
  const seconds = (performance.now() - t0) / 1000;
  if (end.state !== 'done') throw new Error(`import ${end.state}: ${end.error}`);
  // the import job's own peak; then, as `engram import --no-auto-graph` does, the engine is
  // closed, which waits for the search index's refresh the import queued (its full-text index
  // made whole: only then are the imported messages searched through the index)
  const peakAtImportEnd = peakRssMb();
  enter('search index refresh, close');
  const stats = await engine.stats();
  const timings = (end.result as { sources: { timings: object }[] }).sources[0].timings;
  await engine.close();
  const readySeconds = (performance.now() - t0) / 1000;
  enter('closed');
  clearInterval(sampler);
  console.log(
    JSON.stringify({
      fileMb: Math.round(made.bytes / 1e6),
      conversations: made.conversations,
      messages: stats.messages,
      expectedMessages: made.messages,
      seconds: Number(seconds.toFixed(1)),
      messagesPerSecond: Math.round(stats.messages / seconds),
      readyForSearchSeconds: Number(readySeconds.toFixed(1)),
      peakRssMb: Math.round(peakRssMb()),
      peakRssImportJobMb: Math.round(peakAtImportEnd),
      rssBeforeImportMb: Math.round(before),
      triples: stats.triples,
      timings,
      heapCollections: { count: processHeap.collections, ms: Math.round(processHeap.collectMs) },
      atPeakMb: Object.fromEntries([...phasePeaks].map(([p, s]) => [p, round(s)])),
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
