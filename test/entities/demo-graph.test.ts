// The demo memory's hand-written knowledge graph (resources/demo/demo-graph.ttl): imported with
// the demo through the engine, every message reference resolved, every individual labelled and
// typed with a class the ontology declares, only declared properties, and the duplicates that
// the merge scenario needs.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Parser } from 'n3';
import { GRAPHS, MEMORY_BASE, OWNER_IRI, PREFIXES } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { DEMO_GRAPH, DEMO_MESSAGE_NS } from '../../electron/node/engine/import/demo-graph';
import { speakerIri } from '../../electron/node/engine/stores/graph/messages-graph';
import { finished, openEngine, tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TTL = fs.readFileSync(path.join(ROOT, 'resources/demo/demo-graph.ttl'), 'utf8');
const { rdf, rdfs, owl, prov, pcm, foaf, schema } = PREFIXES;
const E = `${MEMORY_BASE}entity/`;

let engine: Engine;

async function select(query: string): Promise<Record<string, { value: string; type: string }>[]> {
  const r = await engine.sparqlQuery({ query });
  if (r.kind !== 'select') throw new Error('expected a SELECT result');
  return r.rows as Record<string, { value: string; type: string }>[];
}

beforeAll(async () => {
  engine = await openEngine(tempDir('engram-demo-graph-'), { withoutOntology: false, autoGraph: false });
  const job = await finished(engine, engine.importDemo());
  expect(job.state).toBe('done');
});
afterAll(async () => {
  await engine.close();
});

describe('the demo knowledge graph', () => {
  it('is written by hand and says so', () => {
    expect(TTL.split('\n')[0]).toMatch(/WRITTEN BY HAND/);
    expect(fs.readFileSync(path.join(ROOT, 'resources/demo/README.md'), 'utf8')).toMatch(/demo-graph\.ttl[\s\S]*by hand/i);
  });

  it('is loaded into its machine graph with every message reference resolved to a post', async () => {
    const [{ n }] = await select(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${DEMO_GRAPH}> { ?s ?p ?o } }`);
    const parsed = new Parser().parse(TTL);
    expect(Number(n.value)).toBe(parsed.length);
    // No urn:engram-demo:message: IRI survives the load; each one became a post of this memory.
    const leftovers = await select(`SELECT ?o WHERE { GRAPH <${DEMO_GRAPH}> { ?s ?p ?o FILTER(isIRI(?o) && STRSTARTS(STR(?o), "${DEMO_MESSAGE_NS}")) } }`);
    expect(leftovers).toEqual([]);
    const referenced = new Set(parsed.filter((q) => q.object.value.startsWith(DEMO_MESSAGE_NS)).map((q) => q.object.value.slice(DEMO_MESSAGE_NS.length)));
    const posts = await select(`SELECT DISTINCT ?post WHERE { GRAPH <${DEMO_GRAPH}> { ?s <${prov}wasDerivedFrom> ?post } GRAPH ?g { ?post a <${PREFIXES.sioc}Post> } }`);
    expect(posts.length).toBe(referenced.size);
    expect(referenced.size).toBeGreaterThan(100);
  });

  it('every individual has a label, a declared class, and provenance; every property is declared', async () => {
    const individuals = await select(`SELECT DISTINCT ?s WHERE { GRAPH <${DEMO_GRAPH}> { ?s ?p ?o } }`);
    expect(individuals.length).toBeGreaterThanOrEqual(60);
    expect(individuals.length).toBeLessThanOrEqual(200);
    const declaredClasses = new Set(
      (await select(`SELECT ?c WHERE { GRAPH <${GRAPHS.ontology}> { ?c a <${owl}Class> } }`)).map((r) => r.c.value),
    );
    const declaredProperties = new Set(
      (
        await select(
          `SELECT ?p WHERE { GRAPH <${GRAPHS.ontology}> { ?p a ?k VALUES ?k { <${owl}ObjectProperty> <${owl}DatatypeProperty> <${owl}AnnotationProperty> } } }`,
        )
      ).map((r) => r.p.value),
    );
    const rows = await select(`SELECT ?s ?p ?o WHERE { GRAPH <${DEMO_GRAPH}> { ?s ?p ?o } }`);
    const problems: string[] = [];
    for (const { s } of individuals) {
      const own = rows.filter((r) => r.s.value === s.value);
      if (!own.some((r) => r.p.value === `${rdfs}label` && r.o.value.trim())) problems.push(`${s.value}: no rdfs:label`);
      const types = own.filter((r) => r.p.value === `${rdf}type`).map((r) => r.o.value);
      if (!types.length) problems.push(`${s.value}: no type`);
      for (const t of types) if (!declaredClasses.has(t)) problems.push(`${s.value}: undeclared class ${t}`);
      if (!own.some((r) => r.p.value === `${prov}wasDerivedFrom`)) problems.push(`${s.value}: no prov:wasDerivedFrom`);
    }
    for (const p of new Set(rows.map((r) => r.p.value))) {
      if (p !== `${rdf}type` && p !== `${rdfs}label` && !declaredProperties.has(p)) problems.push(`undeclared property ${p}`);
    }
    // Objects in the ontology's namespaces (days, statuses) are individuals the ontology declares.
    const external = new Set(rows.filter((r) => r.o.type === 'uri' && r.o.value.startsWith(schema)).map((r) => r.o.value));
    for (const iri of external) {
      const [{ n }] = await select(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${GRAPHS.ontology}> { <${iri}> a ?t } }`);
      if (Number(n.value) === 0) problems.push(`undeclared individual ${iri}`);
    }
    expect(problems).toEqual([]);
  });

  it("the person is the memory's owner, the same as the messages graph's speaker node, and the other speakers are reused", async () => {
    const maya = await engine.getEntity({ iri: OWNER_IRI });
    expect(maya).not.toBeNull();
    expect(maya!.category).toBe('Person');
    const label = maya!.properties.find((p) => p.predicate === `${rdfs}label`)!;
    expect(label.values).toEqual([{ term: { type: 'literal', value: 'Maya' }, origins: expect.arrayContaining(['owner', 'extraction']) }]);
    const speaker = await engine.getEntity({ iri: speakerIri('Maya', 'user') });
    expect(speaker!.properties.find((p) => p.predicate === `${owl}sameAs`)!.values[0]).toMatchObject({ term: { type: 'uri', value: OWNER_IRI }, origins: ['owner'] });
    expect(maya!.properties.find((p) => p.predicate === `${pcm}hasPet`)!.values[0]).toMatchObject({ label: 'Pixel', origins: ['extraction'] });
    expect(maya!.provenance.length).toBeGreaterThan(0);
    for (const [name, role] of [['Lena', 'user'], ['Tobi', 'user'], ['Assistant', 'assistant']] as const) {
      const e = await engine.getEntity({ iri: speakerIri(name, role) });
      expect(e!.types.some((t) => t.origins.includes('extraction')), name).toBe(true);
    }
  });

  it('holds the duplicates a person would merge, derived from different messages', async () => {
    const found = await engine.listIndividuals({ classIri: `${foaf}Person`, search: 'aydin' });
    expect(found.rows.map((r) => r.label).sort()).toEqual(['Dr. Aydin', 'Dr. Selin Aydin']);
    const [full, short] = await Promise.all([engine.getEntity({ iri: `${E}dr-selin-aydin` }), engine.getEntity({ iri: `${E}dr-aydin` })]);
    expect(full!.types.map((t) => t.iri)).toContain(`${foaf}Person`);
    expect(short!.types.map((t) => t.iri)).toContain(`${foaf}Person`);
    const ids = (e: typeof full) => new Set(e!.provenance.map((m) => m.externalId));
    expect([...ids(full)].some((id) => ids(short).has(id))).toBe(false);
    const plants = await engine.listIndividuals({ classIri: `${pcm}Plant` });
    expect(plants.rows.map((r) => r.label)).toEqual(expect.arrayContaining(['Monstera', 'Monty']));
  });

  it('looks alive in the Graph tab: many connected entities across the top-level categories', async () => {
    const view = await engine.graphView({ limit: 5000 });
    expect(view.truncated).toBe(false);
    expect(view.nodes.length).toBeGreaterThan(100);
    const categories = new Set(view.nodes.map((n) => n.category));
    for (const c of ['Person', 'Event', 'Action', 'Place', 'Product', 'Preference', 'Habit', 'Organization', 'CreativeWork']) {
      expect(categories, c).toContain(c);
    }
    // Dates and prices are typed literals the ask/timeline features can compute with.
    const shoes = await engine.getEntity({ iri: `${E}buy-running-shoes` });
    const price = shoes!.properties.find((p) => p.predicate === `${schema}price`)!.values[0].term;
    expect(price).toMatchObject({ type: 'literal', value: '120', datatype: `${PREFIXES.xsd}decimal` });
  });
});

describe('the Entities and Graph tabs on the demo graph', () => {
  it('lists individuals, not the ontology: no classes, properties or removal records among them', async () => {
    const all = await engine.listIndividuals({ limit: 5000 });
    const iris = all.rows.map((r) => r.iri);
    expect(iris).not.toContain(`${schema}Person`);
    expect(iris).not.toContain(`${pcm}hasPet`);
    expect(iris.some((i) => i.startsWith(PREFIXES.pcm) || i.startsWith(schema))).toBe(false);
    expect(iris).toContain(`${E}pixel`);
    // The count agrees with the class tree's.
    const tree = await engine.classTree();
    expect(tree.find((c) => c.iri === `${schema}Thing`)!.total).toBeLessThanOrEqual(all.total);
    // A removed type leaves no "removal record" individual behind.
    await engine.editTriples({ label: 'untype', remove: [{ s: `${E}basil`, p: `${rdf}type`, o: { type: 'uri', value: `${pcm}Plant` } }], add: [] });
    const after = await engine.listIndividuals({ limit: 5000 });
    expect(after.total).toBe(all.total - 1);
    await engine.undo();
  });

  it('a neighbourhood honours the class and time filters (the seed stays)', async () => {
    const maya = OWNER_IRI;
    const places = await engine.graphView({ seed: { kind: 'entity', iri: maya }, depth: 1, classIris: [`${schema}Place`] });
    expect(places.nodes.map((n) => n.id)).toContain(maya);
    expect(places.nodes.filter((n) => n.id !== maya).every((n) => n.category === 'Place' || n.category === 'Organization')).toBe(true);
    expect(places.nodes.length).toBeGreaterThan(2);
    const unfiltered = await engine.graphView({ seed: { kind: 'entity', iri: maya }, depth: 1 });
    expect(unfiltered.nodes.length).toBeGreaterThan(places.nodes.length);
    // Messages, shown with the conversation structure, are named by the start of their text.
    const withMessages = await engine.graphView({ seed: { kind: 'entity', iri: `${E}pixel` }, depth: 1, includeStructure: true });
    expect(withMessages.nodes.filter((n) => n.category === 'Message').map((n) => n.label)).toContain('Runs on Monday, Wednesday and Friday at 6:30.…');
    // Entities derived from messages of the first half of October only.
    const october = await engine.graphView({ seed: { kind: 'entity', iri: maya }, depth: 1, from: '2026-10-01', to: '2026-10-15' });
    const labels = october.nodes.map((n) => n.label);
    expect(labels).toContain('Monty');
    expect(labels).not.toContain('Long weekend in Porto with Lena');
    for (const e of october.edges) expect(october.nodes.some((n) => n.id === e.source) && october.nodes.some((n) => n.id === e.target)).toBe(true);
  });
});

describe("the person's edits to the demo graph", () => {
  it('survive importing the demo again (its graph is re-applied, as a re-extraction would)', async () => {
    const pixel = `${E}pixel`;
    const breed = { s: pixel, p: `${pcm}petBreed`, o: { type: 'literal' as const, value: 'beagle' } };
    const age = { s: pixel, p: `${foaf}age`, o: { type: 'literal' as const, value: '3', datatype: `${PREFIXES.xsd}integer` } };
    await engine.editTriples({ label: 'Remove the breed', remove: [breed], add: [] });
    await engine.editTriples({ label: 'Pixel is 4', remove: [age], add: [{ ...age, o: { ...age.o, value: '4' } }] });
    const job = await finished(engine, engine.importDemo());
    expect(job.state).toBe('done');
    const after = await engine.getEntity({ iri: pixel });
    const values = (p: string) => after!.properties.find((x) => x.predicate === p)?.values ?? [];
    expect(values(`${pcm}petBreed`)).toEqual([]);
    expect(values(`${foaf}age`)).toEqual([{ term: { type: 'literal', value: '4', datatype: `${PREFIXES.xsd}integer` }, origins: ['person'] }]);
    // The rest of the machine graph is back as it was.
    expect(values(`${pcm}petSpecies`)[0]).toMatchObject({ term: { value: 'dog' }, origins: ['extraction'] });
    await engine.undo();
    await engine.undo();
  });
});
