// `engram coverage --answers FILE.jsonl`: how many reference answers the extracted graph holds.
import fs from 'node:fs';
import type { Command } from 'commander';
import type { CoverageReport, CoverageStrategy } from '../../../shared/types';
import type { Engine } from '../engine/engine';

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');

export function printCoverage(r: CoverageReport, out: NodeJS.WritableStream = process.stdout): void {
  const rows: [string, string][] = [
    ['questions', String(r.questions)],
    ['literals', String(r.literals)],
    ...(Object.keys(r.byStrategy) as CoverageStrategy[]).map((s): [string, string] => [s, `${r.byStrategy[s]} (${pct(r.byStrategy[s], r.questions)})`]),
    ['overall', `${r.covered} (${pct(r.covered, r.questions)})`],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) out.write(`${k.padEnd(w)}  ${v}\n`);
}

export function registerCoverageCommand(program: Command, run: (work: (engine: Engine) => Promise<void>) => Promise<void>): void {
  program
    .command('coverage')
    .description('coverage of reference answers by the extracted graph (exact, substring, numeric, ≥50% words)')
    .requiredOption('--answers <file>', 'JSONL file of {"question", "answer"} lines')
    .option('--details', 'also list every question with the strategies that found it')
    .option('--json', 'output the full report as JSON')
    .action(async (f: { answers: string; details?: boolean; json?: boolean }) => {
      if (!fs.existsSync(f.answers)) throw new Error(`${f.answers}: no such file`);
      const { parseAnswersJsonl } = await import('../engine/extraction/coverage');
      const answers = parseAnswersJsonl(fs.readFileSync(f.answers, 'utf8'), f.answers);
      await run(async (engine) => {
        const report = await engine.coverage({ answers });
        if (f.json) {
          process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
          return;
        }
        printCoverage(report);
        if (f.details) {
          for (const it of report.items) {
            process.stdout.write(`\n${it.matched.length ? '✓' : '✗'} ${it.question}\n  answer: ${it.answer}\n`);
            if (it.matched.length) process.stdout.write(`  ${it.matched.join(', ')}: "${it.literal}"\n`);
          }
        }
      });
    });
}
