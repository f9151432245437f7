// Where an import's memory goes: imports a generated export in this process and samples
// process.memoryUsage() every 100 ms, labelled with the phase the jobs report (parse + SQLite +
// search writes, messages graph, automatic graph, topics, closing: the search index's refresh).
// Prints each phase's peak rss / heapUsed / external / arrayBuffers (MB) and its duration (a
// sample cannot land inside synchronous work: the process's VmHWM is printed as well).
// BENCH_TRACE=1 prints each phase as it starts.
//   tsx scripts/bench/import-memory.ts chatgpt MB      (the large-export generator, import-large.ts)
//   tsx scripts/bench/import-memory.ts scale MESSAGES  (the scale generator, scale.ts)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../electron/node/engine/engine';
import { writeChatGptExport as writeLarge } from './chatgpt-export-file';
import { writeChatGptExport as writeScale } from './foundation-data';

const [kind = 'scale', sizeArg = '50000'] = process.argv.slice(2);
const size = Number(sizeArg);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-memory-'));
const mb = (x: number) => Math.round(x / 1e6);

interface Peak {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  ms: number;
}
const peaks = new Map<string, Peak>();
let engineRef: Engine | null = null;
let phase = 'open';
let phaseStart = performance.now();
const setPhase = (p: string) => {
  if (p === phase) return;
  sample();
  peaks.get(phase)!.ms += performance.now() - phaseStart;
  phase = p;
  phaseStart = performance.now();
  if (process.env.BENCH_TRACE) process.stderr.write(`phase: ${p} (heapUsed ${mb(process.memoryUsage().heapUsed)} MB, graph worker ${engineRef?.graph.started ? 'started' : 'not started'})\n`);
};
function sample(): void {
  const m = process.memoryUsage();
  const p = peaks.get(phase) ?? { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0, ms: 0 };
  p.rss = Math.max(p.rss, m.rss);
  p.heapUsed = Math.max(p.heapUsed, m.heapUsed);
  p.external = Math.max(p.external, m.external);
  p.arrayBuffers = Math.max(p.arrayBuffers, m.arrayBuffers);
  peaks.set(phase, p);
}
const timer = setInterval(sample, 100);

/** The phase a job's progress line names. */
function phaseOf(kindOfJob: string, message: string | undefined): string {
  if (kindOfJob === 'import') return /messages graph/.test(message ?? '') ? 'import: messages graph' : 'import: parse + SQLite + search';
  return /topics/.test(message ?? '') ? 'auto job: topics' : 'auto job: extraction';
}

try {
  const file = path.join(dir, 'conversations.json');
  if (kind === 'chatgpt') await writeLarge(file, size * 1e6);
  else await writeScale(file, size);
  const engine = await Engine.open({ dataDir: path.join(dir, 'data'), withoutOntology: true });
  engineRef = engine;
  await engine.whenReady();
  setPhase('import: parse + SQLite + search');
  const t0 = performance.now();
  const job = await engine.importPaths({ paths: [file] });
  const end = await engine.waitForJob(job, (j) => setPhase(phaseOf('import', j.message)));
  if (end.state !== 'done') throw new Error(`import ${end.state}: ${end.error}`);
  const importS = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  for (let auto = engine.autoGraph.current(); auto; auto = engine.autoGraph.current()) {
    setPhase('auto job: extraction');
    await engine.waitForJob(auto, (j) => setPhase(phaseOf('auto', j.message)));
  }
  const autoS = (performance.now() - t1) / 1000;
  const stats = await engine.stats();
  setPhase('close (search index refresh, graph)');
  await engine.close();
  setPhase('end');
  clearInterval(timer);
  const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  console.log(JSON.stringify({ kind, size, messages: stats.messages, importS: Number(importS.toFixed(2)), autoS: Number(autoS.toFixed(2)), autoShare: `${Math.round((autoS / importS) * 100)}%`, peakRssMb: hwm ? Math.round(Number(hwm[1]) / 1024) : null, load: os.loadavg().map((x) => x.toFixed(1)).join(' ') }));
  for (const [p, v] of peaks) if (p !== 'end') console.log(`${p.padEnd(34)} rss ${mb(v.rss)}  heapUsed ${mb(v.heapUsed)}  external ${mb(v.external)}  arrayBuffers ${mb(v.arrayBuffers)}  (${(v.ms / 1000).toFixed(1)} s)`);
} finally {
  clearInterval(timer);
  fs.rmSync(dir, { recursive: true, force: true });
}
