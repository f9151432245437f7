// `npm run bench:locomo`: evidence recall of Ask's content route on LoCoMo.
//
// Imports the six conversations of ../shared/datasets/locomo with the real importer into a temp
// data folder (or --data DIR, reused when already imported), asks every question of categories
// 1–4 through the same retrieval the Ask content route uses (AskService.content: the engine
// backend over the search index and SQLite, hybrid with vectors when they exist), each question
// restricted to its own conversation's source, and scores the ranked messages by dia_id (= the
// message's external_id): recall@k = share of a question's evidence dia_ids in the top k,
// averaged over questions (the dataset README's metric). Plain BM25 over the same index is
// printed beside it for reference. With vectors only when an embedding model is reachable.
//
// Then answers: every question asked through the whole Ask pipeline offline (no model; `now`
// just after the conversation's last session), as a person's memory has it: with the automatic
// knowledge graph every import builds (`--no-auto-graph` leaves it out, to compare). Categories
// 1–4 are scored by whether the answer text — and, separately, its top evidence sentence (the
// sentence the answer quotes, else the first sentence of the best evidence message) — contains
// the gold answer after normalisation (ask/containment.ts: lowercase, punctuation, number words,
// dates; a list scores the share of its items; "the week before D" any day of that week), and by
// the recall@10 of the turn's own evidence. Category 5 (adversarial: the answer is not in the
// conversation; the data gives an `adversarial_answer`, no `answer`) is scored by the share of
// answers whose status is "not found" or "related" (Ask does not claim an answer). Figures are
// given for the dev split (26, 30, 41: the one rules are chosen on), the held-out split (42–44)
// and all six (scripts/bench/locomo-split.ts).
//
//   npm run bench:locomo [-- --data DIR] [--json FILE] [--failures N] [--no-plain]
//                        [--no-answers] [--answers-out FILE.jsonl] [--answer-failures N] [--no-auto-graph]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../electron/node/engine/engine';
import { PLAIN_BM25 } from '../../electron/node/engine/retrieval/params';
import { containment } from '../../electron/node/engine/ask/containment';
import { sentences } from '../../shared/text/sentences';
import { DEV_SPLIT, HELD_OUT_SPLIT } from './locomo-split';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATASET = path.resolve(ROOT, '../shared/datasets/locomo');
const KS = [5, 10, 25] as const;
const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'inference', 4: 'single-hop' };

interface Args {
  data?: string;
  json?: string;
  failures: number;
  plain: boolean;
  answers: boolean;
  answersOut?: string;
  answerFailures: number;
  /** Build the automatic knowledge graph (no model) and let Ask use it (default: on, as in every memory). */
  autoGraph: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { failures: 0, plain: true, answers: true, answerFailures: 0, autoGraph: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--data') args.data = argv[++i];
    else if (a === '--json') args.json = argv[++i];
    else if (a === '--failures') args.failures = Number(argv[++i]);
    else if (a === '--no-plain') args.plain = false;
    else if (a === '--no-answers') args.answers = false;
    else if (a === '--answers-out') args.answersOut = argv[++i];
    else if (a === '--answer-failures') args.answerFailures = Number(argv[++i]);
    else if (a === '--no-auto-graph') args.autoGraph = false;
    else if (a === '--auto-graph') args.autoGraph = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

interface Question {
  file: string;
  category: number;
  question: string;
  evidence: string[];
  answer: string;
}

/** Questions of categories 1–4 with evidence (for retrieval), and of category 5 (answers only). */
function loadQuestions(files: string[]): { answerable: Question[]; adversarial: Question[] } {
  const answerable: Question[] = [];
  const adversarial: Question[] = [];
  for (const file of files) {
    const data = JSON.parse(fs.readFileSync(path.join(DATASET, file), 'utf8')) as { qa: { question: string; answer?: unknown; adversarial_answer?: unknown; evidence?: string[]; category: number }[] };
    for (const qa of data.qa) {
      // some evidence entries hold two ids ("D8:6; D9:17")
      const evidence = [...new Set((qa.evidence ?? []).flatMap((e) => e.split(/[;,]\s*/)).map((e) => e.trim()).filter(Boolean))];
      if (qa.category === 5) {
        adversarial.push({ file, category: 5, question: qa.question, evidence, answer: String(qa.adversarial_answer ?? '') });
        continue;
      }
      if (!CATEGORIES[qa.category] || !evidence.length) continue;
      answerable.push({ file, category: qa.category, question: qa.question, evidence, answer: String(qa.answer ?? '') });
    }
  }
  return { answerable, adversarial };
}

/** The split a conversation file belongs to. */
function splitOf(file: string): 'dev' | 'held-out' | null {
  const n = Number(file.replace(/\.json$/, ''));
  return (DEV_SPLIT as readonly number[]).includes(n) ? 'dev' : (HELD_OUT_SPLIT as readonly number[]).includes(n) ? 'held-out' : null;
}

type Recall = [number, number, number];

function recall(ranked: (string | null)[], evidence: string[]): Recall {
  return KS.map((k) => {
    const top = new Set(ranked.slice(0, k));
    return evidence.filter((e) => top.has(e)).length / evidence.length;
  }) as Recall;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const f3 = (x: number) => x.toFixed(3);
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
}

interface RunResult {
  byCategory: Record<string, { n: number; recall: Recall }>;
  byConversation: Record<string, Recall>;
  all: { n: number; recall: Recall };
  latencyMs: { median: number; p90: number };
  failures: { question: string; file: string; evidence: string[]; top: (string | null)[] }[];
}

async function run(engine: Engine, questions: Question[], sourceOf: Map<string, number>, extOf: Map<number, string | null>, opts: { vectors: boolean; plain: boolean }): Promise<RunResult> {
  const per: { q: Question; r: Recall; top: (string | null)[] }[] = [];
  const lat: number[] = [];
  for (const q of questions) {
    const t0 = performance.now();
    const { hits } = await engine.askEngine.content.retrieve(q.question, { k: 25, sourceIds: [sourceOf.get(q.file)!], vectors: opts.vectors, ...(opts.plain ? { params: PLAIN_BM25 } : {}) });
    lat.push(performance.now() - t0);
    const ranked = hits.map((h) => extOf.get(h.id) ?? null);
    per.push({ q, r: recall(ranked, q.evidence), top: ranked.slice(0, 10) });
  }
  const agg = (items: typeof per): Recall => [0, 1, 2].map((i) => mean(items.map((x) => x.r[i]))) as Recall;
  const byCategory: RunResult['byCategory'] = {};
  for (const c of Object.keys(CATEGORIES).map(Number)) {
    const items = per.filter((x) => x.q.category === c);
    byCategory[`${c} ${CATEGORIES[c]}`] = { n: items.length, recall: agg(items) };
  }
  const byConversation: RunResult['byConversation'] = {};
  for (const f of [...new Set(questions.map((q) => q.file))]) byConversation[f.replace(/\.json$/, '')] = agg(per.filter((x) => x.q.file === f));
  const failures = per.filter((x) => x.r[1] === 0).map((x) => ({ question: x.q.question, file: x.q.file, evidence: x.q.evidence, top: x.top }));
  return { byCategory, byConversation, all: { n: per.length, recall: agg(per) }, latencyMs: { median: percentile(lat, 50), p90: percentile(lat, 90) }, failures };
}

interface AnswerRow {
  file: string;
  category: number;
  question: string;
  gold: string;
  answer: string;
  status: string;
  sentence: string;
  intent: string;
  source: string;
  answerScore: number;
  sentenceScore: number;
  /** Recall@10 of the turn's own evidence messages (categories 1–4). */
  evidenceRecall: number;
  /** The best evidence messages (for --answers-out). */
  evidence: { id: string | null; text: string }[];
}

interface AnswerSummary {
  n: number;
  answer: number;
  sentence: number;
  answerFull: number;
  evidenceRecall: number;
  /** Share of answers per status. */
  answered: number;
}

interface SplitAnswers {
  byCategory: Record<string, AnswerSummary>;
  all: AnswerSummary;
  /** Category 5: how many, and the share answered "not found" or "related". */
  adversarial: { n: number; abstained: number; notFound: number; related: number };
}

interface AnswerResult {
  splits: Record<'dev' | 'held-out' | 'all', SplitAnswers>;
  latencyMs: { median: number; p90: number };
  rows: AnswerRow[];
}

/** The sentence an answer quotes (“…”), else the first sentence of the best evidence message. */
function topSentence(answer: string, top: string | undefined): string {
  const quoted = /“([^”]+)”/.exec(answer);
  if (quoted) return quoted[1];
  return top ? sentences(top)[0] ?? '' : '';
}

/** Every question through the whole Ask pipeline offline; the answer and its top sentence scored against the gold answer. */
async function runAnswers(engine: Engine, questions: Question[], sourceOf: Map<string, number>, nowOf: Map<string, string>): Promise<AnswerResult> {
  const rows: AnswerRow[] = [];
  const lat: number[] = [];
  for (const q of questions) {
    const t0 = performance.now();
    const turn = await engine.askEngine.answer({ question: q.question, now: nowOf.get(q.file), sourceIds: [sourceOf.get(q.file)!], llm: false });
    lat.push(performance.now() - t0);
    const sentence = topSentence(turn.answer.text, turn.evidence.messages[0]?.message.text);
    const top10 = new Set(turn.evidence.messages.slice(0, 10).map((e) => e.message.externalId));
    rows.push({
      file: q.file,
      category: q.category,
      question: q.question,
      gold: q.answer,
      answer: turn.answer.text,
      status: turn.answer.status,
      sentence,
      intent: turn.classification.intent,
      source: turn.answer.source,
      answerScore: q.category === 5 ? 0 : containment(turn.answer.text, q.answer),
      sentenceScore: q.category === 5 ? 0 : containment(sentence, q.answer),
      evidenceRecall: q.evidence.length ? q.evidence.filter((e) => top10.has(e)).length / q.evidence.length : 0,
      evidence: turn.evidence.messages.slice(0, 10).map((e) => ({ id: e.message.externalId, text: `${e.message.speaker}: ${e.message.text}` })),
    });
  }
  const summary = (items: AnswerRow[]): AnswerSummary => ({
    n: items.length,
    answer: mean(items.map((r) => r.answerScore)),
    sentence: mean(items.map((r) => r.sentenceScore)),
    answerFull: mean(items.map((r) => (r.answerScore === 1 ? 1 : 0))),
    evidenceRecall: mean(items.map((r) => r.evidenceRecall)),
    answered: mean(items.map((r) => (r.status === 'answered' ? 1 : 0))),
  });
  const split = (items: AnswerRow[]): SplitAnswers => {
    const byCategory: SplitAnswers['byCategory'] = {};
    for (const c of Object.keys(CATEGORIES).map(Number)) byCategory[`${c} ${CATEGORIES[c]}`] = summary(items.filter((r) => r.category === c));
    const adv = items.filter((r) => r.category === 5);
    return {
      byCategory,
      all: summary(items.filter((r) => r.category !== 5)),
      adversarial: {
        n: adv.length,
        abstained: mean(adv.map((r) => (r.status === 'answered' ? 0 : 1))),
        notFound: mean(adv.map((r) => (r.status === 'not_found' ? 1 : 0))),
        related: mean(adv.map((r) => (r.status === 'related' ? 1 : 0))),
      },
    };
  };
  return {
    splits: { dev: split(rows.filter((r) => splitOf(r.file) === 'dev')), 'held-out': split(rows.filter((r) => splitOf(r.file) === 'held-out')), all: split(rows) },
    latencyMs: { median: percentile(lat, 50), p90: percentile(lat, 90) },
    rows,
  };
}

function answerTable(r: AnswerResult, autoGraph: boolean): string {
  const lines = [
    `Answers (offline Ask, no model; ${autoGraph ? 'with the automatic knowledge graph' : 'without the automatic knowledge graph (--no-auto-graph)'}): share of the gold answer the text contains, the turn's evidence recall@10, the share answered`,
    '',
    '| split | category | n | answer text | answer, whole gold | top evidence sentence | evidence R@10 | answered |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, s] of Object.entries(r.splits)) {
    for (const [c, v] of Object.entries(s.byCategory)) lines.push(`| ${name} | ${c} | ${v.n} | ${f3(v.answer)} | ${f3(v.answerFull)} | ${f3(v.sentence)} | ${f3(v.evidenceRecall)} | ${f3(v.answered)} |`);
    lines.push(`| ${name} | **1–4** | ${s.all.n} | **${f3(s.all.answer)}** | **${f3(s.all.answerFull)}** | **${f3(s.all.sentence)}** | **${f3(s.all.evidenceRecall)}** | ${f3(s.all.answered)} |`);
  }
  lines.push('', '| split | category 5 (adversarial) n | not found or related | not found | related |', '| --- | --- | --- | --- | --- |');
  for (const [name, s] of Object.entries(r.splits)) lines.push(`| ${name} | ${s.adversarial.n} | **${f3(s.adversarial.abstained)}** | ${f3(s.adversarial.notFound)} | ${f3(s.adversarial.related)} |`);
  lines.push(`Latency per question (whole pipeline): median ${r.latencyMs.median.toFixed(1)} ms, p90 ${r.latencyMs.p90.toFixed(1)} ms`);
  return lines.join('\n');
}

function table(title: string, r: RunResult): string {
  const lines = [`${title}`, '', '| category | n | R@5 | R@10 | R@25 |', '| --- | --- | --- | --- | --- |'];
  for (const [c, v] of Object.entries(r.byCategory)) lines.push(`| ${c} | ${v.n} | ${f3(v.recall[0])} | ${f3(v.recall[1])} | ${f3(v.recall[2])} |`);
  lines.push(`| **all** | ${r.all.n} | **${f3(r.all.recall[0])}** | **${f3(r.all.recall[1])}** | **${f3(r.all.recall[2])}** |`);
  lines.push('', `Per conversation (R@5/10/25): ${Object.entries(r.byConversation).map(([c, v]) => `${c}: ${v.map((x) => x.toFixed(2)).join('/')}`).join(' · ')}`);
  lines.push(`Latency per question: median ${r.latencyMs.median.toFixed(1)} ms, p90 ${r.latencyMs.p90.toFixed(1)} ms`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(DATASET)) throw new Error(`${DATASET}: the LoCoMo folder is missing (see ../shared/datasets/README.md)`);
  const files = fs.readdirSync(DATASET).filter((f) => /^\d+\.json$/.test(f)).sort();
  const dataDir = path.resolve(args.data ?? fs.mkdtempSync(path.join(os.tmpdir(), 'engram-bench-locomo-')));
  const tStart = performance.now();
  // A person's memory always has its automatic graph; --no-auto-graph leaves it out to compare.
  // and the ontology, as in every memory (the templates read its class hierarchy)
  const engine = await Engine.open({ dataDir, withoutOntology: false, autoGraph: args.autoGraph });
  const out: Record<string, unknown> = { date: new Date().toISOString(), command: 'npm run bench:locomo', dataDir };
  try {
    await engine.whenReady();
    // 1. import with the real importer
    const have = new Set(engine.chat.listSources().map((s) => s.name));
    const missing = files.filter((f) => !have.has(f));
    let importMs = 0;
    if (missing.length) {
      const t0 = performance.now();
      const job = await engine.importPaths({ paths: missing.map((f) => path.join(DATASET, f)) });
      await engine.jobs.idle();
      const end = engine.jobs.list().find((j) => j.id === job.id)!;
      const result = (end.result ?? { errors: [{ error: end.error ?? end.state }] }) as { errors: { error: string }[] };
      if (result.errors.length) throw new Error(result.errors.map((e) => e.error).join('; '));
      importMs = performance.now() - t0;
    }
    await engine.search.refresh();
    const sources = engine.chat.listSources();
    const sourceOf = new Map(files.map((f) => [f, sources.find((s) => s.name === f)?.id ?? -1]));
    for (const [f, id] of sourceOf) if (id < 0) throw new Error(`${f} was not imported`);
    const extOf = new Map<number, string | null>();
    // every evidence id must name a message of its conversation
    const known = new Map<string, Set<string | null>>();
    for (const f of files) {
      const ids = new Set<string | null>();
      for (const m of engine.chat.iterateSourceMessages(sourceOf.get(f)!)) {
        extOf.set(m.id, m.externalId);
        ids.add(m.externalId);
      }
      known.set(f, ids);
    }
    const messages = extOf.size;
    const { answerable: questions, adversarial } = loadQuestions(files);
    const unknownEvidence = questions.reduce((n, q) => n + q.evidence.filter((e) => !known.get(q.file)!.has(e)).length, 0);
    process.stdout.write(`LoCoMo: ${files.length} conversations, ${messages} messages, ${questions.length} questions of categories 1–4${importMs ? `; imported in ${(importMs / 1000).toFixed(1)} s` : ' (already imported)'}${unknownEvidence ? `; ${unknownEvidence} evidence ids name no message` : ''}\n\n`);
    Object.assign(out, { conversations: files.length, messages, questions: questions.length, importMs: Math.round(importMs), unknownEvidence });

    // 2. Ask's content route, without vectors (offline)
    const tRun = performance.now();
    const ask = await run(engine, questions, sourceOf, extOf, { vectors: false, plain: false });
    const askMs = performance.now() - tRun;
    process.stdout.write(`${table('Ask content route (engine backend: BM25 + query analysis + context scoring), without vectors', ask)}\n\n`);
    out.withoutVectors = { ...ask, failures: undefined, runMs: Math.round(askMs) };

    if (args.plain) {
      const plain = await run(engine, questions, sourceOf, extOf, { vectors: false, plain: true });
      process.stdout.write(`Plain BM25 on the same index (every stage off): R@5 ${f3(plain.all.recall[0])} · R@10 ${f3(plain.all.recall[1])} · R@25 ${f3(plain.all.recall[2])}\n\n`);
      out.plainBm25 = { all: plain.all, byCategory: plain.byCategory };
    }

    // 3. with vectors, only when an embedding model is reachable
    const status = await engine.checkOllama({});
    if (!status.reachable || !status.embedModelReady) {
      const why = status.problems[0] ?? 'no embedding model';
      process.stdout.write(`With vectors: skipped — ${why}.\n`);
      out.withVectors = { skipped: why };
    } else {
      process.stdout.write(`With vectors: embedding ${messages} messages with ${status.embedModel}…\n`);
      const job = await engine.startEmbedding({ sourceIds: [...sourceOf.values()], entities: false });
      await engine.jobs.idle();
      const end = engine.jobs.list().find((j) => j.id === job.id)!;
      if (end.state !== 'done' || !(await engine.askEngine.content.hasVectors())) {
        process.stdout.write(`With vectors: skipped — embedding ended ${end.state}${end.error ? `: ${end.error}` : ''}.\n`);
        out.withVectors = { skipped: end.error ?? end.state };
      } else {
        const vec = await run(engine, questions, sourceOf, extOf, { vectors: true, plain: false });
        process.stdout.write(`${table(`Ask content route with vectors (${status.embedModel}, reciprocal rank fusion)`, vec)}\n`);
        out.withVectors = { ...vec, failures: undefined, model: status.embedModel };
      }
    }

    // 4. answer containment: the whole Ask pipeline, offline
    if (args.answers) {
      // now: an hour after the conversation's last message (questions are asked after the last session)
      const nowOf = new Map(
        files.map((f) => {
          const last = sources.find((s) => s.id === sourceOf.get(f))!.lastAt!;
          const d = new Date(`${last.slice(0, 19)}Z`);
          d.setUTCHours(d.getUTCHours() + 1);
          return [f, d.toISOString().slice(0, 19)];
        }),
      );
      const tAns = performance.now();
      const answers = await runAnswers(engine, [...questions, ...adversarial], sourceOf, nowOf);
      const answersMs = performance.now() - tAns;
      process.stdout.write(`\n${answerTable(answers, args.autoGraph)} (${answers.rows.length} questions in ${(answersMs / 1000).toFixed(1)} s)\n`);
      const dev = answers.splits.dev;
      const answerTargets = { containment: dev.all.answer >= 0.45, adversarial: dev.adversarial.abstained >= 0.8, evidenceRecall: dev.all.evidenceRecall >= 0.76 };
      process.stdout.write(`Targets on the dev split: answer containment ≥ 0.45 (${f3(dev.all.answer)}) ${answerTargets.containment ? 'met' : 'NOT met'}; category 5 not found or related ≥ 0.80 (${f3(dev.adversarial.abstained)}) ${answerTargets.adversarial ? 'met' : 'NOT met'}; evidence R@10 of categories 1–4 ≥ 0.76 (${f3(dev.all.evidenceRecall)}) ${answerTargets.evidenceRecall ? 'met' : 'NOT met'}\n`);
      out.answers = { autoGraph: args.autoGraph, splits: answers.splits, latencyMs: answers.latencyMs, runMs: Math.round(answersMs), targets: answerTargets };
      if (args.answersOut) fs.writeFileSync(args.answersOut, answers.rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
      if (args.answerFailures > 0) {
        process.stdout.write(`\nAnswers that miss the gold (first ${args.answerFailures}):\n`);
        for (const r of answers.rows.filter((x) => x.category !== 5 && x.answerScore === 0).slice(0, args.answerFailures)) process.stdout.write(`  [${r.file} c${r.category} ${r.intent} ${r.status}] ${r.question}  gold: ${r.gold}  answer: ${r.answer.slice(0, 200)}\n`);
      }
    }

    const target = ask.all.recall[1] >= 0.7 && ask.all.recall[2] >= 0.8;
    process.stdout.write(`\nTarget (offline R@10 ≥ 0.70, R@25 ≥ 0.80): ${target ? 'met' : 'NOT met'}. Total ${((performance.now() - tStart) / 1000).toFixed(1)} s (${questions.length} questions in ${(askMs / 1000).toFixed(1)} s).\n`);
    out.targetMet = target;
    out.totalMs = Math.round(performance.now() - tStart);
    if (args.failures > 0) {
      process.stdout.write(`\nMisses at 10 (first ${args.failures}):\n`);
      for (const f of ask.failures.slice(0, args.failures)) process.stdout.write(`  [${f.file}] ${f.question}  evidence ${f.evidence.join(', ')}  top ${f.top.join(' ')}\n`);
    }
    if (args.json) fs.writeFileSync(args.json, JSON.stringify(out, null, 2));
    if (!target) process.exitCode = 1;
  } finally {
    await engine.close();
    if (!args.data) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: Error) => {
  process.stderr.write(`bench:locomo: ${e.message}\n`);
  process.exit(1);
});
