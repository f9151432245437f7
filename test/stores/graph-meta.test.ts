// The graph loads only when needed; what it holds is known without it: an import with the graph
// not loaded journals its messages graph, which the graph builds when it next loads; the counts
// kept beside the journal, and the statistics made from them and the chat table, are what a
// scan of the loaded store gives; snapshots name messages graphs by source instead of writing
// them out, and loading one rebuilds them exactly.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS, PREFIXES } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { fixture, importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

const FILES = [fixture('locomo', 'mini.json'), fixture('claude', 'conversations.json'), fixture('chatgpt', 'conversations.json')];

async function select(e: Engine, sparql: string): Promise<Record<string, string>[]> {
  const r = await e.sparqlQuery({ query: sparql, limit: 1_000_000 });
  if (r.kind !== 'select') throw new Error('not a select');
  return r.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v.value])));
}

/** The statistics as a scan of the loaded store gives them (what stats computed before the counts were kept). */
async function scannedStats(e: Engine) {
  const notHidden = `FILTER(?g != <${GRAPHS.ontology}> && ?g != <${GRAPHS.userRemoved}>)`;
  const one = async (q: string) => Number((await select(e, q))[0].n);
  const types = await select(e, `SELECT ?t (COUNT(DISTINCT ?s) AS ?n) WHERE { GRAPH ?g { ?s a ?t } ${notHidden} } GROUP BY ?t`);
  const perGraph = await select(e, 'SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g');
  return {
    triples: await e.graph.request({ op: 'size' }),
    graphs: perGraph.length,
    perGraph: Object.fromEntries(perGraph.map((r) => [r.g, Number(r.n)])),
    nodes: await one(`SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } ${notHidden} }`),
    edges: await one(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o FILTER(isIRI(?o) && ?p != <${PREFIXES.rdf}type>) } ${notHidden} }`),
    types: Object.fromEntries(types.map((r) => [r.t, Number(r.n)])),
  };
}

async function everything(e: Engine): Promise<string[]> {
  const { data } = await e.graph.request({ op: 'export', format: 'n-quads' });
  return data.split('\n').filter(Boolean).sort();
}

describe('the graph, loaded only when needed', () => {
  it('an import with the graph not loaded journals its messages graph; stats and listings need no graph; the graph builds it when it loads', async () => {
    const dir = tempDir();
    engine = await openEngine(dir, { withoutOntology: false });
    await importFiles(engine, ...FILES);
    const stats = await engine.stats();
    const graphs = await engine.listGraphs();
    expect(engine.graph.started).toBe(false);
    expect(stats.messages).toBeGreaterThan(10);
    expect(graphs.filter((g) => g.kind === 'messages')).toHaveLength(3);
    expect(graphs.find((g) => g.kind === 'ontology')!.triples).toBeGreaterThan(500);
    expect(fs.existsSync(path.join(dir, 'graph'))).toBe(false);

    // The graph loads: what it builds is what the counts said.
    const scanned = await scannedStats(engine);
    expect(engine.graph.started).toBe(true);
    expect(stats).toMatchObject({ triples: scanned.triples, graphs: scanned.graphs, nodes: scanned.nodes, edges: scanned.edges });
    expect(Object.fromEntries(graphs.map((g) => [g.iri, g.triples]))).toEqual(scanned.perGraph);
    for (const t of stats.topTypes) expect(scanned.types[t.iri]).toBe(t.count);
    expect(stats.topTypes.find((t) => t.iri === `${PREFIXES.sioc}Post`)).toMatchObject({ label: 'Message', count: stats.messages });
    // Every message is a lean sioc:Post: its speaker, session and time; its words stay in the chat table.
    const posts = await select(engine, `SELECT (COUNT(?p) AS ?n) WHERE { ?p a <${PREFIXES.sioc}Post> ; <${PREFIXES.sioc}has_creator> ?c ; <${PREFIXES.pcm}inSession> ?s ; <${PREFIXES.dcterms}created> ?d }`);
    expect(Number(posts[0].n)).toBe(stats.messages);
    expect(await select(engine, `SELECT ?c WHERE { ?p <${PREFIXES.sioc}content> ?c } LIMIT 1`)).toEqual([]);
  }, 60_000);

  it('counts follow extraction graphs and the person’s edits, and a speaker both sides describe is one node', async () => {
    engine = await openEngine(tempDir());
    await importFiles(engine, fixture('locomo', 'mini.json'));
    const [post] = await select(engine, `SELECT ?p ?who WHERE { ?p a <${PREFIXES.sioc}Post> ; <${PREFIXES.sioc}has_creator> ?who } LIMIT 1`);
    // Statistics are kept until a graph's row or the chat table changes: asked before the
    // changes below, they must not be what is answered after them.
    const beforeChanges = await engine.stats();
    expect(engine.graph.meta.keptStats(`${engine.chat.dataVersion()}|${engine.graph.meta.generation()}`)).toMatchObject({ triples: beforeChanges.triples });
    await engine.graph.request({
      op: 'replaceGraph',
      graph: GRAPHS.extraction('c1'),
      data: `<${post.who}> a <https://schema.org/Person> , <${PREFIXES.foaf}Person> ; <https://schema.org/knows> <https://engram.local/memory/person/zed> .
<https://engram.local/memory/person/zed> a <https://schema.org/Person> ; <http://www.w3.org/ns/prov#wasDerivedFrom> <${post.p}> .`,
      format: 'turtle',
      asEdit: false,
      label: 'extract',
      respectRemovals: true,
    });
    await engine.sparqlUpdate({ update: `INSERT DATA { <https://engram.local/memory/person/zed> <${PREFIXES.rdfs}label> "Zed" }`, label: 'name Zed' });
    await engine.sparqlUpdate({ update: `DELETE DATA { <${post.p}> <${PREFIXES.sioc}has_creator> <${post.who}> }`, label: 'forget who wrote it' });
    const stats = await engine.stats();
    const scanned = await scannedStats(engine);
    expect(stats).toMatchObject({ triples: scanned.triples, graphs: scanned.graphs, nodes: scanned.nodes, edges: scanned.edges });
    for (const t of stats.topTypes) expect(scanned.types[t.iri]).toBe(t.count);
    expect(Object.fromEntries((await engine.listGraphs()).map((g) => [g.iri, g.triples]))).toEqual(scanned.perGraph);
    await engine.undo();
    expect((await engine.stats()).triples).toBe(await engine.graph.request({ op: 'size' }));
  }, 60_000);

  it('a snapshot names messages graphs by source; loading it without an image rebuilds them exactly', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, ...FILES);
    await engine.graph.ready();
    const before = await everything(engine);
    await engine.close();
    // Closing with an import's messages graph in the journal wrote a snapshot (and its image).
    const files = fs.readdirSync(path.join(dir, 'graph'));
    const snapshot = files.find((f) => f.startsWith('snapshot-'))!;
    expect(files.some((f) => f.startsWith('image-'))).toBe(true);
    // The header line: its CRC-32 (8 hex digits), a space, the JSON index.
    const header = JSON.parse(fs.readFileSync(path.join(dir, 'graph', snapshot), 'utf8').split('\n')[0].slice(9));
    expect(header.graphs.filter((g: { source?: number }) => g.source !== undefined)).toHaveLength(3);
    // (the messages graphs' posts are not in it: the other graphs are, the owner's and the automatic ones)
    expect(fs.readFileSync(path.join(dir, 'graph', snapshot), 'utf8')).not.toContain(`<${PREFIXES.sioc}Post>`);

    engine = await openEngine(dir, { graphImages: false });
    expect((await engine.graph.ready()).from).toBe('snapshot');
    expect(await everything(engine)).toEqual(before);
    await engine.close();
    engine = await openEngine(dir);
    expect((await engine.graph.ready()).from).toBe('image');
    expect(await everything(engine)).toEqual(before);
  }, 60_000);

  it('a messages graph the person edited is written out in snapshots, not rebuilt', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, fixture('locomo', 'mini.json'));
    const graph = (await engine.listGraphs()).find((g) => g.kind === 'messages')!.iri;
    await engine.sparqlUpdate({ update: `INSERT DATA { GRAPH <${graph}> { <https://engram.local/memory/x> <${PREFIXES.rdfs}label> "kept" } }`, label: 'note' });
    await engine.graph.request({ op: 'compact' });
    const before = await everything(engine);
    await engine.close();
    engine = await openEngine(dir, { graphImages: false });
    expect(await everything(engine)).toEqual(before);
    expect(before.some((q) => q.includes('"kept"'))).toBe(true);
  }, 60_000);

  it('the Graph tab reads the graphs that hold entities, not the messages graphs', async () => {
    engine = await openEngine(tempDir(), { autoGraph: false });
    await importFiles(engine, ...FILES);
    // a memory whose graph holds only messages graphs (here the owner's graph taken out of the
    // counts): nothing to show, at once, and no graph loaded
    withRawSqlite(engine, (db) => db.exec(`DELETE FROM graph_meta WHERE kind = 'owner'`));
    expect(await engine.graphView({})).toEqual({ nodes: [], edges: [], truncated: false });
    expect(engine.graph.started).toBe(false);
    // With the conversation structure asked for, the messages graphs are read.
    expect((await engine.graphView({ includeStructure: true, limit: 50 })).nodes.length).toBeGreaterThan(10);
  }, 60_000);

  it('deleting a source with the graph not loaded journals the drop', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, fixture('locomo', 'mini.json'), fixture('claude', 'conversations.json'));
    const [first] = await engine.listSources();
    await engine.deleteSource({ id: first.id });
    expect(engine.graph.started).toBe(false);
    expect((await engine.listGraphs()).filter((g) => g.kind === 'messages')).toHaveLength(1);
    const stats = await engine.stats();
    const scanned = await scannedStats(engine);
    expect(stats).toMatchObject({ triples: scanned.triples, nodes: scanned.nodes, edges: scanned.edges });
  }, 60_000);

  it('a memory written before the counts were kept is counted once when its graph loads', async () => {
    const dir = tempDir();
    engine = await openEngine(dir);
    await importFiles(engine, fixture('locomo', 'mini.json'));
    await engine.graph.ready();
    await engine.close();
    engine = await openEngine(dir);
    withRawSqlite(engine, (db) => db.exec('DELETE FROM graph_meta; UPDATE graph_meta_state SET complete = 0'));
    expect(engine.graph.meta.isComplete()).toBe(false);
    const graphs = await engine.listGraphs();
    expect(engine.graph.started).toBe(true);
    expect(engine.graph.meta.isComplete()).toBe(true);
    const scanned = await scannedStats(engine);
    expect(Object.fromEntries(graphs.map((g) => [g.iri, g.triples]))).toEqual(scanned.perGraph);
    expect((await engine.stats()).nodes).toBe(scanned.nodes);
  }, 60_000);
});

describe('the profile of N-Triples a graph is replaced with', () => {
  it('counts subjects, types with IRI objects and edges to IRIs, not literals', async () => {
    const { profileOfNTriples } = await import('../../electron/node/engine/stores/graph/graph-meta');
    const type = `<${PREFIXES.rdf}type>`;
    const nt = [
      `<https://x/a> ${type} <https://x/Person> .`,
      `<https://x/a> ${type} <https://x/Agent>  .  `,
      `<https://x/b> ${type} <https://x/Person> .`,
      `<https://x/b> ${type} "not a class" .`,
      `<https://x/a> <https://x/knows> <https://x/b> .`,
      `<https://x/a> <https://x/name> "Ana <b>" .`,
      `<https://x/c> <https://x/age> "3"^^<http://www.w3.org/2001/XMLSchema#integer> .`,
      '# a comment',
      '',
    ].join('\n');
    expect(profileOfNTriples(nt)).toEqual({
      subjects: ['https://x/a', 'https://x/b', 'https://x/c'],
      types: { 'https://x/Person': [0, 1], 'https://x/Agent': [0] },
      edges: 1,
    });
  });
});
