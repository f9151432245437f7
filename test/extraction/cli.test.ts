// `engram extract`, `engram coverage`, `engram embed`, `engram settings`, `engram chunks` end to end
// (real child processes against the protocol double), and resume after a killed process.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFIXES } from '../../shared/rdf';
import { OllamaDouble, type RecordedRequest } from '../support/ollama-double';
import { openEngine, promptLines, promptOf, tmpDir, until, USER_MESSAGES, validReply, writeFixture } from './support';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin', 'engram.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(args: string[]): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ENGRAM_DATA: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

const engram = (dir: string, ...args: string[]) => start(['--data', dir, ...args]).done;

const chunkOf = (req: RecordedRequest) => promptLines(promptOf(req)).find((l) => l.speaker === 'Maya')?.text ?? '?';

describe('engram CLI against the protocol double', () => {
  let double: OllamaDouble;
  let dir: string;

  beforeAll(async () => {
    double = await OllamaDouble.start({ defaultReply: validReply });
    dir = tmpDir('engram-cli-');
    const imported = await engram(dir, 'import', writeFixture(dir));
    expect(imported.code, imported.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await double.close();
  });

  it('engram settings: set, get, check', async () => {
    expect((await engram(dir, 'settings', 'set', 'host', double.url)).code).toBe(0);
    const set = await engram(dir, 'settings', 'set', 'chunk-size', '3');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/^chunkSize\s+3$/m);
    const bad = await engram(dir, 'settings', 'set', 'concurrency', '0');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^engram: concurrency: /);
    const get = await engram(dir, 'settings', 'get', '--json');
    expect(JSON.parse(get.stdout)).toMatchObject({ host: double.url, chunkSize: 3, model: 'qwen2.5:7b-instruct', embedModel: 'nomic-embed-text', temperature: 0 });
    const check = await engram(dir, 'settings', 'check');
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('reachable   yes (Ollama 0.12.6)');
    expect(check.stdout).toContain('model       qwen2.5:7b-instruct: installed');
  }, 120_000);

  it('engram extract says what to run when Ollama is not there or the model is missing', async () => {
    const down = await engram(dir, 'extract', '--host', 'http://127.0.0.1:9');
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('engram: Ollama is not running at http://127.0.0.1:9 — start it with `ollama serve`');
    const missing = await engram(dir, 'extract', '--model', 'llama3.2:1b');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('engram: Model llama3.2:1b is not installed — run `ollama pull llama3.2:1b`');
  }, 120_000);

  it('engram extract, chunks, coverage, embed', async () => {
    const ex = await engram(dir, 'extract');
    expect(ex.code, ex.stderr).toBe(0);
    expect(ex.stdout).toMatch(/^6 chunks: 6 extracted, 0 failed, 0 already done · \d+ triples kept, 0 dropped · [\d.]+ tok\/s \(qwen2.5:7b-instruct\)$/m);
    expect(ex.stderr).toMatch(/Extract source 1 \(6 chunks\)/);
    expect(ex.stderr).toMatch(/\d\/6 chunks · 0 failed · \d+ triples/);

    const again = await engram(dir, 'extract', '--json', '--quiet');
    expect(JSON.parse(again.stdout)).toMatchObject({ chunks: 6, extracted: 0, skipped: 6 });

    const chunks = await engram(dir, 'chunks', '--json');
    const rows = JSON.parse(chunks.stdout) as { status: string; promptVersion: string }[];
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status === 'done' && r.promptVersion === 'extract-turtle.v1')).toBe(true);

    const answers = path.join(dir, 'answers.jsonl');
    fs.writeFileSync(
      answers,
      [
        { question: 'When is the run?', answer: 'I signed up for the Spree Charity 10K on Sunday October 11.' },
        { question: 'Which shoes?', answer: 'Asics Novablast' },
        { question: 'What did they cost?', answer: '€120' },
        { question: 'Where do we stay?', answer: 'booked hotel Ribeira, two nights' },
        { question: 'What is my dog called?', answer: 'A beagle named Rocky' },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const cov = await engram(dir, 'coverage', '--answers', answers);
    expect(cov.code, cov.stderr).toBe(0);
    expect(cov.stdout).toMatch(/^questions\s+5$/m);
    expect(cov.stdout).toMatch(/^exact\s+1 \(20\.0%\)$/m);
    expect(cov.stdout).toMatch(/^numeric\s+\d+ \(\d+\.\d%\)$/m);
    expect(cov.stdout).toMatch(/^overall\s+4 \(80\.0%\)$/m);
    const json = JSON.parse((await engram(dir, 'coverage', '--answers', answers, '--json')).stdout);
    expect(json.items[4]).toMatchObject({ answer: 'A beagle named Rocky', matched: [], literal: null });
    expect(json.items[2].matched).toContain('numeric');
    const missing = await engram(dir, 'coverage', '--answers', path.join(dir, 'nope.jsonl'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope.jsonl: no such file/);

    const emb = await engram(dir, 'embed');
    expect(emb.code, emb.stderr).toBe(0);
    expect(emb.stdout).toMatch(/^30 messages and \d+ entities embedded \(30 message vectors, \d+ entity vectors, nomic-embed-text\)$/m);
  }, 240_000);
});

describe('resume after a killed process', () => {
  it('does not redo finished chunks, and the graph holds every chunk once', async () => {
    // Slow answers: about a second per chunk, so the process can be killed mid-job.
    const double = await OllamaDouble.start({ defaultReply: validReply, chunkDelayMs: 25 });
    const dir = tmpDir('engram-kill-');
    try {
      expect((await engram(dir, 'import', writeFixture(dir))).code).toBe(0);
      expect((await engram(dir, 'settings', 'set', 'chunk-size', '3')).code).toBe(0);

      const first = start(['--data', dir, 'extract', '--host', double.url]);
      const db = new Database(path.join(dir, 'engram.sqlite'), { readonly: true, fileMustExist: true });
      const doneCount = () => {
        try {
          return db.prepare(`SELECT COUNT(*) FROM extraction_chunks WHERE status = 'done'`).pluck().get() as number;
        } catch {
          return 0; // the table is created by the child
        }
      };
      await until(() => doneCount() >= 2, 90_000, 'two chunks done');
      first.child.kill('SIGKILL');
      const killed = await first.done;
      expect(killed.code).toBe(null);
      const doneAtKill = db.prepare(`SELECT key FROM extraction_chunks WHERE status = 'done'`).pluck().all() as string[];
      db.close();
      expect(doneAtKill.length).toBeGreaterThanOrEqual(2);
      expect(doneAtKill.length).toBeLessThan(6);
      const finishedBefore = new Set(double.requestsTo('/api/chat').filter((r) => !r.aborted).map(chunkOf));
      expect(finishedBefore.size).toBeGreaterThanOrEqual(doneAtKill.length);

      const second = await engram(dir, 'extract', '--host', double.url, '--json', '--quiet');
      expect(second.code, second.stderr).toBe(0);
      const result = JSON.parse(second.stdout);
      expect(result.chunks).toBe(6);
      expect(result.skipped).toBe(doneAtKill.length);
      expect(result.extracted).toBe(6 - doneAtKill.length);

      // every chunk that was finished before the kill was asked for exactly once
      const asked = new Map<string, number>();
      for (const r of double.requestsTo('/api/chat')) asked.set(chunkOf(r), (asked.get(chunkOf(r)) ?? 0) + 1);
      const finishedNames = double
        .requestsTo('/api/chat')
        .filter((r) => !r.aborted)
        .map(chunkOf);
      expect(new Set(finishedNames).size).toBe(6);
      const beforeKillDone = [...finishedBefore].slice(0, doneAtKill.length);
      for (const name of beforeKillDone) expect(asked.get(name), name).toBe(1);
      expect(double.requestsTo('/api/chat').length).toBeLessThanOrEqual(6 + 1); // at most the one cut by the kill again

      // the graph holds every chunk once: six graphs, each message's fact in exactly one of them
      const engine = await openEngine(dir);
      try {
        const graphs = (await engine.listGraphs()).filter((g) => g.kind === 'extraction');
        expect(graphs).toHaveLength(6);
        const r = await engine.sparqlQuery({
          query: `SELECT ?d (COUNT(DISTINCT ?g) AS ?n) (COUNT(*) AS ?c) WHERE { GRAPH ?g { ?e <${PREFIXES.schema}description> ?d } } GROUP BY ?d`,
        });
        if (r.kind !== 'select') throw new Error('select expected');
        expect(r.rows.map((row) => row.d.value).sort()).toEqual([...USER_MESSAGES].sort());
        expect(r.rows.every((row) => row.n.value === '1' && row.c.value === '1')).toBe(true);
        expect((await engine.extractionStatus({})).totals).toMatchObject({ chunks: 6, done: 6, running: 0, pending: 0 });
      } finally {
        await engine.close();
      }
    } finally {
      await double.close();
    }
  }, 240_000);
});
