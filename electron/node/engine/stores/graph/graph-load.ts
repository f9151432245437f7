// Opening the graph from what is on disk, checking everything it reads (graph-worker.ts calls
// this at start-up):
//
// 1. the memory image of the current snapshot, if its checksums hold (a damaged one is a cache:
//    it is removed and the snapshot is read instead);
// 2. else the current snapshot, section by section: a damaged section names its graph;
// 3. if the current snapshot is damaged, the previous snapshot and the journal after it, which
//    are kept until a newer snapshot has been read back whole (journal.setSnapshot);
// 4. else the current snapshot's intact sections: the graphs lost with the others are listed, for
//    the engine to rebuild from the record (the chat table, the undo log, the chunk records).
//
// Then the journal after the base, entry by entry: an entry whose checksum fails, or a number
// missing from the sequence, is restored from the undo log when it was one of the person's edits
// (the log keeps a second copy of every edit's payload) and otherwise skipped and reported.
import fs from 'node:fs';
import path from 'node:path';
import type { IntegrityProblem } from '../../../../../shared/types';
import { editIntact, entryIntact, type GraphJournal, type JournalEntry } from './journal';
import { readSnapshotFile, snapshotFileName, snapshotSeqOf, SnapshotUnreadable, type DerivedSection, type SnapshotSection } from './snapshot-file';
import { imageFileName, newOxigraphRuntime, restoreStoreImage, type OxigraphRuntime } from './store-image';
import { ox } from './rdf-io';

type Store = import('oxigraph').Store;

export const REPAIR_COMMAND = 'engram doctor --repair';

export interface GraphBase {
  runtime: OxigraphRuntime | null;
  store: Store;
  from: 'image' | 'snapshot' | 'previous-snapshot' | 'empty';
  /** The journal entries after this number are to be replayed on top. */
  seq: number;
  /** Graphs that were in the snapshot but could not be read from it. */
  lostGraphs: (string | null)[];
  /** Every graph of a snapshot whose index could not be read is lost (their names too). */
  lostAll: boolean;
  problems: IntegrityProblem[];
  /** Messages graphs the snapshot names by source: the caller builds them from the chat table before replaying the journal. */
  derived: DerivedSection[];
}

const rel = (file: string) => `graph/${path.basename(file)}`;

/**
 * The newest snapshot file older than `seq` that reads back whole, with the journal after it
 * complete: the previous snapshot, kept as the current one's fallback. Seq 0 stands for "an
 * empty store", usable when the journal still starts at its first entry.
 */
function previousBase(dir: string, seq: number, journal: GraphJournal): { seq: number; sections: SnapshotSection[]; derived: DerivedSection[] } | null {
  const first = journal.firstSeq();
  const older = fs
    .readdirSync(dir)
    .map((f) => snapshotSeqOf(f))
    .filter((s): s is number => s !== null && s < seq)
    .sort((a, b) => b - a);
  for (const s of older) {
    if (first === null || first > s + 1) continue;
    try {
      const read = readSnapshotFile(path.join(dir, snapshotFileName(s)));
      if (!read.damaged.length) return { seq: s, sections: read.sections, derived: read.derived };
    } catch {
      /* unreadable too: try an older one */
    }
  }
  return first === 1 ? { seq: 0, sections: [], derived: [] } : null;
}

/** Loads snapshot sections, written by Engram itself (already valid: no validation, no transaction). */
export function loadSections(store: Store, sections: SnapshotSection[]): void {
  for (const s of sections) {
    store.load(s.data, {
      format: 'application/n-triples',
      ...(s.graph ? { to_graph_name: ox.namedNode(s.graph) } : {}),
      lenient: true,
      no_transaction: true,
    });
  }
}

/** Opens the base the journal is replayed on: image, snapshot, previous snapshot, or what is left. */
export function openGraphBase(dir: string, journal: GraphJournal, useImages: boolean): GraphBase {
  const snap = journal.snapshot();
  const problems: IntegrityProblem[] = [];
  if (snap && useImages) {
    const file = path.join(dir, imageFileName(snap.seq));
    const image = restoreStoreImage(file, snap.seq);
    if (image.ok) return { runtime: image.runtime, store: image.store, from: 'image', seq: snap.seq, lostGraphs: [], lostAll: false, problems, derived: [] };
    if (image.reason !== 'missing') {
      if (image.damaged) {
        problems.push({ store: 'graph', where: rel(file), problem: `the memory image is damaged (${image.reason})`, repaired: true, action: 'removed (it is only a cache); the graph was read from its snapshot' });
      } else {
        console.error(`graph image not used (${image.reason}); loading the snapshot`);
      }
      fs.rmSync(file, { force: true });
    }
  }
  const runtime = newOxigraphRuntime();
  const fresh = (): Store => new (runtime?.ox ?? ox).Store();
  let store = fresh();
  if (!snap) return { runtime, store, from: 'empty', seq: 0, lostGraphs: [], lostAll: false, problems, derived: [] };

  const file = path.join(dir, snap.file);
  let sections: SnapshotSection[] = [];
  let derived: DerivedSection[] = [];
  let damage: { graph: string | null; problem: string }[] = [];
  let unreadable: string | null = null;
  try {
    const read = readSnapshotFile(file);
    sections = read.sections;
    derived = read.derived;
    damage = read.damaged;
  } catch (e) {
    unreadable = e instanceof SnapshotUnreadable ? e.message.slice(file.length + 2) : (e as Error).message;
  }
  if (!unreadable && !damage.length) {
    loadSections(store, sections);
    return { runtime, store, from: 'snapshot', seq: snap.seq, lostGraphs: [], lostAll: false, problems, derived };
  }
  const what = unreadable ?? damage.map((d) => `graph ${d.graph ?? '(default)'} ${d.problem}`).join('; ');
  const previous = previousBase(dir, snap.seq, journal);
  if (previous) {
    loadSections(store, previous.sections);
    problems.push({
      store: 'graph',
      where: rel(file),
      problem: `the snapshot is damaged (${what})`,
      repaired: true,
      action: `rebuilt from ${previous.seq ? `${rel(snapshotFileName(previous.seq))} and the journal after it` : 'the whole journal'}; a new snapshot is written`,
    });
    return { runtime, store, from: 'previous-snapshot', seq: previous.seq, lostGraphs: [], lostAll: false, problems, derived: previous.derived };
  }
  // No fallback: keep what reads back, and name what does not.
  store = fresh();
  loadSections(store, sections);
  if (unreadable) {
    problems.push({ store: 'graph', where: rel(file), problem: `the snapshot cannot be read (${unreadable})`, repaired: false, action: `its graphs are rebuilt from the record where they can be; ${REPAIR_COMMAND}` });
  } else {
    for (const d of damage) {
      problems.push({ store: 'graph', where: `${rel(file)}, graph <${d.graph ?? 'default'}>`, problem: `a section of the snapshot ${d.problem}`, repaired: false, action: `rebuilt from the record where it can be; ${REPAIR_COMMAND}` });
    }
  }
  return { runtime, store, from: 'snapshot', seq: snap.seq, lostGraphs: damage.map((d) => d.graph), lostAll: unreadable !== null, problems, derived };
}

export interface ReplayOutcome {
  entries: number;
  problems: IntegrityProblem[];
  /** Entries neither replayed nor restored: until `engram doctor --repair`, the journal is not compacted. */
  unresolved: number[];
}

/**
 * Replays the journal after `after`, checking each entry and the sequence; `apply` applies one
 * entry to the store (and may throw: the entry then counts as damaged).
 */
export function replayJournal(journal: GraphJournal, after: number, apply: (e: JournalEntry) => void): ReplayOutcome {
  const problems: IntegrityProblem[] = [];
  const unresolved: number[] = [];
  let entries = 0;
  const fromUndoLog = (seq: number, why: string, entry?: JournalEntry): void => {
    const edit = journal.editAt(seq);
    const where = `graph journal entry ${seq}${entry ? ` (${entry.kind}${entry.graph ? ` ${entry.graph}` : ''})` : ''}`;
    if (edit && editIntact(edit)) {
      apply({ seq, kind: 'delta', graph: null, removed: edit.removed, added: edit.added, crc: null });
      journal.restore(seq, 'delta', { label: edit.label, removed: edit.removed, added: edit.added });
      problems.push({ store: 'graph', where, problem: why, repaired: true, action: `restored from the undo log (edit "${edit.label}")` });
      return;
    }
    unresolved.push(seq);
    problems.push({ store: 'graph', where, problem: why, repaired: false, action: `skipped; ${REPAIR_COMMAND} rebuilds what it changed from the record where it can` });
  };
  let expected = after + 1;
  const missingUpTo = (end: number) => {
    for (let s = expected; s < end; s++) fromUndoLog(s, 'the entry is missing (a gap in the sequence)');
  };
  // Entry by entry: restoring one from the undo log writes while the replay goes on.
  for (const seq of journal.seqsAfter(after)) {
    const entry = journal.entryAt(seq);
    if (!entry) continue;
    missingUpTo(entry.seq);
    expected = entry.seq + 1;
    entries++;
    if (!entryIntact(entry)) {
      fromUndoLog(entry.seq, 'the entry does not match its checksum', entry);
      continue;
    }
    try {
      apply(entry);
    } catch (e) {
      fromUndoLog(entry.seq, `the entry cannot be replayed (${(e as Error).message.split('\n')[0]})`, entry);
    }
  }
  missingUpTo(journal.sequenceEnd() + 1);
  return { entries, problems, unresolved };
}

/**
 * Removes snapshot and image files that are neither the current snapshot, its fallback (the
 * newest older snapshot) nor the current image, and temp files. With no snapshot named in the
 * journal nothing is removed: files without a pointer are a sign that something else is wrong.
 */
export function removeStaleFiles(dir: string, current: number | null): void {
  if (current === null) {
    for (const f of fs.readdirSync(dir)) if (f.endsWith('.tmp')) fs.rmSync(path.join(dir, f), { force: true });
    return;
  }
  const snapshots = fs
    .readdirSync(dir)
    .map((f) => snapshotSeqOf(f))
    .filter((s): s is number => s !== null && s < current);
  const previous = snapshots.length ? Math.max(...snapshots) : null;
  for (const f of fs.readdirSync(dir)) {
    const snapSeq = snapshotSeqOf(f);
    const image = /^image-(\d+)\.bin$/.exec(f);
    const keep = snapSeq === current || snapSeq === previous || (image !== null && Number(image[1]) === current);
    if (!keep && (snapSeq !== null || image || f.endsWith('.tmp'))) fs.rmSync(path.join(dir, f), { force: true });
  }
}
