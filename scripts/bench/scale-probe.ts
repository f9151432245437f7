// Part of `npm run bench:scale`, run in its own process on one memory: Ask's latency per
// question (offline, the whole pipeline), the timeline's plan and chain SQL per reference kind
// (the phrasing corpus's questions), and the process's memory once all of it has been used.
//
//   tsx scripts/bench/scale-probe.ts DATA_DIR NOW [--detail] [--only ask|timeline]
//
// --detail: every question's time on stderr (which questions and routes make the p95).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../electron/node/engine/engine';
import { WORDS } from './foundation-data';
import { TIMELINE_LIMIT } from '../../electron/node/engine/ask/ask-service';

/** The workbench's first page of a plan's rows (renderer/src/plan/plan-store.ts PLAN_ROWS_MAX). */
const WORKBENCH_PAGE = 5000;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [dataDir, now, ...flags] = process.argv.slice(2);
const detail = flags.includes('--detail');
const only = flags.includes('--only') ? flags[flags.indexOf('--only') + 1] : undefined;
const note = (line: string) => detail && process.stderr.write(`${line}\n`);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};
const round = (x: number) => Math.round(x * 100) / 100;
/** CPU time of the process (every thread: the graph worker, LanceDB's) since `from`, in ms: what the load does not inflate. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

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
  let ask: { n: number; firstMs: number; p50: number; p95: number; max: number; cpuP50: number; cpuP95: number } | undefined;
  if (only !== 'timeline') {
    const questions = askQuestions();
    const t0 = performance.now();
    await engine.askEngine.answer({ question: questions[0], now, llm: false });
    const firstMs = performance.now() - t0;
    const times: number[] = [];
    const cpu: number[] = [];
    for (const q of questions) {
      const t = performance.now();
      const c = process.cpuUsage();
      const turn = await engine.askEngine.answer({ question: q, now, llm: false });
      const ms = performance.now() - t;
      times.push(ms);
      cpu.push(cpuMs(c));
      note(`ask ${ms.toFixed(1)} ms cpu ${cpuMs(c).toFixed(1)} ms [${turn.classification.routes.join('+')}] ${JSON.stringify(turn.timings)} ${q}`);
    }
    ask = { n: times.length, firstMs: Math.round(firstMs), p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), max: round(Math.max(...times)), cpuP50: round(quantile(cpu, 0.5)), cpuP95: round(quantile(cpu, 0.95)) };
  }
  // Timeline: what a person waits for after asking a time question: the plan (planner), then
  // `Timeline.run` — the count, the sessions and the first page of full rows — at Ask's and the
  // CLI's page (TIMELINE_LIMIT rows), the path Ask, `engram retrieve` and the workbench take.
  // The workbench's own first page (PLAN_ROWS_MAX = 5,000 full rows) is timed apart. (The
  // batch interface, `retrieve --batch`, returns every row a plan keeps: `npm run bench:temporal`.)
  const byKind = new Map<string, { ms: number[]; cpu: number[]; rows: number[]; workbenchMs: number[] }>();
  if (only !== 'ask') {
    const questionsOfCorpus = timelineQuestions();
    for (const q of questionsOfCorpus.slice(0, 20)) await engine.timeline.run(engine.timeline.plan({ question: q.question, context: q.context, now }).plan, { limit: TIMELINE_LIMIT }); // warm
    for (const q of questionsOfCorpus) {
      const t = performance.now();
      const c = process.cpuUsage();
      const planned = engine.timeline.plan({ question: q.question, context: q.context, now });
      const run = await engine.timeline.run(planned.plan, { limit: TIMELINE_LIMIT });
      const ms = performance.now() - t;
      const cpu = cpuMs(c);
      const tw = performance.now();
      await engine.timeline.run(engine.timeline.plan({ question: q.question, context: q.context, now }).plan, { limit: WORKBENCH_PAGE });
      const workbenchMs = performance.now() - tw;
      const entry = byKind.get(q.kind) ?? { ms: [], cpu: [], rows: [], workbenchMs: [] };
      entry.ms.push(ms);
      entry.cpu.push(cpu);
      entry.rows.push(run.total);
      entry.workbenchMs.push(workbenchMs);
      byKind.set(q.kind, entry);
      note(`timeline ${ms.toFixed(2)} ms cpu ${cpu.toFixed(2)} ms (workbench page ${workbenchMs.toFixed(2)} ms) ${q.kind} rows=${run.total} ${q.question}`);
    }
  }
  const timeline = Object.fromEntries(
    [...byKind].map(([k, e]) => [k, { n: e.ms.length, p50: round(quantile(e.ms, 0.5)), max: round(Math.max(...e.ms)), cpuP50: round(quantile(e.cpu, 0.5)), rowsP50: quantile(e.rows, 0.5), rowsMax: Math.max(...e.rows), workbenchP50: round(quantile(e.workbenchMs, 0.5)) }]),
  );
  const kinds = Object.values(timeline);
  process.stdout.write(
    `${JSON.stringify({
      ask,
      timeline,
      timelineWorst: kinds.length ? round(Math.max(...kinds.map((t) => t.max))) : 0,
      timelineWorstP50: kinds.length ? round(Math.max(...kinds.map((t) => t.p50))) : 0,
      timelineWorkbenchWorstP50: kinds.length ? round(Math.max(...kinds.map((t) => t.workbenchP50))) : 0,
      graphLoaded: engine.graph.started,
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
    })}\n`,
  );
} finally {
  await engine.close();
}
