// `engram ask --batch`: the `engram retrieve --batch` line format with the answer and its
// evidence added; in process and through the real binary.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { runAskBatch, type AskBatchOutput } from '../../electron/node/engine/ask/batch';
import { batchContext } from '../../electron/node/cli/ask-command';
import { fixture, importFiles } from '../support/temp-engine';
import { demoEngine, tempDir } from './support';

const ROOT = path.resolve(import.meta.dirname, '../..');
let engine: Engine;
let dir: string;

async function batch(lines: string[]): Promise<AskBatchOutput[]> {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c) => chunks.push(String(c)));
  const stats = await runAskBatch(batchContext(engine), Readable.from(lines.map((l) => `${l}\n`)), out, { llm: false, k: 10 });
  expect(stats.lines).toBe(lines.filter((l) => l.trim()).length);
  return chunks.join('').trim().split('\n').map((l) => JSON.parse(l) as AskBatchOutput);
}

beforeAll(async () => {
  dir = tempDir('engram-ask-batch-');
  engine = await demoEngine(dir);
  await importFiles(engine, fixture('locomo', 'mini.json'));
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

describe('ask batch', () => {
  it('answers each line with rewrite, plan, ranked messages, answer and evidence', async () => {
    const [a, b, c] = await batch([
      JSON.stringify({ id: 'q1', question: 'When is the charity run I signed up for?', now: '2026-11-22T10:00:00', source: 'demo-memory.json' }),
      JSON.stringify({ id: 'q2', question: 'Can you summarize what we discussed?', context: [{ speaker: 'user', text: 'What did we talk about in our 3rd session?' }], source: 'demo-memory.json', now: '2026-11-22T10:00:00' }),
      JSON.stringify({ id: 7, question: 'What breed is the dog Ben adopted?', source: 'mini.json' }),
    ]);
    expect(a).toMatchObject({ id: 'q1', classification: 'date', routes: ['graph', 'search'], answered_by: 'search', status: 'answered' });
    expect(a.answer).toMatch(/^Sunday, October 11, 2026 — /);
    expect(a.plan!.sparql).toMatch(/^PREFIX/);
    expect(a.plan!.search).toBe('When is the charity run I signed up for?');
    expect(a.messages![0]).toMatchObject({ source: 'demo-memory.json', external_id: 'charity-10k-001' });
    expect(a.messages!.length).toBeLessThanOrEqual(10);
    expect(a.evidence!.messages[0]).toMatchObject({ ref: 'm1', external_id: 'charity-10k-001', speaker: 'Maya', route: 'search' });
    expect(a.evidence!.computation).toMatchObject({ kind: 'date', value: 'Sunday, October 11, 2026' });

    // follow-up through the context: the timeline planner carries the session reference
    expect(b).toMatchObject({ id: 'q2', classification: 'time', routes: ['timeline'], answered_by: 'timeline' });
    expect(b.rewrite).toMatch(/3rd session/);
    expect((b.plan!.timeline as { chain: unknown[] }).chain).toEqual([expect.objectContaining({ column: 'Session_Index', values: [3] })]);
    expect(new Set(b.messages!.map((m) => m.session))).toEqual(new Set([3]));

    // sessions count within the line's one source, as in `engram retrieve --batch`
    expect(c.id).toBe('7');
    expect(c.messages!.slice(0, 2).map((m) => m.external_id)).toContain('D2:1');
    expect(c.messages!.find((m) => m.external_id === 'D2:1')!.session).toBe(2);
  });

  it('every line carries its status: answered, related or not found', async () => {
    const [found, related, none] = await batch([
      JSON.stringify({ question: 'What is the name of the dog Ben adopted?', source: 'mini.json' }),
      JSON.stringify({ question: 'What did Ben make in pottery class?', source: 'mini.json' }),
      JSON.stringify({ question: 'Which violin teacher did Ben hire?', source: 'mini.json' }),
    ]);
    expect(found.status).toBe('answered');
    expect(found.answer).toMatch(/Pixel/);
    // Ana made the bowl; Ben's pottery is never mentioned
    expect(related.status).toBe('related');
    expect(none.status).toBe('not_found');
    expect(none.answered_by).toBe('none');
  });

  it('reports bad lines and unknown sources in an "error" field and carries on', async () => {
    const out = await batch(['{not json', JSON.stringify({ id: 'x' }), JSON.stringify({ id: 'y', question: 'hi?', source: 'nope.json' }), JSON.stringify({ id: 'z', question: 'What is my favourite band?', now: '2026-11-22T10:00:00' })]);
    expect(out.map((o) => o.id)).toEqual(['1', 'x', 'y', 'z']);
    expect(out[0].error).toBe('line 1: not JSON');
    expect(out[1].error).toMatch(/^line 2: question: /);
    expect(out[2].error).toBe("line 3: no imported source 'nope.json'");
    expect(out[3].error).toBeUndefined();
    expect(out[3].answer).toMatch(/favourite indie folk band/);
  });

  it('engram ask --batch through the real binary', async () => {
    await engine.close();
    const work = tempDir('engram-ask-cli-');
    const inFile = path.join(work, 'q.jsonl');
    const outFile = path.join(work, 'a.jsonl');
    fs.writeFileSync(inFile, `${JSON.stringify({ id: 'a', question: 'How much did I pay for my new running shoes?', now: '2026-11-22T10:00:00' })}\n`);
    const run = promisify(execFile);
    const r = await run(process.execPath, [path.join(ROOT, 'bin/engram.mjs'), '--data', dir, 'ask', '--batch', inFile, '--out', outFile, '--no-llm', '--k', '5'], { cwd: ROOT });
    expect(r.stderr).toMatch(/^engram: 1 question in /);
    const [line] = fs.readFileSync(outFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(line).toMatchObject({ id: 'a', classification: 'amount', answered_by: 'search' });
    expect(line.answer).toMatch(/^€120 — /);
    expect(line.messages).toHaveLength(5);

    const one = await run(process.execPath, [path.join(ROOT, 'bin/engram.mjs'), '--data', dir, 'ask', '--no-llm', '--now', '2026-11-22T10:00:00', 'How', 'long', 'is', 'my', 'commute?'], { cwd: ROOT });
    expect(one.stdout).toMatch(/^conversation \d+, turn \d+\nintent: {3}duration → graph \+ search\n/);
    expect(one.stdout).toMatch(/\nsparql \(template duration-of, 0 rows\):\n {2}PREFIX/);
    const list = await run(process.execPath, [path.join(ROOT, 'bin/engram.mjs'), '--data', dir, 'ask', '--conversations', '--json'], { cwd: ROOT });
    expect(JSON.parse(list.stdout)[0]).toMatchObject({ title: 'How long is my commute?', turnCount: 1 });
    engine = await demoEngine(dir);
  }, 120_000);
});
