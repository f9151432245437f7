// `npm run bench:phrasings`: the timeline planner on everyday phrasings (test/fixtures/timeline-phrasings.jsonl).
//
// Plans every corpus question against a fixed synthetic memory (scripts/bench/phrasings-score.ts)
// and compares the rows it selects with the rows the question means: recall and F2 per question,
// averaged per reference kind and per tag; "content" is the share whose content query is right
// (present with the expected words when a topic remains, absent otherwise); a question fails when
// recall < 100, F2 < 90 or its content query is wrong. No dataset, no LLM: runs in a second.
// `--corpus FILE` scores another corpus of the same line format against the same memory, e.g. the
// held-out one (test/fixtures/timeline-phrasings-heldout.jsonl), written without looking at the
// planner, which measures how far its mechanisms carry to wordings nobody tuned them on.
//
//   npm run bench:phrasings [-- --corpus FILE] [--failures N] [--kind K] [--tag T] [--json FILE] [--write-baseline]
import fs from 'node:fs';
import path from 'node:path';
import { BASELINE_FILE, baselineJson, baselineOf, CORPUS_FILE, formatFailure, loadCorpus, phrasingReport, scoreCorpus } from './phrasings-score';

interface Args {
  corpus?: string;
  failures: number;
  kind?: string;
  tag?: string;
  json?: string;
  writeBaseline: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { failures: 0, writeBaseline: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--corpus') args.corpus = argv[++i];
    else if (a === '--failures') args.failures = Number(argv[++i]);
    else if (a === '--kind') args.kind = argv[++i];
    else if (a === '--tag') args.tag = argv[++i];
    else if (a === '--json') args.json = argv[++i];
    else if (a === '--write-baseline') args.writeBaseline = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(args.failures) || args.failures < 0) throw new Error('--failures: expected a whole number ≥ 0');
  if (args.corpus !== undefined && !args.corpus) throw new Error('--corpus: expected a file');
  if (args.corpus && args.writeBaseline) throw new Error('--write-baseline: the baseline is for the tuning corpus only, not --corpus');
  return args;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const file = args.corpus ? path.resolve(args.corpus) : CORPUS_FILE;
  if (!fs.existsSync(file)) throw new Error(`--corpus: no such file ${args.corpus}`);
  const score = scoreCorpus(loadCorpus(file));
  const ms = performance.now() - t0;
  process.stdout.write(`corpus: ${path.relative(process.cwd(), file)}\n`);
  process.stdout.write(phrasingReport(score));
  process.stdout.write(`planned and scored in ${(ms / 1000).toFixed(2)} s\n`);
  if (args.failures > 0) {
    const failed = score.results.filter((r) => r.failed && (!args.kind || r.item.kind === args.kind) && (!args.tag || r.item.tags.includes(args.tag)));
    process.stdout.write(`\n${Math.min(args.failures, failed.length)} of ${failed.length} failures${args.kind ? ` (kind ${args.kind})` : ''}${args.tag ? ` (tag ${args.tag})` : ''}:\n`);
    for (const r of failed.slice(0, args.failures)) process.stdout.write(formatFailure(r));
  }
  if (args.json) {
    const out = {
      date: new Date().toISOString().slice(0, 10),
      corpus: path.relative(process.cwd(), file),
      kinds: score.kinds,
      tags: score.tags,
      all: score.all,
      failures: score.results.filter((r) => r.failed).map((r) => ({ id: r.item.id, symptom: r.symptom, recall: r.recall, f2: r.f2, chain: r.chain, query: r.query, rewrite: r.rewrite })),
    };
    fs.writeFileSync(args.json, JSON.stringify(out, null, 2));
  }
  if (args.writeBaseline) {
    const date = new Date().toISOString().slice(0, 10);
    const baseline = baselineOf(score, date, 'Minimum figures per kind held by test/timeline/phrasings.test.ts (recall and F2 in %, failures a count). Raise them when the planner improves (npm run bench:phrasings -- --write-baseline); never lower them.');
    fs.writeFileSync(BASELINE_FILE, baselineJson(baseline));
    process.stdout.write(`baseline written to ${path.relative(process.cwd(), BASELINE_FILE)}\n`);
  }
}

try {
  main();
} catch (e) {
  process.stderr.write(`bench:phrasings: ${(e as Error).message}\n`);
  process.exit(1);
}
