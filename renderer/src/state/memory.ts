// Keeps the app store's overview of the memory (stats, sources, sessions, jobs) in step with
// the engine: loaded at start, refreshed when the engine reports a change.
import type { ChangeTopic, EngineEvent } from '../../../shared/types';
import { api, connection } from '../api/connection';
import { errorMessage } from '../ui/format';
import { useApp } from './app-store';

let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let refreshing: Promise<void> | null = null;

export async function refreshMemory(): Promise<void> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    try {
      const [stats, sources, sessions, memoryInfo] = await Promise.all([
        api().stats({}),
        api().listSources({}),
        api().listSessions({}),
        useApp.getState().memoryInfo ?? api().memoryInfo({}),
      ]);
      useApp.setState({ stats, sources, sessions, memoryInfo, memoryLoaded: true, memoryError: null });
    } catch (err) {
      useApp.setState({ memoryLoaded: true, memoryError: errorMessage(err) });
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
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
  void refreshMemory();
  void loadJobs();
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
    stop();
  };
}
