// Extraction through the engine against the Ollama protocol double: every path of the issue
// (valid Turtle, broken then fixed, three failures, unknown terms, a timeout, model not found,
// Ollama not running, server gone mid-job, cancel) plus storage, stable entities, scopes,
// re-extraction, the person's edits, resume after shutdown and the status API.
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS, PREFIXES } from '../../shared/rdf';
import type { JobInfo } from '../../shared/types';
import type { Engine } from '../../electron/node/engine/engine';
import { OllamaDouble, type RecordedRequest, type ScriptRule } from '../support/ollama-double';
import { importFixture, isFixRequest, knownEntitiesOf, openEngine, promptLines, promptOf, tmpDir, turtleFor, until, USER_MESSAGES, validReply, waitForJob } from './support';

interface Ctx {
  engine: Engine;
  double: OllamaDouble;
  dir: string;
}
const open: Ctx[] = [];

async function setup(opts: { models?: string[]; rules?: ScriptRule[]; chunkDelayMs?: number } = {}): Promise<Ctx> {
  const double = await OllamaDouble.start({ defaultReply: validReply, models: opts.models, chunkDelayMs: opts.chunkDelayMs });
  if (opts.rules) double.script(opts.rules);
  const dir = tmpDir();
  const engine = await openEngine(dir);
  await importFixture(engine, dir);
  await engine.setExtractionSettings({ host: double.url, chunkSize: 3 });
  engine.extraction.tuning = { pollMs: 40, maxPollMs: 200 };
  const ctx = { engine, double, dir };
  open.push(ctx);
  return ctx;
}

afterEach(async () => {
  for (const c of open.splice(0)) {
    await c.engine.close().catch(() => undefined);
    await c.double.close();
  }
});

const all = { scope: { kind: 'source' as const, sourceIds: [1] } };

async function extract(engine: Engine, args: Parameters<Engine['startExtraction']>[0] = all, onEvent?: (j: JobInfo) => void): Promise<JobInfo> {
  return waitForJob(engine, await engine.startExtraction(args), onEvent);
}

async function select(engine: Engine, sparql: string): Promise<Record<string, string>[]> {
  const r = await engine.sparqlQuery({ query: sparql });
  if (r.kind !== 'select') throw new Error('not a select');
  return r.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v.value])));
}

async function ask(engine: Engine, sparql: string): Promise<boolean> {
  const r = await engine.sparqlQuery({ query: sparql });
  return r.kind === 'boolean' && r.value;
}

const extractionGraphs = async (engine: Engine) => (await engine.listGraphs()).filter((g) => g.kind === 'extraction');
const chats = (d: OllamaDouble) => d.requestsTo('/api/chat');
/** The chunk a request asked for, named by the person's first message in it. */
const chunkOf = (req: RecordedRequest) => promptLines(promptOf(req)).find((l) => l.speaker === 'Maya')?.text ?? '?';
const withText = (text: string) => (req: RecordedRequest) => promptLines(promptOf(req)).some((l) => l.text.includes(text));

describe('extraction with valid Turtle', () => {
  it('extracts every chunk into its own named graph, with records, progress and provenance', async () => {
    const { engine, double } = await setup();
    const messages: string[] = [];
    const end = await extract(engine, all, (j) => j.message && messages.push(j.message));
    expect(end.state).toBe('done');
    expect(end.kind).toBe('extract');
    expect(end.result).toMatchObject({ chunks: 6, extracted: 6, failed: 0, skipped: 0, model: 'qwen2.5:7b-instruct' });
    expect(messages.some((m) => /^\d+\/6 chunks · 0 failed · \d+ triples · [\d.]+ tok\/s · ETA /.test(m))).toBe(true);

    const { chunks } = await engine.listChunks({});
    expect(chunks).toHaveLength(6);
    for (const c of chunks) {
      expect(c).toMatchObject({ status: 'done', model: 'qwen2.5:7b-instruct', promptVersion: 'extract-turtle.v1', tries: 1, triplesDropped: 0, error: null });
      expect(c.durationMs).toBeGreaterThan(0);
      expect(c.triplesKept).toBeGreaterThan(0);
      expect(c.evalTokens).toBeGreaterThan(0);
    }
    const graphs = await extractionGraphs(engine);
    expect(graphs.map((g) => g.iri).sort()).toEqual(chunks.map((c) => GRAPHS.extraction(c.key)).sort());
    for (const g of graphs) expect(g.triples).toBe(chunks.find((c) => c.graph === g.iri)!.triplesKept);

    // requests: temperature 0, the configured context length, one chunk per request
    const first = chats(double)[0].body;
    expect(first.options).toMatchObject({ temperature: 0, num_ctx: 16384 });
    expect(first.model).toBe('qwen2.5:7b-instruct');

    // provenance: every person's message links to what was extracted from it
    const page = await engine.listMessages({ filter: { speakers: ['Maya'] }, limit: 100 });
    expect(page.rows).toHaveLength(USER_MESSAGES.length);
    for (const m of page.rows) {
      const detail = await engine.getMessage({ id: m.id });
      expect(detail!.derived.length, m.text).toBeGreaterThan(0);
      expect(detail!.derived.some((d) => d.types.includes(`${PREFIXES.schema}Event`))).toBe(true);
    }
    // the memory's owner is the primary agent (the source's user speaker maps to them)
    expect(promptOf(chats(double)[0])).toContain('The memory belongs to Maya, whose IRI is <https://engram.local/memory/person/owner>');
    expect(knownEntitiesOf(promptOf(chats(double)[0]))[0]).toBe('Maya → <https://engram.local/memory/person/owner>');

    const status = await engine.extractionStatus({});
    expect(status.totals).toMatchObject({ chunks: 6, done: 6, failed: 0, pending: 0 });
    expect(status.sources[0]).toMatchObject({ sourceId: 1, chunks: 6, done: 6, unchunkedMessages: 0 });
    expect(status.sessions.map((s) => s.chunks)).toEqual([2, 2, 2]);
  });

  it('keeps one IRI for the same entity across chunks and sessions', async () => {
    const { engine, double } = await setup();
    await extract(engine);
    const lenas = await select(engine, `SELECT DISTINCT ?e WHERE { GRAPH ?g { ?e <${PREFIXES.rdfs}label> "Lena Vogel" } FILTER(STRSTARTS(STR(?g), "${GRAPHS.extraction('')}")) }`);
    expect(lenas).toHaveLength(1);
    // Lena appears in three chunks; the later prompts list her as a known entity
    const later = chats(double).filter(withText('Lena Vogel')).slice(1);
    expect(later.length).toBeGreaterThanOrEqual(2);
    for (const r of later) expect(knownEntitiesOf(promptOf(r))).toContain(`Lena Vogel → <${lenas[0].e}>`);
    const reconciled = (await engine.listChunks({})).chunks.flatMap((c) => c.report?.reconciled ?? []);
    expect(reconciled.length).toBeGreaterThanOrEqual(2);
    expect(new Set(reconciled.map((r) => r.to))).toEqual(new Set([lenas[0].e]));
    // all three events that mention her point at the one IRI
    const participants = await select(engine, `SELECT ?ev WHERE { ?ev <${PREFIXES.schema}participant> <${lenas[0].e}> }`);
    expect(participants).toHaveLength(3);
  });

  it('resumes a scope without redoing finished chunks', async () => {
    const { engine, double } = await setup();
    await extract(engine);
    const before = chats(double).length;
    const again = await extract(engine);
    expect(again.result).toMatchObject({ chunks: 6, extracted: 0, skipped: 6 });
    expect(chats(double).length).toBe(before);
  });

  it('extracts a time range, chosen messages, or sessions', async () => {
    const { engine, double } = await setup();
    const range = await extract(engine, { scope: { kind: 'range', from: '2026-10-01', to: '2026-10-31' } });
    expect(range.result).toMatchObject({ chunks: 2, extracted: 2 });
    expect(chats(double).every(withText('Porto'))).toBe(false); // (only the Porto session's chunks were asked)
    expect(chats(double).map(chunkOf)).toEqual(['I am planning a weekend trip to Porto in late October.', 'I want to eat francesinha at least once.']);

    const shoes = (await engine.listMessages({ filter: { text: 'Novablast' } })).rows[0];
    const one = await extract(engine, { scope: { kind: 'messages', messageIds: [shoes.id] } });
    expect(one.result).toMatchObject({ chunks: 1, extracted: 1 });

    const sessions = await engine.listSessions({});
    const s1 = await extract(engine, { scope: { kind: 'sessions', sessionIds: [sessions[0].id] } });
    expect(s1.result).toMatchObject({ chunks: 2, extracted: 2 });
    // (planning a scope chunks whole sessions: the shoe session's second chunk waits, pending)
    expect((await engine.extractionStatus({})).totals).toMatchObject({ chunks: 6, done: 5, pending: 1 });
  });

  it('runs chunks concurrently', async () => {
    const { engine, double } = await setup({ chunkDelayMs: 2 });
    const end = await extract(engine, { ...all, concurrency: 3 });
    expect(end.result).toMatchObject({ extracted: 6 });
    expect(new Set(chats(double).map(chunkOf)).size).toBe(6);
  });

  it('extracts the assistant’s messages too when asked', async () => {
    const { engine, double } = await setup();
    const end = await extract(engine, { ...all, includeAssistant: true, chunkSize: 6 });
    expect(end.result).toMatchObject({ chunks: 6 });
    const { chunks } = await engine.listChunks({});
    expect(chunks.every((c) => c.includeAssistant && c.targetIds.length === c.messageIds.length)).toBe(true);
    expect(chats(double)).toHaveLength(6);
  });
});

describe('validation and retries', () => {
  it('sends a syntax error back to the model and keeps the fixed answer', async () => {
    const { engine, double } = await setup({
      rules: [{ match: (r) => withText('Spree Charity')(r) && !isFixRequest(r), reply: 'ent:x a schema:Event ;\n  rdfs:label "Broken" \nent:y rdfs:label "Y" .' }],
    });
    await extract(engine);
    const fixReq = chats(double).find(isFixRequest)!;
    expect(fixReq).toBeDefined();
    const fix = fixReq.body.messages;
    expect(fix).toHaveLength(3);
    expect(fix[1]).toMatchObject({ role: 'assistant' });
    expect(fix[2].content).toContain('Your Turtle could not be parsed.');
    expect(fix[2].content).toMatch(/PARSER ERROR\nline 3, column \d+/);
    expect(fix[2].content).toContain('3| ent:y rdfs:label "Y" .');
    const chunk = (await engine.listChunks({})).chunks.find((c) => c.tries === 2)!;
    expect(chunk).toMatchObject({ status: 'done', tries: 2 });
    expect(chunk.triplesKept).toBeGreaterThan(0);
  });

  it('marks a chunk failed after three unparsable answers, with the reason, and keeps no triples', async () => {
    const broken = { match: withText('Spree Charity'), reply: 'ent:x a schema:Event ; rdfs:label "never closed .' };
    const { engine, double } = await setup({ rules: [broken, broken, broken] });
    const end = await extract(engine);
    expect(end.state).toBe('done');
    expect(end.result).toMatchObject({ extracted: 5, failed: 1 });
    expect(chats(double).filter(withText('Spree Charity'))).toHaveLength(3);
    const { chunks } = await engine.listChunks({ status: 'failed' });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ status: 'failed', tries: 3 });
    expect(chunks[0].error).toMatch(/^Turtle syntax error at line 1, column \d+: .* \(after 3 tries\)$/);
    expect((await extractionGraphs(engine)).map((g) => g.iri)).not.toContain(chunks[0].graph);
    expect((end.result as { failures: { key: string }[] }).failures[0].key).toBe(chunks[0].key);
    expect((await engine.extractionStatus({})).totals).toMatchObject({ done: 5, failed: 1 });

    // a later run retries the failed chunk (this time the model answers well)
    const again = await extract(engine);
    expect(again.result).toMatchObject({ extracted: 1, skipped: 5, failed: 0 });
  });

  it('reports and drops terms the ontology does not declare', async () => {
    const { engine } = await setup({
      rules: [
        {
          match: withText('Spree Charity'),
          reply: (r) => turtleFor(promptOf(r), { extra: 'ent:charity-run a schema:CharityRun ; rdfs:label "Charity run" ; schema:runnerCount 300 ; pcm:vibe "great" .' }),
        },
      ],
    });
    await extract(engine);
    const chunk = (await engine.listChunks({})).chunks.find((c) => (c.triplesDropped ?? 0) > 0)!;
    const full = (await engine.getChunk({ key: chunk.key }))!;
    expect(full.report!.unknownTerms).toEqual(['pcm:vibe', 'schema:CharityRun', 'schema:runnerCount']);
    expect(full.triplesDropped).toBe(3);
    expect(full.report!.dropped.map((d) => d.reason)).toEqual(['unknown class schema:CharityRun', 'unknown property schema:runnerCount', 'unknown property pcm:vibe']);
    expect(full.messages.length).toBe(full.messageIds.length);
    // what was kept: the label, plus a label-free entity gets provenance
    expect(await ask(engine, `ASK { <https://engram.local/memory/entity/charity-run> <${PREFIXES.prov}wasDerivedFrom> ?p }`)).toBe(true);
    expect(await ask(engine, `ASK { ?s a <${PREFIXES.schema}CharityRun> }`)).toBe(false);
  });

  it('counts a timeout as a try and goes on', async () => {
    const { engine, double } = await setup({ rules: [{ match: withText('Spree Charity'), hang: true }] });
    await engine.setExtractionSettings({ timeoutSeconds: 1 });
    const end = await extract(engine);
    expect(end.result).toMatchObject({ extracted: 6, failed: 0 });
    const chunk = (await engine.listChunks({})).chunks.find((c) => c.tries === 2)!;
    expect(chunk.status).toBe('done');
    expect(chats(double).filter(withText('Spree Charity'))[0].aborted).toBe(true);
  });

  it('fails a chunk whose every try times out, with the reason', async () => {
    const hang = { match: withText('Spree Charity'), hang: true };
    const { engine } = await setup({ rules: [hang, hang, hang] });
    await engine.setExtractionSettings({ timeoutSeconds: 0.8 });
    const end = await extract(engine);
    expect(end.result).toMatchObject({ extracted: 5, failed: 1 });
    const [failed] = (await engine.listChunks({ status: 'failed' })).chunks;
    expect(failed.error).toMatch(/Ollama (sent nothing for|did not finish within) 800 ms \(after 3 tries\)/);
  });
});

describe('when Ollama is not there', () => {
  it('stops at once when the model is not pulled, saying what to run', async () => {
    const { engine, double } = await setup({ models: ['nomic-embed-text'] });
    const end = await extract(engine);
    expect(end.state).toBe('failed');
    expect(end.error).toBe('Model qwen2.5:7b-instruct is not installed — run `ollama pull qwen2.5:7b-instruct`');
    expect(chats(double)).toHaveLength(0);
    expect((await engine.extractionStatus({})).totals).toMatchObject({ chunks: 6, pending: 6, done: 0, failed: 0 });
  });

  it('stops at once when Ollama is not running, saying what to run', async () => {
    const { engine, double } = await setup();
    await double.close();
    const end = await extract(engine);
    expect(end.state).toBe('failed');
    expect(end.error).toBe(`Ollama is not running at ${double.url} — start it with \`ollama serve\``);
  });

  it('pauses when Ollama goes away mid-job and resumes when it is back', async () => {
    const { engine, double } = await setup({ chunkDelayMs: 5 });
    const seen: string[] = [];
    let closed = false;
    const job = await engine.startExtraction(all);
    const done = waitForJob(engine, job, (j) => {
      if (j.message) seen.push(j.message);
      if (!closed && j.done >= 2) {
        closed = true;
        void double.close();
      }
    });
    await until(() => seen.some((m) => m.startsWith('Paused:')), 10_000, 'pause');
    expect(seen.find((m) => m.startsWith('Paused:'))).toBe(`Paused: Ollama is not running at ${double.url} — start it with \`ollama serve\``);
    expect(engine.jobs.list().find((j) => j.id === job.id)!.state).toBe('running');
    await new Promise((r) => setTimeout(r, 150));
    await double.restart();
    const end = await done;
    expect(end.state).toBe('done');
    expect(end.result).toMatchObject({ extracted: 6, failed: 0 });
    expect((end.result as { pauses: number }).pauses).toBeGreaterThanOrEqual(1);
    const { chunks } = await engine.listChunks({});
    expect(chunks.every((c) => c.status === 'done' && c.tries === 1)).toBe(true);
    expect((await extractionGraphs(engine)).length).toBe(6);
  });

  it('can be cancelled while paused; finished chunks stay done, the rest pending', async () => {
    const { engine, double } = await setup({ chunkDelayMs: 5 });
    const seen: string[] = [];
    let closed = false;
    const job = await engine.startExtraction(all);
    const done = waitForJob(engine, job, (j) => {
      if (j.message) seen.push(j.message);
      if (!closed && j.done >= 1) {
        closed = true;
        void double.close();
      }
    });
    await until(() => seen.some((m) => m.startsWith('Paused:')), 10_000, 'pause');
    expect((await engine.cancelJob({ jobId: job.id })).cancelled).toBe(true);
    const end = await done;
    expect(end.state).toBe('cancelled');
    const t = (await engine.extractionStatus({})).totals;
    expect(t.running).toBe(0);
    expect(t.done).toBeGreaterThanOrEqual(1);
    expect(t.done + t.pending).toBe(6);
  });

  it('stops before asking when the context window cannot hold the prompt', async () => {
    const { engine, double } = await setup();
    await engine.setExtractionSettings({ contextLength: 4096 });
    const end = await extract(engine);
    expect(end.state).toBe('failed');
    expect(end.error).toMatch(/^the extraction prompt needs about \d+ tokens with its answer, but the context length is 4096 — raise it: `engram settings set contextLength 16384`$/);
    expect(chats(double)).toHaveLength(0);
    expect((await engine.extractionStatus({})).totals).toMatchObject({ pending: 6, failed: 0, running: 0 });
  });

  it('stops with the pull line when the model disappears mid-job', async () => {
    const { engine } = await setup({
      rules: [{ match: withText('Lena Vogel will run'), status: 404, error: 'model "qwen2.5:7b-instruct" not found, try pulling it first' }],
    });
    const end = await extract(engine);
    expect(end.state).toBe('failed');
    expect(end.error).toContain('`ollama pull qwen2.5:7b-instruct`');
    const t = (await engine.extractionStatus({})).totals;
    expect(t.running).toBe(0);
    expect(t.failed).toBe(0);
  });
});

describe('storage', () => {
  it('re-extracting a chunk replaces exactly its triples', async () => {
    const { engine, double } = await setup();
    await extract(engine);
    const { chunks } = await engine.listChunks({});
    const target = chunks[0];
    const others = chunks.slice(1);
    const before = new Map<string, string>();
    for (const c of others) before.set(c.graph, (await engine.exportGraph({ graph: c.graph, format: 'n-triples' })).data);

    double.script([{ reply: 'ent:replacement a schema:Event ; rdfs:label "Replacement" ; prov:wasDerivedFrom msg:m1 .' }]);
    const end = await waitForJob(engine, await engine.reextractChunk({ key: target.key }));
    expect(end.result).toMatchObject({ chunks: 1, extracted: 1 });
    const now = (await engine.exportGraph({ graph: target.graph, format: 'n-triples' })).data.trim().split('\n');
    expect(now).toHaveLength(3);
    expect(now.join('\n')).toContain('entity/replacement');
    for (const c of others) expect((await engine.exportGraph({ graph: c.graph, format: 'n-triples' })).data).toBe(before.get(c.graph));
    expect(await ask(engine, `ASK { ?s <${PREFIXES.schema}description> "${USER_MESSAGES[0]}" }`)).toBe(false);
  });

  it('the person’s edits stay separate and win over re-extraction', async () => {
    const { engine } = await setup();
    await extract(engine);
    const [{ e }] = await select(engine, `SELECT ?e WHERE { ?e <${PREFIXES.schema}description> "${USER_MESSAGES[0]}" }`);
    const chunk = (await engine.listChunks({})).chunks.find((c) => c.targetIds.length && c.report)!;
    // the person removes an extracted fact and adds one of their own
    await engine.sparqlUpdate({ update: `DELETE DATA { <${e}> <${PREFIXES.schema}description> "${USER_MESSAGES[0]}" }` });
    await engine.sparqlUpdate({ update: `INSERT DATA { <${e}> <${PREFIXES.rdfs}comment> "my own note" }` });
    expect(await ask(engine, `ASK { GRAPH <${GRAPHS.user}> { <${e}> <${PREFIXES.rdfs}comment> "my own note" } }`)).toBe(true);

    const end = await extract(engine, { ...all, redo: true });
    expect(end.result).toMatchObject({ extracted: 6 });
    expect(await ask(engine, `ASK { <${e}> <${PREFIXES.schema}description> "${USER_MESSAGES[0]}" }`)).toBe(false);
    expect(await ask(engine, `ASK { <${e}> <${PREFIXES.rdfs}label> ?l }`)).toBe(true);
    expect(await ask(engine, `ASK { GRAPH <${GRAPHS.user}> { <${e}> <${PREFIXES.rdfs}comment> "my own note" } }`)).toBe(true);
    expect(chunk).toBeDefined();
  });

  it('re-chunks sessions with new settings, replacing their chunks', async () => {
    const { engine } = await setup();
    await extract(engine);
    const end = await extract(engine, { ...all, rechunk: true, chunkSize: 10 });
    expect(end.result).toMatchObject({ chunks: 3, extracted: 3 });
    expect((await extractionGraphs(engine)).length).toBe(3);
    expect((await engine.extractionStatus({})).totals).toMatchObject({ chunks: 3, done: 3 });
  });

  it('forgets a deleted source’s chunks and graphs', async () => {
    const { engine } = await setup();
    await extract(engine);
    await engine.deleteSource({ id: 1 });
    expect(await extractionGraphs(engine)).toHaveLength(0);
    expect((await engine.extractionStatus({})).totals.chunks).toBe(0);
  });

  it('resumes a job interrupted by shutdown after a restart', async () => {
    const first = await setup({ chunkDelayMs: 3 });
    const job = await first.engine.startExtraction(all);
    await until(() => (first.engine.jobs.list().find((j) => j.id === job.id)?.done ?? 0) >= 2, 10_000, 'two chunks');
    await first.engine.close();
    const doneBefore = new Set(chats(first.double).filter((r) => !r.aborted).map(chunkOf));

    const engine = await openEngine(first.dir);
    open.push({ ...first, engine });
    engine.extraction.tuning = { pollMs: 40, maxPollMs: 200 };
    const status = await engine.extractionStatus({});
    expect(status.interruptedJobs).toHaveLength(1);
    expect(status.totals.running).toBe(0);
    const [resumed] = await engine.resumeExtraction();
    const end = await waitForJob(engine, resumed);
    expect(end.state).toBe('done');
    expect((end.result as { skipped: number }).skipped).toBeGreaterThanOrEqual(2);
    expect((await engine.extractionStatus({})).totals).toMatchObject({ done: 6, pending: 0 });
    // finished chunks were asked once only
    const counts = new Map<string, number>();
    for (const r of chats(first.double).filter((x) => !x.aborted)) counts.set(chunkOf(r), (counts.get(chunkOf(r)) ?? 0) + 1);
    for (const c of doneBefore) expect(counts.get(c), c).toBe(1);
    expect((await engine.extractionStatus({})).interruptedJobs).toHaveLength(0);
  });
});

describe('settings and the live check', () => {
  it('saves settings and checks the server', async () => {
    const { engine, double } = await setup();
    const s = await engine.setExtractionSettings({ model: 'llama3.2', concurrency: 2, host: `${double.url}/` });
    expect(s).toMatchObject({ host: double.url, model: 'llama3.2', embedModel: 'nomic-embed-text', temperature: 0, contextLength: 16384, concurrency: 2 });
    const c = await engine.checkOllama({});
    expect(c).toMatchObject({ reachable: true, version: '0.12.6', modelReady: false, embedModelReady: true, model: 'llama3.2' });
    expect(c.models).toEqual(['qwen2.5:7b-instruct', 'nomic-embed-text:latest']);
    expect(c.problems).toEqual(['Model llama3.2 is not installed — run `ollama pull llama3.2`']);
    expect((await engine.checkOllama({ model: 'qwen2.5:7b-instruct' })).problems).toEqual([]);
    await double.close();
    expect((await engine.checkOllama({})).problems[0]).toBe(`Ollama is not running at ${double.url} — start it with \`ollama serve\``);
  });
});
