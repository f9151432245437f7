// While an import and the automatic job after it write, SQLite checkpoints its WAL less often
// (ChatStore.holdCheckpoints); once both are done the connection is back to SQLite's interval.
import { afterEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import type { Engine } from '../../electron/node/engine/engine';
import type { ChatStore } from '../../electron/node/engine/stores/chat/chat-store';
import { fixture, importFiles, openEngine } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

/** The interval of the store's own connection (a pragma is per connection). */
const interval = (chat: ChatStore) => (chat as unknown as { db: Database.Database }).db.pragma('wal_autocheckpoint', { simple: true }) as number;

describe('WAL checkpoints during an import', () => {
  it('are fewer while any holder holds them, and at SQLite’s interval once every holder has released', async () => {
    engine = await openEngine();
    const { chat } = engine;
    expect(interval(chat)).toBe(1000);
    const a = chat.holdCheckpoints();
    const b = chat.holdCheckpoints();
    expect(interval(chat)).toBeGreaterThan(1000);
    a();
    a(); // a second release of the same hold changes nothing
    expect(interval(chat)).toBeGreaterThan(1000);
    b();
    expect(interval(chat)).toBe(1000);
  });

  it('are held through the import and its automatic job, then released', async () => {
    engine = await openEngine();
    const e = engine;
    const seen: { kind: string; interval: number }[] = [];
    e.onEvent((ev) => {
      if (ev.type === 'job' && ev.job.state === 'running') seen.push({ kind: ev.job.kind, interval: interval(e.chat) });
    });
    await importFiles(e, fixture('chatgpt', 'conversations.json'));
    await e.jobs.idle();
    expect(seen.some((s) => s.kind === 'import')).toBe(true);
    expect(seen.some((s) => s.kind === 'auto-graph')).toBe(true);
    // the import's first event is sent as it starts, before its work holds anything; the job holds from its start
    const during = seen.filter((x, i) => x.kind === 'auto-graph' || seen.findIndex((y) => y.kind === x.kind) !== i);
    expect(during.filter((s) => s.kind === 'import').length).toBeGreaterThan(0);
    for (const s of during) expect(s.interval).toBeGreaterThan(1000);
    expect((await e.autoGraphStatus())[0].state).toBe('done');
    expect(interval(e.chat)).toBe(1000);
  });
});
