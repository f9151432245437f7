import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GRAPHS, MEMORY_BASE, PREFIXES } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { fixture, importFiles, openEngine, tempDir } from '../support/temp-engine';

const { schema, rdfs, pcm, foaf } = PREFIXES;
const E = `${MEMORY_BASE}entity/`;

let engine: Engine;
let dir: string;

/** An extraction-like graph over the LoCoMo fixture's posts, as the extractor would write it. */
async function writeExtraction(e: Engine) {
  const { rows } = await e.listMessages({ filter: {} });
  const post = (ext: string) => rows.find((r) => r.externalId === ext)!.iri;
  const turtle = `
@prefix schema: <${schema}> . @prefix rdfs: <${rdfs}> . @prefix prov: <http://www.w3.org/ns/prov#> .
@prefix foaf: <${foaf}> . @prefix ent: <${E}> .
ent:ana a foaf:Person , schema:Person ; rdfs:label "Ana" ; prov:wasDerivedFrom <${post('D1:1')}> .
ent:ana-2 a foaf:Person ; rdfs:label "Ana R." ; schema:knows ent:ben ; prov:wasDerivedFrom <${post('D2:2')}> .
ent:ben a foaf:Person ; rdfs:label "Ben" ; prov:wasDerivedFrom <${post('D2:1')}> .
ent:pottery-class a schema:EducationEvent ; rdfs:label "Pottery class" ; schema:attendee ent:ana ;
  schema:startDate "2023-05-01"^^<http://www.w3.org/2001/XMLSchema#date> ; prov:wasDerivedFrom <${post('D1:1')}> .
ent:pixel a <${pcm}Pet> ; rdfs:label "Pixel" ; <${pcm}petSpecies> "dog" ; prov:wasDerivedFrom <${post('D2:1')}> .
ent:ben <${pcm}hasPet> ent:pixel .
`;
  await e.graph.request({ op: 'replaceGraph', graph: GRAPHS.extraction('chunk-1'), data: turtle, format: 'turtle', asEdit: false, label: 'extract', respectRemovals: true });
  return turtle;
}

beforeEach(async () => {
  dir = tempDir();
  engine = await openEngine(dir, { withoutOntology: false, autoGraph: false });
  await importFiles(engine, fixture('locomo', 'mini.json'));
});
afterEach(async () => {
  await engine.close();
});

describe('Entities tab reads', () => {
  it('the class hierarchy comes from the ontology, with distinct instance counts through subclasses', async () => {
    await writeExtraction(engine);
    const tree = await engine.classTree();
    const byIri = new Map(tree.map((c) => [c.iri, c]));
    expect(byIri.get(`${schema}EducationEvent`)).toMatchObject({ direct: 1, inOntology: true, category: 'Event' });
    expect(byIri.get(`${schema}EducationEvent`)!.parents).toContain(`${schema}Event`);
    expect(byIri.get(`${schema}Event`)!.total).toBeGreaterThanOrEqual(1);
    // Ana is typed twice (foaf:Person, schema:Person) but counted once under each ancestor.
    expect(byIri.get(`${foaf}Person`)!.direct).toBeGreaterThanOrEqual(3);
    // Pets are not one of the Graph tab's named families.
    expect(byIri.get(`${pcm}Pet`)!.category).toBe('Other');
  });

  it('lists individuals of a class and its subclasses, searchable by label', async () => {
    await writeExtraction(engine);
    const events = await engine.listIndividuals({ classIri: `${schema}Event` });
    expect(events.rows.map((r) => r.label)).toEqual(['Pottery class']);
    // The speaker Ana (messages graph) and the extracted Ana are both people named Ana.
    const found = await engine.listIndividuals({ search: 'ana' });
    expect(found.rows.map((r) => r.label).sort()).toEqual(['Ana', 'Ana', 'Ana R.']);
    expect(new Set(found.rows.map((r) => r.category))).toEqual(new Set(['Person']));
  });

  it('one entity: values with their origin, usage and provenance messages', async () => {
    await writeExtraction(engine);
    const ana = await engine.getEntity({ iri: `${E}ana` });
    expect(ana).not.toBeNull();
    expect(ana!.label).toBe('Ana');
    expect(ana!.types.map((t) => t.iri).sort()).toEqual([`${foaf}Person`, `${schema}Person`]);
    const label = ana!.properties.find((p) => p.predicate === `${rdfs}label`)!;
    expect(label.values[0].origins).toEqual(['extraction']);
    expect(ana!.usage).toEqual([expect.objectContaining({ subject: `${E}pottery-class`, predicate: `${schema}attendee`, subjectLabel: 'Pottery class' })]);
    expect(ana!.provenance.map((m) => m.externalId)).toEqual(['D1:1']);
    expect(await engine.getEntity({ iri: `${E}nobody` })).toBeNull();
  });
});

describe('direct editing', () => {
  it("edits a literal as the person's, undoes and redoes it, and keeps it after a restart", async () => {
    await writeExtraction(engine);
    const edit = await engine.editTriples({
      label: 'Rename Ben',
      remove: [{ s: `${E}ben`, p: `${rdfs}label`, o: { type: 'literal', value: 'Ben' } }],
      add: [{ s: `${E}ben`, p: `${rdfs}label`, o: { type: 'literal', value: 'Benjamin', lang: 'en' } }],
    });
    expect(edit.sparql).toMatch(/^DELETE DATA \{[\s\S]*INSERT DATA/);
    let ben = await engine.getEntity({ iri: `${E}ben` });
    expect(ben!.properties.find((p) => p.predicate === `${rdfs}label`)!.values).toEqual([
      { term: { type: 'literal', value: 'Benjamin', lang: 'en' }, origins: ['person'] },
    ]);
    await engine.undo();
    expect((await engine.getEntity({ iri: `${E}ben` }))!.label).toBe('Ben');
    await engine.redo();
    await engine.close();
    engine = await openEngine(dir, { withoutOntology: false, autoGraph: false });
    ben = await engine.getEntity({ iri: `${E}ben` });
    expect(ben!.label).toBe('Benjamin');
  });

  it('creates an entity, draws an edge, changes its type, deletes it', async () => {
    await writeExtraction(engine);
    const { iri } = await engine.createEntity({ label: 'Lisbon', classIri: `${schema}Place` });
    expect(iri.startsWith(`${MEMORY_BASE}entity/lisbon-`)).toBe(true);
    await engine.editTriples({ label: 'Link', remove: [], add: [{ s: `${E}ana`, p: `${schema}homeLocation`, o: { type: 'uri', value: iri } }] });
    await engine.editTriples({
      label: 'Retype',
      remove: [{ s: iri, p: `${PREFIXES.rdf}type`, o: { type: 'uri', value: `${schema}Place` } }],
      add: [{ s: iri, p: `${PREFIXES.rdf}type`, o: { type: 'uri', value: `${schema}City` } }],
    });
    const city = await engine.getEntity({ iri });
    expect(city!.types.map((t) => t.iri)).toEqual([`${schema}City`]);
    expect(city!.usage.map((u) => u.subject)).toEqual([`${E}ana`]);
    await engine.deleteEntity({ iri });
    expect(await engine.getEntity({ iri })).toBeNull();
    expect((await engine.getEntity({ iri: `${E}ana` }))!.properties.some((p) => p.predicate === `${schema}homeLocation`)).toBe(false);
  });

  it('merges duplicates, keeps a trace, and a re-applied machine graph does not split them again', async () => {
    const turtle = await writeExtraction(engine);
    await engine.mergeEntities({ keep: `${E}ana`, merge: `${E}ana-2` });
    const ana = await engine.getEntity({ iri: `${E}ana` });
    expect(ana!.mergedFrom).toEqual([`${E}ana-2`]);
    expect(ana!.properties.find((p) => p.predicate === `${schema}knows`)!.values[0].term.value).toBe(`${E}ben`);
    expect(ana!.provenance.map((m) => m.externalId).sort()).toEqual(['D1:1', 'D2:2']);
    // Nothing is said about the merged-away entity any more; only the trace points at it.
    const gone = async () => {
      const e = await engine.getEntity({ iri: `${E}ana-2` });
      return { properties: e!.properties.length, types: e!.types.length, usage: e!.usage.map((u) => u.predicate) };
    };
    expect(await gone()).toEqual({ properties: 0, types: 0, usage: [`${pcm}mergedFrom`] });
    // Re-extraction writes the same chunk again: the merged-away statements stay away.
    await engine.graph.request({ op: 'replaceGraph', graph: GRAPHS.extraction('chunk-1'), data: turtle, format: 'turtle', asEdit: false, label: 're-extract', respectRemovals: true });
    expect(await gone()).toEqual({ properties: 0, types: 0, usage: [`${pcm}mergedFrom`] });
    // The removal records themselves were not rewritten by the merge.
    const records = await engine.sparqlQuery({ query: `SELECT ?s WHERE { GRAPH <${GRAPHS.user}> { ?r <${PREFIXES.rdf}subject> ?s } }` });
    expect(records.kind === 'select' && records.rows).toEqual([]);
    // One undo reverts the whole merge.
    await engine.undo();
    expect((await engine.getEntity({ iri: `${E}ana` }))!.mergedFrom).toEqual([]);
  });

  it('refuses malformed input in one line', async () => {
    await expect(engine.editTriples({ label: 'x', remove: [], add: [] })).rejects.toThrow('the edit changes nothing');
    await expect(
      engine.editTriples({ label: 'x', remove: [], add: [{ s: 'not an iri', p: `${rdfs}label`, o: { type: 'literal', value: 'x' } }] }),
    ).rejects.toThrow('not a valid IRI: not an iri');
    await expect(engine.mergeEntities({ keep: `${E}a`, merge: `${E}a` })).rejects.toThrow('cannot be merged into itself');
  });
});

describe('graph views', () => {
  it('the overview hides conversation structure unless asked', async () => {
    await writeExtraction(engine);
    const plain = await engine.graphView({});
    expect(plain.nodes.map((n) => n.label).sort()).toEqual(['Ana', 'Ana R.', 'Ben', 'Pixel', 'Pottery class']);
    expect(plain.edges.map((e) => e.predicate).sort()).toEqual([`${pcm}hasPet`, `${schema}attendee`, `${schema}knows`].sort());
    expect(Object.fromEntries(plain.nodes.map((n) => [n.label, n.category]))).toMatchObject({ Ana: 'Person', 'Pottery class': 'Event' });
    const full = await engine.graphView({ includeStructure: true });
    expect(full.nodes.some((n) => n.category === 'Message')).toBe(true);
    expect(full.edges.length).toBeGreaterThan(plain.edges.length);
    // An entity nothing links to yet is part of the whole graph too.
    await engine.createEntity({ label: 'Lisbon', classIri: `${schema}Place` });
    const withLone = await engine.graphView({});
    expect(withLone.nodes.map((n) => n.label)).toContain('Lisbon');
    expect(withLone.edges).toHaveLength(plain.edges.length);
  });

  it('grows a neighbourhood from an entity, a class, a search or the selected sessions', async () => {
    await writeExtraction(engine);
    const fromBen = await engine.graphView({ seed: { kind: 'entity', iri: `${E}ben` }, depth: 1 });
    expect(fromBen.nodes.map((n) => n.label).sort()).toEqual(['Ana R.', 'Ben', 'Pixel']);
    const deeper = await engine.graphView({ seed: { kind: 'entity', iri: `${E}pixel` }, depth: 2 });
    expect(deeper.nodes.map((n) => n.label).sort()).toEqual(['Ana R.', 'Ben', 'Pixel']);
    const pets = await engine.graphView({ seed: { kind: 'class', iri: `${pcm}Pet` }, depth: 1 });
    expect(pets.nodes.map((n) => n.label).sort()).toEqual(['Ben', 'Pixel']);
    const sessions = await engine.listSessions({});
    const second = await engine.graphView({ seed: { kind: 'sessions', sessionIds: [sessions[1].id] }, depth: 0 });
    expect(second.nodes.map((n) => n.label).sort()).toEqual(['Ana R.', 'Ben', 'Pixel']);
    const filtered = await engine.graphView({ classIris: [`${schema}Event`] });
    expect(filtered.edges.map((e) => e.source)).toEqual([`${E}pottery-class`]);
  });
});
