// Electron main's engine relay with scripted host processes: calls and events pass through; a
// host that dies fails what was in flight, marks its running jobs failed, tells the window and
// is started again, unless it keeps dying; quitting closes the engine before anything ends.
import { describe, expect, it } from 'vitest';
import { EngineRelay, type HostProcess, type RelayOptions } from '../../electron/node/engine-host/relay';
import type { FromHost, ToHost } from '../../electron/node/engine-host/protocol';
import type { BridgeEvent } from '../../shared/transport/bridge';
import type { JobInfo } from '../../shared/types';

class ScriptedHost implements HostProcess {
  readonly sent: ToHost[] = [];
  killed = false;
  private listeners: ((m: FromHost) => void)[] = [];
  private exitListeners: ((code: number) => void)[] = [];
  post(message: ToHost) {
    this.sent.push(message);
  }
  onMessage(listener: (m: FromHost) => void) {
    this.listeners.push(listener);
  }
  onExit(listener: (code: number) => void) {
    this.exitListeners.push(listener);
  }
  kill() {
    this.killed = true;
  }
  say(message: FromHost) {
    for (const l of this.listeners) l(message);
  }
  exit(code: number) {
    for (const l of this.exitListeners) l(code);
  }
  calls() {
    return this.sent.filter((m): m is Extract<ToHost, { type: 'call' }> => m.type === 'call');
  }
}

function setup(extra: Partial<RelayOptions> = {}) {
  const hosts: ScriptedHost[] = [];
  const events: BridgeEvent[] = [];
  let clock = 0;
  const relay = new EngineRelay({
    spawn: () => {
      const h = new ScriptedHost();
      hosts.push(h);
      return h;
    },
    host: { dataDir: '/data', sqliteNativeBinding: '/native/better_sqlite3.node' },
    send: (e) => events.push(e),
    now: () => clock,
    ...extra,
  });
  const notices = () => events.filter((e): e is Extract<BridgeEvent, { type: 'menu'; command: 'notice' }> => e.type === 'menu' && e.command === 'notice');
  return { relay, hosts, events, notices, tick: (ms: number) => (clock += ms) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const job = (id: string, state: JobInfo['state']): JobInfo => ({ id, kind: 'import', state, title: 'Import', done: 1, total: 3, unit: 'files', startedAt: '2026-11-24T10:00:00Z', elapsedMs: 5 });

async function started(extra: Partial<RelayOptions> = {}) {
  const s = setup(extra);
  const starting = s.relay.start();
  s.hosts[0].say({ type: 'ready' });
  await starting;
  return s;
}

describe('engine relay', () => {
  it('opens the memory with the data folder and the Electron build of SQLite, then relays calls and events', async () => {
    const { relay, hosts, events } = await started();
    expect(hosts).toHaveLength(1);
    expect(hosts[0].sent[0]).toEqual({ type: 'open', options: { dataDir: '/data', sqliteNativeBinding: '/native/better_sqlite3.node' } });

    const a = relay.call('stats', {});
    const b = relay.call('listSources', {});
    await tick();
    const [ca, cb] = hosts[0].calls();
    expect([ca.method, cb.method]).toEqual(['stats', 'listSources']);
    expect(ca.id).not.toBe(cb.id);
    // Answers may come back in any order: each goes to its own call.
    hosts[0].say({ type: 'result', id: cb.id, response: { ok: true, result: [] } });
    hosts[0].say({ type: 'result', id: ca.id, response: { ok: true, result: { messages: 7 } } });
    expect(await a).toEqual({ ok: true, result: { messages: 7 } });
    expect(await b).toEqual({ ok: true, result: [] });

    hosts[0].say({ type: 'event', event: { type: 'changed', topics: ['sources'] } });
    expect(events).toEqual([{ type: 'changed', topics: ['sources'] }]);
  });

  it('gives main typed results and ApiErrors for its own calls (menu commands)', async () => {
    const { relay, hosts } = await started();
    const ok = relay.request('exportGraph', { format: 'turtle' });
    const bad = relay.request('importPaths', { paths: ['/nope'] });
    await tick();
    const [exportCall, importCall] = hosts[0].calls();
    hosts[0].say({ type: 'result', id: exportCall.id, response: { ok: true, result: { data: '@prefix x: <urn:x#> .', format: 'turtle' } } });
    hosts[0].say({ type: 'result', id: importCall.id, response: { ok: false, error: { code: 'bad_request', message: '/nope: no such file' } } });
    expect(await ok).toEqual({ data: '@prefix x: <urn:x#> .', format: 'turtle' });
    await expect(bad).rejects.toMatchObject({ name: 'ApiError', code: 'bad_request', message: '/nope: no such file' });
  });

  it('reports a memory that cannot be opened, and starts nothing more', async () => {
    const { relay, hosts, notices } = setup();
    const starting = relay.start();
    hosts[0].say({ type: 'open-failed', message: '/data is in use by another Engram process (pid 12)' });
    await expect(starting).rejects.toThrow('/data is in use by another Engram process (pid 12)');
    expect(hosts[0].killed).toBe(true);
    hosts[0].exit(1);
    expect(hosts).toHaveLength(1);
    // main shows its own dialog for this; the (absent) window gets no notice.
    expect(notices()).toEqual([]);
    expect(await relay.call('stats', {})).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('could not open its memory') } });
  });

  it('after a crash: fails calls in flight and running jobs, tells the window, starts the host again', async () => {
    const { relay, hosts, events, notices } = await started();
    hosts[0].say({ type: 'event', event: { type: 'job', job: job('j1', 'running') } });
    hosts[0].say({ type: 'event', event: { type: 'job', job: job('j2', 'running') } });
    hosts[0].say({ type: 'event', event: { type: 'job', job: job('j2', 'done') } });
    const inFlight = relay.call('stats', {});
    await tick();
    hosts[0].exit(134);

    expect(await inFlight).toEqual({ ok: false, error: { code: 'unavailable', message: "Engram's engine stopped unexpectedly (exit code 134)." } });
    const failedJobs = events.filter((e) => e.type === 'job' && e.job.state === 'failed');
    expect(failedJobs).toEqual([{ type: 'job', job: expect.objectContaining({ id: 'j1', state: 'failed', error: expect.stringMatching(/engine stopped/) }) }]);
    expect(notices().at(-1)).toMatchObject({ tone: 'error', message: expect.stringMatching(/stopped unexpectedly \(exit code 134\)\. Starting it again/) });

    // A new host opens the same memory; calls made meanwhile wait for it.
    expect(hosts).toHaveLength(2);
    expect(hosts[1].sent[0]).toMatchObject({ type: 'open', options: { dataDir: '/data' } });
    const waiting = relay.call('stats', {});
    await tick();
    expect(hosts[1].calls()).toEqual([]);
    hosts[1].say({ type: 'ready' });
    await tick();
    const [call] = hosts[1].calls();
    hosts[1].say({ type: 'result', id: call.id, response: { ok: true, result: { messages: 1 } } });
    expect(await waiting).toEqual({ ok: true, result: { messages: 1 } });
    expect(notices().at(-1)).toMatchObject({ tone: 'success', message: 'The engine is running again.' });
    // The window reloads everything it shows.
    expect(events.at(-1)).toEqual({ type: 'changed', topics: ['sources', 'messages', 'graph', 'settings', 'jobs'] });
    // Messages from the dead host are ignored.
    hosts[0].say({ type: 'event', event: { type: 'changed', topics: ['graph'] } });
    expect(events.at(-1)).toMatchObject({ topics: ['sources', 'messages', 'graph', 'settings', 'jobs'] });
  });

  it('stops restarting a host that keeps crashing, and says so', async () => {
    const { relay, hosts, notices, tick: advance } = await started({ maxCrashes: 3, crashWindowMs: 60_000 });
    hosts[0].exit(1);
    advance(10_000);
    hosts[1].say({ type: 'ready' });
    hosts[1].exit(1);
    advance(10_000);
    hosts[2].exit(1); // dies again while opening
    expect(hosts).toHaveLength(3);
    expect(relay.status).toBe('stopped');
    expect(notices().at(-1)).toMatchObject({ tone: 'error', message: expect.stringMatching(/not started again after 3 crashes: quit and open Engram again/) });
    expect(await relay.call('stats', {})).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringMatching(/not started again/) } });
  });

  it('forgets crashes older than the window', async () => {
    const { hosts, tick: advance } = await started({ maxCrashes: 2, crashWindowMs: 60_000 });
    hosts[0].exit(1);
    hosts[1].say({ type: 'ready' });
    advance(61_000);
    hosts[1].exit(1);
    expect(hosts).toHaveLength(3);
  });

  it('on quit: closes the engine first, refuses new calls, and does not restart the host when it ends', async () => {
    const { relay, hosts } = await started();
    const inFlight = relay.call('stats', {});
    await tick();
    const closing = relay.close();
    expect(hosts[0].sent.at(-1)).toEqual({ type: 'close' });
    expect(await relay.call('stats', {})).toMatchObject({ ok: false, error: { code: 'unavailable', message: 'Engram is closing.' } });
    // The host still answers what it had before closing.
    const [call] = hosts[0].calls();
    hosts[0].say({ type: 'result', id: call.id, response: { ok: true, result: { messages: 2 } } });
    expect(await inFlight).toEqual({ ok: true, result: { messages: 2 } });
    let done = false;
    void closing.then(() => (done = true));
    await tick();
    expect(done).toBe(false);
    hosts[0].say({ type: 'closed' });
    await closing;
    hosts[0].exit(0);
    expect(hosts).toHaveLength(1);
    expect(hosts[0].killed).toBe(false);
    expect(relay.status).toBe('closed');
  });

  it('kills a host that does not close in time', async () => {
    const { relay, hosts } = await started({ closeTimeoutMs: 20 });
    await relay.close();
    expect(hosts[0].killed).toBe(true);
  });

  it('closes while the memory is still opening', async () => {
    const { relay, hosts } = setup();
    const starting = relay.start().catch((e: Error) => e.message);
    const closing = relay.close();
    expect(hosts[0].sent.map((m) => m.type)).toEqual(['open', 'close']);
    hosts[0].say({ type: 'ready' });
    hosts[0].say({ type: 'closed' });
    await closing;
    await starting;
    expect(hosts).toHaveLength(1);
  });
});
