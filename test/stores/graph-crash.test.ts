// A process killed while writing loses no acknowledged change and leaves no partial one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { openEngine, tempDir } from '../support/temp-engine';

const ROOT = path.resolve(import.meta.dirname, '../..');

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

/** Each write inserts two triples in one edit and prints its number once acknowledged. */
const WRITER = `
import { Engine } from ${JSON.stringify(path.join(ROOT, 'electron/node/engine/engine.ts'))};
const engine = await Engine.open({ dataDir: process.argv[2], withoutOntology: true, graphCompactBytes: 4000 });
await engine.whenReady();
for (let i = 0; ; i++) {
  await engine.sparqlUpdate({ update: 'INSERT DATA { <http://ex/n' + i + '> <http://ex/a> "' + i + '" . <http://ex/n' + i + '> <http://ex/b> "' + i + '" }' });
  process.stdout.write('ok ' + i + '\\n');
  // Fold the journal into a snapshot now and then, so kills also land around compactions.
  if (i % 15 === 7) void engine.graph.request({ op: 'compact' });
}
`;

function runAndKill(dataDir: string, afterAcks: number): Promise<number> {
  const script = path.join(dataDir, '..', `writer-${path.basename(dataDir)}.mts`);
  fs.writeFileSync(script, WRITER);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let acked = -1;
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d: Buffer) => {
      for (const m of d.toString().matchAll(/ok (\d+)/g)) acked = Number(m[1]);
      if (acked >= afterAcks) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(acked) : reject(new Error(`writer exited ${code}: ${err}`))));
  });
}

describe('graph store crash safety', () => {
  it('keeps every acknowledged write and no half of any write after SIGKILL, across compactions', async () => {
    const dir = tempDir();
    const acked1 = await runAndKill(dir, 40);
    const acked2 = await runAndKill(dir, 80); // resumes on top of the first run's snapshot + journal
    expect(acked2).toBeGreaterThanOrEqual(40);
    engine = await openEngine(dir);
    const r = await engine.sparqlQuery({ query: 'SELECT ?s (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?s' });
    if (r.kind !== 'select') throw new Error('select expected');
    const perNode = new Map(r.rows.map((row) => [row.s.value, Number(row.n.value)]));
    // Every node has both of its triples or none: no edit was half-applied.
    for (const [node, n] of perNode) expect(n, node).toBe(2);
    // Every acknowledged write of both runs is there (the second run restarts numbering at 0,
    // so its writes land on the same nodes: the union is 0..max).
    for (let i = 0; i <= Math.max(acked1, acked2); i++) expect(perNode.has(`http://ex/n${i}`), `n${i}`).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'graph')).some((f) => f.startsWith('snapshot-'))).toBe(true);
  }, 120_000);
});
