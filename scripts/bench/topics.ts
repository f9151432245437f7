// `npm run bench:topics`: topics without a model (docs/topics.md).
//
// Quality, on LoCoMo (../shared/datasets/locomo): the dev split (26, 30, 41; scripts/bench/
// locomo-split.ts) is imported with the real importer into one memory, and the held-out split
// (42, 43, 44) into another, as a person's memory of several conversations; the automatic job
// labels every session from the dialogue only. Against each session's reference summary
// (`session_N_summary`, never read by the engine):
//   - top-3 precision: the share of each session's first three labels whose lemma occurs in the
//     summary (every word of the label, lemmatised by the same wink-nlp model, is among the
//     summary's lemmas);
//   - session hit rate: the share of sessions with at least one label in their summary.
// Each conversation alone (a memory of one conversation) is reported beside it, computed with
// the same functions.
// Speed: the topic pass in the engine (per source, from its record: reading, ranking, writing
// the graph and the labels) and the pass alone over the six conversations, warm (messages/s).
// The lane: a memory of 1,000 sessions (generated), served, the workbench opened in Chromium
// (the e2e flags): the lane's draw time on first show and on zooms (window.__engramTopicLane),
// and the time from a zoom click to the frame with the lane redrawn.
//
//   npm run bench:topics [-- --json FILE] [--no-lane] [--sessions 1000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { Engine } from '../../electron/node/engine/engine';
import { nameSet } from '../../electron/node/engine/topics/phrases';
import { documentFrequency, TermCollector, topicsOfSession, type TopicMessage } from '../../electron/node/engine/topics/rank';
import type { JobInfo } from '../../shared/types';
import { DEV_SPLIT, HELD_OUT_SPLIT } from './locomo-split';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATASET = path.resolve(ROOT, '../shared/datasets/locomo');

interface Args {
  json?: string;
  lane: boolean;
  sessions: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { lane: true, sessions: 1000 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--json') a.json = argv[++i];
    else if (argv[i] === '--no-lane') a.lane = false;
    else if (argv[i] === '--sessions') a.sessions = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return a;
}

const nlp = winkNLP(model, ['sbd', 'pos']);
const its = nlp.its;
const lemmaSet = (text: string) => new Set((nlp.readDoc(text.toLowerCase()) as unknown as { tokens: () => { out: (f?: unknown) => unknown } }).tokens().out(its.lemma) as string[]);

/** Does every word of the label occur, lemmatised, among the summary's lemmas? */
export function labelInSummary(label: string, summary: Set<string>): boolean {
  const lemmas = [...lemmaSet(label)].filter((w) => /\p{L}/u.test(w));
  return lemmas.length > 0 && lemmas.every((w) => summary.has(w));
}

interface LoCoMo {
  speaker_a: string;
  speaker_b: string;
  [k: string]: unknown;
}

const load = (id: number): LoCoMo => JSON.parse(fs.readFileSync(path.join(DATASET, `${id}.json`), 'utf8'));

interface Score {
  top3: number;
  top3Hits: number;
  sessions: number;
  sessionHits: number;
  labelsPerSession: number;
}

const pct = (a: number, b: number) => (b ? Math.round((1000 * a) / b) / 10 : 0);

function score(labelsBySession: Map<number, string[]>, conv: LoCoMo): Score {
  const s: Score = { top3: 0, top3Hits: 0, sessions: 0, sessionHits: 0, labelsPerSession: 0 };
  for (let n = 1; conv[`session_${n}`]; n++) {
    const summary = conv[`session_${n}_summary`];
    if (typeof summary !== 'string') continue;
    const lemmas = lemmaSet(summary);
    const labels = labelsBySession.get(n) ?? [];
    const top3 = labels.slice(0, 3);
    s.top3 += top3.length;
    s.top3Hits += top3.filter((l) => labelInSummary(l, lemmas)).length;
    s.sessions++;
    if (labels.some((l) => labelInSummary(l, lemmas))) s.sessionHits++;
    s.labelsPerSession += labels.length;
  }
  return s;
}

function add(a: Score, b: Score): Score {
  return { top3: a.top3 + b.top3, top3Hits: a.top3Hits + b.top3Hits, sessions: a.sessions + b.sessions, sessionHits: a.sessionHits + b.sessionHits, labelsPerSession: a.labelsPerSession + b.labelsPerSession };
}

const view = (s: Score) => ({ top3Precision: pct(s.top3Hits, s.top3), sessionsWithALabel: pct(s.sessionHits, s.sessions), sessions: s.sessions, labelsPerSession: Math.round((10 * s.labelsPerSession) / Math.max(1, s.sessions)) / 10 });

/** A split imported into one memory: labels by (conversation, session number), pass speed. */
async function memoryOf(ids: readonly number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-topics-'));
  const e = await Engine.open({ dataDir: dir });
  try {
    const job = await e.importPaths({ paths: ids.map((id) => path.join(DATASET, `${id}.json`)) });
    await settled(e);
    const j = (await e.listJobs()).find((x) => x.id === job.id) as JobInfo;
    if (j.state !== 'done') throw new Error(`import ${j.state}: ${j.error}`);
    const sources = await e.listSources();
    const sessions = await e.listSessions({});
    const rows = e.topics.sessionRows();
    const records = e.topics.status();
    const perConversation = new Map<number, Map<number, string[]>>();
    for (const id of ids) {
      const src = sources.find((s) => s.name === `${id}.json` || s.name.startsWith(`${id}`));
      if (!src) throw new Error(`source of ${id}.json not found`);
      const bySession = new Map<number, string[]>();
      for (const s of sessions.filter((x) => x.sourceId === src.id)) {
        // LoCoMo session N is the N-th session of the conversation
        bySession.set(s.ordinal, rows.filter((r) => r.sessionId === s.id).sort((a, b) => a.rank - b.rank).map((r) => r.label));
      }
      perConversation.set(id, bySession);
    }
    const messages = sources.reduce((n, s) => n + s.messages, 0);
    const passMs = records.reduce((n, r) => n + r.durationMs, 0);
    return { perConversation, messages, passMs };
  } finally {
    await e.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Until the import and the automatic job (its topics included) are done for every source. */
async function settled(e: Engine): Promise<void> {
  for (;;) {
    await e.jobs.idle();
    await new Promise((r) => setTimeout(r, 200));
    const sources = await e.listSources();
    const done = e.topics.status().filter((s) => s.state === 'done').length;
    if (!e.autoGraph.current() && done === sources.length && !e.topics.due().length) return;
  }
}

/** The messages of a conversation as the pass reads them. */
function messagesOf(conv: LoCoMo): TopicMessage[] {
  const out: TopicMessage[] = [];
  let id = 0;
  for (let n = 1; Array.isArray(conv[`session_${n}`]); n++) {
    for (const t of conv[`session_${n}`] as { text: string }[]) out.push({ id: ++id, sessionId: n, text: t.text, role: 'user', timestamp: String(n).padStart(4, '0') });
  }
  return out;
}

/** Each conversation as a memory of its own (the same functions the engine runs). */
function alone(conv: LoCoMo): Map<number, string[]> {
  const c = new TermCollector(nameSet([conv.speaker_a, conv.speaker_b]));
  for (const m of messagesOf(conv)) c.add(m);
  const sessions = c.sessions();
  const df = documentFrequency(sessions);
  const memory = { sessions: sessions.length, df: (k: string) => df.get(k) ?? 0 };
  return new Map(sessions.map((s) => [s.sessionId, topicsOfSession(s, memory).map((t) => t.label)]));
}

/**
 * The pass alone, warm: the median of three runs in wall-clock time, and in the process's CPU time
 * (user + system), which a loaded machine inflates far less than the wall clock (the pass runs on
 * one thread; garbage collection on others is counted too).
 */
function warmSpeed(): { messages: number; messagesPerSecond: number; messagesPerCpuSecond: number } {
  const all = [...DEV_SPLIT, ...HELD_OUT_SPLIT].map((id) => ({ conv: load(id), id }));
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let messages = 0;
  for (let r = 0; r < 4; r++) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    messages = 0;
    for (const { conv } of all) {
      const c = new TermCollector(nameSet([conv.speaker_a, conv.speaker_b]));
      for (const m of messagesOf(conv)) (c.add(m), messages++);
      const sessions = c.sessions();
      const df = documentFrequency(sessions);
      for (const s of sessions) topicsOfSession(s, { sessions: sessions.length, df: (k) => df.get(k) ?? 0 });
    }
    const cpu = process.cpuUsage(cpu0);
    if (r > 0) {
      rates.push(messages / ((performance.now() - t0) / 1000));
      cpuRates.push(messages / ((cpu.user + cpu.system) / 1e6));
    }
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
  return { messages, messagesPerSecond: median(rates), messagesPerCpuSecond: median(cpuRates) };
}

// ---- the lane in Chromium

const VOCABULARY = 'pottery garden marathon violin kitchen renovation adoption agency camping trip guitar lessons photography yoga studio chess club book club dog training bakery internship budget spreadsheet wedding planning piano recital road trip museum visit knitting project bird watching climbing gym tax return job interview'.split(' ');

function laneMemory(dir: string, sessions: number): string {
  const conversations = [];
  const start = Date.UTC(2021, 0, 1);
  for (let i = 0; i < sessions; i++) {
    const a = VOCABULARY[(i * 7) % VOCABULARY.length];
    const b = VOCABULARY[(i * 13 + 5) % VOCABULARY.length];
    const t = start + i * 26 * 3600_000 * (1 + (i % 3));
    const stamp = (k: number) => new Date(t + k * 60_000).toISOString();
    conversations.push({
      id: `s${i}`,
      title: `Chat ${i + 1}`,
      messages: [
        { id: `s${i}-0`, speaker: 'Robin', role: 'user', text: `Today the ${a} took most of my evening, the ${a} is going well.`, timestamp: stamp(0) },
        { id: `s${i}-1`, speaker: 'Assistant', role: 'assistant', text: `Good to hear about the ${a}. How is the ${b}?`, timestamp: stamp(1) },
        { id: `s${i}-2`, speaker: 'Robin', role: 'user', text: `The ${b} is slow, but the ${a} helps.`, timestamp: stamp(2) },
        { id: `s${i}-3`, speaker: 'Assistant', role: 'assistant', text: `Keep the ${b} going.`, timestamp: stamp(3) },
      ],
    });
  }
  const file = path.join(dir, 'lane-memory.json');
  fs.writeFileSync(file, JSON.stringify({ title: 'Lane benchmark', conversations }));
  return file;
}

async function laneBench(sessions: number): Promise<Record<string, unknown>> {
  const { chromium } = await import('@playwright/test');
  const { startServe } = await import('../../e2e/support/serve');
  const { CHROMIUM_ARGS } = await import('../../playwright.config');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-lane-'));
  const e = await Engine.open({ dataDir });
  const file = laneMemory(dataDir, sessions);
  await e.importPaths({ paths: [file] });
  await settled(e);
  const laneData = await e.topicLane({});
  const sessionCount = (await e.listSessions({})).length;
  await e.close();
  const served = await startServe({ dataDir });
  const executablePath = [process.env.ENGRAM_CHROMIUM, process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await page.goto(served.url);
    await page.locator('.app[data-ready="true"]').waitFor();
    await page.getByTestId('topic-lane').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => (window.__engramTopicLane?.marks ?? 0) > 0);
    const first = await page.evaluate(() => window.__engramTopicLane!);
    const draws: number[] = [first.drawMs];
    const frames: number[] = [];
    for (let i = 0; i < 8; i++) {
      const before = await page.evaluate(() => window.__engramTopicLane!.draws);
      const t = await page.evaluate(async (label) => {
        const t0 = performance.now();
        (document.querySelector(`[aria-label="${label}"]`) as HTMLButtonElement).click();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return performance.now() - t0;
      }, i % 2 ? 'Zoom out' : 'Zoom in');
      await page.waitForFunction((n) => window.__engramTopicLane!.draws > n, before, { timeout: 5000 }).catch(() => undefined);
      frames.push(t);
      draws.push(await page.evaluate(() => window.__engramTopicLane!.drawMs));
    }
    fs.mkdirSync(path.join(ROOT, 'e2e', 'artifacts'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'e2e', 'artifacts', `bench-topic-lane-${sessions}.png`) });
    const sorted = [...draws].sort((a, b) => a - b);
    const fsorted = [...frames].sort((a, b) => a - b);
    return {
      sessions: sessionCount,
      laneTopics: laneData.topics.length,
      laneCells: laneData.cells.length,
      marksDrawn: first.marks,
      firstDrawMs: Math.round(first.drawMs * 10) / 10,
      drawMedianMs: Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10,
      drawMaxMs: Math.round(sorted[sorted.length - 1] * 10) / 10,
      zoomToFrameMedianMs: Math.round(fsorted[Math.floor(fsorted.length / 2)]),
      zoomToFrameMaxMs: Math.round(fsorted[fsorted.length - 1]),
    };
  } finally {
    await browser.close();
    await served.close();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const out: Record<string, unknown> = { date: new Date().toISOString().slice(0, 10), machine: `${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}` };
  for (const [name, ids] of [['dev', DEV_SPLIT], ['heldOut', HELD_OUT_SPLIT]] as const) {
    const mem = await memoryOf(ids);
    let total: Score = { top3: 0, top3Hits: 0, sessions: 0, sessionHits: 0, labelsPerSession: 0 };
    let totalAlone = total;
    const per: Record<string, unknown> = {};
    for (const id of ids) {
      const conv = load(id);
      const s = score(mem.perConversation.get(id)!, conv);
      const a = score(alone(conv), conv);
      total = add(total, s);
      totalAlone = add(totalAlone, a);
      per[id] = { inMemory: view(s), alone: view(a) };
    }
    out[name] = { memory: view(total), alone: view(totalAlone), perConversation: per, enginePass: { messages: mem.messages, ms: Math.round(mem.passMs), messagesPerSecond: Math.round(mem.messages / (mem.passMs / 1000)) } };
  }
  out.passAlone = warmSpeed();
  if (args.lane) out.lane = await laneBench(args.sessions);
  console.log(JSON.stringify(out, null, 2));
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(out, null, 2));
}

await main();
