// Ask's LLM paths against the Ollama-protocol double: the SPARQL writer (prompt ask-sparql.v2
// with the few-shot examples), the answer writer (ask-answer.v1, citing evidence ids), and the
// fallbacks when the model's query is not a read-only query, does not parse, or the model fails.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { OllamaDouble, type RecordedRequest } from '../support/ollama-double';
import { demoEngine, ME, writeMayaGraph } from './support';
import { OWNER_IRI } from '../../shared/rdf';

let engine: Engine;
let double: OllamaDouble;
const NOW = '2026-11-22T10:00:00';

const prompt = (req: RecordedRequest): string => (req.body?.messages ?? []).map((m: { content: string }) => m.content).join('\n');
const isSparqlPrompt = (req: RecordedRequest) => prompt(req).startsWith('You write SPARQL queries');
const isAnswerPrompt = (req: RecordedRequest) => prompt(req).startsWith('You answer questions about');

const CONCERTS = '```sparql\nSELECT ?x ?label ?date WHERE {\n  ?x a schema:MusicEvent ; rdfs:label ?label .\n  OPTIONAL { ?x schema:startDate ?date }\n}\nORDER BY ?date\n```';

beforeAll(async () => {
  engine = await demoEngine();
  await writeMayaGraph(engine);
  double = await OllamaDouble.start();
  await engine.setExtractionSettings({ host: double.url, model: 'qwen2.5:7b-instruct' });
}, 120_000);
afterEach(() => {
  engine.askEngine.resetLlm();
  double.requests.length = 0;
});
afterAll(async () => {
  await engine?.close();
  await double?.close();
});

describe('Ask with a local model (Ollama protocol double)', () => {
  it('the model writes the SPARQL and the answer; the answer cites evidence that exists', async () => {
    double.script([
      { match: isSparqlPrompt, reply: CONCERTS },
      { match: isAnswerPrompt, reply: 'Two concerts: Jazz night at B-Flat and the Nightjar Parade concert [t1] [m1] [m99].' },
    ]);
    const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW });
    expect(t.plan.sparql).toMatchObject({ origin: 'llm' });
    expect(t.plan.sparql!.explanation[0]).toBe('written by qwen2.5:7b-instruct (prompt ask-sparql.v2, list question)');
    expect(t.plan.sparql!.explanation).toContain('run with: declared 2 known prefixes');
    expect(t.results.sparql!.rows.map((r) => r.label.value)).toEqual(['Jazz night at B-Flat', 'Nightjar Parade concert']);
    expect(t.answer).toMatchObject({ source: 'llm', model: 'qwen2.5:7b-instruct', citations: ['t1', 'm1'] });
    expect(t.answer.text).toMatch(/^Two concerts/);
    expect(t.warnings).toEqual([]);
    expect(t.timings.llmSparql).toBeGreaterThan(0);
    expect(t.timings.llmAnswer).toBeGreaterThan(0);

    // the SPARQL prompt: rules, the person, today, the ontology, the few-shot examples, the question
    const sparqlPrompt = prompt(double.requestsTo('/api/chat').find(isSparqlPrompt)!);
    // "I" is the memory's owner (the demo's Maya), whose facts are also found on her speaker IRI
    expect(sparqlPrompt).toContain(`The memory belongs to Maya, whose IRI is <${OWNER_IRI}>`);
    expect(sparqlPrompt).toContain('Today is 2026-11-22 (Sunday)');
    expect(sparqlPrompt).toContain('schema:MusicEvent (class, sub of schema:Event)');
    expect(sparqlPrompt).toContain('Question: How many charity events did I go to?');
    expect(sparqlPrompt).toContain('SELECT (COUNT(DISTINCT ?x) AS ?count)');
    expect(sparqlPrompt).toMatch(/QUESTION\nList all the concerts I went to\.\n/);
    expect(sparqlPrompt).not.toMatch(/\{\{\w+\}\}/);
    // the answer prompt: evidence with ids, rows as triples
    const answerPrompt = prompt(double.requestsTo('/api/chat').find(isAnswerPrompt)!);
    expect(answerPrompt).toMatch(/\n\[t1\] .+ — .+ — .+\n/);
    expect(answerPrompt).toMatch(/\n\[m1\] 20\d\d-\d\d-\d\d \d\d:\d\d \w+ \| \w+: /);
    expect(answerPrompt).toContain('FOUND BY\ngraph (SPARQL written by the model) and message search');
  });

  it('values computed in code are handed to the model as given', async () => {
    double.script([
      { match: isSparqlPrompt, reply: 'no idea, sorry' },
      { match: isAnswerPrompt, reply: '18 days passed [m1].' },
    ]);
    const t = await engine.ask({ question: 'How many days were there between buying my running shoes and the charity run?', now: NOW });
    expect(t.plan.sparql).toMatchObject({ origin: 'template', template: 'days-between' });
    expect(t.warnings).toEqual(["The model's SPARQL was not used (the reply held no query): template 'days-between'."]);
    expect(t.answer).toMatchObject({ source: 'llm', computation: { kind: 'days-between', value: '18 days' } });
    const answerPrompt = prompt(double.requestsTo('/api/chat').find(isAnswerPrompt)!);
    expect(answerPrompt).toContain('COMPUTED\n- 18 days: 2026-10-11 − 2026-09-23 = 18 days');
  });

  it("a model's update is refused and never runs: the template answers, with a warning", async () => {
    const before = (await engine.stats()).triples;
    double.script([
      { match: isSparqlPrompt, reply: '```sparql\nDELETE WHERE { ?s ?p ?o }\n```' },
      { match: isAnswerPrompt, reply: 'Jazz night and the Nightjar Parade concert [t1].' },
    ]);
    const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW });
    expect(t.plan.sparql).toMatchObject({ origin: 'template', template: 'list-class' });
    expect(t.warnings[0]).toMatch(/^The model's SPARQL was not used \(Only read-only queries \(SELECT, ASK, CONSTRUCT, DESCRIBE\) run in Ask; this is an update \(DELETE WHERE\)/);
    expect(t.warnings[0]).toMatch(/: template 'list-class'\.$/);
    expect((await engine.stats()).triples).toBe(before);
  });

  it("a model's query that does not parse, or fails when it runs, falls back to the template", async () => {
    double.script([{ match: isSparqlPrompt, reply: '```sparql\nSELECT ?x WHERE { ?x a ex:Concert }\n```' }, { match: isAnswerPrompt, reply: 'ok [m1]' }]);
    const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW });
    expect(t.warnings[0]).toMatch(/^The model's SPARQL was not used \(SPARQL syntax error/);
    expect(t.plan.sparql!.origin).toBe('template');

    double.script([
      { match: isSparqlPrompt, reply: '```sparql\nSELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }\n```' },
      { match: isAnswerPrompt, reply: 'ok [m1]' },
    ]);
    const slow = await engine.askEngine.answer({ question: 'List all the concerts I went to.', now: NOW }, [], {}, undefined);
    expect(slow.warnings.some((w) => /^The model's SPARQL failed \(the query ran longer than 10 s/.test(w))).toBe(true);
    expect(slow.plan.sparql!.origin).toBe('template');
    expect(slow.results.sparql!.rows.length).toBe(2);
  }, 60_000);

  it('when the model fails to answer, the evidence answers, with the hint', async () => {
    double.script([
      { match: isSparqlPrompt, reply: CONCERTS },
      { match: isAnswerPrompt, error: 'CUDA error: out of memory', status: 500 },
    ]);
    const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW });
    expect(t.answer.source).not.toBe('llm');
    expect(t.answer.text).toContain('Nightjar Parade concert');
    expect(t.warnings.some((w) => /^The model could not write the answer \(.*out of memory/.test(w))).toBe(true);
  });

  it('without a reachable model everything runs offline, silently', async () => {
    await engine.setExtractionSettings({ host: 'http://127.0.0.1:9' });
    engine.askEngine.resetLlm();
    try {
      const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW });
      expect(t.plan.sparql!.origin).toBe('template');
      expect(t.answer.source).toBe('graph');
      expect(t.warnings).toEqual([]);
    } finally {
      await engine.setExtractionSettings({ host: double.url });
    }
  });

  it('with message vectors, the content route fuses the ranking with the nearest messages', async () => {
    const job = await engine.startEmbedding({ entities: false });
    await engine.jobs.idle();
    expect(engine.jobs.list().find((j) => j.id === job.id)!.state).toBe('done');
    expect(await engine.askEngine.content.hasVectors()).toBe(true);
    const r = await engine.askEngine.content.retrieve('How long is my commute?', { k: 10, explain: true });
    expect(r.hybrid).toBe(true);
    expect(r.hits).toHaveLength(10);
    expect(r.hits.some((h) => /fused with vectors$/.test(h.why ?? ''))).toBe(true);
    const t = await engine.ask({ question: 'What did the orthopedist diagnose?', now: NOW, llm: false });
    expect(t.plan.search).toMatchObject({ hybrid: true });
    // and without vectors asked for, the text ranking alone
    expect((await engine.askEngine.content.retrieve('How long is my commute?', { k: 10, vectors: false })).hybrid).toBe(false);
  }, 60_000);

  it('llm: false keeps the model out even when it is ready', async () => {
    const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW, llm: false });
    expect(t.plan.sparql!.origin).toBe('template');
    expect(double.requestsTo('/api/chat')).toEqual([]);
    expect(double.requestsTo('/api/embed').length).toBeGreaterThan(0); // the question's vector (hybrid search)
  });

  it("re-running the model's query edited by the person: origin 'person', the model writes the new answer", async () => {
    double.script([
      { match: isSparqlPrompt, reply: CONCERTS },
      { match: isAnswerPrompt, reply: 'Two concerts [t1].' },
      { match: isAnswerPrompt, reply: 'One social event: the Lichtblick charity gala [t1].' },
    ]);
    const t = await engine.ask({ question: 'List all the concerts I went to.', now: NOW });
    const r = await engine.rerunAskSparql({ turnId: t.id, sparql: t.plan.sparql!.query.replace('schema:MusicEvent', 'schema:SocialEvent') });
    expect(r.plan.sparql).toMatchObject({ origin: 'person', generated: t.plan.sparql!.query });
    expect(r.answer).toMatchObject({ source: 'llm', text: 'One social event: the Lichtblick charity gala [t1].', citations: ['t1'] });
    // the re-run did not ask the model for a new query
    expect(double.requestsTo('/api/chat').filter(isSparqlPrompt)).toHaveLength(1);
  });
});
