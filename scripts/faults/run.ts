// The fault-injection suite (`npm run test:faults`): kill -9 trials across imports, edits,
// compactions, extraction (against the Ollama protocol double) and repairs, each followed by
// `engram doctor`; the damage matrix (every kind of file × every kind of damage); six
// simultaneous starters × 100 rounds on the data-folder lock; a runaway update against
// `engram serve`; signals; a zip bomb. Prints a summary, writes the figures to
// faults-report.json (for BENCHMARKS.md) and exits 1 on any failure.
//
//   npm run test:faults -- [--trials N] [--seeds N] [--lock-rounds N] [--jobs N] [--only a,b]
//   --trials N        kill -9 trials in all (default 200; FAULTS_TRIALS)
//   --seeds N         damage seeds per file kind and damage (default 2; FAULTS_MATRIX_SEEDS)
//   --lock-rounds N   rounds of six simultaneous starters (default 100; FAULTS_LOCK_ROUNDS)
//   --jobs N          trials run side by side (default 2; FAULTS_JOBS)
//   --only a,b        only these parts: kills, matrix, lock, bounded (FAULTS_ONLY)
//   --kinds a,b       the damage matrix for these file kinds only: sqlite, lancedb, snapshot, image, journal
//   --report FILE     where the figures go (default faults-report.json; CI's small run writes its own)
//
// `npm run test:faults:ci` (part of `npm test`) is the same suite at a size CI affords: every
// family (each kind of kill trial, each file kind × each damage, the lock, bounded work), fewer runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkRecord } from '../../electron/node/engine/doctor/offline';
import { OllamaDouble } from '../../test/support/ollama-double';
import { lockRace } from '../../test/support/lock-race';
import { validReply } from '../../test/extraction/support';
import { runawayUpdate, signals, writeChat, zipBomb, type Check } from './bounded';
import { BUNDLE_DIR, bundleChild } from './bundle';
import { DAMAGES, FILE_KINDS, runCase, type MatrixCase } from './matrix';
import { closeCleanly, runTrials, setupRun, type Mode, type TrialOutcome } from './trials';

const { values: args } = parseArgs({
  options: { trials: { type: 'string' }, seeds: { type: 'string' }, 'lock-rounds': { type: 'string' }, jobs: { type: 'string' }, only: { type: 'string' }, kinds: { type: 'string' }, report: { type: 'string' } },
});
/** A whole number from the option, else the environment variable, else the default. */
function count(flag: 'trials' | 'seeds' | 'lock-rounds' | 'jobs', name: string, fallback: number, min: number): number {
  const option = args[flag];
  const raw = option ?? process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`faults: ${option !== undefined ? `--${flag}` : name} must be a whole number ≥ ${min}, not '${raw}'\n`);
    process.exit(2);
  }
  return n;
}
const TRIALS = count('trials', 'FAULTS_TRIALS', 200, 1);
const SEEDS = count('seeds', 'FAULTS_MATRIX_SEEDS', 2, 1);
const LOCK_ROUNDS = count('lock-rounds', 'FAULTS_LOCK_ROUNDS', 100, 1);
const JOBS = count('jobs', 'FAULTS_JOBS', 2, 1);
const PARTS = ['kills', 'matrix', 'lock', 'bounded'];
const ONLY = new Set((args.only ?? process.env.FAULTS_ONLY ?? PARTS.join(',')).split(',').filter(Boolean));
for (const part of ONLY) {
  if (!PARTS.includes(part)) {
    process.stderr.write(`faults: --only takes ${PARTS.join(', ')}; '${part}' is none of them\n`);
    process.exit(2);
  }
}
const ROOT = path.resolve(import.meta.dirname, '../..');

const log = (s: string) => process.stdout.write(`${s}\n`);
const failures: string[] = [];

/** How the trials are shared out: every kind of work gets its part. */
const SHARES: [Mode, number][] = [
  ['import', 0.25],
  ['edits', 0.25],
  ['compact', 0.2],
  ['extract', 0.15],
  ['repair', 0.15],
];

async function pool<T>(tasks: (() => Promise<T>)[], jobs: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

async function kills(child: string, work: string): Promise<Record<string, unknown>> {
  const counts = SHARES.map(([mode, share]) => [mode, Math.max(1, Math.round(TRIALS * share))] as const);
  const double = await OllamaDouble.start({ defaultReply: validReply, chunkDelayMs: 4 });
  const t0 = performance.now();
  let seen = 0;
  const onTrial = (o: TrialOutcome) => {
    seen++;
    const bad = [...o.lost, ...o.partial, ...o.unrepaired, ...o.inconsistent];
    if (bad.length) failures.push(`kill trial ${o.mode} #${o.trial}: ${bad.join('; ')}`);
    if (bad.length || seen % 25 === 0) log(`  ${seen} trials… (${o.mode} #${o.trial}: ${o.acks} acks, killed ${o.aim === 'after-ack' ? 'just after an ack' : `at ${o.killedAfterMs} ms`}${bad.length ? `: ${bad.join('; ')}` : ''})`);
  };
  try {
    const sections = counts.map(([mode, n], i) => async () => {
      const dir = path.join(work, `kills-${mode}`);
      fs.mkdirSync(dir, { recursive: true });
      const setup: Parameters<typeof runTrials>[2] = { child, dir: path.join(dir, 'data') };
      if (mode === 'import') {
        setup.files = Array.from({ length: 8 }, (_, f) => {
          const file = path.join(dir, `part-${f}.jsonl`);
          const messages = 400 + ((f * 977) % 2600);
          writeChat(file, messages, `part ${f}`);
          return { file, messages };
        });
      }
      if (mode === 'extract') {
        const file = path.join(dir, 'extract.jsonl');
        writeChat(file, 240, 'extract');
        await setupRun(child, { mode: 'import', dataDir: setup.dir, files: [file] }, 2);
        setup.host = double.url;
      }
      if (mode === 'repair') {
        const file = path.join(dir, 'repair.jsonl');
        writeChat(file, 300, 'repair');
        await setupRun(child, { mode: 'import', dataDir: setup.dir, files: [file] }, 2);
        const present = Array.from({ length: 30 }, (_, k) => k);
        await setupRun(child, { mode: 'edits', dataDir: setup.dir, ops: [...present.slice(0, 15).map((k) => `insert ${k}`), 'compact', ...present.slice(15).map((k) => `insert ${k}`)] }, 31);
        setup.present = present;
        // Each run starts with something derived damaged, for the repair to work on while it is killed.
        const { damageFile, damageJournalRow, filesUnder } = await import('../../test/support/damage');
        setup.beforeTrial = (dataDir, trial) => {
          const graph = path.join(dataDir, 'graph');
          switch (trial % 4) {
            case 0:
              for (const f of filesUnder(path.join(dataDir, 'search')).filter((x) => x.includes(`${path.sep}data${path.sep}`))) fs.rmSync(f);
              break;
            case 1:
              damageJournalRow(path.join(dataDir, 'engram.sqlite'), 'flip');
              break;
            case 2:
              for (const f of fs.readdirSync(graph).filter((x) => x.startsWith('image-'))) damageFile(path.join(graph, f), 'flip', trial, { keepHead: 65536 });
              break;
            case 3:
              for (const f of fs.readdirSync(graph).filter((x) => x.startsWith('snapshot-'))) damageFile(path.join(graph, f), 'flip', trial);
              for (const f of fs.readdirSync(graph).filter((x) => x.startsWith('image-'))) fs.rmSync(path.join(graph, f));
              break;
          }
        };
      }
      return runTrials(mode, n, setup, 1000 + i, onTrial);
    });
    const outcomes = (await pool(sections, JOBS)).flat();
    const ms = Math.round(performance.now() - t0);
    const by = (mode: Mode) => outcomes.filter((o) => o.mode === mode);
    const summary = {
      trials: outcomes.length,
      byMode: Object.fromEntries(SHARES.map(([m]) => [m, { trials: by(m).length, acks: by(m).reduce((n, o) => n + o.acks, 0), afterAck: by(m).filter((o) => o.aim === 'after-ack').length }])),
      acknowledgedWrites: outcomes.reduce((n, o) => n + o.acks, 0),
      lostAcknowledgedWrites: outcomes.reduce((n, o) => n + o.lost.length, 0),
      partialSources: outcomes.reduce((n, o) => n + o.partial.length, 0),
      unrepairedStores: outcomes.reduce((n, o) => n + o.unrepaired.length, 0),
      inconsistencies: outcomes.reduce((n, o) => n + o.inconsistent.length, 0),
      trialsWhereDoctorRepaired: outcomes.filter((o) => o.doctorFound > 0).length,
      seconds: Math.round(ms / 100) / 10,
      msPerTrial: Math.round(ms / Math.max(1, outcomes.length)),
    };
    log(`kill -9: ${summary.trials} trials, ${summary.acknowledgedWrites} acknowledged writes; lost ${summary.lostAcknowledgedWrites}, partial sources ${summary.partialSources}, unrepaired ${summary.unrepairedStores}, inconsistent ${summary.inconsistencies}; the doctor had something to repair after ${summary.trialsWhereDoctorRepaired}; ${summary.seconds} s`);
    return summary;
  } finally {
    await double.close();
  }
}

async function matrix(child: string, work: string): Promise<Record<string, unknown>> {
  // The memory every case starts from: two imports, edits before and after a snapshot.
  const template = path.join(work, 'matrix-template');
  const a = path.join(work, 'a.jsonl');
  const b = path.join(work, 'b.jsonl');
  writeChat(a, 1500, 'alpha');
  writeChat(b, 400, 'beta');
  await setupRun(child, { mode: 'import', dataDir: template, files: [a] }, 2);
  await setupRun(child, { mode: 'edits', dataDir: template, ops: ['insert 1', 'insert 2', 'insert 3', 'compact'] }, 4);
  await setupRun(child, { mode: 'import', dataDir: template, files: [b] }, 2);
  await setupRun(child, { mode: 'edits', dataDir: template, ops: ['insert 4', 'delete 2', 'insert 5'] }, 3);
  // Closed cleanly, so that engram.sqlite itself holds the rows (not only its write-ahead log) and
  // damage to it lands on data.
  await closeCleanly(child, template);
  const baselineDir = path.join(work, 'matrix-baseline');
  fs.cpSync(template, baselineDir, { recursive: true });
  const baseline = await baselineOf(child, baselineDir);
  const cases: (() => Promise<MatrixCase>)[] = [];
  const kinds = args.kinds ? FILE_KINDS.filter((k) => args.kinds!.split(',').includes(k)) : FILE_KINDS;
  for (const kind of kinds) for (const how of DAMAGES) for (let seed = 1; seed <= SEEDS; seed++) cases.push(() => runCase(child, checkRecord, template, baseline, work, kind, how, seed));
  const t0 = performance.now();
  const results = await pool(cases, JOBS);
  for (const r of results) {
    log(`  ${r.kind.padEnd(8)} ${r.damage.padEnd(8)} #${r.seed}  ${r.outcome.padEnd(22)} ${r.what.slice(0, 70)}${r.said ? ` — ${r.said.slice(0, 150)}` : ''}`);
    if (r.outcome === 'SERVED SILENTLY' || r.outcome === 'NOT REPAIRED' || r.outcome === 'CRASHED') failures.push(`damage ${r.kind} ${r.damage} #${r.seed}: ${r.outcome}: ${r.said}`);
  }
  const tally: Record<string, number> = {};
  for (const r of results) tally[r.outcome] = (tally[r.outcome] ?? 0) + 1;
  log(`damage matrix: ${results.length} cases: ${Object.entries(tally).map(([k, v]) => `${v} ${k}`).join(', ')}`);
  return { cases: results.length, outcomes: tally, seconds: Math.round((performance.now() - t0) / 100) / 10, results };
}

async function baselineOf(child: string, dir: string): Promise<Record<string, string>> {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [child], { env: { ...process.env, FAULTS_CHILD: JSON.stringify({ mode: 'inspect', dataDir: dir }) }, encoding: 'utf8' });
  const line = r.stdout.split('\n').find((l) => l.startsWith('inspect '));
  if (!line) throw new Error(`baseline: ${r.stderr}`);
  const report = JSON.parse(line.slice(8)) as { served: Record<string, string>; startup: unknown[]; found: unknown[] };
  if (report.startup.length || report.found.length) throw new Error(`the matrix's template is not clean: ${line}`);
  return report.served;
}

async function lock(): Promise<Record<string, unknown>> {
  const r = await lockRace(6, LOCK_ROUNDS);
  const bad = r.holders.filter((h) => h !== 1).length;
  log(`lock: 6 simultaneous starters × ${r.rounds} rounds: ${r.rounds - bad} rounds with exactly one holder, ${bad} without (${r.ms} ms)`);
  if (bad) failures.push(`lock: ${bad} of ${r.rounds} rounds without exactly one holder (${r.holders.join('')})`);
  if (r.badRefusals.length) failures.push(`lock: refusals that do not say the folder is in use: ${r.badRefusals[0]}`);
  return { starters: 6, rounds: r.rounds, roundsWithOneHolder: r.rounds - bad, ms: r.ms };
}

async function bounded(work: string): Promise<Check[]> {
  const checks = [...(await runawayUpdate(work)), ...(await signals(work)), ...(await zipBomb(work, BUNDLE_DIR))];
  for (const c of checks) {
    log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    if (!c.ok) failures.push(`${c.name}: ${c.detail}`);
  }
  return checks;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-faults-'));
  log(`engram fault injection: ${TRIALS} kill -9 trials, damage matrix × ${SEEDS} seeds, lock × ${LOCK_ROUNDS} rounds (${work})`);
  const child = await bundleChild();
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    options: { trials: TRIALS, seeds: SEEDS, lockRounds: LOCK_ROUNDS, jobs: JOBS, only: [...ONLY] },
    node: process.version,
    cpus: os.cpus().length,
    load: os.loadavg().map((l) => Math.round(l * 10) / 10),
  };
  let completed = false;
  try {
    if (ONLY.has('lock')) report.lock = await lock();
    if (ONLY.has('kills')) report.kills = await kills(child, work);
    if (ONLY.has('matrix')) report.matrix = await matrix(child, work);
    if (ONLY.has('bounded')) report.bounded = await bounded(work);
    completed = true;
  } finally {
    report.seconds = Math.round((performance.now() - t0) / 1000);
    report.failures = failures;
    fs.writeFileSync(path.resolve(ROOT, args.report ?? 'faults-report.json'), `${JSON.stringify(report, null, 2)}\n`);
    // Kept when anything failed, to look at.
    if (completed && !failures.length) fs.rmSync(work, { recursive: true, force: true });
  }
  log(failures.length ? `\n${failures.length} FAILURES:\n${failures.map((f) => `  ${f}`).join('\n')}` : `\nall checks passed in ${report.seconds} s`);
  process.exitCode = failures.length ? 1 : 0;
}

main().catch((e: Error) => {
  process.stderr.write(`faults: ${e.stack ?? e.message}\n`);
  process.exit(2);
});
