// Import of a large generated ChatGPT export, end to end through the engine, in this process:
// time, messages/s and peak RSS (VmHWM: the process's high-water mark, graph worker included).
// `tsx scripts/bench/import-large.ts 200` (MB). The export is written to the temp folder and
// removed afterwards; nothing is kept. `npm run bench` runs it for 50 and 200 MB, and 1 GB with
// BENCH_LARGE=1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../electron/node/engine/engine';
import { writeChatGptExport } from './chatgpt-export-file';

function peakRssMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 1e6;
}

const mb = Number(process.argv[2] ?? 50);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-large-'));
try {
  const file = path.join(dir, 'conversations.json');
  const made = await writeChatGptExport(file, mb * 1e6);
  const engine = await Engine.open({ dataDir: path.join(dir, 'data'), withoutOntology: true });
  await engine.whenReady();
  const before = peakRssMb();
  const t0 = performance.now();
  const job = await engine.importPaths({ paths: [file] });
  const end = await engine.waitForJob(job);
  const seconds = (performance.now() - t0) / 1000;
  if (end.state !== 'done') throw new Error(`import ${end.state}: ${end.error}`);
  // the import job's own peak; then, as `engram import --no-auto-graph` does, the engine is
  // closed, which waits for the search index's refresh the import queued (its full-text index
  // made whole: only then are the imported messages searched through the index)
  const peakAtImportEnd = peakRssMb();
  const stats = await engine.stats();
  const timings = (end.result as { sources: { timings: object }[] }).sources[0].timings;
  await engine.close();
  const readySeconds = (performance.now() - t0) / 1000;
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
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
