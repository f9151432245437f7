// App-wide state: the route (tab, time selection, TTL target), the memory overview shown in
// the header and timeline, running jobs, and transient UI (import panel, notices).
// Each tab keeps its own state in its own store (tabs/*/…-store.ts).
import { create } from 'zustand';
import type { JobInfo, SessionInfo, SourceInfo, Stats, TimelineMarks } from '../../../shared/types';
import type { TabId, TimeSelection, TtlTarget } from './route';

export interface Notice {
  id: number;
  tone: 'info' | 'success' | 'error';
  text: string;
  action?: { label: string; run: () => void };
  /** Stays until dismissed (or acted on). */
  sticky?: boolean;
}

export interface AppState {
  tab: TabId;
  selection: TimeSelection | null;
  ttlTarget: TtlTarget | null;
  /** The entity selected in the Entities tab (route `#/entities?entity=IRI`). */
  entity: string | null;

  /** The memory's data folder and the engine version. */
  memoryInfo: { dataDir: string; version: string } | null;
  stats: Stats | null;
  sources: SourceInfo[];
  /**
   * The sessions the workbench knows: those of the timeline's visible span (loaded as it is
   * shown, state/memory.ts `loadTimeline`) and the selected one. Never all of a large memory.
   */
  sessions: SessionInfo[];
  /** The span the timeline shows and how it is drawn: session by session, or (too many) by day. */
  timelineSpan: Pick<TimelineMarks, 'total' | 'truncated' | 'days'> | null;
  /** The whole memory's periods of activity (ms), for the timeline's compressed pauses; null until loaded. */
  timelinePeriods: [number, number][] | null;
  /** False until the first overview has arrived (avoids flashing the first-run screen). */
  memoryLoaded: boolean;
  memoryError: string | null;
  /** Bumped when the engine says messages / the graph changed: views refetch on change. */
  messagesVersion: number;
  graphVersion: number;

  jobs: Record<string, JobInfo>;
  importOpen: boolean;
  shortcutsOpen: boolean;
  notices: Notice[];

  setTab(tab: TabId): void;
  select(selection: TimeSelection | null): void;
  openEntity(iri: string): void;
  openGraph(iri: string): void;
  /** Shows an entity in the Entities tab (e.g. one derived from a message). */
  openInEntities(iri: string): void;
  setEntity(iri: string | null): void;
  setImportOpen(open: boolean): void;
  setShortcutsOpen(open: boolean): void;
  notify(notice: Omit<Notice, 'id'>): void;
  dismiss(id: number): void;
}

let noticeSeq = 0;

export const useApp = create<AppState>()((set) => ({
  tab: 'messages',
  selection: null,
  ttlTarget: null,
  entity: null,
  memoryInfo: null,
  stats: null,
  sources: [],
  sessions: [],
  timelineSpan: null,
  timelinePeriods: null,
  memoryLoaded: false,
  memoryError: null,
  messagesVersion: 0,
  graphVersion: 0,
  jobs: {},
  importOpen: false,
  shortcutsOpen: false,
  notices: [],

  setTab: (tab) => set({ tab }),
  select: (selection) => set({ selection }),
  openEntity: (iri) => set({ tab: 'ttl', ttlTarget: { kind: 'entity', iri } }),
  openGraph: (iri) => set({ tab: 'ttl', ttlTarget: { kind: 'graph', iri } }),
  openInEntities: (iri) => set({ tab: 'entities', entity: iri }),
  setEntity: (entity) => set({ entity }),
  setImportOpen: (importOpen) => set({ importOpen }),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
  notify: (notice) => {
    const id = ++noticeSeq;
    // At most four at once; one that stays until dismissed is never pushed out. One notice with
    // an action (Undo, Redo) at a time: a newer one replaces it, so a stale "Undo" never undoes
    // something other than what it says.
    set((s) => {
      const kept = notice.action ? s.notices.filter((n) => n.sticky || !n.action) : s.notices;
      const transient = kept.filter((m) => !m.sticky).slice(-3);
      return { notices: [...kept.filter((n) => n.sticky || transient.includes(n)), { ...notice, id }] };
    });
    if (!notice.sticky) setTimeout(() => useApp.getState().dismiss(id), notice.tone === 'error' ? 9000 : 5000);
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));

/** The running jobs, oldest first. */
export function runningJobs(jobs: Record<string, JobInfo>): JobInfo[] {
  return Object.values(jobs)
    .filter((j) => j.state === 'running')
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}
