// Messages between the graph store proxy (main thread) and its worker.
import type { EditRecord, GraphInfo, IntegrityProblem, RdfFormat, SparqlResult, TypeCount } from '../../../../../shared/types';
import type { ChunkRecord } from '../extraction-state';

export interface GraphWorkerData {
  dbFile: string;
  snapshotDir: string;
  /** Compact once this many journal bytes are pending. */
  compactBytes: number;
  /** better-sqlite3's native module for this runtime, when not the default one. */
  sqliteNativeBinding?: string;
  /** Open from and write memory images beside snapshots (default on; off to test the parse path). */
  useImages?: boolean;
  /**
   * One Int32 the worker sets to the id of the request whose journal transaction is committing
   * (0 otherwise): a time limit that runs out then waits for the commit instead of stopping the
   * worker, so a change is never acknowledged as failed once it is durable.
   */
  commitFlag?: SharedArrayBuffer;
  /**
   * A read-only replica (graph-store.ts): it answers reads while the main worker is busy. It
   * writes nothing (no snapshot, no journal repair, no counts) and, before each request, applies
   * the journal entries committed since its last; damage or a gap it cannot bridge makes it stop
   * (its reads go back to the main worker).
   */
  replica?: boolean;
}

/** What the store opened from: a memory image, the N-Triples snapshot, or nothing yet. */
export type GraphLoadSource = 'image' | 'snapshot' | 'empty';

export type GraphRequest =
  | { op: 'query'; sparql: string; limit: number }
  | { op: 'update'; sparql: string; label: string }
  | { op: 'editTriples'; remove: string; add: string; label: string }
  | { op: 'replaceGraph'; graph: string; data: string; format: RdfFormat; asEdit: boolean; label: string; respectRemovals: boolean }
  | { op: 'replaceDescription'; entity: string; turtle: string; label: string }
  | { op: 'dropGraphs'; graphs: string[] }
  /**
   * An extraction chunk's outcome, in one transaction: done, its graph replaced by these triples
   * (minus what the person removed or holds); failed, its graph dropped; and its row updated.
   */
  | { op: 'finishChunk'; key: string; outcome: 'done'; ntriples: string; record: ChunkRecord }
  | { op: 'finishChunk'; key: string; outcome: 'failed'; record: ChunkRecord }
  /** Extraction chunks forgotten, in one transaction: their graphs dropped and their rows deleted. */
  | { op: 'forgetChunks'; keys: string[] }
  | { op: 'buildSourceGraph'; sourceId: number; label: string }
  | { op: 'undo' }
  | { op: 'redo' }
  | { op: 'history' }
  /** Profiles (subjects and types) of graphs that have none yet, read from the store. */
  | { op: 'profiles' }
  | { op: 'graphs' }
  | { op: 'turtle'; graph?: string; entity?: string }
  | { op: 'export'; graph?: string; format: RdfFormat }
  | { op: 'vocabulary' }
  | { op: 'compact' }
  | { op: 'flush' }
  | { op: 'size' }
  /** What start-up found, and the files and journal as they read back now (`engram doctor`). */
  | { op: 'integrity'; deep: boolean }
  /** Damage dealt with (`engram doctor --repair`): unresolved entries are dropped and a new snapshot written. */
  | { op: 'resolveDamage' }
  /** Applies the person's edits still in effect, restricted to these graphs (rebuilding a lost user graph). */
  | { op: 'replayEdits'; graphs: string[] };

export interface GraphResults {
  query: SparqlResult;
  update: EditRecord;
  editTriples: EditRecord;
  replaceGraph: EditRecord;
  replaceDescription: EditRecord;
  dropGraphs: { seq: number };
  finishChunk: { seq: number };
  forgetChunks: { seq: number };
  buildSourceGraph: { seq: number; triples: number };
  undo: EditRecord | null;
  redo: EditRecord | null;
  history: EditRecord[];
  profiles: null;
  graphs: GraphInfo[];
  turtle: { turtle: string; triples: number };
  export: { data: string; mediaType: string };
  vocabulary: { classes: string[]; properties: string[] };
  compact: { seq: number; quads: number } | null;
  flush: { seq: number; quads: number } | null;
  size: number;
  integrity: GraphIntegrity;
  resolveDamage: { seq: number; quads: number } | null;
  replayEdits: { quads: number };
}

/** What the graph worker knows of its own damage. */
export interface GraphIntegrity {
  problems: IntegrityProblem[];
  /** Graphs lost with a damaged snapshot (null: the default graph), still to be rebuilt from the record. */
  lostGraphs: (string | null)[];
  /** The snapshot's index could not be read: every graph it held is lost. */
  lostAll: boolean;
  /** Journal entries skipped at start-up, kept until `engram doctor --repair`. */
  unresolved: number[];
}

export type GraphResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string; line?: number; column?: number; endLine?: number; endColumn?: number } };

export type WorkerMessage =
  | GraphResponse
  | ({ ready: true; loadMs: number; quads: number; from: GraphLoadSource } & Omit<GraphIntegrity, 'unresolved'>)
  | { fatal: string };
