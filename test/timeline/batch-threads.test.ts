// A batch answered on several threads (timeline/batch-workers.ts) writes the bytes the one-thread
// batch writes: the same lines, in input order, error lines included.
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { runBatch, type BatchStats } from '../../electron/node/engine/timeline/batch';
import { importFiles, openEngine, tempDir } from '../support/temp-engine';
import { GARDEN_LOG, NOW, TRAVEL_LOG } from './fixtures';

const dir = tempDir('engram-batch-threads-');
let engine: Engine;

const QUESTIONS = [
  'What did we discuss in our first session?',
  'What did we talk about 2 days ago?',
  'What did Cleo say she ate in Lisbon on October 20th?',
  'What did we discuss yesterday?',
  'Which session was the last one?',
  'What did Ann say about the tomatoes?',
];

/** Lines of two sources and of the whole memory, interleaved, with bad lines among them. */
function lines(): string[] {
  const out: string[] = [];
  for (let i = 0; i < 60; i++) {
    const source = ['garden.json', 'travel.json', undefined][i % 3];
    out.push(JSON.stringify({ id: `q${i}`, question: QUESTIONS[i % QUESTIONS.length], now: NOW, ...(source ? { source } : {}) }));
    if (i % 17 === 5) out.push('not json');
    if (i % 19 === 7) out.push(JSON.stringify({ id: `bad${i}`, question: '' }));
    if (i % 23 === 9) out.push(JSON.stringify({ id: `nosource${i}`, question: QUESTIONS[0], source: 'nope.json' }));
    if (i % 29 === 11) out.push(JSON.stringify({ id: `ctx${i}`, question: 'Yes, please do.', context: [{ speaker: 'Ann', text: 'We talked a lot 2 days ago.' }, { text: 'Shall I summarize it?' }], now: NOW, source: 'garden' }));
  }
  return out;
}

async function run(threads: number): Promise<{ text: string; stats: BatchStats }> {
  const chunks: string[] = [];
  const sink = new Writable({ write: (c, _e, cb) => (chunks.push(String(c)), cb()) });
  const names = new Map(engine.chat.listSources().map((x) => [x.id, x.name]));
  const stats = await runBatch(engine.timeline, Readable.from([`${lines().join('\n')}\n\n`]), sink, (id) => names.get(id) ?? String(id), { threads });
  return { text: chunks.join(''), stats };
}

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'garden.json'), JSON.stringify(GARDEN_LOG));
  fs.writeFileSync(path.join(dir, 'travel.json'), JSON.stringify(TRAVEL_LOG));
  engine = await openEngine(path.join(dir, 'data'));
  await importFiles(engine, path.join(dir, 'garden.json'), path.join(dir, 'travel.json'));
});

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('runBatch on threads', () => {
  it('writes the one-thread batch bytes, error lines included', async () => {
    const one = await run(1);
    const three = await run(3);
    expect(three.text).toBe(one.text);
    expect(three.stats).toMatchObject({ lines: one.stats.lines, errors: one.stats.errors, threads: 3 });
    expect(one.stats.threads).toBeUndefined();
    const out = one.text.trim().split('\n').map((l) => JSON.parse(l) as { id: string; error?: string; messages?: unknown[] });
    // the batch holds answers and each kind of error line
    expect(out.filter((o) => o.messages?.length).length).toBeGreaterThan(30);
    expect(out.some((o) => o.error?.endsWith('not JSON'))).toBe(true);
    expect(out.some((o) => o.error?.includes("no imported source 'nope.json'"))).toBe(true);
    expect(out.some((o) => o.id.startsWith('bad') && o.error?.includes('question'))).toBe(true);
  }, 60_000);
});
