// `npm run bench`: import throughput and graph start-up time, on generated data.
//
//  1. Generates a ChatGPT-format export with 50,000 messages and imports it end to end
//     (parse, SQLite rows, LanceDB rows + full-text index, messages graph), timing it.
//  2. Builds a 1,000,000-triple graph, lets it compact into a snapshot (and its memory image),
//     closes the engine, and times the graph's load when a new engine opens the folder: from
//     the image (the normal start-up) and, for comparison, by parsing the snapshot.
// BENCH_COLD=1 drops the page cache before each open (Linux, root), to time a start from disk.
// Targets (issue 2): ≥ 10,000 messages/s end to end; graph load < 3 s for 1M triples.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENGINE_ALLOCATOR_ENV } from '../../electron/node/engine/common/allocator-env';
import { Engine } from '../../electron/node/engine/engine';
import { GRAPHS } from '../../shared/rdf';
import { chatGptExport, WORDS } from './foundation-data';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50_000);
const TRIPLES = Number(process.env.BENCH_TRIPLES ?? 1_000_000);
async function benchImport(): Promise<{ seconds: number; perSecond: number; rssMb: number; autoSeconds: number; endToEnd: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-import-'));
  const file = path.join(dir, 'conversations.json');
  fs.writeFileSync(file, chatGptExport(MESSAGES));
  const engine = await Engine.open({ dataDir: path.join(dir, 'data'), withoutOntology: true });
  await engine.whenReady();
  const t0 = performance.now();
  const started = await engine.importPaths({ paths: [file] });
  const job = await engine.waitForJob(started);
  if (job.state !== 'done') throw new Error(`import ${job.state}: ${job.error}`);
  const seconds = (performance.now() - t0) / 1000;
  // The automatic knowledge graph (no model) runs after the chat table is written, in the background.
  const auto = engine.autoGraph.current();
  if (auto) await engine.waitForJob(auto);
  const total = (performance.now() - t0) / 1000;
  const autoSeconds = total - seconds;
  const [status] = await engine.autoGraphStatus();
  console.log(`  automatic graph: ${status.read} messages read, ${status.triples} triples, in ${autoSeconds.toFixed(2)} s after the import (${Math.round(MESSAGES / autoSeconds)} messages/s of the source; ${Math.round(status.read / autoSeconds)} of the person's, read)`);
  console.log(`  stages (ms): ${JSON.stringify((job.result as { sources: { timings: object }[] }).sources[0].timings)}`);
  const stats = await engine.stats();
  if (stats.messages !== MESSAGES) throw new Error(`expected ${MESSAGES} messages, got ${stats.messages}`);
  if ((await engine.search.count()) !== MESSAGES) throw new Error('search index incomplete');
  console.log(`  imported ${stats.messages} messages, ${stats.sessions} sessions, ${stats.triples} triples`);
  const rssMb = process.memoryUsage().rss / 1e6;
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { seconds, perSecond: MESSAGES / seconds, rssMb, autoSeconds, endToEnd: MESSAGES / total };
}

/** N-Triples of an entity-shaped graph: typed, labelled nodes with links and literals. */
function entityTriples(graphIndex: number, count: number): string {
  const lines: string[] = [];
  const base = `https://engram.local/memory/entity/g${graphIndex}-`;
  for (let i = 0; lines.length < count; i++) {
    const s = `<${base}${i}>`;
    lines.push(`${s} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://schema.org/Event> .`);
    lines.push(`${s} <http://www.w3.org/2000/01/rdf-schema#label> "Event ${i} ${WORDS[i % WORDS.length]}" .`);
    lines.push(`${s} <https://schema.org/startDate> "2024-0${1 + (i % 9)}-1${i % 10}"^^<http://www.w3.org/2001/XMLSchema#date> .`);
    lines.push(`${s} <https://schema.org/agent> <https://engram.local/memory/person/p${i % 50}> .`);
    lines.push(`${s} <http://www.w3.org/ns/prov#wasDerivedFrom> <https://engram.local/memory/post/${graphIndex}x${i}> .`);
  }
  return `${lines.slice(0, count).join('\n')}\n`;
}

/** BENCH_COLD=1: start from disk, not the page cache (Linux, as root; says when it cannot). */
function dropPageCache(): void {
  try {
    execFileSync('sync');
    fs.writeFileSync('/proc/sys/vm/drop_caches', '3');
    console.log('  (page cache dropped)');
  } catch (e) {
    console.log(`  (could not drop the page cache: ${(e as Error).message})`);
  }
}

interface GraphLoad {
  seconds: number;
  quads: number;
  from: string;
  rssMb: number;
}

async function benchGraphLoad(): Promise<{ image: GraphLoad; parse: GraphLoad; imageMb: number; snapshotMb: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-graph-'));
  const engine = await Engine.open({ dataDir: dir, withoutOntology: true });
  await engine.whenReady();
  const chunks = 20;
  for (let g = 0; g < chunks; g++) {
    await engine.graph.request({ op: 'replaceGraph', graph: GRAPHS.extraction(`bench-${g}`), data: entityTriples(g, TRIPLES / chunks), format: 'n-triples', asEdit: false, label: 'bench', respectRemovals: false });
  }
  await engine.graph.request({ op: 'compact' });
  await engine.close();
  const sizeMb = (prefix: string) =>
    fs
      .readdirSync(path.join(dir, 'graph'))
      .filter((f) => f.startsWith(prefix))
      .reduce((sum, f) => sum + fs.statSync(path.join(dir, 'graph', f)).blocks * 512, 0) / 1e6;
  const open = async (graphImages: boolean): Promise<GraphLoad> => {
    if (process.env.BENCH_COLD) dropPageCache();
    const t0 = performance.now();
    const e = await Engine.open({ dataDir: dir, withoutOntology: true, graphImages });
    const { quads, from, loadMs } = await e.graph.ready();
    const seconds = (performance.now() - t0) / 1000;
    console.log(`  opened from ${from}: worker load ${(loadMs / 1000).toFixed(2)} s, ${quads} triples ready ${seconds.toFixed(2)} s after opening the folder, process RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
    await e.close();
    return { seconds, quads, from, rssMb: process.memoryUsage().rss / 1e6 };
  };
  const imageMb = sizeMb('image-');
  const snapshotMb = sizeMb('snapshot-');
  const image = await open(true);
  // Without images the store parses the snapshot (and, so the image survives for the next
  // run, does not touch it).
  const parse = await open(false);
  fs.rmSync(dir, { recursive: true, force: true });
  return { image, parse, imageMb, snapshotMb };
}

const imp = await benchImport();
console.log(`import: ${MESSAGES} messages in ${imp.seconds.toFixed(2)} s = ${Math.round(imp.perSecond)} messages/s (target ≥ 10,000)`);
console.log(`automatic graph: +${((100 * imp.autoSeconds) / imp.seconds).toFixed(0)}% of the import time (target ≤ 50%); end to end with it ${Math.round(imp.endToEnd)} messages/s (target ≥ 7,000)`);
const load = await benchGraphLoad();
console.log(`graph start-up: ${load.image.quads} triples ready in ${load.image.seconds.toFixed(2)} s from opening the folder, from its ${load.image.from} (target < 3 s)`);
console.log(`  parsing the snapshot instead: ${load.parse.seconds.toFixed(2)} s; on disk: snapshot ${load.snapshotMb.toFixed(0)} MB, image ${load.imageMb.toFixed(0)} MB`);
// Large ChatGPT exports (issue 15): each size in its own process, so its peak RSS is its own.
for (const mb of [50, 200, ...(process.env.BENCH_LARGE ? [1000] : [])]) {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'import-large.ts'), String(mb)], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
      env: { ...process.env, ...ENGINE_ALLOCATOR_ENV },
    });
    console.log(`large export ${mb} MB: ${out.trim().split('\n').pop()}`);
  } catch (e) {
    console.log(`large export ${mb} MB: failed: ${(e as { stderr?: string }).stderr?.trim().split('\n').slice(-3).join(' | ') ?? (e as Error).message}`);
  }
}
console.log(`node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`);
