// Simultaneous starters on one data folder: N processes try to take its lock at the same moment,
// round after round; each round must end with exactly one holder. Used by the unit test (a few
// rounds) and by the fault-injection suite (6 starters × 100 rounds).
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** One starter: takes the lock when told to, says whether it got it, releases when told to. */
const STARTER = `
import { lockDataDir } from ${JSON.stringify(path.join(ROOT, 'electron/node/engine/stores/data-lock.ts'))};
let lock = null;
process.on('message', (m) => {
  if (m === 'go') {
    try {
      lock = lockDataDir(process.argv[2]);
      process.send({ held: true });
    } catch (e) {
      process.send({ held: false, error: e.message });
    }
  } else if (m === 'release') {
    lock?.release();
    lock = null;
    process.send({ released: true });
  } else if (m === 'exit') {
    process.exit(0);
  }
});
process.send({ ready: true });
`;

export interface LockRaceResult {
  rounds: number;
  starters: number;
  /** Holders per round. */
  holders: number[];
  /** Refusals that did not say the folder is in use. */
  badRefusals: string[];
  ms: number;
}

function next(child: ChildProcess): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Record<string, unknown>) => {
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`a starter exited (${code})`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function lockRace(starters: number, rounds: number): Promise<LockRaceResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-lock-race-'));
  const script = path.join(dir, 'starter.mts');
  fs.writeFileSync(script, STARTER);
  const data = path.join(dir, 'data');
  fs.mkdirSync(data);
  const children = Array.from({ length: starters }, () =>
    fork(script, [data], { execArgv: ['--import', 'tsx'], cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const t0 = performance.now();
  const holders: number[] = [];
  const badRefusals: string[] = [];
  try {
    await Promise.all(children.map(next));
    for (let r = 0; r < rounds; r++) {
      const answers = children.map(next);
      for (const c of children) c.send('go');
      const results = await Promise.all(answers);
      holders.push(results.filter((m) => m.held).length);
      for (const m of results) if (!m.held && !/in use/.test(String(m.error))) badRefusals.push(String(m.error));
      const released = children.map(next);
      for (const c of children) c.send('release');
      await Promise.all(released);
    }
  } finally {
    for (const c of children) if (c.connected) c.send('exit');
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { rounds, starters, holders, badRefusals, ms: Math.round(performance.now() - t0) };
}
