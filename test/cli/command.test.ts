// What the CLI's commands share: flag parsing with one-line errors, and following a job on the
// facade's waitForJob (progress on stderr, Ctrl-C cancels).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CliError, followJob, parseIds, parsePositive, parseRange, progressLine } from '../../electron/node/cli/command';
import type { Engine } from '../../electron/node/engine/engine';
import type { JobInfo } from '../../shared/types';
import { tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');

const job = (over: Partial<JobInfo> = {}): JobInfo => ({ id: 'j1', kind: 'extract', state: 'running', title: 'Extract 2 sources', done: 0, total: 4, unit: 'chunks', startedAt: '2026-11-24T10:00:00Z', elapsedMs: 0, ...over });

describe('CLI flags', () => {
  it('reads a session index or range', () => {
    expect(parseRange('3', '--session')).toEqual([3, 3]);
    expect(parseRange('2-5', '--session')).toEqual([2, 5]);
    expect(() => parseRange('2..5', '--session')).toThrow(new CliError("--session: expected N or N-M, got '2..5'"));
    expect(() => parseRange('', '--session')).toThrow(CliError);
  });

  it('reads ids and positive numbers, naming the flag when wrong', () => {
    expect(parseIds('1, 2,3', '--source')).toEqual([1, 2, 3]);
    expect(() => parseIds('1,,2', '--source')).toThrow("--source: expected ids like 1,2,3, got '1,,2'");
    expect(() => parseIds('a', '--messages')).toThrow(/^--messages:/);
    expect(parsePositive(undefined, '--limit')).toBeUndefined();
    expect(parsePositive('12', '--limit')).toBe(12);
    expect(() => parsePositive('0', '--limit')).toThrow("--limit: expected a positive whole number, got '0'");
    expect(() => parsePositive('1.5', '--concurrency')).toThrow(/^--concurrency:/);
  });
});

describe('followJob', () => {
  afterEach(() => vi.restoreAllMocks());

  /** An engine whose waitForJob is driven by the test. */
  function fakeEngine() {
    let progress: ((j: JobInfo) => void) | undefined;
    let finish!: (j: JobInfo) => void;
    const cancel = vi.fn();
    const engine = {
      waitForJob: (_job: JobInfo, onProgress?: (j: JobInfo) => void) => {
        progress = onProgress;
        return new Promise<JobInfo>((resolve) => (finish = resolve));
      },
      jobs: { cancel },
    } as unknown as Engine;
    return { engine, cancel, report: (j: JobInfo) => progress?.(j), finish: (j: JobInfo) => finish(j) };
  }

  it('prints each new progress line, once, and resolves with the final state', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    const { engine, report, finish } = fakeEngine();
    const following = followJob(engine, job());
    report(job({ done: 1 }));
    report(job({ done: 1 }));
    report(job({ done: 2, message: '2/4 chunks · 31 tok/s' }));
    report(job({ state: 'done', done: 4 }));
    finish(job({ state: 'done', done: 4 }));
    expect(await following).toMatchObject({ state: 'done' });
    expect(written).toEqual(['Extract 2 sources: 1/4 chunks\n', '2/4 chunks · 31 tok/s\n']);
  });

  it('is silent when quiet, and Ctrl-C cancels the job (then stops listening)', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    const { engine, cancel, report, finish } = fakeEngine();
    const before = new Set(process.listeners('SIGINT'));
    const following = followJob(engine, job(), { quiet: true });
    report(job({ done: 3 }));
    const added = process.listeners('SIGINT').filter((l) => !before.has(l));
    expect(added).toHaveLength(1);
    (added[0] as () => void)();
    expect(cancel).toHaveBeenCalledWith('j1');
    finish(job({ state: 'cancelled' }));
    expect(await following).toMatchObject({ state: 'cancelled' });
    expect(written).toEqual(['engram: cancelling…\n']);
    expect(process.listeners('SIGINT').filter((l) => !before.has(l))).toEqual([]);
  });

  it('a signal ends the process within 5 s even when synchronous work holds the main thread (the watchdog thread)', { timeout: 30_000 }, async () => {
    const dir = tempDir();
    const script = path.join(dir, 'held.mts');
    fs.writeFileSync(
      script,
      `import { stopOnSignals } from ${JSON.stringify(path.join(ROOT, 'electron/node/cli/command.ts'))};
       // The close starts, then one synchronous step holds the thread for 12 s (no timer can run).
       stopOnSignals(async () => { await new Promise((r) => setTimeout(r, 50)); const end = Date.now() + 12_000; while (Date.now() < end); });
       process.stdout.write('ready\\n'); setInterval(() => {}, 1000);`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()));
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const t0 = performance.now();
    child.kill('SIGINT');
    const end = await exit;
    expect(performance.now() - t0).toBeLessThan(5500);
    expect(end).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('shows a job without counts by its title', () => {
    expect(progressLine(job({ total: null }))).toBe('Extract 2 sources');
  });
});
