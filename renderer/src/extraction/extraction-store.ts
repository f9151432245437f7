// Extraction state of the workbench: the saved settings, the last live check of Ollama, the
// extraction status (chunks per source and session, interrupted jobs, vectors), and the dialogs
// (settings, failed chunks, "Ollama is needed"). Every way to start a job goes through here:
// Ollama is checked first, and when it cannot run the job the person is told exactly what to
// run instead of watching a job fail.
import { create } from 'zustand';
import type { EngineEvent, ExtractionScope, ExtractionSettings, ExtractionStatus, JobInfo, OllamaStatus } from '../../../shared/types';
import { api, connection } from '../api/connection';
import { useApp } from '../state/app-store';
import { afterFirstScreen } from '../state/first-screen';
import { errorMessage, plural } from '../ui/format';
import { blockingProblems, describeScope, jobTitle } from './extraction-model';

export interface OllamaNeeded {
  kind: 'extract' | 'embed';
  problems: string[];
  host: string;
  /** What the person asked for, run once Ollama is there. */
  retry: () => Promise<unknown>;
  what: string;
}

interface ExtractionState {
  settings: ExtractionSettings | null;
  /** The last live check with the saved settings. */
  ollama: OllamaStatus | null;
  checking: boolean;
  status: ExtractionStatus | null;
  settingsOpen: boolean;
  /** The failed-chunks dialog, optionally for some sources. */
  failedOpen: { sourceIds?: number[] } | null;
  needs: OllamaNeeded | null;
  /** Keys of the starts in progress (scope JSON, 'embed', 'resume', chunk keys). */
  starting: string[];

  loadSettings(): Promise<void>;
  saveSettings(patch: Partial<ExtractionSettings>): Promise<ExtractionSettings>;
  check(): Promise<OllamaStatus | null>;
  refreshStatus(): Promise<void>;
  setSettingsOpen(open: boolean): void;
  setFailedOpen(filter: { sourceIds?: number[] } | null): void;
  setNeeds(needs: OllamaNeeded | null): void;
  extract(scope: ExtractionScope): Promise<JobInfo | null>;
  buildVectors(): Promise<JobInfo | null>;
  reextract(key: string): Promise<JobInfo | null>;
  resume(): Promise<JobInfo[]>;
}

export const scopeKey = (scope: ExtractionScope) => JSON.stringify(scope);

export const useExtraction = create<ExtractionState>()((set, get) => {
  const busy = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    set((s) => ({ starting: [...s.starting, key] }));
    try {
      return await work();
    } finally {
      set((s) => ({ starting: s.starting.filter((k) => k !== key) }));
    }
  };

  /** Checks Ollama for a job of this kind; opens the "Ollama is needed" dialog when it cannot run. */
  const ready = async (kind: 'extract' | 'embed', what: string, retry: () => Promise<unknown>): Promise<boolean> => {
    const status = await get().check();
    if (!status) return false;
    const problems = blockingProblems(status, kind);
    if (problems.length === 0) {
      if (get().needs) set({ needs: null });
      return true;
    }
    set({ needs: { kind, problems, host: status.host, retry, what } });
    return false;
  };

  const launched = (job: JobInfo, verb: string) => {
    useApp.setState((s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
    const app = useApp.getState();
    app.notify({
      tone: 'info',
      text: `${verb}: ${jobTitle(job, app.sources)}`,
      action: { label: 'Show progress', run: () => useApp.getState().setImportOpen(true) },
    });
  };

  return {
    settings: null,
    ollama: null,
    checking: false,
    status: null,
    settingsOpen: false,
    failedOpen: null,
    needs: null,
    starting: [],

    async loadSettings() {
      try {
        set({ settings: await api().extractionSettings({}) });
      } catch {
        // The settings dialog reports errors when opened.
      }
    },

    async saveSettings(patch) {
      const settings = await api().setExtractionSettings(patch);
      set({ settings });
      void get().check();
      return settings;
    },

    async check() {
      set({ checking: true });
      try {
        const ollama = await api().checkOllama({});
        set({ ollama });
        return ollama;
      } catch (err) {
        useApp.getState().notify({ tone: 'error', text: `Could not check Ollama: ${errorMessage(err)}` });
        return null;
      } finally {
        set({ checking: false });
      }
    },

    async refreshStatus() {
      try {
        set({ status: await api().extractionStatus({}) });
      } catch {
        // Status lines stay as they were; actions report their own errors.
      }
    },

    setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
    setFailedOpen: (failedOpen) => set({ failedOpen }),
    setNeeds: (needs) => set({ needs }),

    async extract(scope) {
      const app = useApp.getState();
      const what = describeScope(scope, { sources: app.sources, sessions: app.sessions });
      return busy(scopeKey(scope), async () => {
        try {
          if (!(await ready('extract', what, () => get().extract(scope)))) return null;
          const job = await api().startExtraction({ scope });
          launched(job, 'Started');
          void get().refreshStatus();
          return job;
        } catch (err) {
          const text = errorMessage(err);
          const nothing = /^nothing to extract/i.test(text);
          useApp.getState().notify({
            tone: nothing ? 'info' : 'error',
            text: nothing ? `Nothing to extract in ${what}: extraction reads your own messages (and the assistant's when Settings › Include assistant messages is on).` : text,
          });
          return null;
        }
      });
    },

    async buildVectors() {
      return busy('embed', async () => {
        try {
          if (!(await ready('embed', 'search vectors', () => get().buildVectors()))) return null;
          const job = await api().startEmbedding({});
          launched(job, 'Started');
          return job;
        } catch (err) {
          useApp.getState().notify({ tone: 'error', text: errorMessage(err) });
          return null;
        }
      });
    },

    async reextract(key) {
      return busy(key, async () => {
        try {
          if (!(await ready('extract', 'this chunk', () => get().reextract(key)))) return null;
          const job = await api().reextractChunk({ key });
          useApp.setState((s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
          return job;
        } catch (err) {
          useApp.getState().notify({ tone: 'error', text: errorMessage(err) });
          return null;
        }
      });
    },

    async resume() {
      return busy('resume', async () => {
        try {
          const interrupted = get().status?.interruptedJobs ?? [];
          const needsExtract = interrupted.some((j) => j.kind === 'extract');
          const kind = needsExtract ? 'extract' : 'embed';
          if (!(await ready(kind, 'the interrupted jobs', () => get().resume()))) return [];
          const jobs = await api().resumeExtraction({});
          useApp.setState((s) => ({ jobs: { ...s.jobs, ...Object.fromEntries(jobs.map((j) => [j.id, j])) } }));
          await get().refreshStatus();
          if (jobs.length) {
            useApp.getState().notify({ tone: 'info', text: jobs.length === 1 ? `Resumed: ${jobTitle(jobs[0], useApp.getState().sources)}` : `Resumed ${plural(jobs.length, 'job')}` });
          }
          return jobs;
        } catch (err) {
          useApp.getState().notify({ tone: 'error', text: errorMessage(err) });
          return [];
        }
      });
    },
  };
});

/** True while something with this key is being started. */
export function useStarting(key: string): boolean {
  return useExtraction((s) => s.starting.includes(key));
}

/**
 * Keeps the extraction state in step with the engine: settings, status and one live check at
 * start; status again as extraction jobs move and end, and when the graph or sources change.
 * Offers once to resume jobs a crash or shutdown interrupted.
 */
export function startExtractionSync(): () => void {
  const store = useExtraction.getState();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRunningRefresh = 0;
  const refreshSoon = (ms = 300) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void useExtraction.getState().refreshStatus(), ms);
  };
  const onEvent = (event: EngineEvent) => {
    if (event.type === 'job') {
      if (event.job.kind === 'import') {
        if (event.job.state !== 'running') refreshSoon();
        return;
      }
      if (event.job.state !== 'running') return refreshSoon(150);
      // While a job runs, the per-source lines follow it every two seconds.
      if (Date.now() - lastRunningRefresh > 2000) {
        lastRunningRefresh = Date.now();
        refreshSoon(0);
      }
      return;
    }
    if (event.topics.includes('settings')) void useExtraction.getState().loadSettings();
    if (event.topics.some((t) => t === 'graph' || t === 'sources')) refreshSoon(500);
  };
  const stop = connection().client.onEvent(onEvent);

  // Offered once, when both the status and the sources (for the job's name) are there.
  let offered = false;
  const offer = () => {
    const status = useExtraction.getState().status;
    const app = useApp.getState();
    if (offered || !status || !app.memoryLoaded) return;
    offered = true;
    const interrupted = status.interruptedJobs;
    if (interrupted.length === 0) return;
    app.notify({
      tone: 'info',
      text:
        interrupted.length === 1
          ? `"${jobTitle(interrupted[0], app.sources)}" stopped when Engram closed. Finished chunks are kept.`
          : `${interrupted.length} extraction jobs stopped when Engram closed. Finished chunks are kept.`,
      action: { label: 'Resume', run: () => void useExtraction.getState().resume() },
    });
  };
  const unsubscribe = useExtraction.subscribe(offer);
  const unsubscribeApp = useApp.subscribe(offer);

  // Settings, status lines and Ollama's check complete the picture: asked once the first screen is up.
  const cancelFirst = afterFirstScreen(() => {
    void store.loadSettings();
    void store.refreshStatus();
    void store.check();
  });
  return () => {
    cancelFirst();
    if (timer) clearTimeout(timer);
    unsubscribe();
    unsubscribeApp();
    stop();
  };
}
