// What the graph holds, kept beside its journal so that listing graphs and counting triples
// never scans the store (nor needs it loaded): one row per named graph with its kind, label,
// triples and links, written in the same transaction as the journal entry that changes the
// graph. The statistics of the graphs other than the messages graphs (extraction, the person's
// own, the ontology…), which only a scan of the store can give, are kept with the version of
// those graphs they were computed for, and computed again only when asked for after a change.
import type Database from 'better-sqlite3';
import { GRAPHS, MEMORY_BASE } from '../../../../../shared/rdf';
import type { GraphInfo } from '../../../../../shared/types';
import { migrate } from '../migrate';

export type GraphKind = GraphInfo['kind'];

export function graphKind(iri: string): GraphKind {
  if (iri === GRAPHS.ontology) return 'ontology';
  if (iri === GRAPHS.user || iri === GRAPHS.userRemoved) return 'user';
  if (iri.startsWith(`${MEMORY_BASE}graph/source/`)) return 'messages';
  if (iri.startsWith(`${MEMORY_BASE}graph/extract/`)) return 'extraction';
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
            derived INTEGER NOT NULL DEFAULT 0
          );
          -- complete: graph_meta describes every graph (memories older than it are counted once);
          -- others_version: bumped by every change to a graph that is not a messages graph.
          CREATE TABLE graph_meta_state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            complete INTEGER NOT NULL DEFAULT 0,
            others_version INTEGER NOT NULL DEFAULT 0,
            others_stats_version INTEGER NOT NULL DEFAULT -1,
            others_stats TEXT,
            -- rdfs:label of classes (from the ontology), for naming the most used types
            type_labels TEXT
          );
          INSERT INTO graph_meta_state (id) VALUES (1);
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
  set(row: Omit<GraphMetaRow, 'kind' | 'derived'> & { kind?: GraphKind; derived?: boolean }): void {
    if (row.triples <= 0) {
      this.remove(row.graph);
      return;
    }
    const kind = row.kind ?? graphKind(row.graph);
    this.stmt(
      `INSERT INTO graph_meta (graph, kind, label, triples, edges, source_id, derived) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (graph) DO UPDATE SET kind = excluded.kind, label = excluded.label, triples = excluded.triples, edges = excluded.edges,
         source_id = excluded.source_id, derived = excluded.derived`,
    ).run(row.graph, kind, row.label, row.triples, row.edges, row.sourceId, row.derived ? 1 : 0);
    if (kind !== 'messages' && kind !== 'ontology') this.bumpOthers();
  }

  /** Adds (or removes, when negative) triples and links to a graph's counts: the person's edits (a messages graph edited is no longer derived). */
  adjust(graph: string, triples: number, edges: number, label: string): void {
    const row = this.get(graph);
    this.set({ graph, label: row?.label ?? label, triples: (row?.triples ?? 0) + triples, edges: Math.max(0, (row?.edges ?? 0) + edges), sourceId: row?.sourceId ?? null, derived: false });
  }

  remove(graph: string): void {
    const r = this.stmt('DELETE FROM graph_meta WHERE graph = ?').run(graph);
    if (r.changes && graphKind(graph) !== 'messages' && graphKind(graph) !== 'ontology') this.bumpOthers();
  }

  private bumpOthers(): void {
    this.stmt('UPDATE graph_meta_state SET others_version = others_version + 1 WHERE id = 1').run();
  }

  totalTriples(): number {
    return this.stmt('SELECT COALESCE(SUM(triples), 0) FROM graph_meta').pluck().get() as number;
  }

  /** Links in the messages graphs (their other statistics come from the chat table). */
  messagesEdges(): number {
    return this.stmt(`SELECT COALESCE(SUM(edges), 0) FROM graph_meta WHERE kind = 'messages'`).pluck().get() as number;
  }

  othersVersion(): number {
    return this.stmt('SELECT others_version FROM graph_meta_state WHERE id = 1').pluck().get() as number;
  }

  /** Graphs the statistics of the other graphs cover: not messages graphs, not the ontology, not the record of removals. */
  otherGraphs(): string[] {
    return this.all()
      .filter((g) => g.kind !== 'messages' && g.kind !== 'ontology' && g.graph !== GRAPHS.userRemoved)
      .map((g) => g.graph);
  }

  /** The statistics of the other graphs, when they were computed for their current version (none to compute when there are no such graphs). */
  otherStats(): OtherGraphsStats | null {
    if (!this.otherGraphs().length) return { nodes: 0, edges: 0, types: [], shared: [] };
    const r = this.stmt('SELECT others_version, others_stats_version, others_stats FROM graph_meta_state WHERE id = 1').get() as {
      others_version: number;
      others_stats_version: number;
      others_stats: string | null;
    };
    return r.others_stats && r.others_stats_version === r.others_version ? (JSON.parse(r.others_stats) as OtherGraphsStats) : null;
  }

  /** The last statistics of the other graphs, whatever version they were computed for (provisional figures while the graph loads). */
  lastOtherStats(): OtherGraphsStats | null {
    const r = this.stmt('SELECT others_stats FROM graph_meta_state WHERE id = 1').pluck().get() as string | null;
    return r ? (JSON.parse(r) as OtherGraphsStats) : null;
  }

  setOtherStats(version: number, stats: OtherGraphsStats): void {
    this.stmt('UPDATE graph_meta_state SET others_stats_version = ?, others_stats = ? WHERE id = 1').run(version, JSON.stringify(stats));
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
  replaceAll(rows: Omit<GraphMetaRow, 'kind' | 'derived'>[]): void {
    this.db.transaction(() => {
      this.stmt('DELETE FROM graph_meta').run();
      for (const r of rows) this.set(r);
      this.markComplete();
    })();
  }
}
