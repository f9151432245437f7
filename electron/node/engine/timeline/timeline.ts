// The timeline service: plans questions against the memory and runs plans on the chat table.
//
// One instance per engine. It keeps per-scope caches (sessions, dates with messages,
// speakers) that are dropped when the chat table changes; the chat store prepares each
// compiled statement once, so a batch of thousands of questions costs a few indexed queries each.
// Ranking by content uses the search index (BM25) restricted to the rows the chain kept.
import { ApiError } from '../../../../shared/api';
import type { MessageRow, PlannedQuestion, PlanRun, TimelinePlan } from '../../../../shared/types';
import { wallClockOfDate, parseIsoWallClock } from '../../../../shared/dates/wall-clock';
import type { ChatStore } from '../stores/chat/chat-store';
import type { ChainRow } from '../stores/chat/plan-sql';
import { readingDepth, type SearchIndex, type SearchScope, type TextHit } from '../stores/search-index';
import type { OllamaClient } from '../llm/ollama';
import { planWithLlm } from './llm-planner';
import { checkPlan } from './plan';
import { planQuestion, type PlannerMemory, type PlannerOptions, type SessionEntry } from './planner';
import type { DialogueTurn } from './rewrite';
import { keptRecent } from '../common/kept-recent';

export interface QuestionInput {
  question: string;
  context?: DialogueTurn[];
  /** ISO-8601 (with an offset: converted to this machine's wall clock); default: the clock. */
  now?: string;
  sourceIds?: number[];
  /** Locale setting for numeric dates and holidays (default: the timeline's, else en-US). */
  locale?: string;
}

/** A selected row, as the batch interface reports it. */
export interface SelectedRow extends ChainRow {
  score?: number;
}

export interface TimelineOptions extends PlannerOptions {
  /** Locale setting when a question gives none ('en-US' when absent). */
  locale?: string;
  /** Ranked rows scoring below this share of the best score are dropped. */
  rankRelativeCutoff?: number;
  /** Share of the previous turn's score a turn adds to its own. */
  previousTurnWeight?: number;
  /** Share of the next turn's score a turn adds to its own (the reply echoes what was said). */
  nextTurnWeight?: number;
  /** The speakers a content question is about: keep only their turns ('filter') or boost them. */
  speakerMode?: 'filter' | 'boost';
  speakerBoost?: number;
  /** How a ranking's search weighs listing session ids against reading the ranking (SESSIONS_LISTED_MOST, RANKING_ROWS_PER_LISTED_ID; tests change them). */
  sessionSearch?: { listedMost?: number; rowsPerListedId?: number };
  /** When set, the LLM writes the plans (the study's path); the rules' plan is the fallback. */
  llm?: OllamaClient;
}

const RANK_DEFAULTS = { rankRelativeCutoff: 0.4, previousTurnWeight: 0.5, nextTurnWeight: 0.25, speakerMode: 'filter' as 'filter' | 'boost', speakerBoost: 1.5 };
/** Plans kept (Timeline.plan). */
const PLANS_KEPT = 2000;
/** Rows scored one by one; beyond this the search index ranks the sessions' rows and the rest score 0. */
const MAX_SCORED_ROWS = 5000;
/**
 * Session ids a search lists at most (those of a chain, or those it leaves out); beyond, the
 * ranking is read without them: at a million messages 2,000 listed ids cost the index's filter
 * about 0.2–0.4 s, reading the ranking deep enough for a fifth of the sessions about 0.1 s.
 */
const SESSIONS_LISTED_MOST = 2000;
/**
 * Hits of a ranking read in the time the search index's filter takes per listed id (at a
 * million messages: 100,000 hits 0.2 s; 6,000–17,000 listed ids 0.07 ms each), with a margin.
 */
const RANKING_ROWS_PER_LISTED_ID = 25;

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
  private sourceNames = new Map<string, number[]>();

  constructor(
    private readonly chat: ChatStore,
    private readonly search: SearchIndex,
    private readonly options: TimelineOptions = {},
  ) {}

  /** Drops the caches when the chat table changed (imports, deletions). */
  private checkVersion(): void {
    const v = this.chat.versionKey();
    if (v !== this.version) {
      this.version = v;
      this.scopes.clear();
      this.sourceNames.clear();
      this.plans.clear();
    }
  }

  /**
   * Plans of the questions planned lately, per version of the chat table, by question, context,
   * now, locale and sources: a batch (or a person) asks the same question again under the same
   * now, and the plan is the same. Shared: callers read a plan, they do not change it.
   */
  private plans = new Map<string, PlannedQuestion>();

  invalidate(): void {
    this.version = '';
  }

  /** Source ids for a source id or name (file name, key, path). */
  sourcesNamed(nameOrId: string): number[] {
    this.checkVersion();
    const key = nameOrId.trim();
    let ids = this.sourceNames.get(key);
    if (!ids) {
      const base = key.split(/[\\/]/).pop() ?? key;
      const sources = this.chat.listSources();
      const exact = sources.filter((s) => String(s.id) === key || s.key === key || s.name === key || s.path === key);
      ids = (exact.length ? exact : sources.filter((s) => s.name === base || s.name.replace(/\.[^.]+$/, '') === base || (s.path ?? '').split(/[\\/]/).pop() === base)).map((s) => s.id);
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
    const sessions: SessionEntry[] = this.chat.sessionSpans(ids).map((r) => ({
      id: r.id,
      sourceId: r.sourceId,
      index: numbering === 'source' ? r.sourceIndex : r.memoryIndex,
      start: r.start,
      end: r.end,
      ...(r.firstResponse !== null && r.lastResponse !== null ? { responses: [r.firstResponse, r.lastResponse] as [number, number] } : {}),
    }));
    const dates = this.chat.messageDates(ids);
    const speakerRows = this.chat.listSpeakers(ids);
    const speakers = [...new Set(speakerRows.map((r) => r.speaker))];
    const hasRoles = speakerRows.some((r) => r.role === 'assistant') && speakerRows.some((r) => r.role === 'user');
    const sessionIndexById = new Map(sessions.map((s) => [s.id, s.index]));
    const speakerSessions = new Map<string, number[]>();
    let titled: Map<string, number[]> | undefined;
    const memory: PlannerMemory = {
      numbering,
      ...(ids ? { sourceIds: ids } : {}),
      sessions,
      speakers,
      hasRoles,
      hasData: (from, to) => hasDateIn(dates, from, to),
      responsesOfRole: (index, role) => {
        const session = sessions[index - 1];
        return session ? this.chat.responseRangeOfRole(session.id, role) : null;
      },
      sessionsTitled: () => {
        if (!titled) {
          titled = new Map();
          for (const r of this.chat.sessionTitles(ids)) {
            const index = sessionIndexById.get(r.id);
            if (index !== undefined) titled.set(r.title, [...(titled.get(r.title) ?? []), index]);
          }
        }
        return titled;
      },
      sessionsOfSpeaker: (name) => {
        let list = speakerSessions.get(name);
        if (!list) {
          list = this.chat
            .sessionIdsOfSpeaker(name, ids)
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
    const locale = input.locale ?? this.options.locale;
    const key = JSON.stringify([input.question, input.context ?? null, now, locale ?? null, input.sourceIds ?? null]);
    return keptRecent(this.plans, key, PLANS_KEPT, () => planQuestion({ question: input.question, context: input.context, now, locale }, memory, this.options));
  }

  /** The sessions nearest a period with no messages: the last one before it and the first after it. */
  nearestSessions(from: string, to: string, sourceIds?: number[]): { before?: SessionEntry; after?: SessionEntry } {
    const { sessions } = this.scope(sourceIds).memory;
    let before: SessionEntry | undefined;
    for (const s of sessions) {
      if (s.start.slice(0, 10) > to) return { before, after: s };
      if (s.start.slice(0, 10) < from) before = s;
    }
    return { before };
  }

  /** The rows the plan's chain keeps, in time order (`version`: the chat's versionKey, read just before). */
  select(plan: TimelinePlan, version?: string): { rows: SelectedRow[]; sql: string; params: (string | number)[] } {
    // (no cache is read here: the rows come from the chat table as it is)
    return this.chat.chainRows(checkPlan(plan), version);
  }

  /**
   * Ranks rows by relevance to the plan's query and keeps the best. BM25 scores every row the
   * chain kept; a turn also takes part of the score of the turn before it (an answer follows
   * the question that names its topic: "What kind of music do you like?" → "Foo Fighters!");
   * the speakers the question is about ("What did Ana say…") are kept, when any of their
   * turns matches; the rows scoring at least a share of the best one are kept, at most `limit`.
   */
  async rank(plan: TimelinePlan, rows: SelectedRow[] | null, sessionScores?: Map<number, number>): Promise<SelectedRow[]> {
    const rank = plan.rank;
    if (!rank) return rows ?? [];
    if (rows && !rows.length) return [];
    const o = {
      rankRelativeCutoff: this.options.rankRelativeCutoff ?? RANK_DEFAULTS.rankRelativeCutoff,
      previousTurnWeight: this.options.previousTurnWeight ?? RANK_DEFAULTS.previousTurnWeight,
      nextTurnWeight: this.options.nextTurnWeight ?? RANK_DEFAULTS.nextTurnWeight,
      speakerMode: this.options.speakerMode ?? RANK_DEFAULTS.speakerMode,
      speakerBoost: this.options.speakerBoost ?? RANK_DEFAULTS.speakerBoost,
    };
    let scored: SelectedRow[];
    if (!rows) {
      const hits = await this.search.search(rank.query, { sourceIds: plan.sourceIds }, Math.max(rank.limit * 10, 50));
      const meta = this.chat.chainRowsByIds(hits.map((h) => h.id), plan.sessionNumbering);
      scored = hits.filter((h) => meta.has(h.id)).map((h) => ({ ...meta.get(h.id)!, score: h.score }));
    } else {
      const scores = sessionScores ?? new Map<number, number>();
      if (sessionScores) {
        // scored already, over the chain's sessions (execute)
      } else if (rows.length <= MAX_SCORED_ROWS) {
        for (const h of await this.searchRows(rank.query, rows)) scores.set(h.id, h.score);
      } else {
        const sessionIds = [...new Set(rows.map((r) => r.sessionId))];
        for (const h of await this.searchSessions(plan, sessionIds, MAX_SCORED_ROWS)) scores.set(h.id, h.score);
      }
      scored = rows.map((r, i) => {
        const own = scores.get(r.id) ?? 0;
        const prev = i > 0 && rows[i - 1].sessionId === r.sessionId ? (scores.get(rows[i - 1].id) ?? 0) : 0;
        const next = i + 1 < rows.length && rows[i + 1].sessionId === r.sessionId ? (scores.get(rows[i + 1].id) ?? 0) : 0;
        return { ...r, score: own + o.previousTurnWeight * prev + o.nextTurnWeight * next };
      });
      scored = scored.filter((r) => (r.score ?? 0) > 0);
    }
    if (!scored.length) return rows ?? [];
    const prefer = new Set((rank.speakers ?? []).map((s) => s.toLowerCase()));
    if (prefer.size) {
      const theirs = scored.filter((r) => prefer.has(r.speaker.toLowerCase()));
      if (o.speakerMode === 'filter') {
        if (theirs.length) scored = theirs;
      } else {
        for (const r of theirs) r.score = (r.score ?? 0) * o.speakerBoost;
      }
    }
    scored.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    const best = scored[0].score ?? 0;
    return scored.filter((r, i) => i === 0 || (r.score ?? 0) >= best * o.rankRelativeCutoff).slice(0, rank.limit);
  }

  private get listedMost(): number {
    return this.options.sessionSearch?.listedMost ?? SESSIONS_LISTED_MOST;
  }

  private get rowsPerListedId(): number {
    return this.options.sessionSearch?.rowsPerListedId ?? RANKING_ROWS_PER_LISTED_ID;
  }

  /**
   * Every hit of `query` among `rows` (at most MAX_SCORED_ROWS of them). A long list of ids
   * costs the search index's filter 0.07 ms an id at a million messages (3,500: 0.28 s), a range
   * of ids 30 ms: the range the rows span is searched and the hits among them kept, when the
   * range is not much more than the rows (a chain of dates within one source spans few others).
   */
  private searchRows(query: string, rows: readonly SelectedRow[]): Promise<TextHit[]> {
    const ids = rows.map((r) => r.id);
    let lo = Infinity;
    let hi = -Infinity;
    for (const id of ids) {
      if (id < lo) lo = id;
      if (id > hi) hi = id;
    }
    const span = hi - lo + 1;
    if (ids.length <= this.listedMost || span > ids.length * this.rowsPerListedId) {
      return this.search.search(query, { ids }, ids.length);
    }
    // the whole range read: at most `span` hits (every row of it), so the reading ends within it
    return this.search.searchAmong(query, { ids: new Set(ids) }, ids.length, { scope: { idRange: [lo, hi] }, share: ids.length / span, deepest: span + 1, listed: { ids } });
  }

  /**
   * The best `limit` hits of the plan's rank query in a chain's sessions, searched as the index
   * reads them fastest. Its filter costs about 0.1–0.2 ms per id listed at a million messages
   * (the 100,000 sessions of "what did I say…" took 13–17 s, against 35 ms with no filter): a
   * chain of every session of the whole memory needs none, one of nearly every session names
   * those it leaves out, and when either list would be long the ranking is read without it
   * (SearchIndex.searchAmong), if the sessions hold enough of the hits for that to cost less.
   */
  private searchSessions(plan: TimelinePlan, sessionIds: number[], limit: number): Promise<TextHit[]> {
    const query = plan.rank!.query;
    const out = this.chat.sessionsLeftOut(sessionIds, plan.sourceIds);
    let listed: SearchScope = { sessionIds };
    if (out) {
      listed = out.wholeMemory ? {} : { sourceIds: out.sources };
      if (out.leftOut.length) listed.excludeSessionIds = out.leftOut;
    }
    const ids = out ? out.leftOut.length : sessionIds.length;
    if (ids > this.listedMost) {
      // read the ranking only as deep as listing the ids would cost
      const sources = out ? (out.wholeMemory ? null : out.sources) : (plan.sourceIds ?? null);
      const share = sessionIds.length / Math.max(1, this.chat.sessionCount(sources ?? undefined));
      const deepest = ids * this.rowsPerListedId;
      if (readingDepth(limit, share) <= deepest) return this.search.searchAmong(query, { sessions: new Set(sessionIds) }, limit, { scope: sources ? { sourceIds: sources } : {}, share, deepest, listed });
    }
    return this.search.search(query, listed, limit);
  }

  /**
   * A ranked chain of more rows than are scored one by one: the search index ranks the chain's
   * sessions, and only the rows of the sessions it found are read (a row scores from its own
   * and its neighbours' hits, all in its session). The same rows as rank() over the whole
   * chain, or 'unscored' when nothing scores (rank() then keeps every row of the chain, unscored).
   * Null when the chain is small.
   */
  private async rankLargeChain(plan: TimelinePlan, extent = this.chat.chainExtent(plan)): Promise<{ rows: SelectedRow[]; sql: string; params: (string | number)[] } | 'unscored' | null> {
    if (extent.rows <= MAX_SCORED_ROWS) return null;
    const scores = new Map<number, number>();
    for (const h of await this.searchSessions(plan, extent.sessionIds, MAX_SCORED_ROWS)) scores.set(h.id, h.score);
    const hitSessions = this.chat.sessionIdsOfMessages([...scores.keys()]);
    const selected = hitSessions.length ? this.chat.chainRowsInSessions(plan, hitSessions) : null;
    const rows = selected ? await this.rank(plan, selected.rows, scores) : [];
    if (selected && rows.some((r) => (r.score ?? 0) > 0)) return { rows, sql: selected.sql, params: selected.params };
    return 'unscored';
  }

  /** Runs a plan: chain, then ranking when the plan ranks (`version`: the chat's versionKey, read just before). */
  async execute(plan: TimelinePlan, version?: string): Promise<{ rows: SelectedRow[]; sql: string; params: (string | number)[]; ranked: boolean }> {
    const checked = checkPlan(plan);
    const chainOnly = !checked.chain.length && checked.rank;
    if (checked.rank && !chainOnly) {
      const ranked = await this.rankLargeChain(checked);
      if (ranked === 'unscored') return { ...this.select(checked), ranked: false };
      if (ranked) return { ...ranked, ranked: ranked.rows.some((r) => r.score !== undefined) };
    }
    const selected = chainOnly ? null : this.select(checked, version);
    const rows = checked.rank ? await this.rank(checked, selected?.rows ?? null) : selected!.rows;
    const sql = selected?.sql ?? '-- no table operations: the whole scope is ranked by the search index';
    return { rows, sql, params: selected?.params ?? [], ranked: !!checked.rank && rows.some((r) => r.score !== undefined) };
  }

  /** Question → plan, by the LLM when one is configured (else as `plan`). */
  async planAsync(input: QuestionInput): Promise<PlannedQuestion> {
    const planned = this.plan(input);
    if (!this.options.llm) return planned;
    const now = resolveNow(input.now);
    const { memory } = this.scope(input.sourceIds);
    return planWithLlm(this.options.llm, { question: input.question, context: input.context, now, locale: input.locale ?? this.options.locale }, memory, planned, { rankLimit: this.options.rankLimit });
  }

  /** Question → plan → rows (the batch path). */
  async retrieve(input: QuestionInput): Promise<{ planned: PlannedQuestion; rows: SelectedRow[] }> {
    const planned = await this.planAsync(input);
    // the version planning has just read (or a later one): the chain's rows are not asked to read it again
    const { rows } = await this.execute(planned.plan, this.version || undefined);
    return { planned, rows };
  }

  /** Runs a plan for people: a page of full rows, the sessions they are in, the SQL. */
  async run(plan: TimelinePlan, page: { offset?: number; limit?: number } = {}): Promise<PlanRun> {
    const t0 = performance.now();
    const offset = page.offset ?? 0;
    const limit = page.limit ?? 500;
    const checked = checkPlan(plan);
    const chainOnly = !checked.chain.length && checked.rank;
    const extent = chainOnly ? null : this.chat.chainExtent(checked);
    const large = checked.rank && extent ? await this.rankLargeChain(checked, extent) : null;
    // Unranked, or a large ranked chain where nothing scores (it keeps every row, unranked): the
    // count and sessions from SQL, and only the page's rows read.
    if (extent && (!checked.rank || large === 'unscored')) {
      const { rows, sql, params } = this.chat.chainPageMessages(checked, offset, limit, extent);
      return {
        total: extent.rows,
        offset,
        rows,
        sessionIds: extent.sessionIds,
        sql,
        params,
        ranked: false,
        elapsedMs: Math.round((performance.now() - t0) * 10) / 10,
      };
    }
    const { rows, sql, params, ranked } = large && large !== 'unscored' ? { ...large, ranked: large.rows.some((r) => r.score !== undefined) } : await this.execute(plan);
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
