// What keeps a large import's peak near what it holds: garbage collected between batches, and
// the allocator settings every engine process starts with (docs/import.md, BENCHMARKS.md).
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_ALLOCATOR_ENV } from '../../electron/node/engine/common/allocator-env';
import { HeapReclaimer } from '../../electron/node/engine/common/heap';
import { tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MB = 1024 * 1024;

/** Garbage the size of a batch: objects and strings nothing refers to once it returns. */
function makeGarbage(mb: number): number {
  let kept = 0;
  for (let i = 0; i < mb * 16; i++) {
    const rows = Array.from({ length: 256 }, (_, j) => ({ id: `${i}-${j}`, text: 'x'.repeat(200) + j }));
    kept += rows.length;
  }
  return kept;
}

describe('HeapReclaimer', () => {
  it('collects once the heap has grown past its slack, and brings it back near the live size', () => {
    const reclaimer = new HeapReclaimer(32);
    reclaimer.reclaim(true);
    const live = process.memoryUsage().heapUsed;
    // an old-space survivor of the garbage's lifetime, as a batch's rows are while written
    // (enough of it to be past the 32 MB slack whatever the scavenges meanwhile collected: with
    // 20 arrays the heap grew 33.4 MB in one run of eight, below the check)
    const held: object[] = [];
    for (let i = 0; i < 32; i++) held.push(Array.from({ length: 20_000 }, (_, j) => ({ n: j, s: `row ${i} ${j}` })));
    held.length = 0;
    makeGarbage(64);
    const before = process.memoryUsage().heapUsed;
    expect(before - live).toBeGreaterThan(32 * MB);
    expect(reclaimer.reclaim()).toBe(true);
    expect(reclaimer.collections).toBe(2);
    expect(process.memoryUsage().heapUsed).toBeLessThan(live + 16 * MB);
  });

  it('does nothing while the heap is within its slack', () => {
    const reclaimer = new HeapReclaimer(512);
    reclaimer.reclaim(true);
    makeGarbage(4);
    expect(reclaimer.reclaim()).toBe(false);
    expect(reclaimer.collections).toBe(1);
  });
});

describe('the allocator settings', () => {
  const expected = Object.entries(ENGINE_ALLOCATOR_ENV);

  it('are in the `engram` command’s first line, and a script started through that line sees them', () => {
    const shebang = readFileSync(path.join(ROOT, 'bin/engram.mjs'), 'utf8').split('\n')[0];
    for (const [name, value] of expected) expect(shebang).toContain(`${name}=${value}`);
    // the line as the kernel and env(1) read it, on a script that prints its environment
    const script = path.join(tempDir(), 'print-env.mjs');
    writeFileSync(script, `${shebang}\nconsole.log(JSON.stringify(process.env));\n`);
    chmodSync(script, 0o755);
    const env = JSON.parse(execFileSync(script, { encoding: 'utf8' })) as Record<string, string>;
    for (const [name, value] of expected) expect(env[name]).toBe(value);
  });

  it('are given to the engine process of `npm start` and of the desktop app', () => {
    const start = readFileSync(path.join(ROOT, 'scripts/start.mjs'), 'utf8');
    for (const [name, value] of expected) expect(start).toContain(`${name}: '${value}'`);
    const main = readFileSync(path.join(ROOT, 'electron/electron-main/main.ts'), 'utf8');
    expect(main).toMatch(/utilityProcess\.fork\([^)]*env: \{ \.\.\.process\.env, \.\.\.ENGINE_ALLOCATOR_ENV \}/);
  });
});
