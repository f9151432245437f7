// Checking the memory's stores against each other and repairing what is derived from the record
// (`engram doctor [--repair]`, the workbench's Repair, and the engine's start-up).
//
// The record: the chat table in SQLite (messages), the graph's journal and snapshot, the undo log
// (a second copy of every edit of the person's) and the extraction records (which chunk produced
// what). Derived from it, and rebuilt whenever they disagree with it: the search index (rows and
// full-text index), each source's messages graph, the ontology graph, the demo graph, and the
// person's own graphs when a damaged snapshot lost them. What cannot be derived (an extraction
// chunk's triples need the model again) is reported with what to do.
import { GRAPHS, PREFIXES } from '../../../../shared/rdf';
import type { IntegrityProblem, IntegrityReport } from '../../../../shared/types';
export { problemLine } from './problem-line';
import type { ChatStore } from '../stores/chat/chat-store';
import type { ExtractionState } from '../stores/extraction-state';
import type { GraphStore, GraphReady } from '../stores/graph/graph-store';
import { REPAIR_COMMAND } from '../stores/graph/graph-load';
import type { MemoryDb } from '../stores/memory-db';
import type { SearchIndex } from '../stores/search-index';
import { rebuildDerived, type ImportStores } from '../import/import-job';

export { REPAIR_COMMAND };

export interface DoctorDeps {
  chat: ChatStore;
  search: () => SearchIndex;
  /** Replaces an unreadable search index with an empty one (the engine then holds the new one). */
  resetSearch(): Promise<void>;
  graph: GraphStore;
  sqlite: MemoryDb;
  extraction: ExtractionState;
  /** Loads the bundled ontology again (`force`: even if its hash says it is loaded). */
  reloadOntology(force: boolean): Promise<boolean>;
  /** Loads the demo's hand-written graph again, when the demo is imported. */
  reloadDemoGraph(): Promise<boolean>;
  /** Whether this memory has the ontology graph at all (tests of the bare stores go without). */
  withOntology: boolean;
}

const USER_GRAPHS = [GRAPHS.user, GRAPHS.userRemoved];
/** integrity_check's findings that a REINDEX settles. */
const INDEX_PROBLEM = /index|non-unique entry/i;

export function report(problems: IntegrityProblem[]): IntegrityReport {
  return { checkedAt: new Date().toISOString(), problems, unrepaired: problems.filter((p) => !p.repaired).length };
}

export class MemoryDoctor {
  constructor(private readonly deps: DoctorDeps) {}

  private get stores(): ImportStores {
    return { chat: this.deps.chat, search: this.deps.search(), graph: this.deps.graph };
  }

  /**
   * After the graph has loaded at start-up: rebuilds the graphs a damaged snapshot lost from the
   * record (the person's graphs from the undo log, the ontology, the demo graph; the messages
   * graphs are rebuilt by the engine's reconciliation, which finds them missing) and notes the
   * extraction chunks whose triples were lost.
   */
  async afterGraphLoad(ready: GraphReady): Promise<IntegrityProblem[]> {
    if (!ready.lostAll && !ready.lostGraphs.length) return [];
    const lost = (g: string) => ready.lostAll || ready.lostGraphs.includes(g);
    const out: IntegrityProblem[] = [];
    const userGraphs = USER_GRAPHS.filter(lost);
    if (userGraphs.length) {
      await this.deps.graph.request({ op: 'replayEdits', graphs: userGraphs });
      for (const g of userGraphs) out.push({ store: 'graph', where: `graph <${g}>`, problem: 'lost with the damaged snapshot', repaired: true, action: 'rebuilt from the undo log (the edits in effect)' });
    }
    if (this.deps.withOntology && lost(GRAPHS.ontology) && (await this.deps.reloadOntology(true))) {
      out.push({ store: 'graph', where: `graph <${GRAPHS.ontology}>`, problem: 'lost with the damaged snapshot', repaired: true, action: 'loaded again from the bundled ontology' });
    }
    out.push(...(await this.missingChunkGraphs()));
    if (await this.demoGraphMissing()) {
      if (await this.deps.reloadDemoGraph()) out.push({ store: 'graph', where: 'the demo graph', problem: 'lost with the damaged snapshot', repaired: true, action: 'loaded again from the demo memory' });
    }
    return out;
  }

  private async demoGraphMissing(): Promise<boolean> {
    const graphs = new Set((await this.deps.graph.request({ op: 'graphs' })).map((g) => g.iri));
    return !graphs.has(`${GRAPHS.extraction('demo-by-hand')}`);
  }

  /**
   * Done extraction chunks that kept triples but whose graph is gone: marked pending, so the next
   * extraction of their source runs them again (their triples came from the model: only it can
   * give them back).
   */
  private async missingChunkGraphs(): Promise<IntegrityProblem[]> {
    const graphs = new Set((await this.deps.graph.request({ op: 'graphs' })).map((g) => g.iri));
    const lost: { key: string; sourceId: number }[] = [];
    for (let offset = 0; ; offset += 5000) {
      const page = this.deps.extraction.list({ status: 'done', limit: 5000, offset });
      for (const c of page.chunks) if ((c.triplesKept ?? 0) > 0 && !graphs.has(c.graph)) lost.push({ key: c.key, sourceId: c.sourceId });
      if (page.chunks.length < 5000) break;
    }
    if (!lost.length) return [];
    this.deps.extraction.markPending(lost.map((c) => c.key));
    const sources = [...new Set(lost.map((c) => c.sourceId))];
    return [
      {
        store: 'graph',
        where: `${lost.length} extraction chunk graph${lost.length === 1 ? '' : 's'} (${lost.slice(0, 3).map((c) => c.key.slice(0, 8)).join(', ')}${lost.length > 3 ? ', …' : ''})`,
        problem: 'lost: their triples came from the model and are not in the record',
        repaired: false,
        action: `marked to extract again: engram extract --source ${sources.join(',')}`,
      },
    ];
  }

  /**
   * Every check: SQLite's structure, each source's rows in the search index and its messages
   * graph against the chat table, the full-text index, the graph's files and journal.
   */
  async check(): Promise<IntegrityProblem[]> {
    const record = this.sqliteProblems();
    const rows = this.guardedRowProblems();
    const out: IntegrityProblem[] = [...record, ...(rows.damaged ? [rows.damaged] : rows.problems)];
    // The stores made from a record that SQLite cannot read whole are not compared with it: the
    // salvage comes first (the comparisons would read the damaged pages again).
    if (rows.damaged || needsSalvage(record)) return out;
    out.push(...(await this.searchProblems()).problems);
    out.push(...(await this.graphProblems()).problems);
    const integrity = await this.deps.graph.request({ op: 'integrity', deep: true });
    for (const p of integrity.problems) if (!out.some((o) => o.where === p.where)) out.push(p);
    return out;
  }

  /** SQLite's own full check: an index that disagrees with its table is rebuilt live; other damage needs the salvage. */
  private sqliteProblems(): IntegrityProblem[] {
    let found: string[];
    try {
      found = this.deps.sqlite.integrityCheck(10);
    } catch (e) {
      if (!isCorrupt(e)) throw e;
      return [recordDamaged(e)];
    }
    if (!found.length) return [];
    const indexesOnly = found.every((f) => INDEX_PROBLEM.test(f));
    return [
      {
        store: 'chat',
        where: 'engram.sqlite',
        problem: `SQLite finds the file damaged (${found[0]}${found.length > 1 ? `, and ${found.length - 1} more` : ''})`,
        repaired: false,
        action: indexesOnly ? `${REPAIR_COMMAND} rebuilds its indexes` : SALVAGE_ACTION,
      },
    ];
  }

  /**
   * The message rows' checksums, read in pages that yield to other work between them (start-up
   * runs this in the background: about a second per few hundred thousand messages). Rows after
   * `upTo` are left out: start-up passes the last id it found, since what this run imports was
   * checksummed as it was written, and re-reading it would chase a large import row by row.
   */
  async backgroundRowCheck(stopped: () => boolean = () => false, upTo = Number.MAX_SAFE_INTEGER): Promise<IntegrityProblem[]> {
    const damaged: { id: number; sourceId: number }[] = [];
    try {
      for (let after = 0; ; ) {
        // A command that ends before the check does leaves it for the next start.
        if (stopped()) return [];
        // Small pages: each runs between other work (a question, a request) without holding it up.
        const page = this.deps.chat.damagedMessageRowsAfter(after, 500, upTo);
        damaged.push(...page.damaged);
        if (page.last === null) break;
        after = page.last;
        await new Promise((r) => setImmediate(r));
      }
    } catch (e) {
      if (!isCorrupt(e)) throw e;
      return [recordDamaged(e)];
    }
    return this.rowProblems(damaged).problems;
  }

  /** rowProblems, with SQLite's "malformed" (pages it cannot read) said as one problem instead of thrown. */
  private guardedRowProblems(): { problems: IntegrityProblem[]; rows: { id: number; sourceId: number }[]; damaged?: IntegrityProblem } {
    try {
      return this.rowProblems();
    } catch (e) {
      if (!isCorrupt(e)) throw e;
      return { problems: [], rows: [], damaged: recordDamaged(e) };
    }
  }

  /** Message rows that no longer match their checksum. */
  private rowProblems(known?: { id: number; sourceId: number }[]): { problems: IntegrityProblem[]; rows: { id: number; sourceId: number }[] } {
    const rows = known ?? this.deps.chat.damagedMessageRows();
    const problems = rows.slice(0, 20).map((r) => ({
      store: 'chat' as const,
      where: `engram.sqlite, message ${r.id}`,
      problem: 'the row does not match its checksum',
      repaired: false,
      action: `${REPAIR_COMMAND} puts it back from the search index's copy if that copy matches the checksum`,
    }));
    if (rows.length > 20) problems.push({ ...problems[0], where: `engram.sqlite, ${rows.length - 20} more messages`, problem: 'rows that do not match their checksums' });
    return { problems, rows };
  }

  private async searchProblems(): Promise<{ problems: IntegrityProblem[]; rebuild: number[] | 'all' }> {
    const search = this.deps.search();
    const problems: IntegrityProblem[] = [];
    let inIndex;
    try {
      inIndex = await search.digestBySource();
      if (!(await search.hasTextIndex())) {
        problems.push({ store: 'search', where: 'search/messages.lance', problem: 'the full-text index is missing (searches scan every row)', repaired: false, action: REPAIR_COMMAND });
      }
    } catch (e) {
      problems.push({ store: 'search', where: 'search/', problem: `the search index cannot be read (${firstLine(e)})`, repaired: false, action: `${REPAIR_COMMAND} rebuilds it from engram.sqlite` });
      return { problems, rebuild: 'all' };
    }
    const inChat = this.deps.chat.messageDigestsBySource();
    const rebuild: number[] = [];
    for (const [id, chat] of inChat) {
      const idx = inIndex.get(id);
      if (!idx || idx.rows !== chat.rows) {
        problems.push({ store: 'search', where: `search index, source ${id}`, problem: `${idx?.rows ?? 0} rows for ${chat.rows} messages`, repaired: false, action: REPAIR_COMMAND });
        rebuild.push(id);
      } else if (idx.digest !== chat.digest) {
        problems.push({ store: 'search', where: `search index, source ${id}`, problem: 'rows differ from the messages they copy', repaired: false, action: REPAIR_COMMAND });
        rebuild.push(id);
      }
    }
    for (const id of inIndex.keys()) {
      if (!inChat.has(id) && this.deps.chat.sourceName(id) === undefined) {
        problems.push({ store: 'search', where: `search index, source ${id}`, problem: 'rows of a source that no longer exists', repaired: false, action: REPAIR_COMMAND });
      }
    }
    return { problems, rebuild };
  }

  /** Each ready source's messages graph against the chat table: a graph with another number of posts is rebuilt. */
  private async graphProblems(): Promise<{ problems: IntegrityProblem[]; rebuild: number[] }> {
    const problems: IntegrityProblem[] = [];
    const rebuild: number[] = [];
    const r = await this.deps.graph.request({
      op: 'query',
      limit: 1_000_000,
      sparql: `SELECT ?g (COUNT(DISTINCT ?p) AS ?n) WHERE { GRAPH ?g { ?p a <${PREFIXES.sioc}Post> } } GROUP BY ?g`,
    });
    const posts = new Map(r.kind === 'select' ? r.rows.map((row) => [row.g.value, Number(row.n.value)]) : []);
    const counts = this.deps.chat.messageCountsBySource();
    for (const s of this.deps.chat.listSources()) {
      const want = counts.get(s.id) ?? 0;
      const have = posts.get(s.graphIri) ?? 0;
      if (want !== have) {
        problems.push({ store: 'graph', where: `graph <${s.graphIri}>`, problem: `${have} posts for ${want} messages`, repaired: false, action: REPAIR_COMMAND });
        rebuild.push(s.id);
      }
    }
    if (this.deps.withOntology) {
      const graphs = new Set((await this.deps.graph.request({ op: 'graphs' })).map((g) => g.iri));
      if (!graphs.has(GRAPHS.ontology)) problems.push({ store: 'graph', where: `graph <${GRAPHS.ontology}>`, problem: 'missing', repaired: false, action: REPAIR_COMMAND });
    }
    return { problems, rebuild };
  }

  /**
   * Rebuilds everything derived that disagrees with the record, then lets the graph drop the
   * journal entries it skipped and write a new snapshot (read back before it is trusted).
   * Returns what was found, each marked repaired or not (with what remains to do).
   */
  async repair(): Promise<IntegrityProblem[]> {
    const found: IntegrityProblem[] = [];
    const fixed = (p: IntegrityProblem, action: string): IntegrityProblem => ({ ...p, repaired: true, action });

    // The record first: its indexes, then damaged message rows from their copies (before the
    // search index is rebuilt from the chat table, which would overwrite the good copy).
    for (const p of this.sqliteProblems()) {
      if (/rebuilds its indexes/.test(p.action)) {
        this.deps.sqlite.reindex();
        found.push(this.deps.sqlite.integrityCheck(1).length ? p : fixed(p, 'its indexes were rebuilt'));
      } else found.push(p);
    }
    const rows = this.guardedRowProblems();
    // Nothing is rebuilt from a record SQLite cannot read whole: that would copy its damage into
    // the derived stores. The salvage (with Engram closed) comes first.
    if (rows.damaged || needsSalvage(found)) {
      if (rows.damaged && !found.some((p) => p.where === 'engram.sqlite')) found.push(rows.damaged);
      return found;
    }
    if (rows.rows.length) {
      const copies = new Map((await this.deps.search().rowsByIds(rows.rows.map((r) => r.id)).catch(() => [])).map((c) => [c.id, c]));
      const lost: number[] = [];
      for (const r of rows.rows) {
        const copy = copies.get(r.id);
        if (!copy || !this.deps.chat.restoreMessageFromCopy(r.id, { speaker: copy.speaker, role: copy.role, text: copy.text, tsLocal: copy.ts_local })) lost.push(r.id);
      }
      for (const p of rows.problems) {
        const id = Number(/message (\d+)$/.exec(p.where)?.[1]);
        found.push(lost.includes(id) ? { ...p, action: 'the copies do not match its checksum either: restore engram.sqlite from a backup' } : fixed(p, "put back from the search index's copy (it matches the checksum)"));
      }
    }

    // The search index: whole, or source by source.
    const search = await this.searchProblems();
    if (search.rebuild === 'all') {
      await this.rebuildWholeSearchIndex();
      found.push(...search.problems.map((p) => fixed(p, 'rebuilt from engram.sqlite')));
    } else {
      for (const id of search.rebuild) await rebuildDerived(this.stores, id, { search: true });
      const stray = [...(await this.deps.search().countBySource()).keys()].filter((id) => this.deps.chat.sourceName(id) === undefined);
      if (stray.length) await this.deps.search().deleteWhere({ sourceIds: stray });
      await this.deps.search().repairTextIndex();
      found.push(...search.problems.map((p) => fixed(p, 'rebuilt from engram.sqlite')));
    }

    // The graph: what start-up could not settle, then each source's messages graph.
    const before = await this.deps.graph.request({ op: 'integrity', deep: true });
    const userGraphs = USER_GRAPHS.filter((g) => before.lostAll || before.lostGraphs.includes(g));
    if (userGraphs.length) await this.deps.graph.request({ op: 'replayEdits', graphs: userGraphs });
    if (this.deps.withOntology) await this.deps.reloadOntology(false);
    const graphs = await this.graphProblems();
    for (const id of graphs.rebuild) await rebuildDerived(this.stores, id, { graph: true });
    if (this.deps.withOntology && graphs.problems.some((p) => p.where.includes(GRAPHS.ontology))) await this.deps.reloadOntology(true);
    found.push(...graphs.problems.map((p) => fixed(p, 'rebuilt from engram.sqlite')));
    const chunks = await this.missingChunkGraphs();
    found.push(...chunks);
    await this.deps.graph.request({ op: 'resolveDamage' });
    for (const p of before.problems) {
      if (found.some((f) => f.where === p.where)) continue;
      found.push(p.repaired ? p : fixed(p, /journal entry/.test(p.where) ? 'dropped; what it changed was rebuilt from the record where it could be' : 'settled: a new snapshot was written and read back'));
    }
    return found;
  }

  private async rebuildWholeSearchIndex(): Promise<void> {
    await this.deps.resetSearch();
    for (const s of this.deps.chat.listSources()) await rebuildDerived(this.stores, s.id, { search: true });
  }
}

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e).split('\n')[0].slice(0, 200);
}

const SALVAGE_ACTION = `close Engram, then ${REPAIR_COMMAND} copies every row that reads back into a new file`;

/** SQLite's errors for a file it cannot read (damaged pages, not a database). */
function isCorrupt(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB';
}

/** engram.sqlite named as damaged, with the salvage to run. */
function recordDamaged(e: unknown): IntegrityProblem {
  return { store: 'chat', where: 'engram.sqlite', problem: `SQLite cannot read the file whole (${firstLine(e)})`, repaired: false, action: SALVAGE_ACTION };
}

/** Whether engram.sqlite has damage beyond its indexes (only the salvage, with Engram closed, mends it). */
function needsSalvage(problems: IntegrityProblem[]): boolean {
  return problems.some((p) => p.where === 'engram.sqlite' && !p.repaired && p.action === SALVAGE_ACTION);
}
