// Messages tab state: its own filters, the paged result of the current query, the selected
// message and its detail. Pages are fetched as the virtual list scrolls to them, so 100,000
// messages cost one page of rows at a time.
import { create } from 'zustand';
import type { MessageFilter, MessagePart, MessageRow } from '../../../../shared/types';
import { api } from '../../api/connection';
import { takeFirstPage } from '../../first-calls';
import { errorMessage } from '../../ui/format';
import { EMPTY_FILTERS, PAGE_SIZE, pageArgs, type MessageFilters, type PlanRows } from './message-query';

export { buildMessageFilter, PAGE_SIZE, type MessageFilters, type PlanRows } from './message-query';

export interface MessageDetail {
  message: MessageRow;
  /** Attachments, cited sources, hidden thinking and tool calls. */
  parts: MessagePart[];
  postTurtle: string;
  derived: { iri: string; label: string; types: string[] }[];
}

interface MessagesState {
  filters: MessageFilters;
  /** The filter of the query on screen (tab filters + timeline selection). */
  query: MessageFilter | null;
  queryId: number;
  total: number | null;
  pages: Record<number, MessageRow[]>;
  highlight: string[];
  loading: boolean;
  error: string | null;
  elapsedMs: number | null;
  speakers: { speaker: string; role: string; messages: number }[];
  selectedId: number | null;
  detail: MessageDetail | null;
  detailError: string | null;
  /** Set by the plan store (renderer/src/plan) while a plan's rows are shown. */
  plan: PlanRows | null;

  setPlan(plan: PlanRows | null): void;
  setFilters(patch: Partial<MessageFilters>): void;
  clearFilters(): void;
  /**
   * Lists the first page of the query. With the memory's `version` (messagesVersion): a query
   * already run or running for that version is not asked again (the page may have asked for
   * it before the tab was drawn).
   */
  run(query: MessageFilter, version?: number): Promise<void>;
  ensureRows(first: number, last: number): void;
  selectMessage(id: number | null): Promise<void>;
  loadSpeakers(): Promise<void>;
}

const inflight = new Set<string>();
/** The last run with a version: its query and version, and its promise. */
let lastRun: { key: string; queryId: number; done: Promise<void> } | null = null;

export const useMessages = create<MessagesState>()((set, get) => ({
  filters: EMPTY_FILTERS,
  query: null,
  queryId: 0,
  total: null,
  pages: {},
  highlight: [],
  loading: false,
  error: null,
  elapsedMs: null,
  speakers: [],
  selectedId: null,
  detail: null,
  detailError: null,

  setFilters: (patch) => set((s) => ({ filters: { ...s.filters, ...patch } })),
  clearFilters: () => set({ filters: EMPTY_FILTERS }),
  plan: null,
  setPlan: (plan) => set({ plan }),

  async run(query, version) {
    const key = version === undefined ? null : `${version}:${JSON.stringify(query)}`;
    // The same query for the same memory version, still the current one: nothing new to ask.
    if (key !== null && lastRun?.key === key && lastRun.queryId === get().queryId) return lastRun.done;
    const queryId = get().queryId + 1;
    set({ query, queryId, loading: true, error: null });
    const started = performance.now();
    const done = (async () => {
      try {
        // the page's first script may have asked for this very page already (first-calls.ts)
        const page = await (takeFirstPage(query) ?? api().listMessages(pageArgs(query, 0)));
        if (get().queryId !== queryId) return;
        set({
          total: page.total,
          pages: { 0: page.rows },
          highlight: page.highlight,
          loading: false,
          elapsedMs: performance.now() - started,
        });
      } catch (err) {
        if (get().queryId !== queryId) return;
        set({ total: 0, pages: {}, highlight: [], loading: false, error: errorMessage(err) });
      }
    })();
    lastRun = key === null ? null : { key, queryId, done };
    return done;
  },

  ensureRows(first, last) {
    const { query, queryId, pages, total } = get();
    if (!query || total === null) return;
    for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) {
      if (pages[p] || p * PAGE_SIZE >= total) continue;
      const key = `${queryId}:${p}`;
      if (inflight.has(key)) continue;
      inflight.add(key);
      api()
        .listMessages(pageArgs(query, p))
        .then((page) => {
          if (get().queryId === queryId) set((s) => ({ pages: { ...s.pages, [p]: page.rows } }));
        })
        .catch((err) => {
          if (get().queryId === queryId) set({ error: errorMessage(err) });
        })
        .finally(() => inflight.delete(key));
    }
  },

  async selectMessage(id) {
    set({ selectedId: id, detailError: null, ...(id === null ? { detail: null } : {}) });
    if (id === null) return;
    try {
      const detail = await api().getMessage({ id });
      if (get().selectedId !== id) return;
      set({ detail, detailError: detail ? null : 'This message no longer exists.' });
    } catch (err) {
      if (get().selectedId === id) set({ detail: null, detailError: errorMessage(err) });
    }
  },

  async loadSpeakers() {
    try {
      set({ speakers: await api().listSpeakers({}) });
    } catch {
      // The speaker filter stays empty; the list itself reports errors.
    }
  },
}));

/** Row `index` of the current query, if its page has arrived. */
export function rowAt(pages: Record<number, MessageRow[]>, index: number): MessageRow | undefined {
  return pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
}
