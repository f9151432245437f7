// Ending the process while an import (or the automatic extraction after it) runs: nothing may hold
// the process past its deadline. An import cut short by the end of the process is not deleted
// there and then (one synchronous transaction over everything it wrote): it stays marked as
// importing and the next start removes it, as after a crash. A source's messages are read a page
// at a time (the automatic extraction yields between pages).
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeChat } from '../../scripts/faults/bounded';
import type { Engine } from '../../electron/node/engine/engine';
import { openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

describe('an import when the process ends', () => {
  it('leaves its unfinished source to the next start instead of deleting it on the way out', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const file = path.join(dir, '..', `${path.basename(dir)}-big.jsonl`);
    writeChat(file, 30_000, 'shutdown');
    const e = await openEngine(dir, { autoGraph: false });
    const job = await e.importPaths({ paths: [file] });
    // Wait until rows are being written, then close as a signal does (with a deadline).
    while (!e.jobs.list().some((j) => j.id === job.id && j.done > 0)) await new Promise((r) => setTimeout(r, 10));
    await e.close({ deadlineMs: 3000 });
    expect(e.jobs.list().find((j) => j.id === job.id)?.state).toBe('cancelled');
    const left = withRawSqlite(e, (db) => db.prepare('SELECT status, (SELECT COUNT(*) FROM messages) AS n FROM sources').all() as { status: string; n: number }[]);
    expect(left).toEqual([{ status: 'importing', n: expect.any(Number) }]);
    expect(left[0].n).toBeGreaterThan(0);
    // The next start removes it: no partial source, no rows.
    engine = await openEngine(dir, { autoGraph: false });
    expect(await engine.listSources()).toEqual([]);
    expect((await engine.stats()).messages).toBe(0);
  });

  it('a cancel by the person still removes what was written at once', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const file = path.join(dir, '..', `${path.basename(dir)}-big.jsonl`);
    writeChat(file, 30_000, 'cancel');
    engine = await openEngine(dir, { autoGraph: false });
    const e = engine;
    const job = await e.importPaths({ paths: [file] });
    while (!e.jobs.list().some((j) => j.id === job.id && j.done > 0)) await new Promise((r) => setTimeout(r, 10));
    e.jobs.cancel(job.id);
    await e.jobs.idle();
    expect(withRawSqlite(e, (db) => db.prepare('SELECT COUNT(*) AS n FROM sources').get())).toEqual({ n: 0 });
  });
});

describe('a conversation larger than a batch', () => {
  it('is written in steps with the event loop free between them, whole and in order', { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const file = path.join(dir, '..', `${path.basename(dir)}-one.jsonl`);
    writeChat(file, 12_000, 'steps');
    engine = await openEngine(dir, { autoGraph: false });
    const e = engine;
    const job = await e.importPaths({ paths: [file] });
    // progress seen while it runs: with one synchronous write it would jump from 0 to 12,000
    const seen = new Set<number>();
    while (!e.jobs.list().some((j) => j.id === job.id && j.state !== 'running')) {
      seen.add(e.jobs.list().find((j) => j.id === job.id)?.done ?? 0);
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(e.jobs.list().find((j) => j.id === job.id)?.state).toBe('done');
    expect([...seen].some((n) => n > 0 && n < 12_000)).toBe(true);
    const [source] = await e.listSources();
    expect(source.messages).toBe(12_000);
    const texts = [...e.chat.iterateSourceMessages(source.id)].map((m) => m.text);
    expect(new Set(texts).size).toBe(12_000);
    expect((await e.stats()).messages).toBe(12_000);
  });

  it('of 200,000 messages imports whole (one write of all its search rows overflowed the stack before)', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    const file = path.join(dir, '..', `${path.basename(dir)}-huge.jsonl`);
    writeChat(file, 200_000, 'huge');
    engine = await openEngine(dir, { autoGraph: false });
    const job = await engine.importPaths({ paths: [file] });
    await engine.jobs.idle();
    const j = engine.jobs.list().find((x) => x.id === job.id);
    expect(j?.error ?? null).toBeNull();
    expect(j?.state).toBe('done');
    expect((await engine.stats()).messages).toBe(200_000);
    // its search rows were all written to the index
    expect(await engine.search.count()).toBe(200_000);
  });
});
