// `engram coverage --answers FILE.jsonl`: how many reference answers the extracted graph holds.
import type { Command } from 'commander';
import type { CoverageReport } from '../../../shared/types';
import type { Engine } from '../engine/engine';
import { ORIGINS, STRATEGIES } from '../engine/extraction/coverage-kinds';
import { readTextFile } from './command';

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');

export function printCoverage(r: CoverageReport, out: NodeJS.WritableStream = process.stdout): void {
  const rows: [string, string][] = [
    ['questions', String(r.questions)],
    ['literals', String(r.literals)],
    ...STRATEGIES.map((s): [string, string] => [s, `${r.byStrategy[s]} (${pct(r.byStrategy[s], r.questions)})`]),
    ['overall', `${r.covered} (${pct(r.covered, r.questions)})`],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) out.write(`${k.padEnd(w)}  ${v}\n`);
}

/** Coverage of each origin's literals alone: automatic, model-extracted, the person's. */
export function printCoverageByOrigin(r: CoverageReport, out: NodeJS.WritableStream = process.stdout): void {
  const names: Record<string, string> = { auto: 'automatic', extraction: 'model', person: 'yours' };
  out.write(`\n${'origin'.padEnd(10)}  ${'literals'.padStart(8)}  ${STRATEGIES.map((s) => s.padStart(9)).join('  ')}  ${'overall'.padStart(14)}\n`);
  for (const o of ORIGINS) {
    const x = r.byOrigin[o];
    out.write(`${names[o].padEnd(10)}  ${String(x.literals).padStart(8)}  ${STRATEGIES.map((s) => String(x.byStrategy[s]).padStart(9)).join('  ')}  ${`${x.covered} (${pct(x.covered, r.questions)})`.padStart(14)}\n`);
  }
}

export function registerCoverageCommand(program: Command, run: (work: (engine: Engine) => Promise<void>) => Promise<void>): void {
  program
    .command('coverage')
    .description('coverage of reference answers by the knowledge graph: automatic, model-extracted and yours (exact, substring, numeric, ≥50% words)')
    .requiredOption('--answers <file>', 'JSONL file of {"question", "answer"} lines')
    .option('--details', 'also list every question with the strategies that found it')
    .option('--by-origin', 'also give the coverage of each origin alone (automatic, model, yours)')
    .option('--origin <origins>', 'search only these origins: auto, extraction, person (comma-separated)')
    .option('--json', 'output the full report as JSON')
    .action(async (f: { answers: string; details?: boolean; json?: boolean; byOrigin?: boolean; origin?: string }) => {
      const origins = f.origin ? f.origin.split(',').map((o) => o.trim()) : undefined;
      const bad = origins?.find((o) => !(ORIGINS as string[]).includes(o));
      if (bad) throw new Error(`--origin: '${bad}' is not one of ${ORIGINS.join(', ')}`);
      // the measure (and the date and text libraries it reads answers with) when the command runs
      const { parseAnswersJsonl } = await import('../engine/extraction/coverage');
      const answers = parseAnswersJsonl(readTextFile(f.answers), f.answers);
      await run(async (engine) => {
        const report = await engine.coverage({ answers, ...(origins ? { origins: origins as typeof ORIGINS } : {}) });
        if (f.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
          return;
        }
        printCoverage(report);
        if (f.byOrigin) printCoverageByOrigin(report);
        if (f.details) {
          for (const it of report.items) {
            process.stdout.write(`\n${it.matched.length ? '✓' : '✗'} ${it.question}\n  answer: ${it.answer}\n`);
            if (it.matched.length) process.stdout.write(`  ${it.matched.join(', ')}: "${it.literal}"\n`);
          }
        }
      });
    });
}
