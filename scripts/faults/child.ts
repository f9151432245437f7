// The process the fault-injection suite kills (scripts/faults/run.ts). It opens the engine on a
// data folder and does one kind of work, printing `ack <json>` on stdout the moment a write is
// acknowledged (the engine's call returned), until it is killed; or, in `doctor` mode, reports
// what `engram doctor` finds and the state the suite checks acknowledged writes against.
//
// Bundled with esbuild before the run (see bundle.ts), so a trial does not pay for TypeScript.
import { createHash } from 'node:crypto';
import { Engine } from '../../electron/node/engine/engine';
import { GRAPHS } from '../../shared/rdf';

interface Config {
  mode: 'import' | 'edits' | 'extract' | 'repair' | 'doctor' | 'inspect';
  dataDir: string;
  /** import: the files to import, in order. */
  files?: string[];
  /** edits: first node number this run uses, and the operations to run (insert / delete N / undo / compact). */
  ops?: string[];
  compactBytes?: number;
  /** extract: the Ollama double; redo chunks already done (once every chunk is). */
  host?: string;
  redo?: boolean;
}

const config = JSON.parse(process.env.FAULTS_CHILD ?? '{}') as Config;
const ack = (value: unknown) => process.stdout.write(`ack ${JSON.stringify(value)}\n`);
const EX = 'http://ex/n';

async function open(): Promise<Engine> {
  const engine = await Engine.open({ dataDir: config.dataDir, withoutOntology: true, graphCompactBytes: config.compactBytes });
  await engine.whenReady();
  return engine;
}

async function imports(engine: Engine): Promise<void> {
  for (const file of config.files ?? []) {
    const job = await engine.importPaths({ paths: [file] });
    const end = await engine.waitForJob(job);
    const sources = ((end.result as { sources?: { status: string; messages: number }[] } | undefined)?.sources ?? []).filter((s) => s.status === 'imported' || s.status === 'already imported');
    if (end.state === 'done' && sources.length) ack({ file, messages: sources.reduce((n, s) => n + s.messages, 0) });
  }
}

async function edits(engine: Engine): Promise<void> {
  for (const op of config.ops ?? []) {
    const [kind, n] = op.split(' ');
    if (kind === 'insert') {
      await engine.sparqlUpdate({ update: `INSERT DATA { <${EX}${n}> <http://ex/a> "${n}" . <${EX}${n}> <http://ex/b> "${n}" }`, label: `insert ${n}` });
    } else if (kind === 'delete') {
      await engine.sparqlUpdate({ update: `DELETE WHERE { <${EX}${n}> ?p ?o }`, label: `delete ${n}` });
    } else if (kind === 'undo') {
      const undone = await engine.undo();
      ack({ op, undone: undone?.label ?? null });
      continue;
    } else if (kind === 'compact') {
      await engine.graph.request({ op: 'compact' });
    }
    ack({ op });
  }
  await new Promise(() => undefined); // wait for the kill
}

async function extract(engine: Engine): Promise<void> {
  const [source] = engine.chat.listSources();
  const seen = new Set<string>();
  const report = () => {
    for (const c of engine.extraction.listChunks({ status: 'done', limit: 100_000 }).chunks) {
      const id = `${c.key}@${c.updatedAt}`;
      if (!seen.has(id)) {
        seen.add(id);
        ack({ chunk: c.key, graph: c.graph, triples: c.triplesKept });
      }
    }
  };
  report();
  const timer = setInterval(report, 15);
  const job = await engine.startExtraction({ scope: { kind: 'source', sourceIds: [source.id] }, host: config.host, chunkSize: 2, concurrency: 2, redo: config.redo });
  await engine.waitForJob(job);
  report();
  clearInterval(timer);
  ack({ finished: true });
  await new Promise(() => undefined);
}

async function repair(engine: Engine): Promise<void> {
  for (;;) {
    const r = await engine.repairMemory();
    ack({ repaired: r.problems.length, unrepaired: r.unrepaired });
  }
}

/**
 * What `engram doctor` finds on the folder as this process opened it (after the previous run was
 * killed), repaired if need be, and the stores' state the suite checks acknowledged writes against.
 */
async function doctorReport(engine: Engine): Promise<Record<string, unknown>> {
  const startup = (await engine.integrityReport()).problems;
  const found = (await engine.checkMemory()).filter((p) => !p.repaired);
  let left = found;
  if (found.length) {
    await engine.repairMemory();
    left = (await engine.checkMemory()).filter((p) => !p.repaired);
  }
  const counts = engine.chat.messageCountsBySource();
  const sources = engine.chat.listSources().map((s) => ({ name: s.name, path: s.path, messages: counts.get(s.id) ?? 0 }));
  const unfinished = engine.chat.unfinishedSources().length;
  const nodes = await engine.sparqlQuery({ query: `SELECT ?s (COUNT(*) AS ?n) WHERE { ?s ?p ?o FILTER(STRSTARTS(STR(?s), "${EX}")) } GROUP BY ?s`, limit: 1_000_000 });
  const graphs = await engine.sparqlQuery({
    query: `SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } FILTER(STRSTARTS(STR(?g), "${GRAPHS.extraction('')}")) } GROUP BY ?g`,
    limit: 1_000_000,
  });
  const chunks = engine.extraction.listChunks({ limit: 100_000 }).chunks.map((c) => ({ key: c.key, graph: c.graph, status: c.status, triples: c.triplesKept }));
  const rows = (r: typeof nodes) => (r.kind === 'select' ? Object.fromEntries(r.rows.map((row) => [Object.values(row)[0].value, Number(Object.values(row)[1].value)])) : {});
  return { startup, found, left, sources, unfinished, nodes: rows(nodes), graphs: rows(graphs), chunks };
}

/** What the memory serves, store by store, as digests: messages (SQLite), the whole graph, the search index's rows. */
async function fingerprint(engine: Engine): Promise<Record<string, string>> {
  const chat = createHash('sha256');
  for (const s of engine.chat.listSources()) for (const m of engine.chat.iterateSourceMessages(s.id)) chat.update(`${m.id}\u0000${m.speaker}\u0000${m.timestamp}\u0000${m.text}\u0001`);
  const quads = (await engine.exportGraph({ format: 'n-quads' })).data.split('\n').filter(Boolean).sort();
  const graph = createHash('sha256').update(quads.join('\n')).digest('hex');
  const search = createHash('sha256')
    .update(JSON.stringify([...(await engine.search.digestBySource()).entries()].sort((a, b) => a[0] - b[0])))
    .digest('hex');
  return { chat: chat.digest('hex'), graph, search };
}

/**
 * The damage matrix's probe: opens the folder as the app would, says what start-up reported and
 * what it serves (before any repair), then what the doctor finds, repairs, and serves after.
 */
async function inspect(): Promise<void> {
  // Where the probe was when its event loop emptied with a promise never settled (nothing left
  // to wake it): said on stderr, so the suite names the stage instead of "no report".
  let stage = 'opening the memory';
  let reported = false;
  process.on('beforeExit', () => {
    if (!reported) process.stderr.write(`inspect stalled: nothing left to run while ${stage}\n`);
    reported = true;
  });
  let engine: Engine;
  try {
    engine = await open();
  } catch (e) {
    process.stdout.write(`inspect ${JSON.stringify({ openError: (e as Error).message })}\n`);
    reported = true;
    return;
  }
  try {
    stage = 'reading the start-up report';
    const startup = (await engine.integrityReport()).problems;
    // What the memory serves, or the one line it fails with (a damaged record may not read back).
    const serving = async (): Promise<Record<string, string> | { error: string }> => {
      try {
        return await fingerprint(engine);
      } catch (e) {
        return { error: (e as Error).message.split('\n')[0] };
      }
    };
    stage = 'reading what is served';
    const served = await serving();
    stage = 'checking the memory';
    const found = (await engine.checkMemory()).filter((p) => !p.repaired);
    let repaired: unknown[] = [];
    let left: unknown[] = [];
    if (found.length) {
      try {
        stage = 'repairing';
        repaired = (await engine.repairMemory()).problems;
        stage = 'checking after the repair';
        left = (await engine.checkMemory()).filter((p) => !p.repaired);
      } catch (e) {
        // The repair itself failed: said as what is left, so the suite counts it as not repaired.
        left = [{ store: 'chat', where: 'engram doctor --repair', problem: `failed: ${(e as Error).message.split('\n')[0]}`, repaired: false, action: '' }];
      }
    }
    stage = 'reading what is served after the repair';
    const after = await serving();
    process.stdout.write(`inspect ${JSON.stringify({ startup, served, found, repaired, left, after })}\n`);
    stage = 'closing';
  } finally {
    await engine.close();
    reported = true;
  }
}

async function main(): Promise<void> {
  if (config.mode === 'inspect') return inspect();
  const engine = await open();
  // Every run starts as `engram doctor` would: what the last kill left is checked (and repaired).
  process.stdout.write(`doctor ${JSON.stringify(await doctorReport(engine))}\n`);
  if (config.mode === 'doctor') {
    await engine.close();
    return;
  }
  process.stdout.write('ready\n');
  if (config.mode === 'import') await imports(engine);
  else if (config.mode === 'edits') await edits(engine);
  else if (config.mode === 'extract') await extract(engine);
  else if (config.mode === 'repair') await repair(engine);
  ack({ done: true });
  await new Promise(() => undefined);
}

main().catch((e: Error) => {
  process.stderr.write(`faults child: ${e.stack ?? e.message}\n`);
  process.exit(2);
});
