// The safety gate of Ask's SPARQL: parsed with sparqljs, read-only forms only, no SERVICE,
// known prefixes declared, the row limit injected or lowered; and at run time the time limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadOnly, SparqlRefused } from '../../electron/node/engine/ask/sparql-safety';
import { runAskQuery } from '../../electron/node/engine/ask/graph-route';
import type { Engine } from '../../electron/node/engine/engine';
import { demoEngine } from './support';

const refused = (q: string) => {
  try {
    checkReadOnly(q, 100);
  } catch (e) {
    expect(e).toBeInstanceOf(SparqlRefused);
    return e as SparqlRefused;
  }
  throw new Error(`not refused: ${q}`);
};

describe('checkReadOnly', () => {
  it('accepts the four read-only forms', () => {
    expect(checkReadOnly('SELECT ?s WHERE { ?s ?p ?o }', 100).form).toBe('SELECT');
    expect(checkReadOnly('ASK { ?s ?p ?o }', 100).form).toBe('ASK');
    expect(checkReadOnly('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }', 100).form).toBe('CONSTRUCT');
    expect(checkReadOnly('DESCRIBE <https://engram.local/memory/entity/x>', 100).form).toBe('DESCRIBE');
  });

  it('refuses every update operation with a message that says why', () => {
    for (const q of [
      'INSERT DATA { <urn:a> <urn:b> <urn:c> }',
      'DELETE WHERE { ?s ?p ?o }',
      'DELETE { ?s ?p ?o } INSERT { ?s ?p "x" } WHERE { ?s ?p ?o }',
      'LOAD <http://example.org/data.ttl>',
      'CLEAR ALL',
      'DROP GRAPH <https://engram.local/memory/graph/user>',
      'CREATE GRAPH <urn:g>',
      'ADD DEFAULT TO <urn:g>',
      'PREFIX schema: <https://schema.org/> INSERT DATA { <urn:a> schema:name "x" } ; DELETE DATA { <urn:a> schema:name "y" }',
    ]) {
      const e = refused(q);
      expect(e.reason).toBe('update');
      expect(e.message).toMatch(/^Only read-only queries \(SELECT, ASK, CONSTRUCT, DESCRIBE\) run in Ask/);
    }
  });

  it('refuses SERVICE anywhere in the query (also nested)', () => {
    const e = refused('SELECT * WHERE { ?s ?p ?o OPTIONAL { { SELECT ?x WHERE { SERVICE <http://example.org/sparql> { ?x ?y ?z } } } } }');
    expect(e.reason).toBe('service');
    expect(e.message).toMatch(/SERVICE/);
  });

  it('reports syntax errors with their line', () => {
    const e = refused('SELECT ?s WHERE {\n  ?s ?p ?o .\n  FILTER(?o = }');
    expect(e.reason).toBe('syntax');
    expect(e.message).toMatch(/^SPARQL syntax error on line 3/);
  });

  it('declares known prefixes the text uses without PREFIX lines, leaves declared ones alone', () => {
    const c = checkReadOnly('SELECT ?x WHERE { ?x a schema:Event ; rdfs:label ?l }', 100);
    expect(c.text).toMatch(/^PREFIX schema: <https:\/\/schema.org\/>\nPREFIX rdfs: /);
    expect(c.notes).toContain('declared 2 known prefixes');
    const own = checkReadOnly('PREFIX schema: <http://schema.org/>\nSELECT ?x WHERE { ?x a schema:Event }', 100);
    expect(own.text).not.toMatch(/https:\/\/schema.org/);
    expect(refused('SELECT ?x WHERE { ?x a ex:Thing }').reason).toBe('syntax');
  });

  it('caps the rows: LIMIT added, a larger LIMIT lowered, a smaller one kept, a trailing VALUES handled', () => {
    expect(checkReadOnly('SELECT ?s WHERE { ?s ?p ?o }', 100).text).toMatch(/\nLIMIT 100$/);
    const lowered = checkReadOnly('SELECT ?s WHERE { ?s ?p ?o } LIMIT 100000', 100);
    expect(lowered.text).toMatch(/LIMIT 100\b/);
    expect(lowered.text).not.toMatch(/100000/);
    expect(lowered.notes).toContain('LIMIT 100000 lowered to 100');
    expect(checkReadOnly('SELECT ?s WHERE { ?s ?p ?o } LIMIT 5', 100).text).toBe('SELECT ?s WHERE { ?s ?p ?o } LIMIT 5');
    const values = checkReadOnly('SELECT ?s WHERE { ?s ?p ?o } VALUES ?s { <urn:a> }', 100);
    expect(values.text).toMatch(/LIMIT 100/);
    expect(() => checkReadOnly(values.text, 100)).not.toThrow();
    expect(checkReadOnly('ASK { ?s ?p ?o }', 100).text).toBe('ASK { ?s ?p ?o }');
  });
});

describe('runAskQuery (graph store)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await demoEngine();
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('returns refusals as results with an error, never as exceptions, and runs nothing', async () => {
    const before = await engine.graph.request({ op: 'size' });
    const r = await runAskQuery(engine.graph, 'DELETE WHERE { ?s ?p ?o }');
    expect(r.error).toMatch(/read-only/);
    expect(r.rows).toEqual([]);
    expect(await engine.graph.request({ op: 'size' })).toBe(before);
  });

  it('stops a query at its time limit, and the store answers the next one', async () => {
    const slow = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }';
    const r = await runAskQuery(engine.graph, slow, { timeoutMs: 300 });
    expect(r.error).toMatch(/ran longer than .* \(Ask stops queries after 0.3 s\)$/);
    const next = await runAskQuery(engine.graph, 'SELECT (COUNT(*) AS ?n) WHERE { ?s a <http://rdfs.org/sioc/ns#Post> }');
    expect(next.error).toBeUndefined();
    expect(Number(next.rows[0].n.value)).toBe(280);
  }, 60_000);

  it('keeps at most the row cap and says the result was truncated', async () => {
    const r = await runAskQuery(engine.graph, 'SELECT ?s WHERE { ?s a <http://rdfs.org/sioc/ns#Post> }', { rowCap: 10 });
    expect(r.rows).toHaveLength(10);
    expect(r.notes).toContain('LIMIT 10 added');
  });

  it('CONSTRUCT results come back as s/p/o rows', async () => {
    const r = await runAskQuery(engine.graph, 'CONSTRUCT { ?p <http://xmlns.com/foaf/0.1/name> ?n } WHERE { ?p <http://xmlns.com/foaf/0.1/name> ?n }');
    expect(r.kind).toBe('graph');
    expect(r.vars).toEqual(['s', 'p', 'o']);
    // the speakers, and the memory's owner (Maya, as "you")
    expect(r.rows.map((x) => x.o.value).sort()).toEqual(['Assistant', 'Lena', 'Maya', 'Maya', 'Tobi']);
  });
});
