// SIGTERM and SIGINT end `engram serve` within 5 s even while a runaway graph update holds the
// graph's main worker, and what was acknowledged before the signal is there when the memory
// opens again (issue 17: the server used to wait for the graph and ignore both signals).
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeChat } from '../../scripts/faults/bounded';
import { tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENGRAM = path.join(ROOT, 'bin/engram.mjs');
const run = promisify(execFile);
const RUNAWAY_UPDATE = 'DELETE { ?a ?p ?x } WHERE { ?a ?p ?x . ?b ?q ?y . ?c ?r ?z . ?d ?s ?w }';

let data: string;
beforeAll(async () => {
  data = tempDir();
  const chat = path.join(data, '..', `${path.basename(data)}.jsonl`);
  writeChat(chat, 60, 'signals');
  await run(process.execPath, [ENGRAM, '--data', data, 'import', chat], { cwd: ROOT, timeout: 120_000 });
}, 150_000);

async function serve(): Promise<{ proc: ReturnType<typeof spawn>; call: (method: string, args: unknown) => Promise<{ ok: boolean; result?: unknown; error?: { message: string } }>; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }> {
  const proc = spawn(process.execPath, [ENGRAM, '--data', data, 'serve', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  let out = '';
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`engram serve did not start: ${out}`)), 90_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /Engram workbench: (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(new URL(m[1]));
      }
    });
  });
  const token = url.searchParams.get('token')!;
  const call = async (method: string, args: unknown) => {
    const res = await fetch(`${url.origin}/api/${method}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(args) });
    return (await res.json()) as { ok: boolean; result?: unknown; error?: { message: string } };
  };
  return { proc, call, exit };
}

async function valuesOf(subject: string): Promise<string> {
  const { stdout } = await run(process.execPath, [ENGRAM, '--data', data, 'sparql', `SELECT ?v WHERE { <${subject}> <http://ex/p> ?v }`, '--json'], { cwd: ROOT, timeout: 90_000 });
  return stdout;
}

describe('engram serve and signals', () => {
  for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130]] as const) {
    it(`${signal} ends it within 5 s during a runaway update, with what was acknowledged intact`, { timeout: 180_000 }, async () => {
      const s = await serve();
      try {
        const kept = await s.call('sparqlUpdate', { update: `INSERT DATA { <http://ex/${signal}> <http://ex/p> "acknowledged" }`, label: 'kept' });
        expect(kept.ok).toBe(true);
        const before = (await s.call('stats', {})).result as { triples: number };
        expect(before.triples).toBeGreaterThan(1000);
        // A cartesian DELETE … WHERE that would run far past the test (its own limit: 120 s).
        void s.call('sparqlUpdate', { update: RUNAWAY_UPDATE, timeoutMs: 120_000 }).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 700));
        const t0 = performance.now();
        s.proc.kill(signal);
        const end = await Promise.race([s.exit, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
        const ms = performance.now() - t0;
        expect(end).toEqual({ code, signal: null });
        expect(ms).toBeLessThan(5000);
        // Opened again: the acknowledged edit is there and the runaway update changed nothing.
        expect(await valuesOf(`http://ex/${signal}`)).toContain('acknowledged');
        const { stdout } = await run(process.execPath, [ENGRAM, '--data', data, 'stats', '--json'], { cwd: ROOT, timeout: 90_000 });
        expect((JSON.parse(stdout) as { triples: number }).triples).toBe(before.triples);
      } finally {
        if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
      }
    });
  }
});
