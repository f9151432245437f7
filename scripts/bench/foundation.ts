// `npm run bench`: import throughput and graph start-up time, on generated data.
//
//  1. Generates a ChatGPT-format export with 50,000 messages and imports it end to end
//     (parse, SQLite rows, LanceDB rows + full-text index, messages graph), timing it.
//  2. Builds a 1,000,000-triple graph, lets it compact into a snapshot, closes the engine,
//     and times the graph's load when a new engine opens the folder.
// Targets (issue 2): ≥ 10,000 messages/s end to end; graph load < 3 s for 1M triples.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../electron/node/engine/engine';
import { GRAPHS } from '../../shared/rdf';
import { chatGptExport, WORDS } from './foundation-data';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50_000);
const TRIPLES = Number(process.env.BENCH_TRIPLES ?? 1_000_000);
async function waitForJob(engine: Engine): Promise<void> {
  await engine.jobs.idle();
  const [job] = engine.jobs.list();
  if (job.state !== 'done') throw new Error(`import ${job.state}: ${job.error}`);
}

async function benchImport(): Promise<{ seconds: number; perSecond: number; rssMb: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-import-'));
  const file = path.join(dir, 'conversations.json');
  fs.writeFileSync(file, chatGptExport(MESSAGES));
  const engine = await Engine.open({ dataDir: path.join(dir, 'data'), withoutOntology: true });
  await engine.whenReady();
  const t0 = performance.now();
  await engine.importPaths({ paths: [file] });
  await waitForJob(engine);
  const seconds = (performance.now() - t0) / 1000;
  const [job] = engine.jobs.list();
  console.log(`  stages (ms): ${JSON.stringify((job.result as { sources: { timings: object }[] }).sources[0].timings)}`);
  const stats = await engine.stats();
  if (stats.messages !== MESSAGES) throw new Error(`expected ${MESSAGES} messages, got ${stats.messages}`);
  if ((await engine.search.count()) !== MESSAGES) throw new Error('search index incomplete');
  console.log(`  imported ${stats.messages} messages, ${stats.sessions} sessions, ${stats.triples} triples`);
  const rssMb = process.memoryUsage().rss / 1e6;
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { seconds, perSecond: MESSAGES / seconds, rssMb };
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

async function benchGraphLoad(): Promise<{ seconds: number; quads: number; rssMb: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-graph-'));
  let engine = await Engine.open({ dataDir: dir, withoutOntology: true });
  await engine.whenReady();
  const chunks = 20;
  for (let g = 0; g < chunks; g++) {
    await engine.graph.request({ op: 'replaceGraph', graph: GRAPHS.extraction(`bench-${g}`), data: entityTriples(g, TRIPLES / chunks), format: 'n-triples', asEdit: false, label: 'bench', respectRemovals: false });
  }
  await engine.graph.request({ op: 'compact' });
  await engine.close();
  const t0 = performance.now();
  engine = await Engine.open({ dataDir: dir, withoutOntology: true });
  const { quads } = await engine.graph.ready();
  const seconds = (performance.now() - t0) / 1000;
  console.log(`  worker load (snapshot + journal): ${(engine.graph.loadMs / 1000).toFixed(2)} s`);
  const rssMb = process.memoryUsage().rss / 1e6;
  await engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { seconds, quads, rssMb };
}

const imp = await benchImport();
console.log(`import: ${MESSAGES} messages in ${imp.seconds.toFixed(2)} s = ${Math.round(imp.perSecond)} messages/s (target ≥ 10,000)`);
const load = await benchGraphLoad();
console.log(`graph start-up: ${load.quads} triples ready in ${load.seconds.toFixed(2)} s from opening the folder (target < 3 s)`);
console.log(`node ${process.version}, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`);
