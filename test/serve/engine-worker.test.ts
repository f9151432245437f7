// `engram serve`'s engine in a worker thread behind the relay (engine-host/worker-host.ts): it
// opens the memory, answers calls and sends events; a worker that dies is started again and
// answers on the same memory; closing it ends the worker and frees the folder for the next one.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineRelay, type HostProcess } from '../../electron/node/engine-host/relay';
import { startWorkerHost } from '../../electron/node/engine-host/worker-host';
import { unwrapEnvelope } from '../../shared/transport/wire';
import type { BridgeEvent } from '../../shared/transport/bridge';
import { fixture, tempDir } from '../support/temp-engine';

const relays: EngineRelay[] = [];
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.close()));
});

function workerRelay(dataDir: string) {
  const hosts: HostProcess[] = [];
  const events: BridgeEvent[] = [];
  const relay = new EngineRelay({
    spawn: () => {
      const host = startWorkerHost();
      hosts.push(host);
      return host;
    },
    host: { dataDir },
    send: (e) => events.push(e),
  });
  relays.push(relay);
  return { relay, hosts, events };
}

const until = async (check: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the engine in a worker thread', () => {
  it('imports, answers and sends the job events of a memory', async () => {
    const dir = tempDir('engram-engine-worker-');
    const { relay, events } = workerRelay(dir);
    await relay.start();
    const job = unwrapEnvelope(await relay.call('importPaths', { paths: [fixture('chatgpt', 'conversations.json')] })) as { id: string };
    await until(() => events.some((e) => e.type === 'job' && e.job.id === job.id && e.job.state === 'done'));
    const stats = unwrapEnvelope(await relay.call('stats', {})) as { messages: number; sources: number };
    expect(stats.sources).toBe(1);
    expect(stats.messages).toBeGreaterThan(0);
    // a call the engine refuses comes back as its error, not as a dead worker
    const refused = await relay.call('listSources', { nope: 1 });
    expect(refused.ok).toBe(false);
    expect(relay.status).toBe('ready');
  });

  it('a worker that dies is started again on the same memory; close frees the folder', async () => {
    const dir = tempDir('engram-engine-worker-');
    const { relay, hosts, events } = workerRelay(dir);
    await relay.start();
    await relay.call('importPaths', { paths: [fixture('chatgpt', 'conversations.json')] });
    await until(() => events.some((e) => e.type === 'job' && e.job.state === 'done'));
    const before = unwrapEnvelope(await relay.call('stats', {})) as { messages: number };

    hosts[0].kill(); // as a crash: the relay did not ask it to close
    await until(() => hosts.length === 2 && relay.status === 'ready');
    const after = unwrapEnvelope(await relay.call('stats', {})) as { messages: number };
    expect(after.messages).toBe(before.messages);
    expect(events.some((e) => e.type === 'menu' && e.command === 'notice' && /stopped unexpectedly/.test(e.message))).toBe(true);

    await relay.close();
    expect(fs.existsSync(path.join(dir, 'engram.lock.json'))).toBe(false);
    // the folder opens again in a new worker: the lock was released
    const next = workerRelay(dir);
    await next.relay.start();
    expect((unwrapEnvelope(await next.relay.call('stats', {})) as { messages: number }).messages).toBe(before.messages);
  });
});
