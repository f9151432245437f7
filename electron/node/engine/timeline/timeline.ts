// The timeline service: plans questions against the memory and runs plans on the chat table.
//
// One instance per engine. It keeps per-scope caches (sessions, dates with messages,
// speakers) that are dropped when the chat table changes, and prepares each compiled
// statement once, so a batch of thousands of questions costs a few indexed queries each.
// Ranking by content uses the search index (BM25) restricted to the rows the chain kept.
import type Database from 'better-sqlite3';
import { ApiError } from '../../../../shared/api';
import type { MessageRow, PlannedQuestion, PlanRun, TimelinePlan } from '../../../../shared/types';
import { wallClockOfDate, parseIsoWallClock } from '../common/wall-clock';
import type { ChatStore } from '../stores/chat-store';
import type { SearchIndex } from '../stores/search-index';
import { checkPlan, compileChain } from './plan';
import { planQuestion, type PlannerMemory, type PlannerOptions, type SessionEntry } from './planner';
import type { DialogueTurn } from './rewrite';

export interface QuestionInput {
  question: string;
  context?: DialogueTurn[];
  /** ISO-8601 (with an offset: converted to this machine's wall clock); default: the clock. */
  now?: string;
  sourceIds?: number[];
}

/** A selected row, as the batch interface reports it. */
export interface SelectedRow {
  id: number;
  sourceId: number;
  sessionId: number;
  /** Session_Index under the plan's numbering. */
  session: number;
  responseIndex: number;
  externalId: string | null;
  speaker: string;
  score?: number;
}

export interface TimelineOptions extends PlannerOptions {
  /** Ranked rows scoring below this share of the best score are dropped. */
  rankRelativeCutoff?: number;
}

const DEFAULT_CUTOFF = 0.75;
const SPEAKER_BOOST = 1.25;

/** 'Now' as a wall clock: an ISO time with an offset is read in this machine's zone, without one as written. */
export function resolveNow(now?: string): string {
  if (!now?.trim()) return wallClockOfDate(new Date()).local;
  const text = now.trim();
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) && /T|\s\d/.test(text);
  if (hasOffset) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw new ApiError('bad_request', `now: '${text.slice(0, 40)}' is not an ISO-8601 time`);
    return wallClockOfDate(new Date(ms)).local;
  }
  const w = parseIsoWallClock(text);
  if (!w) throw new ApiError('bad_request', `now: '${text.slice(0, 40)}' is not an ISO-8601 time`);
  return w.local;
}

interface ScopeCache {
  memory: PlannerMemory;
  dates: string[];
}

export class Timeline {
  private version = '';
  private scopes = new Map<string, ScopeCache>();
  private statements = new Map<string, Database.Statement>();
  private sourceNames = new Map<string, number[]>();

  constructor(
    private readonly chat: ChatStore,
    private readonly search: SearchIndex,
    private readonly options: TimelineOptions = {},
  ) {}

  private get db(): Database.Database {
    return this.chat.db;
  }

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Drops the caches when the chat table changed (imports, deletions). */
  private checkVersion(): void {
    const v = this.stmt(
      `SELECT (SELECT COUNT(*) FROM sessions) || ':' || (SELECT COALESCE(MAX(id), 0) FROM messages) || ':' ||
              (SELECT COUNT(*) FROM sources WHERE status = 'ready') || ':' || (SELECT COALESCE(SUM(id), 0) FROM sources WHERE status = 'ready') AS v`,
    ).pluck().get() as string;
    if (v !== this.version) {
      this.version = v;
      this.scopes.clear();
      this.sourceNames.clear();
    }
  }

  invalidate(): void {
    this.version = '';
  }

  /** Source ids for a source id or name (file name, key, path). */
  sourcesNamed(nameOrId: string): number[] {
    this.checkVersion();
    const key = nameOrId.trim();
    let ids = this.sourceNames.get(key);
    if (!ids) {
      ids = this.chat.sourceIdsByName(key);
      if (!ids.length) {
        const base = key.split(/[\\/]/).pop() ?? key;
        ids = this.chat.listSources().filter((s) => s.name === base || (s.path ?? '').endsWith(`/${base}`) || s.name.replace(/\.[^.]+$/, '') === base).map((s) => s.id);
      }
      this.sourceNames.set(key, ids);
    }
    return ids;
  }

  private scope(sourceIds?: number[]): ScopeCache {
    this.checkVersion();
    const ids = sourceIds?.length ? [...new Set(sourceIds)].sort((a, b) => a - b) : undefined;
    const key = ids ? ids.join(',') : '*';
    const cached = this.scopes.get(key);
    if (cached) return cached;
    const numbering: 'memory' | 'source' = ids?.length === 1 ? 'source' : 'memory';
    const inSources = ids ? `AND x.source_id IN (${ids.map(() => '?').join(',')})` : '';
    const rows = this.db
      .prepare(
        `SELECT x.id, x.source_id, x.memory_index, x.source_index, x.start_local, x.end_local
         FROM sessions x JOIN sources s ON s.id = x.source_id AND s.status = 'ready'
         WHERE 1 = 1 ${inSources} ORDER BY x.memory_index`,
      )
      .all(...(ids ?? [])) as { id: number; source_id: number; memory_index: number; source_index: number; start_local: string; end_local: string }[];
    const sessions: SessionEntry[] = rows.map((r) => ({
      id: r.id,
      sourceId: r.source_id,
      index: numbering === 'source' ? r.source_index : r.memory_index,
      start: r.start_local,
      end: r.end_local,
    }));
    const inMsgSources = ids ? `AND m.source_id IN (${ids.map(() => '?').join(',')})` : `AND m.source_id IN (SELECT id FROM sources WHERE status = 'ready')`;
    const dates = (this.db.prepare(`SELECT DISTINCT m.date FROM messages m WHERE 1 = 1 ${inMsgSources} ORDER BY m.date`).pluck().all(...(ids ?? [])) as string[]);
    const speakerRows = this.db
      .prepare(`SELECT m.speaker, m.role, COUNT(*) AS n FROM messages m WHERE 1 = 1 ${inMsgSources} GROUP BY m.speaker, m.role ORDER BY n DESC`)
      .all(...(ids ?? [])) as { speaker: string; role: string; n: number }[];
    const speakers = [...new Set(speakerRows.map((r) => r.speaker))];
    const hasRoles = speakerRows.some((r) => r.role === 'assistant') && speakerRows.some((r) => r.role === 'user');
    const sessionIndexById = new Map(sessions.map((s) => [s.id, s.index]));
    const speakerSessions = new Map<string, number[]>();
    const memory: PlannerMemory = {
      numbering,
      ...(ids ? { sourceIds: ids } : {}),
      sessions,
      speakers,
      hasRoles,
      hasData: (from, to) => hasDateIn(dates, from, to),
      sessionsOfSpeaker: (name) => {
        let list = speakerSessions.get(name);
        if (!list) {
          list = (this.db.prepare(`SELECT DISTINCT m.session_id FROM messages m WHERE m.speaker = ? ${inMsgSources}`).pluck().all(name, ...(ids ?? [])) as number[])
            .map((id) => sessionIndexById.get(id))
            .filter((v): v is number => v !== undefined);
          speakerSessions.set(name, list);
        }
        return list;
      },
    };
    const entry = { memory, dates };
    this.scopes.set(key, entry);
    return entry;
  }

  /** Question → plan (nothing is run). */
  plan(input: QuestionInput): PlannedQuestion {
    const now = resolveNow(input.now);
    const { memory } = this.scope(input.sourceIds);
    return planQuestion({ question: input.question, context: input.context, now }, memory, this.options);
  }

  /** The rows the plan's chain keeps, in time order. */
  select(plan: TimelinePlan): { rows: SelectedRow[]; sql: string; params: (string | number)[] } {
    this.checkVersion();
    const checked = checkPlan(plan);
    const { where, params, sessionIndexColumn } = compileChain(checked);
    const sql = `SELECT m.id, m.source_id, m.session_id, ${sessionIndexColumn} AS session, m.response_index, m.external_id, m.speaker
FROM messages m JOIN sessions s ON s.id = m.session_id
WHERE ${where}
ORDER BY s.memory_index, m.turn_index`;
    const raw = this.stmt(sql).raw().all(...params) as [number, number, number, number, number, string | null, string][];
    const rows = raw.map(([id, sourceId, sessionId, session, responseIndex, externalId, speaker]) => ({ id, sourceId, sessionId, session, responseIndex, externalId, speaker }));
    return { rows, sql, params };
  }

  /** Ranks rows by relevance to the plan's query (BM25 over the search index), keeping the best. */
  async rank(plan: TimelinePlan, rows: SelectedRow[] | null): Promise<SelectedRow[]> {
    const rank = plan.rank;
    if (!rank) return rows ?? [];
    if (rows && !rows.length) return [];
    const byId = rows ? new Map(rows.map((r) => [r.id, r])) : null;
    const pool = Math.max(rank.limit * 4, 20);
    let hits: { id: number; score: number }[];
    if (!rows) {
      hits = await this.search.search(rank.query, { sourceIds: plan.sourceIds }, pool);
    } else if (rows.length <= 4000) {
      hits = await this.search.search(rank.query, { ids: rows.map((r) => r.id) }, pool);
    } else {
      const sessionIds = [...new Set(rows.map((r) => r.sessionId))];
      hits = (await this.search.search(rank.query, { sessionIds }, pool * 4)).filter((h) => byId!.has(h.id));
    }
    if (!hits.length) return rows ?? [];
    const prefer = new Set((rank.speakers ?? []).map((s) => s.toLowerCase()));
    let found: SelectedRow[];
    if (byId) {
      found = hits.filter((h) => byId.has(h.id)).map((h) => ({ ...byId.get(h.id)!, score: h.score }));
    } else {
      const meta = this.rowsByIds(hits.map((h) => h.id), plan);
      found = hits.filter((h) => meta.has(h.id)).map((h) => ({ ...meta.get(h.id)!, score: h.score }));
    }
    if (prefer.size) {
      for (const r of found) if (prefer.has(r.speaker.toLowerCase())) r.score = (r.score ?? 0) * SPEAKER_BOOST;
      found.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    }
    const best = found[0]?.score ?? 0;
    const cutoff = this.options.rankRelativeCutoff ?? DEFAULT_CUTOFF;
    return found.filter((r, i) => i === 0 || (r.score ?? 0) >= best * cutoff).slice(0, rank.limit);
  }

  private rowsByIds(ids: number[], plan: TimelinePlan): Map<number, SelectedRow> {
    const col = plan.sessionNumbering === 'source' ? 's.source_index' : 's.memory_index';
    const out = new Map<number, SelectedRow>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const raw = this.stmt(
        `SELECT m.id, m.source_id, m.session_id, ${col}, m.response_index, m.external_id, m.speaker FROM messages m JOIN sessions s ON s.id = m.session_id WHERE m.id IN (${chunk.map(() => '?').join(',')})`,
      ).raw().all(...chunk) as [number, number, number, number, number, string | null, string][];
      for (const [id, sourceId, sessionId, session, responseIndex, externalId, speaker] of raw) out.set(id, { id, sourceId, sessionId, session, responseIndex, externalId, speaker });
    }
    return out;
  }

  /** Runs a plan: chain, then ranking when the plan ranks. */
  async execute(plan: TimelinePlan): Promise<{ rows: SelectedRow[]; sql: string; params: (string | number)[]; ranked: boolean }> {
    const checked = checkPlan(plan);
    const chainOnly = !checked.chain.length && checked.rank;
    const selected = chainOnly ? null : this.select(checked);
    const rows = checked.rank ? await this.rank(checked, selected?.rows ?? null) : selected!.rows;
    const sql = selected?.sql ?? '-- no table operations: the whole scope is ranked by the search index';
    return { rows, sql, params: selected?.params ?? [], ranked: !!checked.rank && rows.some((r) => r.score !== undefined) };
  }

  /** Question → plan → rows (the batch path). */
  async retrieve(input: QuestionInput): Promise<{ planned: PlannedQuestion; rows: SelectedRow[] }> {
    const planned = this.plan(input);
    const { rows } = await this.execute(planned.plan);
    return { planned, rows };
  }

  /** Runs a plan for people: a page of full rows, the sessions they are in, the SQL. */
  async run(plan: TimelinePlan, page: { offset?: number; limit?: number } = {}): Promise<PlanRun> {
    const t0 = performance.now();
    const { rows, sql, params, ranked } = await this.execute(plan);
    const offset = page.offset ?? 0;
    const limit = page.limit ?? 500;
    const slice = rows.slice(offset, offset + limit);
    const full: MessageRow[] = this.chat.getMessages(slice.map((r) => r.id));
    return {
      total: rows.length,
      offset,
      rows: full,
      sessionIds: [...new Set(rows.map((r) => r.sessionId))],
      sql,
      params,
      ranked,
      elapsedMs: Math.round((performance.now() - t0) * 10) / 10,
    };
  }
}

function hasDateIn(sorted: string[], from: string, to: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo] <= to;
}
