// What the graph holds, kept beside its journal so that listing graphs and counting triples
// never scans the store (nor needs it loaded): one row per named graph with its kind, label,
// triples and links, written in the same transaction as the journal entry that changes the
// graph. A graph other than a messages graph (extraction, automatic, the person's own…) also
// keeps its profile: its subjects and their types, from which the graph's statistics (distinct
// nodes, nodes per type) are made across graphs without loading them. A messages graph needs
// none: its nodes are the chat table's rows (graph-stats.ts).
import type Database from 'better-sqlite3';
import { GRAPHS, MEMORY_BASE, isAutomaticGraph, isModelGraph } from '../../../../../shared/rdf';
import type { GraphInfo } from '../../../../../shared/types';
import { migrate } from '../migrate';

export type GraphKind = GraphInfo['kind'];

export function graphKind(iri: string): GraphKind {
  if (iri === GRAPHS.ontology) return 'ontology';
  if (iri === GRAPHS.user || iri === GRAPHS.userRemoved) return 'user';
  if (iri.startsWith(`${MEMORY_BASE}graph/source/`)) return 'messages';
  if (isModelGraph(iri)) return 'extraction';
  if (isAutomaticGraph(iri)) return 'auto';
  if (iri === GRAPHS.owner) return 'owner';
  return 'other';
}

export interface GraphMetaRow {
  graph: string;
  kind: GraphKind;
  label: string;
  triples: number;
  /** Links to other nodes (object an IRI, predicate not rdf:type): counted for messages graphs. */
  edges: number;
  sourceId: number | null;
  /** A messages graph exactly as the chat table gives it (snapshots rebuild it instead of storing it). */
  derived: boolean;
}

type MetaWrite = Omit<GraphMetaRow, 'kind' | 'derived'> & { kind?: GraphKind; derived?: boolean; profile?: GraphProfile | null };

/** Statistics of the graphs that are not messages graphs (nor the ontology or the record of removals). */
export interface OtherGraphsStats {
  /** Distinct subjects. */
  nodes: number;
  edges: number;
  /** Distinct subjects per type. */
  types: [string, number][];
  /**
   * Subjects that messages graphs may also describe (speakers, posts, sessions, conversations,
   * sources: IRIs under the memory's structure namespaces), with their types here, so that a
   * node counted on both sides is counted once.
   */
  shared: [string, string[]][];
}

/**
 * A graph's subjects and, per type, which of them have it (indexes into `subjects`), with its
 * links (IRI objects, not rdf:type).
 */
export interface GraphProfile {
  subjects: string[];
  types: Record<string, number[]>;
  edges: number;
}

const RDF_TYPE_IRI = '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>';

/** The profile of N-Triples text (as Engram writes it: IRIs in angle brackets, one triple a line, no blank nodes). */
export function profileOfNTriples(ntriples: string): GraphProfile {
  const index = new Map<string, number>();
  const types: Record<string, Set<number>> = {};
  let edges = 0;
  for (let start = 0; start < ntriples.length; ) {
    let end = ntriples.indexOf('\n', start);
    if (end < 0) end = ntriples.length;
    const line = ntriples.slice(start, end);
    start = end + 1;
    if (!line.startsWith('<')) continue;
    const s1 = line.indexOf('> ');
    const p1 = line.indexOf('> ', s1 + 2);
    if (s1 < 0 || p1 < 0) continue;
    const subject = line.slice(1, s1);
    let i = index.get(subject);
    if (i === undefined) index.set(subject, (i = index.size));
    // Only a type's object is read whole; an edge is known by its object's first character.
    const iriObject = line.charCodeAt(p1 + 2) === 60; // '<'
    if (line.slice(s1 + 2, p1 + 1) === RDF_TYPE_IRI) {
      if (iriObject) (types[line.slice(p1 + 2).replace(/\s*\.\s*$/, '').slice(1, -1)] ??= new Set()).add(i);
    } else if (iriObject) edges++;
  }
  return { subjects: [...index.keys()], types: Object.fromEntries(Object.entries(types).map(([t, set]) => [t, [...set]])), edges };
}

/** IRI namespaces of the nodes messages graphs write. */
export const STRUCTURE_NAMESPACES = ['person/', 'agent/', 'post/', 'session/', 'conversation/', 'source/'].map((p) => `${MEMORY_BASE}${p}`);

const COLUMNS = 'graph, kind, label, triples, edges, source_id, derived';
type DbRow = { graph: string; kind: GraphKind; label: string; triples: number; edges: number; source_id: number | null; derived: number };
const fromDb = (r: DbRow): GraphMetaRow => ({ graph: r.graph, kind: r.kind, label: r.label, triples: r.triples, edges: r.edges, sourceId: r.source_id, derived: r.derived === 1 });

export class GraphMeta {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {
    migrate(db, 'graph-meta', [
      {
        version: 1,
        name: 'graph metadata',
        sql: `
          CREATE TABLE graph_meta (
            graph TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            label TEXT NOT NULL,
            triples INTEGER NOT NULL,
            edges INTEGER NOT NULL DEFAULT 0,
            source_id INTEGER,
            -- a messages graph exactly as its source's rows give it (no edit since): snapshots name it instead of writing it
            derived INTEGER NOT NULL DEFAULT 0,
            -- other graphs: their subjects and types (JSON GraphProfile)
            profile TEXT
          );
          -- complete: graph_meta describes every graph (memories older than it are counted once)
          CREATE TABLE graph_meta_state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            complete INTEGER NOT NULL DEFAULT 0,
            -- rdfs:label of classes (from the ontology), for naming the most used types
            type_labels TEXT
          );
          INSERT INTO graph_meta_state (id) VALUES (1);
        `,
      },
      {
        version: 2,
        name: 'graph metadata generation and kept statistics',
        // generation moves with every change to the rows (whichever connection writes them), so
        // what is computed from them can be kept until it moves (keptStats).
        sql: `
          ALTER TABLE graph_meta_state ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
          -- JSON { key, value }: the memory's statistics as last computed, for that key
          ALTER TABLE graph_meta_state ADD COLUMN stats TEXT;
          CREATE TRIGGER graph_meta_inserted AFTER INSERT ON graph_meta BEGIN UPDATE graph_meta_state SET generation = generation + 1 WHERE id = 1; END;
          CREATE TRIGGER graph_meta_updated AFTER UPDATE ON graph_meta BEGIN UPDATE graph_meta_state SET generation = generation + 1 WHERE id = 1; END;
          CREATE TRIGGER graph_meta_deleted AFTER DELETE ON graph_meta BEGIN UPDATE graph_meta_state SET generation = generation + 1 WHERE id = 1; END;
          CREATE TRIGGER graph_meta_state_changed AFTER UPDATE OF complete, type_labels ON graph_meta_state
            BEGIN UPDATE graph_meta_state SET generation = generation + 1 WHERE id = 1; END;
        `,
      },
    ]);
  }

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  }

  /**
   * Whether the rows describe every graph. A memory with no graph yet starts complete; one
   * written before this table existed is counted once by the graph worker (`markComplete`).
   */
  isComplete(): boolean {
    if (this.stmt('SELECT complete FROM graph_meta_state WHERE id = 1').pluck().get() === 1) return true;
    const empty =
      !this.stmt(`SELECT 1 FROM sqlite_master WHERE name = 'graph_snapshot'`).pluck().get() ||
      (!this.stmt('SELECT 1 FROM graph_snapshot').pluck().get() && !this.stmt('SELECT 1 FROM graph_journal LIMIT 1').pluck().get());
    if (empty) this.markComplete();
    return empty;
  }

  markComplete(): void {
    this.stmt('UPDATE graph_meta_state SET complete = 1 WHERE id = 1').run();
  }

  all(): GraphMetaRow[] {
    return (this.stmt(`SELECT ${COLUMNS} FROM graph_meta ORDER BY graph`).all() as DbRow[]).map(fromDb);
  }

  get(graph: string): GraphMetaRow | undefined {
    const r = this.stmt(`SELECT ${COLUMNS} FROM graph_meta WHERE graph = ?`).get(graph) as DbRow | undefined;
    return r && fromDb(r);
  }

  /** Sets a graph's row (a graph without triples has none). */
  /**
   * Sets a graph's row (a graph without triples has none). A graph that is not a messages graph
   * keeps its profile; `profile` undefined keeps the one it has.
   */
  set(row: MetaWrite): void {
    if (row.triples <= 0) {
      this.remove(row.graph);
      return;
    }
    const kind = row.kind ?? graphKind(row.graph);
    const profile = kind === 'messages' ? null : row.profile === undefined ? undefined : row.profile ? JSON.stringify(row.profile) : null;
    this.stmt(
      `INSERT INTO graph_meta (graph, kind, label, triples, edges, source_id, derived, profile) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (graph) DO UPDATE SET kind = excluded.kind, label = excluded.label, triples = excluded.triples, edges = excluded.edges,
         source_id = excluded.source_id, derived = excluded.derived, profile = ${profile === undefined ? 'profile' : 'excluded.profile'}`,
    ).run(row.graph, kind, row.label, row.triples, row.edges, row.sourceId, row.derived ? 1 : 0, profile ?? null);
  }

  /**
   * Adds (or removes, when negative) triples and links to a graph's counts, with its profile as
   * it now is: the person's edits (a messages graph edited is no longer derived).
   */
  adjust(graph: string, triples: number, edges: number, label: string, profile: GraphProfile | null): void {
    const row = this.get(graph);
    this.set({ graph, label: row?.label ?? label, triples: (row?.triples ?? 0) + triples, edges: Math.max(0, (row?.edges ?? 0) + edges), sourceId: row?.sourceId ?? null, derived: false, profile });
  }

  remove(graph: string): void {
    this.stmt('DELETE FROM graph_meta WHERE graph = ?').run(graph);
  }

  hasProfile(graph: string): boolean {
    return !!this.stmt('SELECT profile IS NOT NULL FROM graph_meta WHERE graph = ?').pluck().get(graph);
  }

  totalTriples(): number {
    return this.stmt('SELECT COALESCE(SUM(triples), 0) FROM graph_meta').pluck().get() as number;
  }

  /** Links in the messages graphs (their other statistics come from the chat table). */
  messagesEdges(): number {
    return this.stmt(`SELECT COALESCE(SUM(edges), 0) FROM graph_meta WHERE kind = 'messages'`).pluck().get() as number;
  }

  /**
   * Graphs the statistics of the other graphs cover: not messages graphs, not the ontology, not
   * the records of what the person removed or a model superseded.
   */
  otherGraphs(): string[] {
    return this.all()
      .filter((g) => g.kind !== 'messages' && g.kind !== 'ontology' && g.graph !== GRAPHS.userRemoved && !g.graph.startsWith(GRAPHS.autoSuperseded('')))
      .map((g) => g.graph);
  }

  /**
   * Statistics of the other graphs, from their profiles: distinct subjects across them, links,
   * distinct subjects per type, and their subjects in the structure namespaces with their types.
   * Null when a graph has no profile yet (a memory counted before profiles were kept).
   */
  otherStats(): OtherGraphsStats | null {
    const graphs = new Set(this.otherGraphs());
    const subjects = new Set<string>();
    const types = new Map<string, Set<string>>();
    const typesOf = new Map<string, string[]>();
    let edges = 0;
    for (const r of this.stmt('SELECT graph, profile FROM graph_meta WHERE kind NOT IN (\'messages\', \'ontology\')').all() as { graph: string; profile: string | null }[]) {
      if (!graphs.has(r.graph)) continue;
      if (!r.profile) return null;
      const p = JSON.parse(r.profile) as GraphProfile;
      edges += p.edges;
      for (const s of p.subjects) subjects.add(s);
      for (const [t, idx] of Object.entries(p.types)) {
        let set = types.get(t);
        if (!set) types.set(t, (set = new Set()));
        for (const i of idx) {
          const s = p.subjects[i];
          set.add(s);
          if (STRUCTURE_NAMESPACES.some((ns) => s.startsWith(ns))) typesOf.set(s, [...new Set([...(typesOf.get(s) ?? []), t])]);
        }
      }
    }
    const shared = [...subjects].filter((s) => STRUCTURE_NAMESPACES.some((ns) => s.startsWith(ns))).map((s) => [s, typesOf.get(s) ?? []] as [string, string[]]);
    return { nodes: subjects.size, edges, types: [...types].map(([t, set]) => [t, set.size] as [string, number]), shared };
  }

  /** A number that changes whenever a graph's row, completeness or the type labels do. */
  generation(): number {
    return this.stmt('SELECT generation FROM graph_meta_state WHERE id = 1').pluck().get() as number;
  }

  /** The statistics kept by keepStats, if they were kept under this key. */
  keptStats<T>(key: string): T | undefined {
    const r = this.stmt('SELECT stats FROM graph_meta_state WHERE id = 1').pluck().get() as string | null;
    const kept = r ? (JSON.parse(r) as { key: string; value: T }) : null;
    return kept?.key === key ? kept.value : undefined;
  }

  /** Keeps statistics computed from these rows (and what else `key` names) until the key changes. */
  keepStats(key: string, value: unknown): void {
    this.stmt('UPDATE graph_meta_state SET stats = ? WHERE id = 1').run(JSON.stringify({ key, value }));
  }

  typeLabels(): Map<string, string> {
    const r = this.stmt('SELECT type_labels FROM graph_meta_state WHERE id = 1').pluck().get() as string | null;
    return new Map(r ? (JSON.parse(r) as [string, string][]) : []);
  }

  /** Labels of classes, written when the ontology is loaded (and refreshed with the other graphs' statistics). */
  setTypeLabels(labels: Iterable<[string, string]>): void {
    this.stmt('UPDATE graph_meta_state SET type_labels = ? WHERE id = 1').run(JSON.stringify([...labels]));
  }

  /** Replaces every row (a memory counted once after an upgrade). */
  replaceAll(rows: MetaWrite[]): void {
    this.db.transaction(() => {
      this.stmt('DELETE FROM graph_meta').run();
      for (const r of rows) this.set(r);
      this.markComplete();
    })();
  }
}
