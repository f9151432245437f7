import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS, MEMORY_BASE } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { openEngine, tempDir } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

const EX = 'http://example.org/';
const PFX = `PREFIX ex: <${EX}> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>`;

async function values(e: Engine, sparql: string, v = 'v'): Promise<string[]> {
  const r = await e.sparqlQuery({ query: `${PFX} ${sparql}` });
  if (r.kind !== 'select') throw new Error('not a select');
  return r.rows.map((row) => row[v]?.value ?? '').sort();
}

/** What a machine write (e.g. an extraction chunk) would put in its own graph. */
async function machineWrite(e: Engine, chunk: string, turtle: string) {
  await e.graph.request({
    op: 'replaceGraph',
    graph: GRAPHS.extraction(chunk),
    data: `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n${turtle}`,
    format: 'turtle',
    asEdit: false,
    label: `extract ${chunk}`,
    respectRemovals: true,
  });
}

describe('the durable graph store', () => {
  it('journals edits, undoes and redoes them, and keeps all of it across restarts', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:maya rdfs:label "Maya" }`, label: 'add Maya' });
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:tom rdfs:label "Tom" }`, label: 'add Tom' });
    expect(await values(engine, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual(['Maya', 'Tom']);
    expect(await engine.undo()).toMatchObject({ label: 'add Tom' });
    expect(await values(engine, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual(['Maya']);
    await engine.close();

    engine = await openEngine(dir);
    expect(await values(engine, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual(['Maya']);
    expect(await engine.redo()).toMatchObject({ label: 'add Tom' });
    expect(await values(engine, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual(['Maya', 'Tom']);
    expect(await engine.redo()).toBeNull();
    const history = await engine.editHistory();
    expect(history.map((h) => [h.label, h.undone])).toEqual([
      ['add Tom', false],
      ['add Maya', false],
    ]);
    // A new edit after an undo ends the redo chain.
    await engine.undo();
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:ana rdfs:label "Ana" }`, label: 'add Ana' });
    expect(await engine.redo()).toBeNull();
  });

  it('DELETE/INSERT WHERE edits the union view; a failing multi-part update changes nothing', async () => {
    engine = await openEngine();
    await machineWrite(engine, 'c1', 'ex:maya rdfs:label "Maya" ; ex:city "Berlin" .');
    await engine.sparqlUpdate({ update: `${PFX} DELETE { ?s ex:city ?c } INSERT { ?s ex:city "Lisbon" } WHERE { ?s ex:city ?c }` });
    expect(await values(engine, 'SELECT ?v WHERE { ex:maya ex:city ?v }')).toEqual(['Lisbon']);
    // The new value is the person's; the old one's removal is recorded.
    expect(await values(engine, `SELECT ?v WHERE { GRAPH <${GRAPHS.user}> { ex:maya ex:city ?v } }`)).toEqual(['Lisbon']);

    await expect(
      engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:x ex:y "1" } ; LOAD <http://example.org/remote>` }),
    ).rejects.toThrow(/LOAD is not available/);
    expect(await values(engine, 'SELECT ?v WHERE { ex:x ex:y ?v }')).toEqual([]);
    await expect(engine.sparqlUpdate({ update: 'INSERT DATA { <a> <b> ' })).rejects.toThrow(/SPARQL syntax error/);
  });

  it("the person's removals and fixes win over a later machine re-write of the same graph", async () => {
    engine = await openEngine();
    await machineWrite(engine, 'c1', 'ex:maya rdfs:label "Mya" ; ex:pet ex:rex . ex:rex rdfs:label "Rex" .');
    // The person fixes a label and deletes a wrong link.
    await engine.sparqlUpdate({ update: `${PFX} DELETE DATA { ex:maya rdfs:label "Mya" } ; INSERT DATA { ex:maya rdfs:label "Maya" }` });
    await engine.sparqlUpdate({ update: `${PFX} DELETE WHERE { ex:maya ex:pet ?p }` });
    // Re-extraction writes the same chunk again.
    await machineWrite(engine, 'c1', 'ex:maya rdfs:label "Mya" ; ex:pet ex:rex ; ex:age 33 . ex:rex rdfs:label "Rex" .');
    expect(await values(engine, 'SELECT ?v WHERE { ex:maya rdfs:label ?v }')).toEqual(['Maya']);
    expect(await values(engine, 'SELECT ?v WHERE { ex:maya ex:pet ?v }')).toEqual([]);
    expect(await values(engine, 'SELECT ?v WHERE { ex:maya ex:age ?v }')).toEqual(['33']);
    // Putting a removed triple back clears its removal record.
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:maya ex:pet ex:rex }` });
    await machineWrite(engine, 'c1', 'ex:maya ex:pet ex:rex .');
    expect(await values(engine, 'SELECT ?v WHERE { ex:maya ex:pet ?v }')).toEqual([`${EX}rex`]);
  });

  it('blank nodes become stable skolem IRIs, so edits to them replay and undo exactly', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:maya ex:address [ ex:city "Porto" ] }` });
    const [node] = await values(engine, 'SELECT ?v WHERE { ex:maya ex:address ?v }');
    expect(node.startsWith(`${MEMORY_BASE}.well-known/genid/`)).toBe(true);
    await engine.sparqlUpdate({ update: `${PFX} DELETE WHERE { ?a ex:city "Porto" }` });
    await engine.close();
    engine = await openEngine(dir);
    expect(await values(engine, 'SELECT ?v WHERE { ?a ex:city ?v }')).toEqual([]);
    await engine.undo();
    expect(await values(engine, 'SELECT ?v WHERE { ?a ex:city ?v }')).toEqual(['Porto']);
  });

  it('applies Turtle to exactly one graph or one entity, and validates with positions', async () => {
    engine = await openEngine();
    await machineWrite(engine, 'c1', 'ex:maya rdfs:label "Maya" ; ex:city "Berlin" . ex:tom rdfs:label "Tom" .');
    const bad = await engine.validateTurtle({ turtle: '@prefix ex: <http://example.org/> .\nex:a ex:b "open .\n' });
    expect(bad.ok).toBe(false);
    expect(bad.errors[0]).toMatchObject({ line: 2 });
    await expect(engine.applyTurtle({ entity: `${EX}maya`, turtle: 'ex:maya ex:city "x"' })).rejects.toThrow(/Turtle error at line 1/);

    await engine.applyTurtle({ entity: `${EX}maya`, turtle: `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . ex:maya rdfs:label "Maya" ; ex:city "Lisbon" .` });
    expect(await values(engine, 'SELECT ?v WHERE { ex:maya ex:city ?v }')).toEqual(['Lisbon']);
    expect(await values(engine, 'SELECT ?v WHERE { ex:tom rdfs:label ?v }')).toEqual(['Tom']);
    await expect(
      engine.applyTurtle({ entity: `${EX}maya`, turtle: `@prefix ex: <${EX}> . ex:tom ex:city "Rome" .` }),
    ).rejects.toThrow(/only triples about/);

    const g = GRAPHS.extraction('c1');
    await engine.applyTurtle({ graph: g, turtle: `@prefix ex: <${EX}> . ex:only ex:thing "here" .` });
    expect((await engine.getTurtle({ graph: g })).triples).toBe(1);
    await engine.undo();
    expect((await engine.getTurtle({ graph: g })).triples).toBe(2);
  });

  it('exports graphs in every format', async () => {
    engine = await openEngine();
    await machineWrite(engine, 'c1', 'ex:maya rdfs:label "Maya" .');
    for (const format of ['turtle', 'n-quads', 'n-triples', 'trig', 'json-ld'] as const) {
      const { data, fileName } = await engine.exportGraph({ format, graph: GRAPHS.extraction('c1') });
      expect(data, format).toContain('Maya');
      expect(fileName).toMatch(/^c1\./);
    }
    const nq = (await engine.exportGraph({ format: 'n-quads' })).data;
    expect(nq).toContain(`<${GRAPHS.extraction('c1')}>`);
  });

  it('compacts into a snapshot and recovers from snapshot + journal', async () => {
    const dir = tempDir();
    engine = await openEngine(dir, { graphCompactBytes: 1 });
    for (let i = 0; i < 5; i++) await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:n${i} rdfs:label "n${i}" }` });
    await engine.graph.request({ op: 'compact' });
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:after rdfs:label "after" }` });
    await engine.close();
    // The newest snapshot, and the one before it as its fallback (with the journal after it).
    const snapshots = fs.readdirSync(path.join(dir, 'graph')).filter((f) => f.startsWith('snapshot-'));
    expect(snapshots.length).toBeGreaterThanOrEqual(1);
    expect(snapshots.length).toBeLessThanOrEqual(2);
    engine = await openEngine(dir);
    expect(await values(engine, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual(['after', 'n0', 'n1', 'n2', 'n3', 'n4']);
    // Undo still reaches edits folded into the snapshot.
    await engine.undo();
    await engine.undo();
    expect(await values(engine, 'SELECT ?v WHERE { ?s rdfs:label ?v }')).toEqual(['n0', 'n1', 'n2', 'n3']);
  });

  it('stops a query that overruns its time limit and keeps serving', async () => {
    engine = await openEngine();
    const triples = Array.from({ length: 300 }, (_, i) => `ex:s${i} ex:p ${i} .`).join('\n');
    await machineWrite(engine, 'big', triples);
    const slow = `${PFX} SELECT (COUNT(*) AS ?n) WHERE { ?a ex:p ?x . ?b ex:p ?y . ?c ex:p ?z . ?d ex:p ?w }`;
    await expect(engine.sparqlQuery({ query: slow, timeoutMs: 300 })).rejects.toThrow(/ran longer than/);
    expect(await values(engine, 'SELECT ?v WHERE { ex:s1 ex:p ?v }')).toEqual(['1']);
  });

  it('stops a runaway update within its time limit, changes nothing, and keeps serving with every committed edit', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await machineWrite(engine, 'big', Array.from({ length: 300 }, (_, i) => `ex:s${i} ex:p ${i} .`).join('\n'));
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:kept rdfs:label "kept" }` });
    // A cartesian DELETE … WHERE: 300^4 solutions.
    const runaway = `${PFX} DELETE { ?a ex:p ?x } WHERE { ?a ex:p ?x . ?b ex:p ?y . ?c ex:p ?z . ?d ex:p ?w }`;
    const t0 = performance.now();
    await expect(engine.sparqlUpdate({ update: runaway, timeoutMs: 500 })).rejects.toThrow(/the update ran longer than 0.5 s and was stopped; nothing was changed/);
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(await values(engine, 'SELECT ?v WHERE { ex:s1 ex:p ?v }')).toEqual(['1']);
    expect(await values(engine, 'SELECT ?v WHERE { ex:kept rdfs:label ?v }')).toEqual(['kept']);
    expect((await engine.editHistory()).map((e) => e.label)).toEqual(['SPARQL update']);
    await engine.close();
    engine = await openEngine(dir);
    expect(await values(engine, 'SELECT (COUNT(*) AS ?v) WHERE { ?s ex:p ?o }')).toEqual(['300']);
  });

  it('a close with a deadline (a signal) does not wait for a long read, and keeps every committed edit', async () => {
    const dir = tempDir();
    const e = await openEngine(dir);
    await machineWrite(e, 'big', Array.from({ length: 300 }, (_, i) => `ex:s${i} ex:p ${i} .`).join('\n'));
    await e.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:kept rdfs:label "kept" }` });
    const slow = e.sparqlQuery({ query: `${PFX} SELECT (COUNT(*) AS ?n) WHERE { ?a ex:p ?x . ?b ex:p ?y . ?c ex:p ?z . ?d ex:p ?w }`, timeoutMs: 20_000 }).catch((err: Error) => err.message);
    await new Promise((r) => setTimeout(r, 300));
    const t0 = performance.now();
    await e.close({ deadlineMs: 4000 });
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(await slow).toMatch(/closed/);
    engine = await openEngine(dir);
    expect(await values(engine, 'SELECT ?v WHERE { ex:kept rdfs:label ?v }')).toEqual(['kept']);
  });

  it('honours FROM and FROM NAMED: a query that names its dataset is run on it, not on the union', async () => {
    engine = await openEngine();
    await machineWrite(engine, 'c1', 'ex:a rdfs:label "in c1" .');
    await machineWrite(engine, 'c2', 'ex:a rdfs:label "in c2" .');
    const g1 = GRAPHS.extraction('c1');
    expect(await values(engine, 'SELECT ?v WHERE { ex:a rdfs:label ?v }')).toEqual(['in c1', 'in c2']);
    expect(await values(engine, `SELECT ?v FROM <${g1}> WHERE { ex:a rdfs:label ?v }`)).toEqual(['in c1']);
    expect(await values(engine, `SELECT ?v FROM NAMED <${g1}> WHERE { GRAPH ?g { ex:a rdfs:label ?v } }`)).toEqual(['in c1']);
    // FROM NAMED alone: the default graph is empty, as SPARQL says.
    expect(await values(engine, `SELECT ?v FROM NAMED <${g1}> WHERE { ex:a rdfs:label ?v }`)).toEqual([]);
  });

  it('caps SELECT results at the row limit and says so', async () => {
    engine = await openEngine();
    await machineWrite(engine, 'big', Array.from({ length: 50 }, (_, i) => `ex:s${i} ex:p ${i} .`).join('\n'));
    const r = await engine.sparqlQuery({ query: `${PFX} SELECT ?s ?v WHERE { ?s ex:p ?v }`, limit: 10 });
    expect(r).toMatchObject({ kind: 'select', truncated: true, vars: ['s', 'v'] });
    if (r.kind === 'select') expect(r.rows).toHaveLength(10);
  });
});
