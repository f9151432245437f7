// `npm run bench:temporal`: time-aware retrieval on the temporal-memory benchmark.
//
// Imports ../shared/datasets/temporal-memory/conversations (one source per log), turns every
// question of tests/time_qs, tests/ambiguous_time_qs (earlier turns as context, the last turn
// as the question) and tests/content_time_qs into one JSONL batch — now = the log's last
// response + 50 minutes, source = the log's file — runs it through `engram retrieve --batch`
// (a separate process, as an outside evaluator would), and scores the returned rows by
// response_number: recall and F2 per question, averaged per test file, then over the files
// of each type (the dataset README's protocol). Then the phrasing corpus (everyday wordings on
// a fixed synthetic memory; `npm run bench:phrasings` lists its failures).
//
//   npm run bench:temporal [-- --data DIR] [--failures N] [--only time_qs|ambiguous_time_qs|content_time_qs]
//                          [--in-process] [--json FILE] [--planner llm [--llm-host URL] [--llm-model NAME]]
//                          [--no-phrasings] [--keep DIR]
//
// --keep DIR writes the batch's questions.jsonl and answers.jsonl (rewrite, classification, plan,
// rows per question) into DIR, to compare a change's answers line by line with the previous ones.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../electron/node/engine/engine';
import { runBatchFiles } from '../../electron/node/engine/timeline/batch';
import { parseDateValue } from '../../shared/dates/parse-date';
import { msToWall, wallToMs } from '../../shared/dates/wall-clock';
import { phrasingReport, scoreCorpus } from './phrasings-score';
import { recallF2, type RecallF2 } from './recall-f2';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATASET = path.resolve(ROOT, '../shared/datasets/temporal-memory');
const TYPES = ['time_qs', 'ambiguous_time_qs', 'content_time_qs'] as const;
type TestType = (typeof TYPES)[number];

interface Args {
  data?: string;
  failures: number;
  only?: TestType;
  inProcess: boolean;
  json?: string;
  phrasings: boolean;
  keep?: string;
  /** Extra arguments for `engram retrieve` (e.g. --planner llm --llm-model qwen2.5:7b-instruct). */
  retrieveArgs: string[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { failures: 0, inProcess: false, phrasings: true, retrieveArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--data') args.data = argv[++i];
    else if (a === '--failures') args.failures = Number(argv[++i]);
    else if (a === '--only') args.only = argv[++i] as TestType;
    else if (a === '--in-process') args.inProcess = true;
    else if (a === '--json') args.json = argv[++i];
    else if (a === '--no-phrasings') args.phrasings = false;
    else if (a === '--keep') args.keep = argv[++i];
    else if (a === '--planner' || a === '--llm-host' || a === '--llm-model') args.retrieveArgs.push(a, argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

interface Turn {
  speaker: string;
  text: string;
}
interface Entry {
  questions: (string | Turn[])[];
  relevant_docs: number[];
}
interface Item {
  id: string;
  type: TestType;
  file: string;
  log: number;
  question: string;
  context?: Turn[];
  relevant: number[];
}

/** "01:56:04 AM on Monday 08 May, 2023" → wall-clock milliseconds (as the importer reads it). */
function parseLogTime(s: string): number {
  const w = parseDateValue(s);
  if (!w) throw new Error(`unreadable date_time '${s}'`);
  return wallToMs(w.local);
}

/** The protocol's now: 50 minutes after the log's last response. */
function nowOfLog(file: string): string {
  const log = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  let last = 0;
  for (const [k, v] of Object.entries(log)) {
    if (!/^session_\d+$/.test(k) || !Array.isArray(v)) continue;
    for (const t of v as { date_time?: string }[]) if (t.date_time) last = Math.max(last, parseLogTime(t.date_time));
  }
  return msToWall(last + 50 * 60_000);
}

function loadItems(only?: TestType): Item[] {
  const items: Item[] = [];
  for (const type of TYPES) {
    if (only && type !== only) continue;
    const dir = path.join(DATASET, 'tests', type);
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
      const data = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown> & { file_indexes: number[] };
      const file = f.replace(/\.json$/, '');
      for (const log of data.file_indexes) {
        const entries = data[`file_${log}`] as Entry[];
        entries.forEach((e, ei) =>
          e.questions.forEach((q, qi) => {
            const id = `${type}/${file}/${log}/${ei}/${qi}`;
            if (typeof q === 'string') items.push({ id, type, file, log, question: q.trim(), relevant: e.relevant_docs });
            else items.push({ id, type, file, log, question: q[q.length - 1].text, context: q.slice(0, -1), relevant: e.relevant_docs });
          }),
        );
      }
    }
  }
  return items;
}

async function ensureImported(dataDir: string): Promise<{ importMs: number | null }> {
  const files = fs.readdirSync(path.join(DATASET, 'conversations')).filter((f) => f.endsWith('.json')).sort();
  const engine = await Engine.open({ dataDir });
  try {
    await engine.whenReady();
    const have = new Set(engine.chat.listSources().map((s) => s.name));
    const missing = files.filter((f) => !have.has(f));
    let importMs: number | null = null;
    if (missing.length) {
      const t0 = performance.now();
      const job = await engine.importPaths({ paths: missing.map((f) => path.join(DATASET, 'conversations', f)) });
      await engine.jobs.idle();
      const end = engine.jobs.list().find((j) => j.id === job.id)!;
      const result = (end.result ?? { errors: [{ error: end.error ?? end.state }] }) as { errors: { error: string }[] };
      if (result.errors.length) throw new Error(result.errors.map((e) => e.error).join('; '));
      importMs = performance.now() - t0;
    }
    // response_index is the log's response_number: check it once
    let mismatch = 0;
    for (const source of engine.chat.listSources()) {
      for (const m of engine.chat.iterateSourceMessages(source.id)) {
        const number = m.extra ? (JSON.parse(m.extra) as { response_number?: unknown }).response_number : undefined;
        if (number != null && Math.trunc(Number(number)) !== m.responseIndex) mismatch++;
      }
    }
    if (mismatch) throw new Error(`${mismatch} messages have response_index != response_number`);
    return { importMs };
  } finally {
    await engine.close();
  }
}

type Score = RecallF2;

function score(retrieved: number[], relevant: number[]): Score {
  const rel = new Set(relevant);
  const got = new Set(retrieved);
  let hit = 0;
  for (const r of got) if (rel.has(r)) hit++;
  return recallF2(hit, got.size, rel.size);
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const pct = (x: number) => (100 * x).toFixed(2).padStart(6);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = path.resolve(args.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-temporal-')));
  const tStart = performance.now();
  const { importMs } = await ensureImported(dataDir);
  const items = loadItems(args.only);
  const nowByLog = new Map<number, string>();
  for (const f of fs.readdirSync(path.join(DATASET, 'conversations'))) {
    const log = Number(f.replace(/\.json$/, ''));
    if (Number.isFinite(log)) nowByLog.set(log, nowOfLog(path.join(DATASET, 'conversations', f)));
  }

  const work = args.keep ? path.resolve(args.keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-batch-'));
  fs.mkdirSync(work, { recursive: true });
  const inFile = path.join(work, 'questions.jsonl');
  const outFile = path.join(work, 'answers.jsonl');
  fs.writeFileSync(
    inFile,
    items.map((it) => JSON.stringify({ id: it.id, question: it.question, ...(it.context ? { context: it.context } : {}), now: nowByLog.get(it.log), source: `${it.log}.json` })).join('\n') + '\n',
  );

  const tBatch = performance.now();
  let answerMs: number | null = null;
  if (args.inProcess) {
    const engine = await Engine.open({ dataDir });
    try {
      // The memory at rest: start-up's reconciliation and the automatic graph an import leaves
      // to run (it runs once per import, in the background) are done before the clock starts.
      await engine.whenReady();
      for (let auto = engine.autoGraph.current(); auto; auto = engine.autoGraph.current()) if ((await engine.waitForJob(auto)).state !== 'done') break;
      const names = new Map(engine.chat.listSources().map((s) => [s.id, s.name]));
      const t = performance.now();
      await runBatchFiles(engine.timeline, inFile, outFile, (id) => names.get(id) ?? String(id));
      answerMs = performance.now() - t;
    } finally {
      await engine.close();
    }
  } else {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/engram.mjs'), '--data', dataDir, 'retrieve', '--batch', inFile, '--out', outFile, ...args.retrieveArgs], {
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
    });
    process.stderr.write(r.stderr ?? '');
    if (r.status !== 0) throw new Error(`engram retrieve failed (exit ${r.status})`);
  }
  const batchMs = performance.now() - tBatch;

  const answers = new Map<string, { messages?: { response_index: number }[]; error?: string; rewrite?: string; plan?: unknown; classification?: string }>();
  for (const line of fs.readFileSync(outFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const a = JSON.parse(line) as { id: string };
    answers.set(a.id, a as never);
  }

  // per test file, per type
  const byFile = new Map<string, { type: TestType; file: string; scores: Score[] }>();
  const failures: { item: Item; s: Score; got: number[]; rewrite?: string; plan?: unknown }[] = [];
  let errors = 0;
  for (const it of items) {
    const a = answers.get(it.id);
    if (!a || a.error) errors++;
    const got = (a?.messages ?? []).map((m) => m.response_index);
    const s = score(got, it.relevant);
    const key = `${it.type}/${it.file}`;
    if (!byFile.has(key)) byFile.set(key, { type: it.type, file: it.file, scores: [] });
    byFile.get(key)!.scores.push(s);
    if (s.recall < 1 || s.f2 < 0.9) failures.push({ item: it, s, got, rewrite: a?.rewrite, plan: a?.plan });
  }

  const out: Record<string, unknown> = { date: new Date().toISOString().slice(0, 10), questions: items.length, types: {} as Record<string, unknown> };
  process.stdout.write(`\nTemporal-memory benchmark (${items.length} questions, 8 logs; offline, no LLM)\n\n`);
  process.stdout.write(`${'test file'.padEnd(42)} ${'n'.padStart(5)} ${'recall'.padStart(7)} ${'F2'.padStart(7)}\n`);
  for (const type of TYPES) {
    const files = [...byFile.values()].filter((f) => f.type === type);
    if (!files.length) continue;
    const rows = files.map((f) => ({ file: f.file, n: f.scores.length, recall: mean(f.scores.map((s) => s.recall)), f2: mean(f.scores.map((s) => s.f2)) }));
    for (const r of rows) process.stdout.write(`${`${type}/${r.file}`.padEnd(42)} ${String(r.n).padStart(5)} ${pct(r.recall)}  ${pct(r.f2)}\n`);
    const recall = mean(rows.map((r) => r.recall));
    const f2 = mean(rows.map((r) => r.f2));
    process.stdout.write(`${`= ${type} (mean of ${rows.length} files)`.padEnd(42)} ${String(rows.reduce((n, r) => n + r.n, 0)).padStart(5)} ${pct(recall)}  ${pct(f2)}\n\n`);
    (out.types as Record<string, unknown>)[type] = { recall, f2, files: rows };
  }
  const total = performance.now() - tStart;
  process.stdout.write(
    `batch: ${items.length} questions in ${(batchMs / 1000).toFixed(1)} s (${Math.round(items.length / (batchMs / 1000))}/s, including process start and engine open)` +
      `${answerMs !== null ? `; answering alone (in process, engine open): ${(answerMs / 1000).toFixed(2)} s = ${Math.round(items.length / (answerMs / 1000))} questions/s` : ''}` +
      `${importMs !== null ? `; import ${(importMs / 1000).toFixed(1)} s` : ''}; total ${(total / 1000).toFixed(1)} s; errors ${errors}\n`,
  );
  out.batchMs = batchMs;
  out.answerMs = answerMs;
  out.importMs = importMs;
  out.totalMs = total;
  if (args.phrasings) {
    // the planner on everyday wordings (the dataset's templates are few): its own memory, no import
    const phrasings = scoreCorpus();
    process.stdout.write(phrasingReport(phrasings, false));
    out.phrasings = { kinds: phrasings.kinds, all: phrasings.all };
  }
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(out, null, 2));

  if (args.failures > 0) {
    failures.sort((a, b) => a.s.f2 - b.s.f2);
    process.stdout.write(`\nWorst ${Math.min(args.failures, failures.length)} of ${failures.length} imperfect answers:\n`);
    for (const f of failures.slice(0, args.failures)) {
      process.stdout.write(
        `- [${f.item.id}] R=${pct(f.s.recall)} F2=${pct(f.s.f2)} ${JSON.stringify(f.item.question)}${f.rewrite && f.rewrite !== f.item.question ? ` ⇒ ${JSON.stringify(f.rewrite)}` : ''}\n` +
          `    plan ${JSON.stringify((f.plan as { chain?: unknown; rank?: unknown })?.chain)} ${JSON.stringify((f.plan as { rank?: unknown })?.rank ?? '')}\n` +
          `    got ${JSON.stringify(f.got.slice(0, 30))}${f.got.length > 30 ? '…' : ''} want ${JSON.stringify(f.item.relevant.slice(0, 30))}${f.item.relevant.length > 30 ? '…' : ''}\n`,
      );
    }
  }
  if (!args.data) fs.rmSync(dataDir, { recursive: true, force: true });
  if (!args.keep) fs.rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  process.stderr.write(`bench:temporal: ${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
