// What every `engram` command shares: the one-line error, opening the engine on `--data`,
// reading number flags, and following a job to its end on the facade (Engine.waitForJob).
import type { Command } from 'commander';
import type { JobInfo } from '../../../shared/types';
import type { Engine, EngineOptions } from '../engine/engine';
import { defaultDataDir } from '../engine/paths';

/** A one-line failure the CLI reports (`engram: …` on stderr) and exits 1 on. */
export class CliError extends Error {}

/**
 * Opens the engine on the program's `--data` folder for one command, and closes it after. The
 * engine is loaded here, not when the CLI starts (`--help` loads none of it); its graph loads
 * only if the command asks something of it.
 */
export async function withEngine<T>(
  program: Command,
  work: (engine: Engine) => Promise<T>,
  opts: Pick<EngineOptions, 'sessionGapMinutes'> = {},
): Promise<T> {
  const { data } = program.opts<{ data?: string }>();
  const { Engine } = await import('../engine/engine');
  const engine = await Engine.open({ dataDir: data ?? defaultDataDir(), sessionGapMinutes: opts.sessionGapMinutes });
  try {
    await engine.whenReady();
    return await work(engine);
  } finally {
    await engine.close();
  }
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
    const n = Number(part.trim());
    if (part.trim() === '' || !Number.isInteger(n) || n < 0) throw new CliError(`${flag}: expected ids like 1,2,3, got '${text}'`);
    return n;
  });
}

/** A whole number ≥ 1, or undefined when the flag is absent. */
export function parsePositive(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`${flag}: expected a positive whole number, got '${text}'`);
  return n;
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
