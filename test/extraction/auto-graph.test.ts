// The automatic knowledge graph in the engine: written after an import into graph/auto/<source>,
// counted by coverage per origin, superseded by a model's chunk and restored when the chunk goes,
// run again when the owner changes, resumed after a kill; one owner across the demo, a LoCoMo log
// and a ChatGPT export, and Ask's first-person questions about the demo answered from the demo
// person's facts; `engram owner` and `engram coverage --json` as child processes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS, OWNER_IRI, PREFIXES } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { speakerIri } from '../../electron/node/engine/stores/graph/messages-graph';
import { OllamaDouble } from '../support/ollama-double';
import { fixture, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';
import { importFixture, tmpDir, validReply, waitForJob } from './support';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOCOMO_26 = path.resolve(ROOT, '../shared/datasets/locomo/26.json');
const CLI = path.join(ROOT, 'bin/engram.mjs');
const engines: Engine[] = [];
const doubles: OllamaDouble[] = [];

afterEach(async () => {
  for (const e of engines.splice(0)) await e.close().catch(() => undefined);
  for (const d of doubles.splice(0)) await d.close();
});

async function open(dir = tempDir('engram-auto-')): Promise<Engine> {
  const e = await openEngine(dir, { withoutOntology: false });
  engines.push(e);
  return e;
}

async function settle(e: Engine): Promise<void> {
  await e.jobs.idle();
}

async function count(e: Engine, sparql: string): Promise<number> {
  const r = await e.sparqlQuery({ query: sparql });
  return r.kind === 'select' ? Number(r.rows[0]?.n?.value ?? 0) : -1;
}

const autoTypes = `SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s a ?t } FILTER(STRSTARTS(STR(?g), "${GRAPHS.auto('')}")) }`;

describe('the automatic graph after an import', () => {
  it('is written per source in the background, with progress, and counted by coverage per origin', async () => {
    const dir = tmpDir();
    const e = await open(dir);
    const events: string[] = [];
    e.onEvent((ev) => ev.type === 'job' && ev.job.kind === 'auto-graph' && events.push(ev.job.state));
    await importFixture(e, dir);
    await settle(e);
    expect(events).toContain('done');
    expect(await count(e, autoTypes)).toBeGreaterThan(5);
    const [status] = await e.autoGraphStatus();
    expect(status).toMatchObject({ state: 'done', current: true, superseded: 0 });
    expect(status.triples).toBeGreaterThan(10);
    // coverage counts the automatic graph, and says which origin holds the answer
    const report = await e.coverage({ answers: [{ question: 'What did I buy?', answer: 'Asics Novablast shoes' }, { question: 'x', answer: 'a submarine' }] });
    expect(report.covered).toBe(1);
    expect(report.byOrigin.auto.covered).toBe(1);
    expect(report.byOrigin.extraction.covered).toBe(0);
    expect((await e.coverage({ answers: [{ question: 'q', answer: 'Asics Novablast shoes' }], origins: ['person'] })).covered).toBe(0);
    // the Graph tab's origin filter: the automatic links, or none when only a model's are asked for
    expect((await e.graphView({ origins: ['auto'] })).edges.length).toBeGreaterThan(5);
    // (the owner graph always counts: only its owl:sameAs link is left)
    expect((await e.graphView({ origins: ['extraction'] })).edges.map((x) => x.predicate)).toEqual([`${PREFIXES.owl}sameAs`]);
    // the entity page marks each value "automatic"
    const buy = (await e.listIndividuals({ classIri: `${PREFIXES.schema}BuyAction` })).rows[0];
    const entity = await e.getEntity({ iri: buy.iri });
    expect(entity!.types[0].origins).toEqual(['auto']);
    expect(entity!.provenance.length).toBeGreaterThan(0);
  });

  it('is superseded where a model extracted the messages, and restored when that extraction goes', async () => {
    const double = await OllamaDouble.start({ defaultReply: validReply });
    doubles.push(double);
    const dir = tmpDir();
    const e = await open(dir);
    await importFixture(e, dir);
    await settle(e);
    const [{ graph }] = await e.autoGraphStatus();
    const before = await count(e, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?s ?p ?o } }`);
    await e.setExtractionSettings({ host: double.url, chunkSize: 3 });
    const job = await e.startExtraction({ scope: { kind: 'sessions', sessionIds: [1] } });
    expect((await waitForJob(e, job)).state).toBe('done');
    await settle(e);
    const superseded = GRAPHS.autoSuperseded(graph.slice(GRAPHS.auto('').length));
    const until = Date.now() + 10_000;
    while ((await count(e, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${superseded}> { ?r a <${PREFIXES.pcm}SupersededStatement> } }`)) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const hidden = await count(e, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${superseded}> { ?r a <${PREFIXES.pcm}SupersededStatement> } }`);
    expect(hidden).toBeGreaterThan(0);
    const visible = await count(e, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?s ?p ?o } }`);
    expect(visible + hidden).toBe(before);
    // no query sees a superseded triple as a fact: the purchase of session 1 is the model's alone now
    const buys = await count(e, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?b a <${PREFIXES.schema}BuyAction> } }`);
    expect(buys).toBe(1); // session 2's purchase stays automatic; session 1's entry fee went
    // the model's chunks go (re-chunking forgets them): the automatic triples come back
    await e.extraction.plan({ scope: { kind: 'sessions', sessionIds: [1] }, rechunk: true });
    const back = Date.now() + 10_000;
    while ((await count(e, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?s ?p ?o } }`)) !== before && Date.now() < back) await new Promise((r) => setTimeout(r, 50));
    expect(await count(e, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?s ?p ?o } }`)).toBe(before);
  });

  it('runs again for a source left half-done by a killed process, and for sources of an older extractor version', async () => {
    const dir = tmpDir();
    let e = await open(dir);
    await importFixture(e, dir);
    await settle(e);
    // a run that never finished (the row says running), and a graph that is not there
    withRawSqlite(e, (db) => db.prepare(`UPDATE auto_graph_sources SET state = 'running'`).run());
    const [{ graph }] = await e.autoGraphStatus();
    await e.graph.request({ op: 'dropGraphs', graphs: [graph] });
    await e.close();
    engines.splice(engines.indexOf(e), 1);
    e = await open(dir);
    await settle(e);
    expect(await count(e, autoTypes)).toBeGreaterThan(5);
    expect((await e.autoGraphStatus())[0].state).toBe('done');
    // an older extractor version: run once more at the next start
    withRawSqlite(e, (db) => db.prepare(`UPDATE auto_graph_sources SET version = 0`).run());
    expect(e.autoGraph.due()).toEqual([1]);
  });
});

describe('one owner across sources', () => {
  it('keeps the demo person as "you" after a LoCoMo log and a ChatGPT export, and Ask answers from their facts', async () => {
    const e = await open();
    const demo = await e.importDemo();
    await waitForJob(e, demo);
    const locomo = fs.existsSync(LOCOMO_26) ? LOCOMO_26 : fixture('locomo', 'mini.json');
    await waitForJob(e, await e.importPaths({ paths: [locomo] }));
    await waitForJob(e, await e.importPaths({ paths: [fixture('chatgpt', 'conversations.json')] }));
    await settle(e);
    const owner = await e.owner();
    expect(owner.name).toBe('Maya');
    expect(owner.iri).toBe(OWNER_IRI);
    const [demoSrc, locomoSrc, chatgptSrc] = owner.sources;
    expect(demoSrc).toMatchObject({ speaker: 'Maya', chosenBy: 'guess' });
    expect(locomoSrc.speaker).toBeNull(); // a log between two other people: you are not a speaker
    expect(chatgptSrc.speaker).not.toBeNull(); // the user role
    expect(owner.iris).toEqual(expect.arrayContaining([OWNER_IRI, speakerIri('Maya', 'user'), chatgptSrc.speakerIri]));
    // every mapped speaker is the owner in the graph
    expect(await count(e, `SELECT (COUNT(*) AS ?n) WHERE { ?s <${PREFIXES.owl}sameAs> <${OWNER_IRI}> }`)).toBe(2);
    // Ask: "my dog" is Maya's dog, whatever else was imported
    const turn = await e.ask({ question: "What is my dog's name?", llm: false });
    expect(turn.answer.text).toMatch(/Pixel/);
    expect(turn.warnings.join(' ')).not.toMatch(/not a speaker/);
    // a question in a source where you are not a speaker says whom "I" was read as
    if (locomo === LOCOMO_26) {
      const there = await e.ask({ question: 'What did I paint?', llm: false, sourceIds: [locomoSrc.sourceId] });
      expect(there.warnings.join(' ')).toMatch(/You are not a speaker of 26\.json: "I" and "my" were read as/);
    }
  });

  it('changes the owner speaker of a source on request, and the automatic graph follows', async () => {
    const e = await open();
    await waitForJob(e, await e.importPaths({ paths: [fixture('locomo', 'mini.json')] }));
    await settle(e);
    const src = (await e.owner()).sources[0];
    expect(src.speaker).toBeNull();
    await expect(e.setOwner({ sourceId: src.sourceId, speaker: 'Nobody' })).rejects.toThrow(/has no speaker 'Nobody'/);
    const info = await e.setOwner({ sourceId: src.sourceId, speaker: src.speakers[0] });
    expect(info.sources[0]).toMatchObject({ speaker: src.speakers[0], chosenBy: 'person' });
    expect(info.name).toBe(src.speakers[0]);
    await settle(e);
    // the owner's facts now hang on the owner individual
    expect(await count(e, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { { <${OWNER_IRI}> ?p ?o } UNION { ?s ?p <${OWNER_IRI}> } } FILTER(STRSTARTS(STR(?g), "${GRAPHS.auto('')}")) }`)).toBeGreaterThan(0);
    // the name set once stays when another source maps a speaker
    expect((await e.setOwnerName({ name: 'Robin' })).name).toBe('Robin');
  });
});

describe('the command line', () => {
  it('`engram owner` lists and sets the owner speaker; `engram coverage --json` counts the automatic graphs', () => {
    const dir = tempDir('engram-auto-cli-');
    const cli = (...args: string[]) => execFileSync(process.execPath, [CLI, '--data', dir, ...args], { cwd: ROOT, encoding: 'utf8' });
    expect(cli('import', fixture('locomo', 'mini.json'))).toMatch(/automatic knowledge graph: 1 source/);
    const listed = JSON.parse(cli('owner', '--json'));
    expect(listed.sources[0].speaker).toBeNull();
    const speaker = listed.sources[0].speakers[0] as string;
    expect(cli('owner', 'set', String(listed.sources[0].sourceId), speaker)).toMatch(new RegExp(`${speaker}\\s+by you`));
    const answers = path.join(dir, 'answers.jsonl');
    const label = cli('sparql', `SELECT ?l WHERE { GRAPH ?g { ?s <${PREFIXES.rdfs}label> ?l } FILTER(STRSTARTS(STR(?g), "${GRAPHS.auto('')}")) } ORDER BY ?l LIMIT 1`, '--csv');
    const first = label.trim().split('\n')[1].replace(/^"|"$/g, '');
    expect(first).toBeTruthy();
    fs.writeFileSync(answers, `${JSON.stringify({ question: 'q', answer: first })}\n`);
    const report = JSON.parse(cli('coverage', '--answers', answers, '--json'));
    expect(report.covered).toBe(1);
    expect(report.byOrigin.auto.covered).toBe(1);
    expect(cli('coverage', '--answers', answers, '--by-origin')).toMatch(/automatic\s+\d+\s+/);
  });
});
