// `npm run bench:graph-replica`: what the graph's read replica (graph-store.ts) costs and buys.
// A generated ChatGPT export (foundation-data.ts) is imported with the real CLI; then the memory
// is opened as the workbench opens it (graph loaded at start), once without the replica and once
// with it. For each: the process's RSS once the graph (and the replica) have loaded, and the
// latency of short calls — a SPARQL lookup, an entity's Turtle, an edit, a read of that edit —
// asked while a long cartesian query runs (its limit LONG_LIMIT_MS; without the replica the short
// calls wait for it).
//
//   npm run bench:graph-replica [-- --messages N]   (default 20000)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Engine } from '../../electron/node/engine/engine';
import { writeChatGptExport } from './foundation-data';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({ options: { messages: { type: 'string', default: '20000' } } });
const MESSAGES = Number(args.messages);
if (!Number.isInteger(MESSAGES) || MESSAGES < 100) throw new Error(`--messages must be a whole number ≥ 100, not '${args.messages}'`);
const LONG_LIMIT_MS = 8000;
const CARTESIAN = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?x . ?b ?q ?y . ?c ?r ?z }';

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function settle(): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  return process.memoryUsage().rss;
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await call();
  return Math.round(performance.now() - t0);
}

async function measure(dataDir: string, replica: boolean) {
  const t0 = performance.now();
  const engine = await Engine.open({ dataDir, startGraph: true, graphReadReplica: replica, autoGraph: false });
  const ready = await engine.graph.ready();
  const graphMs = Math.round(performance.now() - t0);
  let replicaMs: number | null = null;
  if (replica) {
    while (!engine.graph.replicaReady) await new Promise((r) => setTimeout(r, 20));
    replicaMs = Math.round(performance.now() - t0);
  }
  const rss = await settle();
  const long = engine.sparqlQuery({ query: CARTESIAN, timeoutMs: LONG_LIMIT_MS }).catch((e: Error) => e.message);
  await new Promise((r) => setTimeout(r, 300));
  const entity = 'http://example.org/bench/entity';
  const short = {
    query: await timed(() => engine.sparqlQuery({ query: 'SELECT ?s WHERE { ?s a <http://rdfs.org/sioc/ns#Post> } LIMIT 5' })),
    turtle: await timed(() => engine.getTurtle({ entity })),
    edit: await timed(() => engine.sparqlUpdate({ update: `INSERT DATA { <${entity}> <http://www.w3.org/2000/01/rdf-schema#label> "bench ${replica}" }`, label: 'bench' })),
    readEdit: await timed(() => engine.sparqlQuery({ query: `SELECT ?v WHERE { <${entity}> <http://www.w3.org/2000/01/rdf-schema#label> ?v }` })),
  };
  const longOutcome = await Promise.race([long, new Promise((r) => setTimeout(() => r('still running'), 10))]);
  await engine.close({ deadlineMs: 1000 });
  return { replica, quads: ready.quads, from: ready.from, graphMs, replicaMs, rssMb: mb(rss), short, longAfterShortCalls: typeof longOutcome === 'string' ? longOutcome.slice(0, 60) : 'answered' };
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-replica-'));
  try {
    const file = path.join(work, 'conversations.json');
    await writeChatGptExport(file, MESSAGES);
    const dataDir = path.join(work, 'data');
    const imported = spawnSync(process.execPath, [path.join(ROOT, 'bin/engram.mjs'), '--data', dataDir, 'import', file], { cwd: ROOT, encoding: 'utf8' });
    if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);
    // The first open builds the messages graphs the import journaled and writes the snapshot and image.
    const warm = await Engine.open({ dataDir, startGraph: true, autoGraph: false });
    await warm.graph.ready();
    await warm.close();
    const without = await measure(dataDir, false);
    const withReplica = await measure(dataDir, true);
    const report = {
      date: new Date().toISOString(),
      messages: MESSAGES,
      load: os.loadavg().map((l) => Math.round(l * 10) / 10),
      cpus: os.cpus().length,
      longQueryLimitMs: LONG_LIMIT_MS,
      without,
      withReplica,
      replicaRssMb: withReplica.rssMb - without.rssMb,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e: Error) => {
  process.stderr.write(`bench:graph-replica: ${e.stack ?? e.message}\n`);
  process.exit(1);
});
