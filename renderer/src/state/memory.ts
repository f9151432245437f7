// Keeps the app store's overview of the memory (stats, sources, jobs) in step with the engine:
// loaded at start, refreshed when the engine reports a change. Sessions are not part of it: the
// timeline loads those of the span it shows (`loadTimeline`), so a memory of thousands of
// sessions is interactive as soon as its overview has arrived.
import type { ChangeTopic, EngineEvent } from '../../../shared/types';
import { api, connection } from '../api/connection';
import { takeFirstOverview, takeFirstPeriods } from '../first-calls';
import { errorMessage } from '../ui/format';
import { COMPRESSED_GAP_DAYS } from '../../../shared/dates/activity';
import { wallToMs } from '../../../shared/dates/wall-clock';
import { useApp } from './app-store';

let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let refreshing: Promise<void> | null = null;

export async function refreshMemory(): Promise<void> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    try {
      // the page's first script may have asked already (first-calls.ts)
      const first = takeFirstOverview();
      const [stats, sources, memoryInfo] = await (first ??
        Promise.all([api().stats({}), api().listSources({}), useApp.getState().memoryInfo ?? api().memoryInfo({})]));
      useApp.setState({ stats, sources, memoryInfo, memoryLoaded: true, memoryError: null });
      const periods = loadPeriods();
      // asked with the first overview: the first screen draws the timeline with them (later refreshes do not wait)
      if (first) await periods;
    } catch (err) {
      useApp.setState({ memoryLoaded: true, memoryError: errorMessage(err) });
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

let firstOverview: Promise<void> | null = null;

/** The first overview: asked for once, as early as the page can (see first-requests.ts). */
export function loadFirstOverview(): Promise<void> {
  firstOverview ??= refreshMemory();
  return firstOverview;
}

/**
 * The memory's periods of activity, for the timeline's compressed pauses. Without them (an
 * engine that cannot say) the timeline compresses the pauses between the sessions it knows.
 */
async function loadPeriods(): Promise<void> {
  try {
    const args = { minGapDays: COMPRESSED_GAP_DAYS };
    const periods = await (takeFirstPeriods(args.minGapDays) ?? api().timelinePeriods(args));
    useApp.setState({ timelinePeriods: periods.map(([a, b]) => [wallToMs(a), wallToMs(b)]) });
  } catch {
    useApp.setState({ timelinePeriods: null });
  }
}

/** Sessions per timeline request: beyond this the span is drawn by day (too dense to tell apart). */
export const TIMELINE_SESSION_LIMIT = 2000;
let timelineRequest = 0;

/**
 * Loads what the timeline draws for a span (wall clock): its sessions, or its messages per day
 * when they are too many; the selected session is kept known (for its label and range).
 */
export async function loadTimeline(span: { from?: string; to?: string }): Promise<void> {
  const request = ++timelineRequest;
  try {
    const marks = await api().timelineMarks({ ...span, limit: TIMELINE_SESSION_LIMIT });
    if (request !== timelineRequest) return;
    const selected = selectedSessionId();
    const known = selected !== null && !marks.sessions.some((s) => s.id === selected) ? useApp.getState().sessions.find((s) => s.id === selected) : undefined;
    useApp.setState({
      sessions: known ? [...marks.sessions, known] : marks.sessions,
      timelineSpan: { total: marks.total, truncated: marks.truncated, days: marks.days },
    });
    await knowSelectedSession();
  } catch {
    // The timeline keeps what it shows; the next change of span or memory asks again.
  }
}

function selectedSessionId(): number | null {
  const selection = useApp.getState().selection;
  return selection?.kind === 'session' ? selection.sessionId : null;
}

/**
 * Makes the selected session known (its label, its range) when it lies outside the span loaded,
 * e.g. chosen from a search hit or an answer's source.
 */
export async function knowSelectedSession(): Promise<void> {
  const id = selectedSessionId();
  if (id === null || useApp.getState().sessions.some((s) => s.id === id)) return;
  const [session] = await api().listSessions({ ids: [id] });
  if (session && selectedSessionId() === id && !useApp.getState().sessions.some((s) => s.id === id)) {
    useApp.setState((s) => ({ sessions: [...s.sessions, session] }));
  }
}

function scheduleRefresh() {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshMemory(), 250);
}

function onEngineEvent(event: EngineEvent) {
  if (event.type === 'job') {
    const job = event.job;
    useApp.setState((s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
    if (job.state !== 'running') scheduleRefresh();
    return;
  }
  const topics = new Set<ChangeTopic>(event.topics);
  if (topics.has('messages') || topics.has('sources')) {
    useApp.setState((s) => ({ messagesVersion: s.messagesVersion + 1 }));
  }
  if (topics.has('graph') || topics.has('sources')) {
    useApp.setState((s) => ({ graphVersion: s.graphVersion + 1 }));
  }
  if (topics.has('jobs')) void loadJobs();
  scheduleRefresh();
}

async function loadJobs() {
  try {
    const jobs = await api().listJobs({});
    // Merge: a job reported by an event but not (yet) listed is kept.
    useApp.setState((s) => ({ jobs: { ...s.jobs, ...Object.fromEntries(jobs.map((j) => [j.id, j])) } }));
  } catch {
    // Jobs are also pushed as events; a failed listing is not worth a notice.
  }
}

/** Starts listening to the engine; returns the stop function. */
export function startMemorySync(): () => void {
  const stop = connection().client.onEvent(onEngineEvent);
  void loadFirstOverview();
  void loadJobs();
  const stopSelection = useApp.subscribe((s, prev) => {
    if (s.selection !== prev.selection) void knowSelectedSession().catch(() => {});
  });
  // Events drive the view; while a job runs, a slow poll also keeps it honest should the
  // event stream drop (a browser tab asleep, a proxy in between).
  const poll = setInterval(() => {
    const jobs = Object.values(useApp.getState().jobs);
    if (jobs.some((j) => j.state === 'running')) {
      void loadJobs().then(() => {
        const stillRunning = Object.values(useApp.getState().jobs).some((j) => j.state === 'running');
        if (!stillRunning) scheduleRefresh();
      });
    }
  }, 2000);
  return () => {
    clearInterval(poll);
    stopSelection();
    stop();
  };
}
