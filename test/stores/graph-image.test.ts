// The graph's start-up image: a copy of the store's WebAssembly memory beside each snapshot.
// It must open to exactly what parsing the snapshot gives, keep working for edits, undo and
// later compactions, and be ignored (never trusted) when it does not fit.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { openEngine, tempDir } from '../support/temp-engine';
import { checksumHex } from '../../electron/node/engine/stores/graph/checksum';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

const EX = 'http://example.org/';
const PFX = `PREFIX ex: <${EX}> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>`;

async function labels(e: Engine): Promise<string[]> {
  const r = await e.sparqlQuery({ query: `${PFX} SELECT ?v WHERE { ?s rdfs:label ?v }` });
  if (r.kind !== 'select') throw new Error('not a select');
  return r.rows.map((row) => row.v?.value ?? '').sort();
}

async function everything(e: Engine): Promise<string[]> {
  const { data } = await e.graph.request({ op: 'export', format: 'n-quads' });
  return data.split('\n').filter(Boolean).sort();
}

/** A memory with a machine graph (typed literals, languages, a blank node) and a person's edit, compacted. */
async function compactedMemory(dir: string): Promise<string[]> {
  const e = await openEngine(dir);
  const turtle = Array.from(
    { length: 200 },
    (_, i) => `ex:e${i} a ex:Thing ; rdfs:label "thing ${i}"@en ; ex:n ${i} ; ex:on "2024-01-${String((i % 28) + 1).padStart(2, '0')}"^^<http://www.w3.org/2001/XMLSchema#date> ; ex:knows ex:e${i + 1} .`,
  ).join('\n');
  await e.graph.request({
    op: 'replaceGraph',
    graph: GRAPHS.extraction('c1'),
    data: `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n${turtle}\nex:e0 ex:with [ rdfs:label "anonymous" ] .`,
    format: 'turtle',
    asEdit: false,
    label: 'extract c1',
    respectRemovals: true,
  });
  await e.sparqlUpdate({ update: `${PFX} DELETE DATA { GRAPH <${GRAPHS.extraction('c1')}> { ex:e1 rdfs:label "thing 1"@en } }`, label: 'remove a label' });
  await e.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:maya rdfs:label "Maya" }`, label: 'add Maya' });
  await e.graph.request({ op: 'compact' });
  const all = await everything(e);
  await e.close();
  return all;
}

const graphDir = (dir: string) => path.join(dir, 'graph');
const images = (dir: string) => fs.readdirSync(graphDir(dir)).filter((f) => f.startsWith('image-'));

describe('the graph start-up image', () => {
  it('opens to exactly what the snapshot holds, and edits, undo and later compactions go on from it', async () => {
    const dir = tempDir();
    const before = await compactedMemory(dir);
    expect(images(dir)).toHaveLength(1);

    engine = await openEngine(dir);
    expect((await engine.graph.ready()).from).toBe('image');
    expect(await everything(engine)).toEqual(before);

    // The restored store takes edits, undo and SPARQL like one that was parsed.
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:after rdfs:label "after" }`, label: 'add after' });
    await engine.undo();
    await engine.undo();
    expect(await labels(engine)).not.toContain('Maya');
    await engine.redo();
    expect(await labels(engine)).toContain('Maya');
    const r = await engine.sparqlQuery({ query: `${PFX} SELECT (COUNT(*) AS ?n) WHERE { ?s a ex:Thing }` });
    expect(r.kind === 'select' && r.rows[0].n?.value).toBe('200');

    // An image written from a restored store opens again, journal after it replayed on top.
    await engine.graph.request({ op: 'compact' });
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:later rdfs:label "later" }`, label: 'add later' });
    const now = await everything(engine);
    await engine.close();
    expect(images(dir)).toHaveLength(1);

    engine = await openEngine(dir);
    expect((await engine.graph.ready()).from).toBe('image');
    expect(await everything(engine)).toEqual(now);
    await engine.close();

    // The parse path agrees.
    engine = await openEngine(dir, { graphImages: false });
    expect((await engine.graph.ready()).from).toBe('snapshot');
    expect(await everything(engine)).toEqual(now);
  });

  it('closing with a compaction due writes it, so the next start opens from the image', async () => {
    const dir = tempDir();
    // 1 MB: a few hundred small edits stay below it and are replayed; a big write is not.
    engine = await openEngine(dir, { graphCompactBytes: 1_000_000 });
    await engine.sparqlUpdate({ update: `${PFX} INSERT DATA { ex:small rdfs:label "small" }` });
    await engine.close();
    expect(images(dir)).toHaveLength(0);

    engine = await openEngine(dir, { graphCompactBytes: 1_000_000 });
    expect((await engine.graph.ready()).from).toBe('empty');
    const big = Array.from({ length: 8000 }, (_, i) => `ex:b${i} rdfs:label "a label long enough to weigh something, number ${i}" .`).join('\n');
    await engine.graph.request({ op: 'replaceGraph', graph: GRAPHS.extraction('big'), data: `@prefix ex: <${EX}> . @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n${big}`, format: 'turtle', asEdit: false, label: 'big', respectRemovals: true });
    await engine.close();
    expect(images(dir)).toHaveLength(1);

    engine = await openEngine(dir);
    expect((await engine.graph.ready()).from).toBe('image');
    expect(await labels(engine)).toHaveLength(8001);
  });

  it('an image with one literal changed inside its memory is not served, and the snapshot stays the record', async () => {
    const dir = tempDir();
    const before = await compactedMemory(dir);
    const file = path.join(graphDir(dir), images(dir)[0]);
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('thing 142');
    expect(at).toBeGreaterThan(0);
    bytes.write('thing 1X2', at, 'latin1');
    fs.writeFileSync(file, bytes);

    engine = await openEngine(dir);
    const ready = await engine.graph.ready();
    expect(ready.from).toBe('snapshot');
    expect(ready.problems).toEqual([expect.objectContaining({ where: `graph/${path.basename(file)}`, repaired: true, problem: expect.stringMatching(/checksum/) })]);
    expect(await everything(engine)).toEqual(before);
    expect(await labels(engine)).not.toContain('thing 1X2');
    // The next compaction writes the store as it is: the change never reaches the record.
    await engine.graph.request({ op: 'compact' });
    await engine.close();
    engine = await openEngine(dir, { graphImages: false });
    expect(await everything(engine)).toEqual(before);
  });

  it('saves the WebAssembly module\'s own mutable globals with the image and restores them', async () => {
    const dir = tempDir();
    await compactedMemory(dir);
    const bytes = fs.readFileSync(path.join(graphDir(dir), images(dir)[0]));
    const start = bytes.indexOf(0x0a) + 1;
    const header = JSON.parse(bytes.subarray(start + 9, bytes.indexOf(0x0a, start)).toString('utf8')) as { globals: Record<string, number> };
    // Rust's stack pointer and the externref stack's: the two mutable globals the module does not export.
    expect(Object.keys(header.globals)).toHaveLength(2);
    for (const v of Object.values(header.globals)) expect(v).toBeGreaterThan(0);
    engine = await openEngine(dir);
    expect((await engine.graph.ready()).from).toBe('image');
  });

  it.each([
    ['truncated', (file: string) => fs.truncateSync(file, fs.statSync(file).size - 65536)],
    ['from another build', (file: string) => rewriteHeader(file, (h) => ({ ...h, build: '0'.repeat(64) }))],
    ['for another snapshot', (file: string) => rewriteHeader(file, (h) => ({ ...h, seq: (h.seq as number) - 1 }))],
    ['pointing at the wrong store', (file: string) => rewriteHeader(file, (h) => ({ ...h, storePtr: 8 }))],
    ['overwritten with zeros', (file: string) => fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size))],
    ['with a zeroed page of memory', (file: string) => zeroPage(file)],
  ])('an image %s is not trusted: the snapshot is parsed and the image removed', async (_, damage) => {
    const dir = tempDir();
    const before = await compactedMemory(dir);
    damage(path.join(graphDir(dir), images(dir)[0]));

    engine = await openEngine(dir);
    expect((await engine.graph.ready()).from).toBe('snapshot');
    expect(await everything(engine)).toEqual(before);
    expect(images(dir)).toHaveLength(0);
  });
});

/** Zeroes the image's last page that holds data. */
function zeroPage(file: string): void {
  const bytes = fs.readFileSync(file);
  let at = bytes.length - 65536;
  while (at > 65536 && bytes.subarray(at, at + 65536).every((b) => b === 0)) at -= 65536;
  bytes.fill(0, at, at + 65536);
  fs.writeFileSync(file, bytes);
}

/** Rewrites the image's JSON header in place (same length, padded, its checksum made anew), leaving the memory alone. */
function rewriteHeader(file: string, change: (h: Record<string, unknown>) => Record<string, unknown>): void {
  const bytes = fs.readFileSync(file);
  const start = bytes.indexOf(0x0a) + 1;
  const end = bytes.indexOf(0x0a, start);
  const header = JSON.parse(bytes.subarray(start + 9, end).toString('utf8')) as Record<string, unknown>;
  const text = JSON.stringify(change(header)).padEnd(end - start - 9, ' ');
  expect(text.length).toBe(end - start - 9);
  bytes.write(`${checksumHex(text)} ${text}`, start, 'utf8');
  fs.writeFileSync(file, bytes);
}
