// What every `engram` command shares: the one-line error, opening the engine on `--data` (and
// closing it within 5 s of SIGINT/SIGTERM, or of a closed stdout), reading number flags, and
// following a job to its end on the facade (Engine.waitForJob).
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Command } from 'commander';
import type { IntegrityProblem, JobInfo } from '../../../shared/types';
import { problemLine } from '../engine/doctor/problem-line';
import type { Engine, EngineOptions } from '../engine/engine';
import { defaultDataDir } from '../engine/paths';

/** A one-line failure the CLI reports (`engram: …` on stderr) and exits 1 on. */
export class CliError extends Error {}

/** How long a signal leaves the process: the engine's close gets all but a margin of it. */
export const SHUTDOWN_MS = 4500;
/** When synchronous work holds the main thread past SHUTDOWN_MS (its timer cannot run), a thread of its own ends the process. */
export const WATCHDOG_MS = 4750;

/**
 * The last resort of a signal's deadline: a thread that, unless the process has ended by then,
 * kills it (as kill -9 would: everything acknowledged is already committed, and an import cut
 * short is removed at the next start). It needs nothing from the main thread, which may be held
 * by one long synchronous step (a very large conversation written in one transaction).
 */
function startWatchdog(ms: number): void {
  const code = `const { workerData } = require('node:worker_threads');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
    process.kill(workerData.pid, 'SIGKILL');`;
  try {
    new Worker(code, { eval: true, workerData: { ms, pid: process.pid } }).unref();
  } catch {
    /* the timer below still ends the process once the main thread is free */
  }
}

let stopHook: ((code: number) => void) | null = null;

/**
 * While `close` can be called, SIGINT and SIGTERM end the process within SHUTDOWN_MS: `close`
 * gets a deadline (the engine stops what has not finished by then; everything acknowledged is
 * already committed), then the process exits with 128 + the signal's number. A second signal
 * exits at once. Returns the function that stops listening.
 */
export function stopOnSignals(close: (deadlineMs: number) => Promise<unknown>): () => void {
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) process.exit(code);
    stopping = true;
    startWatchdog(WATCHDOG_MS);
    setTimeout(() => process.exit(code), SHUTDOWN_MS).unref();
    close(SHUTDOWN_MS - 1000)
      .catch(() => undefined)
      .finally(() => process.exit(code));
  };
  const onInt = () => stop(130);
  const onTerm = () => stop(143);
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  stopHook = stop;
  return () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    if (stopHook === stop) stopHook = null;
  };
}

/**
 * stdout was closed by its reader (`engram … | head`): there is nothing left to say, so the
 * command ends quietly (exit 0), through the same close as a signal when an engine is open.
 */
export function endOnClosedStdout(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    if (stopHook) stopHook(0);
    else process.exit(0);
  });
}

/** Opens the engine on a data folder for one command, and closes it after (see stopOnSignals). */
export async function withEngineAt<T>(
  dataDir: string,
  work: (engine: Engine) => Promise<T>,
  opts: { waitForGraph?: boolean } & Pick<EngineOptions, 'sessionGapMinutes'> = {},
): Promise<T> {
  // The engine is loaded here, not when the CLI starts (`--help` loads none of it).
  const { Engine } = await import('../engine/engine');
  const engine = await Engine.open({ dataDir, sessionGapMinutes: opts.sessionGapMinutes });
  const unlisten = stopOnSignals((deadlineMs) => engine.close({ deadlineMs }));
  try {
    if (opts.waitForGraph !== false) await engine.whenReady();
    const result = await work(engine);
    // Damage found in what the command opened (stores open when first used), said after its output.
    warnOfDamage(engine);
    return result;
  } finally {
    await engine.close();
    unlisten();
  }
}

/** Opens the engine on the program's `--data` folder for one command, and closes it after. */
export function withEngine<T>(
  program: Command,
  work: (engine: Engine) => Promise<T>,
  opts: { waitForGraph?: boolean } & Pick<EngineOptions, 'sessionGapMinutes'> = {},
): Promise<T> {
  const { data } = program.opts<{ data?: string }>();
  return withEngineAt(data ?? defaultDataDir(), work, opts);
}

/** One line on stderr per problem start-up found and could not repair (the command goes on). */
export function warnOfDamage(engine: Engine): void {
  warnOfProblems(engine.problemsFoundSoFar());
}

/** One line on stderr per problem not repaired (`engram serve` has them from its engine's integrity report). */
export function warnOfProblems(problems: readonly IntegrityProblem[]): void {
  for (const p of problems) if (!p.repaired) process.stderr.write(`engram: warning: ${problemLine(p)}\n`);
}

/** A text file given on the command line, read whole: refused by name when missing or too large to be text we read whole. */
export function readTextFile(file: string, maxBytes = 256 * 2 ** 20): string {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new CliError(`${file}: no such file`);
  }
  if (size > maxBytes) throw new CliError(`${file}: ${(size / 2 ** 20).toFixed(0)} MB is more than this command reads (at most ${maxBytes / 2 ** 20} MB)`);
  return fs.readFileSync(file, 'utf8');
}

/** `N` or `N-M` (a session index or range) as [from, to]. */
export function parseRange(text: string, flag: string): [number, number] {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) throw new CliError(`${flag}: expected N or N-M, got '${text}'`);
  return [Number(m[1]), Number(m[2] ?? m[1])];
}

/** `1,2,3` as ids. */
export function parseIds(text: string, flag: string): number[] {
  return text.split(',').map((part) => {
    const n = wholeNumber(part);
    if (n === null) throw new CliError(`${flag}: expected ids like 1,2,3, got '${text}'`);
    return n;
  });
}

/** A whole number ≥ 1, or undefined when the flag is absent. */
export function parsePositive(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const n = wholeNumber(text);
  if (n === null || n < 1) throw new CliError(`${flag}: expected a positive whole number, got '${text}'`);
  return n;
}

/** A whole number from `min` to `max` (flags with a default are never absent). */
export function parseWhole(text: string, flag: string, range: { min: number; max?: number }): number {
  const n = wholeNumber(text);
  if (n === null || n < range.min || (range.max !== undefined && n > range.max)) {
    const want = range.max !== undefined ? `a whole number from ${range.min} to ${range.max}` : range.min === 0 ? 'a whole number (0 or more)' : `a whole number of at least ${range.min}`;
    throw new CliError(`${flag}: expected ${want}, got '${text}'`);
  }
  return n;
}

/** A number of seconds above 0, at most `max`. */
export function parseSeconds(text: string, flag: string, max: number): number {
  const n = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(n) || n <= 0 || n > max) throw new CliError(`${flag}: expected seconds above 0 and at most ${max}, got '${text}'`);
  return n;
}

/** Digits only: Number() would also take '', ' 1', '0x10', '1e3'. */
function wholeNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

/** The progress line of a running job: its own message, else its counts. */
export function progressLine(job: JobInfo): string {
  if (job.message) return job.message;
  return job.total ? `${job.title}: ${job.done}/${job.total} ${job.unit}` : job.title;
}

/**
 * Waits for a job (Engine.waitForJob), showing its progress on stderr unless quiet (one
 * rewritten line on a terminal, one line per change otherwise); Ctrl-C cancels the job, whose
 * finished parts stay done.
 */
export async function followJob(engine: Engine, job: JobInfo, opts: { quiet?: boolean } = {}): Promise<JobInfo> {
  const tty = process.stderr.isTTY === true;
  let lastLine = '';
  const onSigint = () => {
    process.stderr.write(`${tty && lastLine ? '\r\x1b[K' : ''}engram: cancelling…\n`);
    engine.jobs.cancel(job.id);
  };
  process.once('SIGINT', onSigint);
  try {
    return await engine.waitForJob(job, (j) => {
      if (j.state !== 'running' || opts.quiet) return;
      const line = progressLine(j);
      if (line === lastLine) return;
      lastLine = line;
      process.stderr.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
    });
  } finally {
    process.off('SIGINT', onSigint);
    if (tty && lastLine) process.stderr.write('\r\x1b[K');
  }
}
