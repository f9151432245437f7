// The `engram` command given bad input or cut off, as issue 17 found it: number flags that are not
// numbers, a reader that stops reading (`engram … | head`), a file too large to read whole. Each
// ends with one line naming the flag or the file (or quietly), never a stack trace or a SQLite error.
// And a damaged folder that used to fail start-up after the graph worker started: the command
// must still end (it used to print the error and hang).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/damage';
import { tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENGRAM = path.join(ROOT, 'bin/engram.mjs');
const run = promisify(execFile);

async function engram(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    // A command that hangs is killed (code null) rather than holding the test to its own limit.
    const { stdout, stderr } = await run(process.execPath, [ENGRAM, ...args], { cwd: ROOT, env: { ...process.env, TZ: 'UTC' }, timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** Runs `engram args` with its stdout read by a consumer that stops after the first chunk (like `| head -1`). */
function engramIntoHead(args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [ENGRAM, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (d) => (stderr += d));
    // The reader goes away after its first line, as `head -1` does: the writer's next write gets EPIPE.
    proc.stdout.once('data', () => proc.stdout.destroy());
    // 'close': stderr read to the end ('exit' may come before its last chunk)
    proc.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('engram given bad input', () => {
  const data = tempDir();
  const chat = path.join(data, '..', `${path.basename(data)}-chat.jsonl`);
  beforeAll(async () => {
    // Enough output that `messages` writes far past a pipe's buffer.
    const lines = Array.from({ length: 4000 }, (_, i) => JSON.stringify({ speaker: i % 2 ? 'Assistant' : 'User', text: `message ${i} of a long chat about bread, rivers and train timetables`, timestamp: `2024-05-${String(1 + (i % 28)).padStart(2, '0')}T09:${String(i % 60).padStart(2, '0')}:00Z` }));
    fs.writeFileSync(chat, `${lines.join('\n')}\n`);
    const r = await engram('--data', data, 'import', chat);
    expect(r.code).toBe(0);
  }, 120_000);

  it('a number flag that is not a number is refused in one line naming the flag (not "datatype mismatch")', async () => {
    const r = await engram('--data', data, 'messages', '--limit', 'abc');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("engram: --limit: expected a whole number from 1 to 100000, got 'abc'\n");
  }, 60_000);

  it('--gap must be a positive whole number of minutes: abc and -5 are refused before anything is imported', async () => {
    for (const gap of ['abc', '-5', '0']) {
      const r = await engram('--data', data, 'import', '--gap', gap, chat);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`engram: --gap: expected a whole number from 1 to 525600, got '${gap}'\n`);
    }
  }, 60_000);

  it('ends quietly when its reader stops reading (engram messages | head -1): no EPIPE stack trace', async () => {
    const r = await engramIntoHead(['--data', data, 'messages', '--limit', '4000']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }, 60_000);

  it('a query file over 2 GiB is refused naming the file, without reading it', async () => {
    const big = path.join(data, '..', `${path.basename(data)}-huge.rq`);
    // Sparse: takes no disk space.
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 2 ** 31 + 4096);
    try {
      const r = await engram('--data', data, 'sparql', '--file', big);
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n')).toHaveLength(2);
      expect(r.stderr).toMatch(new RegExp(`^engram: ${big.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ MB is more than this command reads`));
    } finally {
      fs.rmSync(big, { force: true });
    }
  }, 60_000);

  it('a search index data file gone: the command still opens the memory and ends (the index rebuilt), instead of hanging', async () => {
    const copy = tempDir();
    fs.cpSync(data, copy, { recursive: true });
    const dataFiles = filesUnder(path.join(copy, 'search')).filter((f) => f.includes(`${path.sep}data${path.sep}`));
    expect(dataFiles.length).toBeGreaterThan(0);
    for (const f of dataFiles) fs.rmSync(f);
    const r = await engram('--data', copy, 'stats', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ messages: 4000 });
    const hits = await engram('--data', copy, 'search', 'timetables', '--json');
    expect(JSON.parse(hits.stdout).length).toBeGreaterThan(0);
  }, 240_000);
});
