// Starts `engram serve` on a fresh data folder and a free port, as a person would
// (`node bin/engram.mjs --data DIR serve --port 0`), and reads the URL it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { JobInfo } from '../../shared/types';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Served {
  /** The URL printed by the CLI, with the token. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  /** Calls the API with the token, as the workbench does. */
  api<T = unknown>(method: string, args?: unknown): Promise<T>;
  waitForJob(jobId: string, timeoutMs?: number): Promise<JobInfo>;
  /** Stops `engram serve` (SIGTERM: a clean shutdown); `keepData` leaves the data folder for a restart. */
  close(opts?: { keepData?: boolean }): Promise<void>;
}

/**
 * The clock the specs' engine runs against by default (ENGRAM_CLOCK): the day after the demo's
 * last session, so the demo memory keeps its own dates (the suites quote them). A spec about the
 * demo living in the present passes `clock: null` (the system's clock).
 */
export const DEMO_CLOCK = '2026-11-06T12:00:00';

/** `dataDir`: serve an existing data folder (a restart) instead of a fresh one. */
export async function startServe(opts: { dataDir?: string; clock?: string | null } = {}): Promise<Served> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'engram-e2e-'));
  const clock = opts.clock === undefined ? DEMO_CLOCK : opts.clock;
  const env: NodeJS.ProcessEnv = { ...process.env, BROWSER: 'none' };
  if (clock) env.ENGRAM_CLOCK = clock;
  else delete env.ENGRAM_CLOCK;
  const child = spawn(process.execPath, [join(ROOT, 'bin/engram.mjs'), '--data', dataDir, 'serve', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`engram serve printed no URL within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Engram workbench: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        done(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`engram serve exited (${code}):\n${output}`));
    });
  });
  const parsed = new URL(url);
  const token = parsed.searchParams.get('token')!;
  const origin = parsed.origin;

  const api = async <T,>(method: string, args: unknown = {}): Promise<T> => {
    const call = () =>
      fetch(`${origin}/api/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
    // a pooled connection reset before any answer: the request was not read, so it is sent again once
    const res = await call().catch((e: Error & { cause?: { code?: string } }) => {
      if (e.cause?.code === 'ECONNRESET') return call();
      throw e;
    });
    const body = (await res.json()) as { ok: boolean; result?: T; error?: { message: string } };
    if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
    return body.result as T;
  };

  return {
    url,
    origin,
    token,
    dataDir,
    api,
    async waitForJob(jobId, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const jobs = await api<JobInfo[]>('listJobs');
        const job = jobs.find((j) => j.id === jobId);
        if (job && job.state !== 'running') return job;
        if (Date.now() > until) throw new Error(`job ${jobId} still running after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 150));
      }
    },
    close: (closeOpts) => stop(child, closeOpts?.keepData ? null : dataDir),
  };
}

async function stop(child: ChildProcess, dataDir: string | null) {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
