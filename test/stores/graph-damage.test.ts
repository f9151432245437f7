// The graph's record damaged on disk: a journal row changed or deleted, a snapshot with a bad
// byte, with or without its fallback. The graph always opens; what the undo log or the chat table
// can give back is given back; the rest is named (file and entry) until `engram doctor --repair`.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHS } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { fixture, importFiles, openEngine, tempDir, withRawSqlite } from '../support/temp-engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

const P = 'http://ex/p';

async function values(e: Engine): Promise<string[]> {
  const r = await e.sparqlQuery({ query: `SELECT ?v WHERE { ?s <${P}> ?v }` });
  if (r.kind !== 'select') throw new Error('select expected');
  return r.rows.map((row) => row.v.value).sort();
}

const insert = (e: Engine, label: string) => e.sparqlUpdate({ update: `INSERT DATA { <http://ex/${label}> <${P}> "${label}" }`, label });

/** Posts in a source's messages graph. */
async function posts(e: Engine): Promise<number> {
  const r = await e.sparqlQuery({ query: 'SELECT (COUNT(?p) AS ?n) WHERE { ?p a <http://rdfs.org/sioc/ns#Post> }' });
  return r.kind === 'select' ? Number(r.rows[0].n.value) : -1;
}

/** A memory with messages, edits folded into a snapshot, and two edits after it. */
async function memory(dir: string): Promise<void> {
  const e = await openEngine(dir);
  await importFiles(e, fixture('generic', 'messages.jsonl'));
  await insert(e, 'one');
  await e.graph.request({ op: 'compact' });
  await insert(e, 'two');
  await insert(e, 'three');
  await e.close();
}

const graphDir = (dir: string) => path.join(dir, 'graph');
const snapshotFiles = (dir: string) => fs.readdirSync(graphDir(dir)).filter((f) => f.startsWith('snapshot-'));
const removeImages = (dir: string) => fs.readdirSync(graphDir(dir)).filter((f) => f.startsWith('image-')).forEach((f) => fs.rmSync(path.join(graphDir(dir), f)));

/** Flips one byte inside the section of `graph` in a snapshot file. */
function damageSection(file: string, graph: string): void {
  const bytes = fs.readFileSync(file);
  const headerEnd = bytes.indexOf(0x0a);
  const header = JSON.parse(bytes.subarray(9, headerEnd).toString('utf8')) as { graphs: { graph: string; start: number; end: number }[] };
  const section = header.graphs.find((g) => g.graph === graph)!;
  const at = headerEnd + 1 + Math.floor((section.start + section.end) / 2);
  bytes[at] ^= 0x01;
  fs.writeFileSync(file, bytes);
}

describe('a damaged journal', () => {
  it('restores an edit whose row no longer matches its checksum from the undo log, naming the entry', async () => {
    const dir = tempDir();
    await memory(dir);
    const seq = withRawSqlite(await openEngine(dir).then(async (e) => (await e.close(), e)), (db) => {
      const row = db.prepare("SELECT seq FROM graph_journal WHERE label = 'two'").get() as { seq: number };
      db.prepare("UPDATE graph_journal SET added = replace(added, 'two', 'tw0') WHERE seq = ?").run(row.seq);
      return row.seq;
    });
    engine = await openEngine(dir);
    expect(await values(engine)).toEqual(['one', 'three', 'two']);
    const report = await engine.integrityReport();
    expect(report.problems).toEqual([expect.objectContaining({ where: `graph journal entry ${seq} (delta)`, repaired: true, action: expect.stringContaining('undo log') })]);
    // The row itself is whole again: the next start finds nothing.
    await engine.close();
    engine = await openEngine(dir);
    expect((await engine.integrityReport()).problems).toEqual([]);
  });

  it('never loses an edit silently when its journal row is deleted while the undo log shows it active', async () => {
    const dir = tempDir();
    await memory(dir);
    engine = await openEngine(dir);
    const seq = (await engine.editHistory()).find((e) => e.label === 'two')!.seq;
    await engine.close();
    engine = null;
    const probe = await openEngine(dir);
    await probe.close();
    withRawSqlite(probe, (db) => db.prepare('DELETE FROM graph_journal WHERE seq = ?').run(seq));
    engine = await openEngine(dir);
    expect(await values(engine)).toEqual(['one', 'three', 'two']);
    expect((await engine.integrityReport()).problems).toEqual([expect.objectContaining({ where: `graph journal entry ${seq}`, problem: expect.stringMatching(/gap/), repaired: true })]);
    // Undo and redo still agree with the graph.
    await engine.undo();
    await engine.undo();
    expect(await values(engine)).toEqual(['one']);
    await engine.redo();
    expect(await values(engine)).toEqual(['one', 'two']);
  });

  it('names a damaged machine write it cannot restore, keeps it out of compaction, and doctor --repair settles it', async () => {
    const dir = tempDir();
    await memory(dir);
    let e = await openEngine(dir);
    await e.graph.request({ op: 'replaceGraph', graph: GRAPHS.extraction('c1'), data: `<http://ex/x> <${P}> "machine" .`, format: 'n-triples', asEdit: false, label: 'extract c1', respectRemovals: true });
    await e.close();
    const seq = withRawSqlite(e, (db) => {
      const row = db.prepare("SELECT seq FROM graph_journal WHERE label = 'extract c1'").get() as { seq: number };
      db.prepare("UPDATE graph_journal SET added = replace(added, 'machine', 'mach1ne') WHERE seq = ?").run(row.seq);
      return row.seq;
    });
    e = engine = await openEngine(dir, { graphCompactBytes: 1 });
    const report = await e.integrityReport();
    expect(report.unrepaired).toBe(1);
    expect(report.problems[0]).toMatchObject({ where: `graph journal entry ${seq} (replace ${GRAPHS.extraction('c1')})`, repaired: false, action: expect.stringContaining('engram doctor --repair') });
    // Nothing it said is served; compaction waits, so the next start names it again.
    expect(await values(e)).toEqual(['one', 'three', 'two']);
    await insert(e, 'four');
    expect(await e.graph.request({ op: 'compact' })).toBeNull();
    await e.close();
    e = engine = await openEngine(dir);
    expect((await e.integrityReport()).unrepaired).toBe(1);

    const repaired = await e.repairMemory();
    expect(repaired.unrepaired).toBe(0);
    expect((await e.checkMemory()).filter((p) => !p.repaired)).toEqual([]);
    await e.close();
    e = engine = await openEngine(dir);
    expect((await e.integrityReport()).problems).toEqual([]);
    expect(await values(e)).toEqual(['four', 'one', 'three', 'two']);
  });
});

describe('a damaged snapshot', () => {
  it('a compaction keeps the previous snapshot and the journal after it; the newest damaged, the graph opens from them', async () => {
    const dir = tempDir();
    let e = await openEngine(dir);
    const seqs: number[] = [];
    for (const label of ['a', 'b', 'c']) {
      await insert(e, label);
      seqs.push((await e.graph.request({ op: 'compact' }))!.seq);
    }
    await insert(e, 'd');
    await e.close();
    const bySeq = (f: string) => Number(/\d+/.exec(f)![0]);
    // The newest and the one before it; the oldest is gone.
    expect(snapshotFiles(dir).map(bySeq).sort((x, y) => x - y)).toEqual(seqs.slice(1));
    // The journal still holds every entry after the previous snapshot (its fallback).
    const first = withRawSqlite(e, (db) => db.prepare('SELECT MIN(seq) AS s FROM graph_journal').get() as { s: number });
    expect(first.s).toBeLessThanOrEqual(seqs[1] + 1);
    removeImages(dir);
    damageSection(path.join(graphDir(dir), snapshotFiles(dir).find((f) => bySeq(f) === seqs[2])!), GRAPHS.user);
    e = engine = await openEngine(dir);
    expect(await values(e)).toEqual(['a', 'b', 'c', 'd']);
    expect((await e.integrityReport()).problems).toEqual([expect.objectContaining({ repaired: true, action: expect.stringContaining(`snapshot-${seqs[1]}`) })]);
  });

  it('one bad byte (and no image): the graph opens from the previous snapshot and the journal after it', async () => {
    const dir = tempDir();
    await memory(dir);
    removeImages(dir);
    const [file] = snapshotFiles(dir);
    damageSection(path.join(graphDir(dir), file), GRAPHS.user);
    engine = await openEngine(dir);
    expect(await values(engine)).toEqual(['one', 'three', 'two']);
    expect(await posts(engine)).toBe(5);
    expect((await engine.integrityReport()).problems).toEqual([expect.objectContaining({ where: `graph/${file}`, repaired: true, problem: expect.stringContaining(GRAPHS.user) })]);
    // A whole snapshot replaced the damaged one.
    await engine.close();
    engine = await openEngine(dir, { graphImages: false });
    expect((await engine.integrityReport()).problems).toEqual([]);
  });

  it('without a fallback: the messages graph comes back from SQLite, the person\'s graph from the undo log', async () => {
    const dir = tempDir();
    let e = await openEngine(dir);
    await importFiles(e, fixture('generic', 'messages.jsonl'));
    await insert(e, 'one');
    await e.graph.request({ op: 'compact' });
    await insert(e, 'two');
    await e.graph.request({ op: 'compact' });
    await e.close();
    // Only the newest snapshot is left, and the journal it folded in is gone.
    const files = snapshotFiles(dir).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    for (const f of files.slice(0, -1)) fs.rmSync(path.join(graphDir(dir), f));
    removeImages(dir);
    const current = path.join(graphDir(dir), files.at(-1)!);
    // The messages graph is named by its source in the snapshot (no bytes of it to damage): it is
    // always built from SQLite. The person's graph is written out, and damaged here.
    damageSection(current, GRAPHS.user);

    e = engine = await openEngine(dir);
    expect(await posts(e)).toBe(5);
    expect(await values(e)).toEqual(['one', 'two']);
    const report = await e.integrityReport();
    expect(report.unrepaired).toBe(0);
    expect(report.problems.map((p) => p.where)).toEqual(expect.arrayContaining([`graph/${path.basename(current)}, graph <${GRAPHS.user}>`]));
    expect((await e.checkMemory()).filter((p) => !p.repaired)).toEqual([]);
    await e.close();
    e = engine = await openEngine(dir);
    expect((await e.integrityReport()).problems).toEqual([]);
  });
});

describe('an automatic graph lost with a damaged snapshot', () => {
  it('is extracted again from the record at the next start', async () => {
    const dir = tempDir();
    let e = (engine = await openEngine(dir));
    await importFiles(e, fixture('claude', 'conversations.json'));
    await e.jobs.idle();
    await e.graph.ready();
    const key = e.chat.sourceKey(e.chat.listSources()[0].id)!;
    const autoTriples = async (x: Engine) => {
      const r = await x.sparqlQuery({ query: `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${GRAPHS.auto(key)}> { ?s ?p ?o } }` });
      return r.kind === 'select' ? Number(r.rows[0].n.value) : -1;
    };
    const before = await autoTriples(e);
    expect(before).toBeGreaterThan(0);
    // Two snapshots: the journal the first folded in is then gone.
    await e.graph.request({ op: 'compact' });
    await insert(e, 'one');
    await e.graph.request({ op: 'compact' });
    await e.close();
    engine = null;
    // Only the newest snapshot is left (no fallback), its automatic graph's section damaged.
    const files = snapshotFiles(dir).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    for (const f of files.slice(0, -1)) fs.rmSync(path.join(graphDir(dir), f));
    removeImages(dir);
    damageSection(path.join(graphDir(dir), files.at(-1)!), GRAPHS.auto(key));

    e = engine = await openEngine(dir);
    await e.graph.ready();
    await e.whenReady();
    await e.jobs.idle();
    expect(await autoTriples(e)).toBe(before);
  });
});
