// The graph's read replica (graph-store.ts): a long query does not hold up short calls, and a
// read asked after an acknowledged edit sees it, also when compactions drop the journal entries
// the replica had not applied yet.
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { openEngine, tempDir } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close({ deadlineMs: 2000 });
  engine = null;
});

const EX = 'http://example.org/';
const PFX = `PREFIX ex: <${EX}> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>`;
/** 300^4 solutions: runs far longer than any limit a test waits for. */
const CARTESIAN = `${PFX} SELECT (COUNT(*) AS ?n) WHERE { ?a ex:p ?x . ?b ex:p ?y . ?c ex:p ?z . ?d ex:p ?w }`;

async function values(e: Engine, sparql: string): Promise<string[]> {
  const r = await e.sparqlQuery({ query: `${PFX} ${sparql}` });
  if (r.kind !== 'select') throw new Error('not a select');
  return r.rows.map((row) => row.v?.value ?? '').sort();
}

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await call();
  return { value, ms: performance.now() - t0 };
}

async function replicaLoaded(e: Engine): Promise<void> {
  const end = Date.now() + 60_000;
  while (!e.graph.replicaReady) {
    if (Date.now() > end) throw new Error('the read replica did not load');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function withBigGraph(): Promise<Engine> {
  const e = await openEngine(tempDir(), { graphReadReplica: true });
  await e.graph.request({
    op: 'replaceGraph',
    graph: GRAPHS.extraction('big'),
    data: Array.from({ length: 300 }, (_, i) => `<${EX}s${i}> <${EX}p> "${i}" .`).join('\n'),
    format: 'n-triples',
    asEdit: false,
    label: 'big',
    respectRemovals: false,
  });
  await e.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:kept rdfs:label "kept" }`, label: 'kept' });
  await replicaLoaded(e);
  return e;
}

describe('the graph read replica', () => {
  it('keeps short calls answering while a long query runs', { timeout: 120_000 }, async () => {
    engine = await withBigGraph();
    const e = engine;
    let longEnded = false;
    const long = e.sparqlQuery({ query: CARTESIAN, timeoutMs: 25_000 }).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    void long.then(() => (longEnded = true));
    await new Promise((r) => setTimeout(r, 300));

    const short = await timed(() => values(e, 'SELECT ?v WHERE { ex:s1 ex:p ?v }'));
    expect(short.value).toEqual(['1']);
    const describe = await timed(() => e.getTurtle({ entity: `${EX}kept` }));
    expect(describe.value.turtle).toContain('kept');
    const entity = await timed(() => e.getEntity({ iri: `${EX}kept` }));
    expect(entity.value).not.toBeNull();
    const counts = await timed(() => e.stats());
    const edit = await timed(() => e.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:fresh rdfs:label "fresh" }`, label: 'fresh' }));
    const after = await timed(() => values(e, 'SELECT ?v WHERE { ex:fresh rdfs:label ?v }'));
    expect(after.value).toEqual(['fresh']);
    // Each within 2 s while the long query is still running (it would hold all of them for 25 s).
    for (const [what, t] of Object.entries({ short, describe, entity, counts, edit, after })) expect([what, t.ms < 2000]).toEqual([what, true]);
    expect(longEnded).toBe(false);
    // Closing does not wait for the long query either.
    await e.close({ deadlineMs: 1000 });
    expect(await long).toMatch(/closed|ran longer/);
  });

  it('answers a read asked after an acknowledged edit with the edit, through compactions and undo', { timeout: 120_000 }, async () => {
    engine = await withBigGraph();
    const e = engine;
    const before = e.graph.answered.replica;
    const expected: string[] = ['kept'];
    for (let i = 0; i < 6; i++) {
      await e.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:n${i} rdfs:label "n${i}" }`, label: `n${i}` });
      expected.push(`n${i}`);
      // Two compactions with no read between them drop a journal entry the replica has not applied: it must notice.
      if (i === 2 || i === 3) await e.graph.request({ op: 'compact' });
      if (i === 2) continue;
      expect(await values(e, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual([...expected].sort());
    }
    await e.undo();
    expected.pop();
    expect(await values(e, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual([...expected].sort());
    expect((await e.editHistory())[0]).toMatchObject({ label: 'n5', undone: true });
    // The first reads went to the replica (the main worker was free: reads prefer it); the one
    // after the compactions found it behind, and the main worker answered while a new one loaded.
    expect(e.graph.answered.replica - before).toBeGreaterThanOrEqual(2);
    await replicaLoaded(e);
    const now = e.graph.answered.replica;
    expect(await values(e, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual([...expected].sort());
    expect(e.graph.answered.replica).toBe(now + 1);
  });

  it('is not started for a one-shot command (the option is off without startGraph)', async () => {
    engine = await openEngine();
    await values(engine, 'SELECT ?v WHERE { ?s rdfs:label ?v }');
    await new Promise((r) => setTimeout(r, 500));
    expect(engine.graph.replicaReady).toBe(false);
    expect(engine.graph.answered.replica).toBe(0);
  });
});
