// The automatic job's tagging in a worker thread (extraction/auto/analysis-*.ts): the same
// automatic graph and topics as tagging in-thread, made while the import runs; a Cancel stops
// the worker at once, a crash fails the job with a clear error, and the job can be run again.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { JobCancelled } from '../../electron/node/engine/common/jobs';
import { startModuleWorker } from '../../electron/node/engine/common/module-worker';
import { MessageAnalyser, phrasesOf, statementsOf } from '../../electron/node/engine/extraction/auto/analysis-client';
import { analyseMessage } from '../../electron/node/engine/extraction/auto/analysis';
import { analyseStatements, unreadable } from '../../electron/node/engine/extraction/auto/extract';
import { candidatesOf, decodePhrases, encodePhrases, nameSet, taggedPhrases, withoutNames } from '../../electron/node/engine/topics/phrases';
import { fixture, openEngine, tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Things the repeated log's sessions name, one each in turn. */
const THINGS = ['garden', 'violin shop', 'kayak club', 'bakery', 'museum', 'pottery studio', 'chess club', 'campsite', 'library', 'cinema', 'harbor', 'aquarium', 'observatory', 'flea market', 'climbing gym'];

// LoCoMo 26 when the data set is beside the repository; it is not shipped, so a clone elsewhere
// uses a log of the same shape and about its size, made of the small fixture's sessions repeated
const DATASET_26 = path.resolve(ROOT, '../shared/datasets/locomo/26.json');
const LOCOMO_26 = fs.existsSync(DATASET_26) ? DATASET_26 : repeatedLog(fixture('locomo', 'mini.json'), 200);
const FILES = [LOCOMO_26, fixture('temporal-memory', 'mini.json'), fixture('locomo', 'mini.json')];

/** A LoCoMo log of `times` copies of a small one's sessions, a day apart, each turn with its own id. */
function repeatedLog(file: string, times: number): string {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const sessions = Object.keys(raw).filter((k) => /^session_\d+$/.test(k)).map((k) => raw[k] as { speaker: string; text: string }[]);
  const out: Record<string, unknown> = { speaker_a: raw.speaker_a, speaker_b: raw.speaker_b, qa: [] };
  const month = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  let n = 0;
  for (let i = 0; i < times; i++) {
    for (const turns of sessions) {
      n++;
      const day = new Date(Date.UTC(2023, 0, 1) + n * 86_400_000);
      out[`session_${n}_date_time`] = `1:56 pm on ${day.getUTCDate()} ${month[day.getUTCMonth()]}, ${day.getUTCFullYear()}`;
      // each session also names a thing of its own, so that sessions have topics that tell them apart
      const thing = THINGS[n % THINGS.length];
      out[`session_${n}`] = turns.map((t, j) => ({ speaker: t.speaker, dia_id: `D${n}:${j + 1}`, text: j === 0 ? `${t.text} Later we visited the ${thing} with friends.` : t.text }));
    }
  }
  const dir = tempDir('engram-analysis-log-');
  const target = path.join(dir, 'repeated.json');
  fs.writeFileSync(target, JSON.stringify(out));
  return target;
}
/** Where the real worker's entry is (the client module's folder). */
const CLIENT_URL = new URL('../../electron/node/engine/extraction/auto/analysis-client.ts', import.meta.url).href;

const engines: Engine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close().catch(() => undefined);
});

async function open(analysisWorker: boolean): Promise<Engine> {
  const e = await openEngine(tempDir('engram-analysis-'), { withoutOntology: false, analysisWorker });
  engines.push(e);
  return e;
}

/** Imports the files one command at a time, each followed by its automatic job (as `engram import` does). */
async function importEach(e: Engine, files: string[]): Promise<void> {
  for (const file of files) {
    const job = await e.importPaths({ paths: [file] });
    await e.jobs.idle();
    expect(e.jobs.list().find((j) => j.id === job.id)?.state).toBe('done');
  }
}

/** What the job wrote: every source's automatic, superseded and topic graphs, the session labels and the job's counts. */
async function written(e: Engine) {
  const graphs: Record<string, string[]> = {};
  for (const s of e.chat.listSources()) {
    for (const g of [GRAPHS.auto(s.key), GRAPHS.autoSuperseded(s.key), GRAPHS.topics(s.key)]) {
      const r = await e.graph.request({ op: 'export', graph: g, format: 'n-triples' });
      graphs[g] = r.data.split('\n').filter((l) => l.trim()).sort();
    }
  }
  const status = (await e.autoGraphStatus()).map(({ durationMs: _d, ...s }) => s);
  const topics = e.topics.status().map(({ durationMs: _d, ...s }) => s);
  return { graphs, sessionTopics: e.topics.sessionRows(), status, topics };
}

function texts(): { speakers: string[]; texts: string[] } {
  const raw = JSON.parse(fs.readFileSync(LOCOMO_26, 'utf8')) as Record<string, unknown>;
  const out: string[] = [];
  for (const [k, v] of Object.entries(raw)) if (/^session_\d+$/.test(k) && Array.isArray(v)) for (const m of v as { text: string }[]) out.push(m.text);
  return { speakers: [String(raw.speaker_a), String(raw.speaker_b)], texts: out };
}

describe('the analysis worker', () => {
  it('gives the same topic candidates and tagged statements as the passes make in-thread', () => {
    const { speakers, texts: all } = texts();
    expect(all.length).toBeGreaterThan(300);
    const names = nameSet(speakers);
    let candidates = 0;
    let statements = 0;
    for (const text of all) {
      const expected = candidatesOf(text, names);
      candidates += expected.length;
      expect(withoutNames(taggedPhrases(text), names)).toEqual(expected);
      // what crosses the thread is JSON: it must come back as the same values
      const a = analyseMessage({ id: 1, role: 'user', text });
      expect(decodePhrases(a.phrases!)).toEqual(taggedPhrases(text));
      expect(withoutNames(phrasesOf(a)!, names)).toEqual(expected);
      const s = analyseStatements(text);
      if (s) statements++;
      expect(statementsOf(a)).toEqual({ unreadable: unreadable(text), statements: unreadable(text) ? null : s });
    }
    expect(candidates).toBeGreaterThan(1000);
    expect(statements).toBeGreaterThan(100);
    // a word holding a separator (never seen from the tagger) is kept as JSON, read back the same
    const odd = [{ head: { key: 'a\u001fb', head: 'a\u001fb', label: 'x', lower: 'x', proper: false }, modifier: null }];
    expect(encodePhrases(odd).startsWith('[')).toBe(true);
    expect(decodePhrases(encodePhrases(odd))).toEqual(odd);
    expect(decodePhrases(encodePhrases([]))).toEqual([]);
    // not the person's: no statements; system messages: no topics either
    expect(analyseMessage({ id: 2, role: 'assistant', text: 'I bought my first guitar.' }).statements).toBeNull();
    expect(analyseMessage({ id: 3, role: 'system', text: 'I bought my first guitar.' })).toMatchObject({ phrases: null, statements: null });
  });

  it('an import writes the same automatic graph and topics with the worker as tagging in-thread', async () => {
    const [withWorker, inThread] = [await open(true), await open(false)];
    // the import hands each committed batch to the worker
    const handed: number[] = [];
    const prefetch = withWorker.analyser!.prefetch.bind(withWorker.analyser!);
    withWorker.analyser!.prefetch = (sourceId, rows) => (handed.push(rows.length), prefetch(sourceId, rows));
    await importEach(withWorker, FILES);
    await importEach(inThread, FILES);
    expect(inThread.analyser).toBeNull();
    const messages = withWorker.chat.listSources().reduce((n, s) => n + s.messages, 0);
    expect(handed.reduce((a, b) => a + b, 0)).toBe(messages);
    // every message was tagged by the worker (beside the import; the topics of a source weighed again by its job's passes)
    expect(withWorker.analyser!.analysed).toBeGreaterThanOrEqual(messages);
    const a = await written(withWorker);
    const b = await written(inThread);
    expect(Object.values(a.graphs).reduce((n, g) => n + g.length, 0)).toBeGreaterThan(1000);
    // (the repeated log's short sessions get no topic labels: only LoCoMo 26 makes this comparison cover topics)
    if (LOCOMO_26 === DATASET_26) expect(a.sessionTopics.length).toBeGreaterThan(50);
    expect(a).toEqual(b);
    for (const s of withWorker.chat.listSources()) expect(withWorker.analyser!.keptCount(s.id)).toBe(0);
  }, 120_000);

  it('a Cancel stops the worker at once; a crash fails the job with a clear error; the job then runs again to the same result', async () => {
    const e = await open(true);
    await importEach(e, [LOCOMO_26]);
    const before = await written(e);
    const [source] = e.chat.listSources();

    // Cancel: the rerun tags again in the worker (nothing was kept); cancelled once the job waits on it.
    const analyser = e.analyser as unknown as { start: () => Worker; worker: Worker | null; waiting: Map<number, unknown> };
    const job = (await e.runAutoGraph({ sourceIds: [source.id] }))!;
    for (const until = Date.now() + 10_000; Date.now() < until && !analyser.waiting.size; ) await new Promise((r) => setTimeout(r, 2));
    expect(analyser.waiting.size).toBeGreaterThan(0);
    const exited = new Promise<number>((r) => analyser.worker!.once('exit', () => r(Date.now())));
    const cancelledAt = Date.now();
    await e.cancelJob({ jobId: job.id });
    await e.jobs.idle();
    expect(e.jobs.list().find((j) => j.id === job.id)?.state).toBe('cancelled');
    expect((await exited) - cancelledAt).toBeLessThan(2_000);
    expect(analyser.worker).toBeNull();

    // A crash: the job fails and says why.
    const real = analyser.start;
    analyser.start = () => new Worker('process.exit(3)', { eval: true });
    const crashed = (await e.runAutoGraph({ sourceIds: [source.id] }))!;
    await e.jobs.idle();
    const failed = e.jobs.list().find((j) => j.id === crashed.id)!;
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/message analysis worker failed: it exited \(code 3\)/);

    // Run again with a working worker: the same graphs and labels as the first run.
    analyser.start = real;
    const again = (await e.runAutoGraph({ sourceIds: [source.id] }))!;
    await e.jobs.idle();
    expect(e.jobs.list().find((j) => j.id === again.id)?.state).toBe('done');
    expect(await written(e)).toEqual(before);
  }, 120_000);

  it('the client keeps a bounded number of analyses between the passes: past the bound they are made again, to the same result', async () => {
    const client = new MessageAnalyser(() => startModuleWorker(CLIENT_URL, 'analysis-worker'), 8);
    const batch = (from: number) => Array.from({ length: 5 }, (_, i) => ({ id: from + i, role: 'user', text: `On day ${from + i} my sister and I went to a pottery class in Lisbon.` }));
    const pages = [batch(1), batch(6)];
    const out = new Map<number, ReturnType<typeof statementsOf>>();
    // the first pass keeps the first page (5 ≤ 8), not the second (5 + 5 > 8)
    for await (const [, analysed] of client.pages(3, pages, null, false)) for (const [id, e] of analysed) out.set(id, statementsOf(e));
    expect(client.keptCount(3)).toBe(5);
    const before = client.analysed;
    for await (const [, analysed] of client.pages(3, pages, null, true)) for (const [id, e] of analysed) expect(statementsOf(e)).toEqual(out.get(id));
    expect(out.size).toBe(10);
    // the last pass made only the page that was not kept, and lets go of what it read
    expect(client.analysed - before).toBe(5);
    expect(client.keptCount(3)).toBe(0);
    await client.close();
  }, 60_000);

  it('the client analyses what an import hands it ahead of the passes, within its bound, and forgets a source that was not imported', async () => {
    const client = new MessageAnalyser(() => startModuleWorker(CLIENT_URL, 'analysis-worker'), 8);
    const internals = client as unknown as { worker: Worker | null };
    const batch = (from: number) => Array.from({ length: 5 }, (_, i) => ({ id: from + i, role: 'user', text: `On day ${from + i} my sister and I went to a pottery class in Lisbon.` }));
    const pages = [batch(1), batch(6)];
    client.prefetch(3, pages[0]);
    // past the bound (5 + 5 > 8): not analysed ahead, and the worker is let go once idle
    client.prefetch(3, pages[1]);
    const expected = new Map<number, ReturnType<typeof statementsOf>>();
    for (const m of pages.flat()) expected.set(m.id, statementsOf(analyseMessage(m)));
    for (let until = Date.now() + 10_000; Date.now() < until && client.analysed < 5; ) await new Promise((r) => setTimeout(r, 5));
    expect(client.keptCount(3)).toBe(5);
    for (let until = Date.now() + 5_000; Date.now() < until && internals.worker; ) await new Promise((r) => setTimeout(r, 5));
    expect(internals.worker).toBeNull();
    // the passes find the first batch made, and have the second made now
    for await (const [, analysed] of client.pages(3, pages, null, true)) for (const [id, e] of analysed) expect(statementsOf(e)).toEqual(expected.get(id));
    expect(client.analysed).toBe(10);
    expect(client.keptCount(3)).toBe(0);
    // a source forgotten while its batch is in the worker (its import failed) keeps nothing
    client.prefetch(4, batch(20));
    client.forget(4);
    for await (const _ of client.pages(5, [batch(40)], null, false)); // answered after the batch before it
    expect(client.analysed).toBe(20);
    expect(client.keptCount(4)).toBe(0);
    await client.close();
  }, 60_000);

  it('the client: a page asked while its worker is cancelled or crashes is refused, the next one is served', async () => {
    let starts = 0;
    const client = new MessageAnalyser(() => (++starts === 1 ? new Worker('process.exit(5)', { eval: true }) : startModuleWorker(CLIENT_URL, 'analysis-worker')));
    const page = [{ id: 1, role: 'user', text: 'My sister and I went to a pottery class in Lisbon.' }];
    const read = async (signal: AbortSignal | null) => {
      const out = [];
      for await (const [, analysed] of client.pages(7, [page], signal, true)) out.push(analysed);
      // nothing is kept by a source's last pass: every read asks the worker
      return out;
    };
    await expect(read(null)).rejects.toThrow(/message analysis worker failed: it exited \(code 5\)/);
    const [analysed] = await read(null);
    expect(statementsOf(analysed.get(1)!).statements!.length).toBe(1);
    expect(phrasesOf(analysed.get(1)!)!.map((p) => p.head.label)).toContain('class');
    // a job already stopped (a shutdown right after start-up): refused, the worker stopped, nothing left unhandled
    const stopped = new AbortController();
    stopped.abort('shutdown');
    await expect(read(stopped.signal)).rejects.toBeInstanceOf(JobCancelled);
    const abort = new AbortController();
    const pending = read(abort.signal);
    abort.abort();
    await expect(pending).rejects.toBeInstanceOf(JobCancelled);
    await client.close();
    await expect(read(null)).rejects.toBeInstanceOf(JobCancelled);
  }, 60_000);
});
