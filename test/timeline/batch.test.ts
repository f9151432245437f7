// The batch interface: JSONL in, JSONL out, one engine for the whole batch; in-process and
// through the real `engram retrieve --batch` command.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { runBatch, type BatchOutput } from '../../electron/node/engine/timeline/batch';
import { importFiles, openEngine, tempDir } from '../support/temp-engine';
import { GARDEN_LOG, NOW, TRAVEL_LOG } from './fixtures';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = tempDir('engram-batch-');
const data = path.join(dir, 'data');
let engine: Engine;

const LINES = [
  { id: 'first', question: 'What did we discuss in our first session?', now: NOW, source: 'garden.json' },
  { id: 'follow', question: 'Yes, please do.', context: [{ speaker: 'Ann', text: 'We talked a lot 2 days ago.' }, { speaker: 'Ben', text: 'Shall I summarize it?' }], now: NOW, source: 'garden' },
  { id: 'memory-wide', question: 'What did we talk about in our first session?', now: NOW },
  { id: 'content', question: 'What did Cleo say she ate in Lisbon on October 20th?', now: NOW, source: 'travel.json' },
  { id: 'unknown', question: 'What did we discuss yesterday?', source: 'nope.json' },
  { id: 7, question: '' },
];

function sink(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  return { stream: new Writable({ write: (c, _e, cb) => (chunks.push(String(c)), cb()) }), text: () => chunks.join('') };
}

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, 'garden.json'), JSON.stringify(GARDEN_LOG));
  fs.writeFileSync(path.join(dir, 'travel.json'), JSON.stringify(TRAVEL_LOG));
  engine = await openEngine(data);
  await importFiles(engine, path.join(dir, 'garden.json'), path.join(dir, 'travel.json'));
});

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('runBatch', () => {
  let out: BatchOutput[];
  beforeAll(async () => {
    const input = Readable.from([LINES.map((l) => JSON.stringify(l)).join('\n'), '\n\nnot json\n']);
    const s = sink();
    const names = new Map(engine.chat.listSources().map((x) => [x.id, x.name]));
    const stats = await runBatch(engine.timeline, input, s.stream, (id) => names.get(id) ?? String(id), { concurrency: 3 });
    expect(stats).toMatchObject({ lines: 7, errors: 3 });
    out = s.text().trim().split('\n').map((l) => JSON.parse(l) as BatchOutput);
  });

  it('answers every line, in input order', () => {
    expect(out.map((o) => o.id)).toEqual(['first', 'follow', 'memory-wide', 'content', 'unknown', '7', '7']);
  });

  it('reports messages with source, session (of that source), response index and external id', () => {
    expect(out[0].messages).toEqual([
      { id: expect.any(String), source: 'garden.json', session: 1, response_index: 0, external_id: 'D1:1' },
      { id: expect.any(String), source: 'garden.json', session: 1, response_index: 1, external_id: 'D1:2' },
      { id: expect.any(String), source: 'garden.json', session: 1, response_index: 2, external_id: 'D1:3' },
    ]);
    expect(out[0].plan).toMatchObject({ sessionNumbering: 'source', chain: [{ column: 'Session_Index', values: [1] }] });
    expect(out[0].rewrite).toBe(LINES[0].question);
  });

  it('rewrites follow-ups from their context', () => {
    expect(out[1].rewrite).toBe('What did we discuss 2 days ago?');
    expect(out[1].messages?.map((m) => m.response_index)).toEqual([10, 11]);
  });

  it('counts sessions memory-wide without a source', () => {
    expect(out[2].messages?.[0]).toMatchObject({ source: 'travel.json', session: 1, external_id: 'D1:1' });
  });

  it('ranks time + content questions', () => {
    expect(out[3].classification).toBe('both');
    expect(out[3].messages?.[0]).toMatchObject({ source: 'travel.json', session: 2, response_index: 2 });
  });

  it('turns bad lines into error lines and goes on', () => {
    expect(out[4].error).toMatch(/no imported source 'nope.json'/);
    expect(out[5].error).toMatch(/line 6: question/);
    expect(out[6].error).toMatch(/line 7: not JSON/);
  });

  it('writes rows seen in an earlier answer as they are now (the batch keeps their messages)', async () => {
    // the same rows twice, one at a time; the source's name changes before the second
    const line = JSON.stringify(LINES[0]);
    const input = Readable.from([`${line}\n${line}\n`]);
    const s = sink();
    const names = new Map(engine.chat.listSources().map((x) => [x.id, x.name]));
    let answered = 0;
    const sourceName = (id: number) => (answered++ < 3 ? (names.get(id) ?? String(id)) : 'renamed.json');
    await runBatch(engine.timeline, input, s.stream, sourceName, { concurrency: 1 });
    const [a, b] = s.text().trim().split('\n').map((l) => JSON.parse(l) as BatchOutput);
    expect(a.messages?.map((m) => m.source)).toEqual(['garden.json', 'garden.json', 'garden.json']);
    expect(b.messages).toEqual(a.messages?.map((m) => ({ ...m, source: 'renamed.json' })));
  });
});

describe('engram retrieve', () => {
  const run = promisify(execFile);
  const engram = (...args: string[]) => run(process.execPath, [path.join(ROOT, 'bin/engram.mjs'), '--data', data, ...args], { cwd: ROOT, env: { ...process.env, TZ: 'UTC' } });

  beforeAll(async () => {
    await engine.close(); // the command opens the same data folder
  });

  it('--batch IN --out OUT writes one JSON line per question', async () => {
    const inFile = path.join(dir, 'in.jsonl');
    const outFile = path.join(dir, 'out.jsonl');
    fs.writeFileSync(inFile, LINES.slice(0, 4).map((l) => JSON.stringify(l)).join('\n'));
    const { stderr } = await engram('retrieve', '--batch', inFile, '--out', outFile);
    expect(stderr).toMatch(/^engram: 4 questions in [\d.]+ s/);
    const lines = fs.readFileSync(outFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as BatchOutput);
    expect(lines.map((l) => l.id)).toEqual(['first', 'follow', 'memory-wide', 'content']);
    expect(lines[0].messages).toHaveLength(3);
  }, 60_000);

  it('answers one question with its plan and explanation', async () => {
    const { stdout } = await engram('retrieve', '--now', NOW, '--source', 'garden.json', 'What', 'did', 'we', 'discuss', 'two', 'sessions', 'ago?');
    expect(stdout).toContain('plan:    f_value(Session_Index, [4])');
    expect(stdout).toContain("I read 'two sessions ago' as the second-to-last session (Session_Index = 4");
    expect(stdout).toContain('The violin recital is next Friday.');
    const json = JSON.parse((await engram('retrieve', '--now', NOW, '--json', 'What did we talk about on October 20th?')).stdout);
    expect(json.run.rows.map((r: { text: string }) => r.text)[0]).toMatch(/Back from Lisbon/);
  }, 60_000);

  it('says what is wrong with its arguments', async () => {
    await expect(engram('retrieve', '--batch', path.join(dir, 'missing.jsonl'), '--out', path.join(dir, 'x.jsonl'))).rejects.toMatchObject({ stderr: expect.stringMatching(/missing.jsonl: no such file/) });
    await expect(engram('retrieve')).rejects.toMatchObject({ stderr: expect.stringMatching(/give a question/) });
  }, 60_000);
});
