// The engine host without Electron: the host over a pair of in-process ports with the real
// engine, then its real entry in the stand-ins for a utility process (a worker thread given an
// Electron-like parentPort; child_process.fork), and the built out/main/engine-host.js when a
// build exists.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../electron/node/engine/engine';
import { lockDataDir } from '../../electron/node/engine/stores/data-lock';
import { serveEngine } from '../../electron/node/engine-host/host';
import type { FromHost, HostPort, ToHost } from '../../electron/node/engine-host/protocol';
import type { JobInfo } from '../../shared/types';
import { BUILT_HOST_ENTRY, FakeUtilityProcess, forkHost, HOST_ENTRY } from '../support/engine-host-process';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-host-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const FIXTURE = resolve(import.meta.dirname, '../fixtures/generic/messages.jsonl');

/** Main's side of a channel: post ToHost, collect FromHost, wait for a message. */
class MainSide {
  readonly received: FromHost[] = [];
  private waiters: { match: (m: FromHost) => boolean; resolve: (m: FromHost) => void }[] = [];
  constructor(readonly post: (m: ToHost) => void) {}
  hear(message: FromHost) {
    this.received.push(message);
    for (const w of [...this.waiters]) {
      if (w.match(message)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  }
  next<T extends FromHost>(match: (m: FromHost) => m is T, timeoutMs = 30_000): Promise<T> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen as T);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such message from the host')), timeoutMs);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m as T)) });
    });
  }
  result(id: number) {
    return this.next((m): m is Extract<FromHost, { type: 'result' }> => m.type === 'result' && m.id === id);
  }
  jobEnd(jobId: string) {
    return this.next((m): m is Extract<FromHost, { type: 'event' }> => m.type === 'event' && m.event.type === 'job' && m.event.job.id === jobId && m.event.job.state !== 'running');
  }
}
const isType =
  <K extends FromHost['type']>(type: K) =>
  (m: FromHost): m is Extract<FromHost, { type: K }> =>
    m.type === type;

/** Two ends in one process; messages are cloned and delivered later, as across a process boundary. */
function portPair(): { host: HostPort; main: MainSide } {
  const hostListeners = new Set<(m: ToHost) => void>();
  const main = new MainSide((m) => queueMicrotask(() => hostListeners.forEach((l) => l(structuredClone(m)))));
  const host: HostPort = {
    post: (m) => {
      const copy = structuredClone(m);
      queueMicrotask(() => main.hear(copy));
    },
    onMessage: (l) => {
      hostListeners.add(l);
      return () => hostListeners.delete(l);
    },
  };
  return { host, main };
}

describe('engine host over a port', () => {
  it('opens the engine, answers calls validated, forwards events, and closes it cleanly', async () => {
    const dataDir = tempDir();
    const { host, main } = portPair();
    const served = serveEngine(host, (o) => Engine.open({ dataDir: o.dataDir }));
    main.post({ type: 'open', options: { dataDir } });
    // Sent before the engine is open: answered once it is.
    main.post({ type: 'call', id: 1, method: 'stats', args: {} });
    await main.next(isType('ready'));
    expect((await main.result(1)).response).toMatchObject({ ok: true, result: { messages: 0 } });

    main.post({ type: 'call', id: 2, method: 'stats', args: { extra: 1 } });
    main.post({ type: 'call', id: 3, method: 'dropEverything', args: {} });
    expect((await main.result(2)).response).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect((await main.result(3)).response).toMatchObject({ ok: false, error: { code: 'not_found' } });

    // Bytes cross as bytes; the import job's progress comes back as events.
    main.post({ type: 'call', id: 4, method: 'importUpload', args: { name: 'messages.jsonl', bytes: new Uint8Array(readFileSync(FIXTURE)) } });
    const started = (await main.result(4)).response;
    expect(started.ok).toBe(true);
    const job = (started as { ok: true; result: JobInfo }).result;
    const end = await main.jobEnd(job.id);
    expect(end.event.type === 'job' && end.event.job.state).toBe('done');
    expect(main.received.some((m) => m.type === 'event' && m.event.type === 'changed')).toBe(true);
    main.post({ type: 'call', id: 5, method: 'stats', args: {} });
    const stats = (await main.result(5)).response as { ok: true; result: { messages: number } };
    expect(stats.result.messages).toBeGreaterThan(0);

    main.post({ type: 'close' });
    await main.next(isType('closed'));
    await served.closed;
    // After close: calls are refused, and the data folder is free for another engine.
    main.post({ type: 'call', id: 6, method: 'stats', args: {} });
    expect((await main.result(6)).response).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(existsSync(join(dataDir, 'engram.lock.json'))).toBe(false);
    const again = await Engine.open({ dataDir });
    expect((await again.stats()).messages).toBe(stats.result.messages);
    await again.close();
  }, 60_000);

  it('reports a memory it cannot open in one line, and answers calls with that state', async () => {
    const dataDir = tempDir();
    // Another engine holds the folder.
    const held = lockDataDir(dataDir);
    const { host, main } = portPair();
    serveEngine(host, (o) => Engine.open({ dataDir: o.dataDir }));
    main.post({ type: 'open', options: { dataDir } });
    const failed = await main.next(isType('open-failed'));
    expect(failed.message).toMatch(/in use by another Engram process/);
    expect(failed.message).not.toContain('\n');
    main.post({ type: 'call', id: 1, method: 'stats', args: {} });
    expect((await main.result(1)).response).toMatchObject({ ok: false, error: { code: 'unavailable', message: 'The memory is not open.' } });
    held.release();
  });
});

type HostLike = {
  on(event: 'message', fn: (m: FromHost) => void): unknown;
  once(event: 'exit', fn: (code: number | null) => void): unknown;
};

/** Starts talking to a host process: opens a fresh memory and waits until it is ready. */
async function opened(proc: HostLike, post: (m: ToHost) => void) {
  const dataDir = tempDir();
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const main = new MainSide(post);
  proc.on('message', (m: FromHost) => main.hear(m));
  main.post({ type: 'open', options: { dataDir } });
  await main.next(isType('ready'), 60_000);
  return { main, dataDir, exited };
}

describe('engine host entry', () => {
  it('runs in a utility-process stand-in: Electron parentPort messages, bytes, events, clean exit', async () => {
    const child = new FakeUtilityProcess();
    const { main, dataDir, exited } = await opened(child, (m) => child.postMessage(m));
    main.post({ type: 'call', id: 1, method: 'importUpload', args: { name: 'messages.jsonl', bytes: new Uint8Array(readFileSync(FIXTURE)) } });
    const job = ((await main.result(1)).response as { ok: true; result: JobInfo }).result;
    expect((await main.jobEnd(job.id)).event).toMatchObject({ type: 'job', job: { state: 'done' } });
    main.post({ type: 'call', id: 2, method: 'memoryInfo', args: {} });
    expect((await main.result(2)).response).toMatchObject({ ok: true, result: { dataDir, version: expect.stringMatching(/^\d+\.\d+\.\d+/) } });
    main.post({ type: 'close' });
    await main.next(isType('closed'));
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'engram.lock.json'))).toBe(false);
  }, 90_000);

  it('runs under child_process.fork, and closes the engine when its parent goes away', async () => {
    const child: ChildProcess = forkHost(HOST_ENTRY, { viaTsx: true });
    const { main, dataDir, exited } = await opened(child, (m) => child.send(m));
    main.post({ type: 'call', id: 1, method: 'stats', args: {} });
    expect((await main.result(1)).response).toMatchObject({ ok: true });
    expect(existsSync(join(dataDir, 'engram.lock.json'))).toBe(true);
    child.disconnect();
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'engram.lock.json'))).toBe(false);
  }, 90_000);

  it.skipIf(!existsSync(BUILT_HOST_ENTRY))('the built out/main/engine-host.js runs under plain Node', async () => {
    const child = forkHost(BUILT_HOST_ENTRY, { viaTsx: false });
    const { main, dataDir, exited } = await opened(child, (m) => child.send(m));
    main.post({ type: 'call', id: 1, method: 'memoryInfo', args: {} });
    expect((await main.result(1)).response).toMatchObject({ ok: true, result: { dataDir } });
    main.post({ type: 'close' });
    await main.next(isType('closed'));
    expect(await exited).toBe(0);
  }, 90_000);
});
