// Part of `npm run bench:scale`, run in its own process on one memory: Ask's latency per
// question (offline, the whole pipeline), the timeline's plan and chain SQL per reference kind
// (the phrasing corpus's questions), and the process's memory once all of it has been used.
//
//   tsx scripts/bench/scale-probe.ts DATA_DIR NOW
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../electron/node/engine/engine';
import { WORDS } from './foundation-data';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [dataDir, now] = process.argv.slice(2);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};
const round = (x: number) => Math.round(x * 100) / 100;

/** Questions of every route and intent, with the generated data's words. */
function askQuestions(): string[] {
  const w = (i: number) => WORDS[(i * 7) % WORDS.length];
  const out: string[] = [];
  for (let i = 0; i < 8; i++) {
    out.push(
      `What did I say about the ${w(i)}?`,
      `When did we talk about ${w(i)} and ${w(i + 3)}?`,
      `What did we discuss last week?`,
      `How many times did I mention my ${w(i + 1)}?`,
      `What did we talk about in March ${2023 + (i % 2)}?`,
      `Who did I go to the ${w(i + 2)} with?`,
      `List the concerts I went to.`,
      `What was the first thing we discussed about ${w(i + 5)}?`,
      `Who did I talk to most last month?`,
      `What did we discuss two sessions ago?`,
    );
  }
  return out;
}

/** The phrasing corpus's questions with their kind (test/fixtures/timeline-phrasings.jsonl). */
function timelineQuestions(): { kind: string; question: string; context?: { speaker: string; text: string }[] }[] {
  return fs
    .readFileSync(path.join(ROOT, 'test/fixtures/timeline-phrasings.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { kind: string; question: string; context?: { speaker: string; text: string }[] });
}

const engine = await Engine.open({ dataDir });
try {
  await engine.whenReady();
  // Ask: the first question pays what the memory's first use of each store costs (reported apart).
  const questions = askQuestions();
  const t0 = performance.now();
  await engine.askEngine.answer({ question: questions[0], now, llm: false });
  const firstMs = performance.now() - t0;
  const times: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    await engine.askEngine.answer({ question: q, now, llm: false });
    times.push(performance.now() - t);
  }
  // Timeline: the plan (planner) and its chain's SQL, per reference kind; the rows a plan keeps
  // are counted (a season or "every Tuesday" keeps thousands, and reading them is the cost).
  const byKind = new Map<string, { ms: number[]; rows: number[] }>();
  const questionsOfCorpus = timelineQuestions();
  for (const q of questionsOfCorpus.slice(0, 20)) engine.timeline.select(engine.timeline.plan({ question: q.question, context: q.context, now }).plan); // warm
  for (const q of questionsOfCorpus) {
    const t = performance.now();
    const planned = engine.timeline.plan({ question: q.question, context: q.context, now });
    const rows = planned.plan.chain.length ? engine.timeline.select(planned.plan).rows.length : 0;
    const entry = byKind.get(q.kind) ?? { ms: [], rows: [] };
    entry.ms.push(performance.now() - t);
    entry.rows.push(rows);
    byKind.set(q.kind, entry);
  }
  const timeline = Object.fromEntries(
    [...byKind].map(([k, e]) => [k, { n: e.ms.length, p50: round(quantile(e.ms, 0.5)), max: round(Math.max(...e.ms)), rowsP50: quantile(e.rows, 0.5), rowsMax: Math.max(...e.rows) }]),
  );
  process.stdout.write(
    `${JSON.stringify({
      ask: { n: times.length, firstMs: Math.round(firstMs), p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), max: round(Math.max(...times)) },
      timeline,
      timelineWorst: round(Math.max(...Object.values(timeline).map((t) => t.max))),
      timelineWorstP50: round(Math.max(...Object.values(timeline).map((t) => t.p50))),
      graphLoaded: engine.graph.started,
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
    })}\n`,
  );
} finally {
  await engine.close();
}
