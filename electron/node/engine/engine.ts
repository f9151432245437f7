// The engine facade: the one implementation of `EngramApi`, shared by the Electron main
// process, `engram serve`, the CLI and the tests. It owns the three stores and the jobs and
// keeps the derived stores (search index, messages graph) in step with the chat table.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApiError, type ApiArgs, type ApiResult, type EngramApi } from '../../../shared/api';
import { GRAPHS, PREFIXES, localName } from '../../../shared/rdf';
import type { ChangeTopic, EditRecord, EngineEvent, IntegrityProblem, JobInfo, MessageFilter, MessagePage, MessageRow, SearchHit } from '../../../shared/types';
import { lockDataDir, type DataLock } from './stores/data-lock';
import { JobRunner, type JobContext } from './common/jobs';
import { processHeap } from './common/heap';
import { importSource, rebuildDerived, removeSource, searchRowOf, type ImportStores, type SourceOutcome } from './import/import-job';
import { ImportError } from './import/parsed';
import { readInputBytes, readInputPath, type InputFile } from './import/read-input';
import { wallClockOfDate } from '../../../shared/dates/wall-clock';
import { demoShiftDays, lastDemoDay, shiftDemo, storedShift, type DemoMemory } from './import/demo-shift';
import { DEFAULT_SESSION_GAP_MINUTES } from './import/sessionize';
import { appVersion, resourcePath } from './paths';
import type { ChatStore } from './stores/chat/chat-store';
import type { GraphStore } from './stores/graph/graph-store';
import { parseRdf, RdfParseError, skolemize, toNQuads } from './stores/graph/rdf-io';
import { combineGraphStats } from './stores/graph/graph-stats';
import { SearchIndex, type SearchRow } from './stores/search-index';
import { MemoryDb } from './stores/memory-db';
import type { SettingsStore } from './stores/settings-store';
import { ExtractionService } from './extraction/service';
import { AutoGraphService } from './extraction/auto/service';
import { MessageAnalyser } from './extraction/auto/analysis-client';
import { StanceService } from './topics/stances';
import { TopicRoute } from './ask/topic-route';
import { TopicService } from './topics/topic-service';
import { TopicModelService } from './topics/topic-model';
import { topicDetail, topicLane } from './topics/topic-pages';
import { normalizeText } from '../../../shared/text/words';
import { OwnerService } from './owner/owner-service';
import { keepHolidayNamesIn } from './timeline/holidays';
import { Timeline } from './timeline/timeline';
import { EntityService } from './entities/entity-service';
import { DEMO_GRAPH, loadDemoGraph } from './import/demo-graph';
import { MemoryDoctor, report, REPAIR_COMMAND } from './doctor/doctor';

/** Settings key: the source the demo's hand-written graph was loaded for. */
const DEMO_GRAPH_SOURCE = 'demoGraphSource';
import { createEntityUpdate, deleteEntityUpdate, editTriplesUpdate, mergeEntitiesUpdate, newEntityIri } from './entities/entity-edits';
import { AskService } from './ask/ask-service';
import { askSuggestions } from './ask/suggestions';
import { stemPrefix } from '../../../shared/text/stem';
import { isIndexStopWord } from '../../../shared/text/stop-words';
import { words } from '../../../shared/text/words';

export interface EngineOptions {
  dataDir: string;
  /** Minutes of silence that start a new session in sources without sessions. */
  sessionGapMinutes?: number;
  /** Journal bytes before the graph writes a new snapshot (tests lower it). */
  graphCompactBytes?: number;
  /** Skip loading the bundled ontology (tests of the bare stores). */
  withoutOntology?: boolean;
  /** better-sqlite3's native module built for this runtime (Electron's ABI differs from Node's). */
  sqliteNativeBinding?: string;
  /** Open the graph from memory images when they fit (default on; the bench compares both). */
  graphImages?: boolean;
  /**
   * Start loading the graph as the memory opens (the workbench, which shows it soon). Otherwise
   * (the command line) its worker starts when something first needs the graph.
   */
  startGraph?: boolean;
  /**
   * A second, read-only graph worker answers reads while the main one is busy, so a long query
   * does not hold up short calls (graph-store.ts). Default: with `startGraph` (the workbench and
   * `engram serve`); a one-shot command does not need it.
   */
  graphReadReplica?: boolean;
  /** Run the automatic extraction after imports and at start-up (default on; tests of other graphs turn it off). */
  autoGraph?: boolean;
  /**
   * Tag messages for the automatic job in a worker thread. Default: an import of more than one
   * batch hands its batches to the worker as it commits them, and the job's passes read what it
   * made (other passes tag in-thread: the worker's start costs a small source more than it gains).
   * True: the worker tags for every pass; false: never (the tests compare both).
   */
  analysisWorker?: boolean;
  /**
   * The wall clock (default: the system's; `ENGRAM_CLOCK`, an ISO date-time, pins it). The demo
   * memory is moved to the present against it, so tests pin it to get the demo's own dates.
   */
  clock?: () => Date;
}

/** The clock the options give, else ENGRAM_CLOCK, else the system's. */
function clockOf(options: EngineOptions): () => Date {
  if (options.clock) return options.clock;
  const pinned = process.env.ENGRAM_CLOCK?.trim();
  if (pinned && !Number.isNaN(new Date(pinned).getTime())) return () => new Date(pinned);
  return () => new Date();
}


const DEFAULT_QUERY_TIMEOUT_MS = 30_000;
const DEFAULT_QUERY_LIMIT = 10_000;
const TEXT_MATCH_LIMIT = 5_000;
/** How long the engine is open before the start-up row check begins (see recover). */
const ROW_CHECK_DELAY_MS = 2_000;

/**
 * The largest file whose import hands its batches to the analysis worker as they are committed
 * (measured: a 50k-message export, 20 MB, ran its import and job in a third less main-thread time;
 * at 200k messages, 80 MB, the import's peak rose by about 140 MB with the worker beside it).
 */
const PREFETCH_FILE_BYTES_MAX = 48 * 2 ** 20;

/** Options without a default: absent means the behaviour described on each. */
type OptionalEngineOption = 'graphCompactBytes' | 'sqliteNativeBinding' | 'graphImages' | 'startGraph' | 'graphReadReplica' | 'autoGraph' | 'analysisWorker' | 'clock';

export class Engine implements EngramApi {
  readonly chat: ChatStore;
  private searchIndex: SearchIndex;
  /** The search index (LanceDB); replaced by a fresh one when it cannot be read (see resetSearch). */
  get search(): SearchIndex {
    return this.searchIndex;
  }
  readonly graph: GraphStore;
  readonly settings: SettingsStore;
  readonly jobs: JobRunner;
  /** Knowledge-graph extraction with Ollama, embeddings and coverage (extraction/service.ts). */
  readonly extraction: ExtractionService;
  /** Reads for the Entities and Graph tabs (entities/). */
  readonly entities: EntityService;
  /** The memory's owner ("you") across sources (owner/owner-service.ts). */
  readonly ownerService: OwnerService;
  /** The automatic knowledge graph, no model (extraction/auto/). */
  readonly autoGraph: AutoGraphService;
  /** Topics of sessions without a model (topics/). */
  readonly topics: TopicService;
  /** The job after an import tags messages in this worker thread (extraction/auto/analysis-client.ts); null with `analysisWorker: false`. */
  readonly analyser: MessageAnalyser | null;
  /** Stances over time: preferences and facts that change (topics/stances.ts). */
  readonly stanceService: StanceService;
  /** Topic summaries and updates with a model (topics/topic-model.ts). */
  readonly topicModel: TopicModelService;
  private timelineService?: Timeline;
  /** Time and session questions: chain-of-table plans over the chat table (timeline/). */
  get timeline(): Timeline {
    return (this.timelineService ??= new Timeline(this.chat, this.search));
  }
  private askService?: AskService;
  /** Ask: questions in plain language routed to the timeline, message search and SPARQL (ask/). */
  get askEngine(): AskService {
    return (this.askService ??= new AskService({ chat: this.chat, conversations: this.sqlite.askConversations, search: this.search, graph: this.graph, timeline: () => this.timeline, extraction: this.extraction, owner: () => this.ownerService.owner(), topicRoute: new TopicRoute(this.topics, this.stanceService, this.chat), sessionTopics: (ids) => this.topics.labelsOfSessions(ids) }));
  }
  private readonly listeners = new Set<(e: EngineEvent) => void>();
  private readonly background: Promise<unknown>[] = [];
  /** The wall clock (EngineOptions.clock). */
  readonly clock: () => Date;
  /** What start-up found damaged, repaired or not (integrityReport). */
  private readonly startupProblems: IntegrityProblem[];
  /** Checks the stores against each other and rebuilds what is derived (doctor/doctor.ts). */
  readonly doctor: MemoryDoctor;
  private closing: Promise<void> | null = null;
  /** The stance graph waits for the graph to load before it is recomputed. */
  private stancesDue = false;
  /** The start-up check of the record's rows against their checksums (integrityReport waits for it). */
  private rowCheck: Promise<void> = Promise.resolve();
  private rowCheckStarted = false;
  private rowCheckTimer: NodeJS.Timeout | undefined;
  /** The last message id at open: the start-up row check reads the rows up to it (what was on disk). */
  private rowCheckUpTo = 0;

  private constructor(
    readonly options: Required<Omit<EngineOptions, OptionalEngineOption>> & Pick<EngineOptions, OptionalEngineOption>,
    private readonly lock: DataLock,
    private readonly sqlite: MemoryDb,
    parts: { search: SearchIndex; graph: GraphStore; problems: IntegrityProblem[] },
  ) {
    this.clock = clockOf(options);
    this.analyser = options.analysisWorker === false ? null : new MessageAnalyser(undefined, undefined, options.analysisWorker === true);
    this.chat = sqlite.chat;
    this.searchIndex = parts.search;
    this.graph = parts.graph;
    this.startupProblems = parts.problems;
    this.settings = sqlite.settings;
    this.jobs = new JobRunner((job) => this.emit({ type: 'job', job }));
    this.extraction = new ExtractionService({
      chat: this.chat,
      state: sqlite.extraction,
      graph: this.graph,
      settings: this.settings,
      jobs: this.jobs,
      dataDir: options.dataDir,
      changed: (...t) => this.changed(...t),
      // A model's chunks supersede the automatic triples of their messages (and give them back when they go).
      chunksChanged: (sourceIds) => this.autoGraph.scheduleReconcile(sourceIds),
      owner: () => this.ownerService.owner(),
    });
    this.entities = new EntityService(this.graph, this.chat);
    this.doctor = new MemoryDoctor({
      chat: this.chat,
      search: () => this.searchIndex,
      resetSearch: () => this.resetSearch(),
      graph: this.graph,
      sqlite,
      extraction: sqlite.extraction,
      reloadOntology: (force) => this.loadOntology(force),
      reloadDemoGraph: () => this.reloadDemoGraph(),
      withOntology: !options.withoutOntology,
    });
    const autoStore = sqlite.autoGraph;
    this.ownerService = new OwnerService({ chat: this.chat, graph: this.graph, settings: this.settings, store: autoStore }, (ids) => this.autoGraph.enqueue(ids));
    this.topics = new TopicService({ chat: this.chat, graph: this.graph, store: sqlite.topics, analyser: this.analyser ?? undefined });
    this.stanceService = new StanceService(this.graph, () => this.ownerService.owner().iris);
    this.topicModel = new TopicModelService({
      chat: this.chat,
      graph: this.graph,
      store: sqlite.topics,
      jobs: this.jobs,
      settings: () => this.extraction.getSettings(),
      ownerName: () => this.ownerService.owner().name,
      changed: () => this.changed('graph'),
    });
    this.autoGraph = new AutoGraphService({
      chat: this.chat,
      graph: this.graph,
      jobs: this.jobs,
      store: autoStore,
      owner: this.ownerService,
      chunks: () => this.extraction.state,
      changed: (...t) => this.changed(...t),
      topics: this.topics,
      analyser: this.analyser ?? undefined,
      settled: () => this.search.settled(),
      // The stance graph is recomputed from the graphs: now if the graph is loaded, else when it
      // first loads (an import from the command line never loads it).
      afterRun: async () => {
        if (this.graph.started) await this.stanceService.refresh();
        else if (!this.stancesDue) {
          this.stancesDue = true;
          this.graph.onStart(() => {
            this.stancesDue = false;
            this.background.push(this.stanceService.refresh().catch((e: Error) => console.error(`engram: stances not recomputed: ${e.message}`)));
          });
        }
      },
    });
  }

  /**
   * Opens (creating if needed) the memory in `dataDir`. The graph keeps loading in the background.
   * Whatever fails on the way, everything opened so far is closed again (the graph's worker too,
   * so a command that cannot open its memory still ends).
   */
  static async open(options: EngineOptions): Promise<Engine> {
    const dataDir = path.resolve(options.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    const lock = lockDataDir(dataDir, options.sqliteNativeBinding);
    // (the names of the holidays the grammar reads: kept with the memory, so that a command's
    // question does not load the holiday library to learn them again)
    keepHolidayNamesIn(dataDir);
    let sqlite: MemoryDb | null = null;
    let search: SearchIndex | null = null;
    let graph: GraphStore | null = null;
    try {
      const dbFile = path.join(dataDir, 'engram.sqlite');
      refuseMissingRecord(dataDir, dbFile);
      sqlite = MemoryDb.open(dbFile, options.sqliteNativeBinding);
      const problems: IntegrityProblem[] = [];
      search = await openSearchIndex(path.join(dataDir, 'search'), sqlite, problems);
      graph = sqlite.openGraph({ dbFile, dataDir, compactBytes: options.graphCompactBytes, sqliteNativeBinding: options.sqliteNativeBinding, useImages: options.graphImages, readReplica: options.graphReadReplica ?? options.startGraph ?? false });
      const engine = new Engine(
        {
          dataDir,
          sessionGapMinutes: options.sessionGapMinutes ?? DEFAULT_SESSION_GAP_MINUTES,
          withoutOntology: options.withoutOntology ?? false,
          graphCompactBytes: options.graphCompactBytes,
          sqliteNativeBinding: options.sqliteNativeBinding,
          graphImages: options.graphImages,
          startGraph: options.startGraph,
          graphReadReplica: options.graphReadReplica,
          autoGraph: options.autoGraph,
          analysisWorker: options.analysisWorker,
          clock: options.clock,
        },
        lock,
        sqlite,
        { search, graph, problems },
      );
      await engine.recover();
      if (options.startGraph) void graph.ready().catch(() => undefined);
      return engine;
    } catch (e) {
      await graph?.terminate();
      await search?.close().catch(() => undefined);
      sqlite?.close();
      lock.release();
      throw describeStoreError(e);
    }
  }

  /**
   * Waits until start-up reconciliation is done (the derived stores in step with SQLite). The
   * graph itself loads when first needed (`graph.ready()`), or at open with `startGraph`.
   */
  async whenReady(): Promise<void> {
    await Promise.all(this.background);
  }

  /**
   * Closes the memory: jobs end (with `deadlineMs`, running ones are cancelled first), the graph
   * writes a snapshot if one is due, the lock is released. With `deadlineMs`, whatever has not
   * finished by then is stopped (the graph's worker is terminated): every acknowledged change is
   * already committed to SQLite and the journal, so nothing acknowledged is lost; an import that
   * was cut short is removed at the next start.
   */
  close(opts: { deadlineMs?: number } = {}): Promise<void> {
    if (this.closing) return this.closing;
    const graceful = async () => {
      if (opts.deadlineMs !== undefined) for (const job of this.jobs.list()) if (job.state === 'running') this.jobs.cancel(job.id, 'shutdown');
      clearTimeout(this.rowCheckTimer);
      await this.rowCheck;
      await this.extraction.shutdown();
      await this.autoGraph.shutdown();
      await this.analyser?.close();
      await this.jobs.idle();
      await Promise.allSettled(this.background);
      await this.graph.close({ stopReads: opts.deadlineMs !== undefined });
    };
    this.closing = (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        if (opts.deadlineMs === undefined) await graceful();
        else {
          const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), opts.deadlineMs)));
          if ((await Promise.race([graceful().then(() => 'done' as const), late])) === 'late') await this.graph.terminate();
        }
      } finally {
        clearTimeout(timer);
        await this.searchIndex.close().catch(() => undefined);
        this.sqlite.close();
        this.lock.release();
      }
    })();
    return this.closing;
  }

  onEvent(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves with a job's final state; `onProgress` sees each of its updates (CLI, tests). */
  waitForJob(job: JobInfo, onProgress?: (j: JobInfo) => void): Promise<JobInfo> {
    return new Promise((resolve) => {
      const check = (j: JobInfo) => {
        if (j.id !== job.id) return;
        onProgress?.(j);
        if (j.state !== 'running') {
          off();
          resolve(j);
        }
      };
      const off = this.onEvent((e) => e.type === 'job' && check(e.job));
      const now = this.jobs.list().find((j) => j.id === job.id);
      if (now) check(now);
    });
  }

  private emit(event: EngineEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch {
        /* a listener's failure is its own */
      }
    }
  }

  private changed(...topics: ChangeTopic[]): void {
    this.emit({ type: 'changed', topics });
  }

  private get stores(): ImportStores {
    return { chat: this.chat, search: this.search, graph: this.graph };
  }

  // ---- start-up recovery

  /**
   * Brings the derived stores back in step with SQLite after a crash. Readers only see 'ready'
   * sources, so half-imported ones are removed in the background. The search index checks
   * itself when first used (search-index.ts). The graph's side is checked
   * against the counts kept beside its journal, so this loads no graph: what it must change
   * (a messages graph to build, graphs to drop, a new ontology) is journaled for the graph to
   * apply when it loads.
   */
  private async recover(): Promise<void> {
    // Read now, before any import can start: these are the leftovers of a crash, not imports in progress.
    const leftovers = this.chat.unfinishedSources();
    // What the graph finds damaged when it loads (whenever something first needs it): graphs a
    // damaged snapshot lost are rebuilt from the record, then the loss is settled.
    this.graph.onStart(() =>
      this.background.push(
        this.graph
          .ready()
          .then(async (ready) => {
            // Loaded: whatever showed it loading (stats' graphReady, the pages kept by `engram
            // serve`) asks again; the end of loading is no change of the stores' own.
            this.changed('graph');
            this.startupProblems.push(...ready.problems);
            this.startupProblems.push(...(await this.doctor.afterGraphLoad(ready)));
            if (ready.lostAll || ready.lostGraphs.length) {
              // Automatic graphs lost with the snapshot are extracted again from the record.
              const lostAuto = this.chat.listSources().filter((s) => ready.lostAll || ready.lostGraphs.includes(GRAPHS.auto(this.chat.sourceKey(s.id) ?? '')));
              if (lostAuto.length) this.autoGraph.rerun(lostAuto.map((s) => s.id));
              await this.reconcileGraph();
              await this.settleLostGraphs(ready.lostAll);
              const { unresolved } = await this.graph.request({ op: 'integrity', deep: false });
              // Everything lost was rebuilt: a whole snapshot replaces the damaged one now.
              if (!unresolved.length) await this.graph.request({ op: 'resolveDamage' });
            }
          })
          .catch((e: Error) => console.error(`engram: start-up graph check failed: ${e.message}`)),
      ),
    );
    this.background.push(
      (async () => {
        for (const s of leftovers) await removeSource(this.stores, s.id);
        await this.reconcileGraph();
        await this.extraction.recover();
        // Every source has an owner mapping and an automatic graph of this extractor version
        // (after an upgrade, or when a run was killed, it runs again in the background).
        for (const s of this.chat.listSources()) await this.ownerService.ensure(s.id);
        if (this.options.autoGraph !== false) {
          this.autoGraph.enqueue(this.autoGraph.due());
          this.autoGraph.enqueueTopics(this.autoGraph.topicsDue());
        }
      })().catch((e: Error) => console.error(`engram: start-up reconciliation failed: ${e.message}`)),
    );
    // The record's rows against their checksums, in pages that yield to other work: beside
    // everything else (no command waits for it; the integrity report does), stopped by close.
    // It starts once the engine has been open a while (the app, `engram serve`, a long job), so
    // a quick command does not spend its time re-reading the first pages of a check it would
    // stop anyway; the integrity report starts it at once.
    this.rowCheckUpTo = this.chat.lastMessageId();
    this.rowCheckTimer = setTimeout(() => this.startRowCheck(), ROW_CHECK_DELAY_MS);
    this.rowCheckTimer.unref();
  }

  /** Starts the start-up row check (once); rowCheck settles when it ends or is stopped by close. */
  private startRowCheck(): Promise<void> {
    clearTimeout(this.rowCheckTimer);
    if (this.rowCheckStarted || this.closing) return this.rowCheck;
    this.rowCheckStarted = true;
    this.rowCheck = this.doctor.backgroundRowCheck(() => this.closing !== null, this.rowCheckUpTo).then(
      (found) => void this.startupProblems.push(...found),
      (e: Error) => console.error(`engram: the record's row check failed: ${e.message}`),
    );
    return this.rowCheck;
  }

  private async reconcileGraph(): Promise<void> {
    if (!this.options.withoutOntology) await this.loadOntology();
    const graphs = new Set((await this.graph.graphs()).map((g) => g.iri));
    // An ontology graph lost (a damaged snapshot) comes back even when its hash says it is loaded.
    if (!this.options.withoutOntology && !graphs.has(GRAPHS.ontology)) await this.loadOntology(true);
    const sources = this.chat.listSources();
    for (const s of sources) if (!graphs.has(s.graphIri) && s.messages > 0) await rebuildDerived(this.stores, s.id, { graph: true });
    // Every source row counts, ready or still importing: an import may have started meanwhile.
    const keys = this.chat.allSourceKeys();
    const known = new Set(keys.flatMap((k) => [GRAPHS.source(k), GRAPHS.auto(k), GRAPHS.autoSuperseded(k), GRAPHS.topics(k)]));
    const perSource = [GRAPHS.source(''), GRAPHS.auto(''), GRAPHS.autoSuperseded(''), GRAPHS.topics('')];
    const orphans = [...graphs].filter((g) => perSource.some((p) => g.startsWith(p)) && !known.has(g));
    await this.graph.dropGraphs(orphans);
  }

  /** Marks the damaged snapshot's sections whose graphs are back (rebuilt from the record) as repaired. */
  private async settleLostGraphs(lostAll: boolean): Promise<void> {
    const present = new Set((await this.graph.request({ op: 'graphs' })).map((g) => g.iri));
    const chunksReported = this.startupProblems.some((p) => /extraction chunk graph/.test(p.where));
    for (const [i, p] of this.startupProblems.entries()) {
      if (p.repaired || p.store !== 'graph') continue;
      if (lostAll && /^graph\/snapshot-\d+\.ntg$/.test(p.where)) {
        this.startupProblems[i] = {
          ...p,
          repaired: true,
          action: `rebuilt from the record: the messages graphs from engram.sqlite, the person's edits from the undo log, the ontology${chunksReported ? '; extraction chunks are marked to extract again (below)' : ''}`,
        };
        continue;
      }
      const graph = /graph <(.+)>$/.exec(p.where)?.[1];
      if (graph && present.has(graph)) this.startupProblems[i] = { ...p, repaired: true, action: 'rebuilt from the record' };
      else if (graph?.startsWith(GRAPHS.extraction('')) && chunksReported) this.startupProblems[i] = { ...p, repaired: true, action: 'its chunk is marked to extract again (below)' };
    }
  }

  /** Replaces an unreadable search index with an empty one (its rows are then rebuilt from the chat table). */
  private async resetSearch(): Promise<void> {
    const dir = path.join(this.options.dataDir, 'search');
    await this.searchIndex.close().catch(() => undefined);
    SearchIndex.remove(dir);
    this.searchIndex = await openSearchIndex(dir, this.sqlite, this.startupProblems);
    // Services that captured the old index make themselves again on next use.
    this.timelineService = undefined;
    this.askService = undefined;
  }

  private async reloadDemoGraph(): Promise<boolean> {
    const sourceId = this.settings.get<number>(DEMO_GRAPH_SOURCE);
    if (sourceId == null || this.chat.sourceName(sourceId) === undefined) return false;
    return loadDemoGraph(this.chat, this.graph, sourceId);
  }

  // ---- integrity

  /** What start-up found damaged (repaired or not). */
  /** What the stores were found to hold damaged: the graph and the search index are opened for it if nothing has opened them yet. */
  async integrityReport(): Promise<ApiResult<'integrityReport'>> {
    await this.graph.ready().catch(() => undefined);
    await this.searchIndex.ensureOpen().catch(() => undefined);
    await Promise.allSettled(this.background);
    await this.startRowCheck();
    return report(this.startupProblems);
  }

  /** The problems found so far, without opening anything (a command's closing warnings). */
  problemsFoundSoFar(): IntegrityProblem[] {
    return [...this.startupProblems];
  }

  /**
   * Checks every store and rebuilds what is derived (`engram doctor --repair`, the workbench's
   * Repair): the search index, the messages graphs, the graphs lost with a damaged snapshot; the
   * graph's skipped journal entries are dropped and a new snapshot written.
   */
  async repairMemory(): Promise<ApiResult<'repairMemory'>> {
    await this.whenReady();
    const found = await this.doctor.repair();
    // Start-up's problems are settled by the repair too.
    for (const p of this.startupProblems) if (!p.repaired && !found.some((f) => f.where === p.where)) found.push({ ...p, repaired: true, action: 'settled by the repair' });
    this.startupProblems.splice(0, this.startupProblems.length, ...found);
    this.changed('sources', 'messages', 'graph');
    return report(found);
  }

  /** Every check `engram doctor` runs (reads every row of the search index and every kept graph file). */
  async checkMemory(): Promise<IntegrityProblem[]> {
    await this.whenReady();
    const found = await this.doctor.check();
    for (const p of this.startupProblems) if (!found.some((f) => f.where === p.where)) found.push(p);
    return found;
  }

  /** Loads the bundled ontology into its graph when it is missing or has changed (or always, with `force`). */
  private async loadOntology(force = false): Promise<boolean> {
    const file = resourcePath('ontology', 'pcm.ttl');
    if (!fs.existsSync(file)) return false;
    const turtle = fs.readFileSync(file, 'utf8');
    const hash = createHash('sha256').update(turtle).digest('hex');
    const loaded = !force && this.settings.get<string>('ontologyHash') === hash;
    if (loaded && this.graph.meta.typeLabels().size) return false;
    const quads = skolemize(parseRdf(turtle, 'turtle'));
    if (!loaded) await this.graph.replaceTrusted(GRAPHS.ontology, toNQuads(quads), 'Load ontology');
    // The names of its classes, for the statistics' most used types (known without the graph loaded).
    const label = `${PREFIXES.rdfs}label`;
    const labels = new Map<string, string>();
    for (const q of quads) if (q.predicate.value === label && q.subject.termType === 'NamedNode' && !labels.has(q.subject.value)) labels.set(q.subject.value, q.object.value);
    this.graph.meta.setTypeLabels(new Map([...this.graph.meta.typeLabels(), ...labels]));
    if (!loaded) this.settings.set('ontologyHash', hash);
    return !loaded;
  }

  // ---- overview

  async memoryInfo(): Promise<ApiResult<'memoryInfo'>> {
    return { dataDir: this.options.dataDir, version: appVersion() };
  }

  /**
   * What the memory holds. The graph's figures come from the counts kept beside its journal and
   * the chat table (stores/graph/graph-stats.ts), without loading it (`graphReady` is false only
   * while a started graph is loading).
   */
  async stats(): Promise<ApiResult<'stats'>> {
    const loading = this.graph.started && !this.graph.isReady;
    const meta = this.graph.meta;
    // Kept until the chat table or a graph changes: each figure below reads every message or
    // every extracted graph's profile.
    const key = `${this.chat.dataVersion()}|${meta.generation()}`;
    // (topics are counted apart: the automatic job writes them after the graphs it counts)
    const topics = this.topics.count();
    const kept = meta.keptStats<Omit<ApiResult<'stats'>, 'graphReady' | 'topics'>>(key);
    if (kept) return { ...kept, topics, graphReady: !loading };
    const chat = this.chat.overview();
    const others = await this.graph.otherStats();
    const graphs = await this.graph.graphs().catch(() => []);
    const g = combineGraphStats({
      triples: meta.totalTriples(),
      graphs: graphs.length,
      messagesEdges: meta.messagesEdges(),
      counts: this.chat.messagesGraphCounts(),
      others,
      typeLabels: meta.typeLabels(),
      presentInMessages: (iris) => this.chat.structureIrisPresent(iris),
    });
    meta.keepStats(key, { ...chat, ...g });
    return { ...chat, ...g, topics, graphReady: !loading };
  }

  async listSources(): Promise<ApiResult<'listSources'>> {
    return this.chat.listSources();
  }

  async listConversations(args: ApiArgs<'listConversations'>): Promise<ApiResult<'listConversations'>> {
    return this.chat.listConversations(args.sourceId);
  }

  async listSessions(args: ApiArgs<'listSessions'>): Promise<ApiResult<'listSessions'>> {
    return this.chat.listSessions(args.sourceIds, { ids: args.ids, from: args.from, to: args.to, limit: args.limit });
  }

  async timelineMarks(args: ApiArgs<'timelineMarks'>): Promise<ApiResult<'timelineMarks'>> {
    return this.chat.timelineMarks({ from: args.from, to: args.to }, args.limit ?? 2000);
  }

  async timelinePeriods(args: ApiArgs<'timelinePeriods'>): Promise<ApiResult<'timelinePeriods'>> {
    return this.chat.activityPeriods(args.minGapDays * 86_400_000);
  }

  async sessionPreview(args: ApiArgs<'sessionPreview'>): Promise<ApiResult<'sessionPreview'>> {
    return this.chat.sessionMessages(args.sessionId, args.lines ?? 4);
  }

  async listSpeakers(): Promise<ApiResult<'listSpeakers'>> {
    return [...this.chat.listSpeakers()];
  }

  // ---- messages

  async listMessages(args: ApiArgs<'listMessages'>): Promise<MessagePage> {
    const { filter } = args;
    const offset = args.offset ?? 0;
    const limit = args.limit ?? 200;
    if (filter.text?.trim()) {
      const ranked = await this.rankedIds(filter.text, filter, TEXT_MATCH_LIMIT);
      const rows = this.chat.getMessages(ranked.slice(offset, offset + limit).map((h) => h.id));
      return { total: ranked.length, offset, rows: textsCut(rows, args.textChars), highlight: highlightTerms(filter.text) };
    }
    return { total: this.chat.countMessages(filter), offset, rows: textsCut(this.chat.listMessages(filter, offset, limit), args.textChars), highlight: [] };
  }

  /** Ids matching a text query, ranked, that also pass the rest of the filter. */
  private async rankedIds(text: string, filter: MessageFilter, limit: number): Promise<{ id: number; score: number }[]> {
    const hits = await this.search.search(text, { sourceIds: filter.sourceIds, sessionIds: filter.sessionIds, conversationIds: filter.conversationIds, speakers: filter.speakers, ids: filter.ids }, limit);
    const needsSql = filter.from || filter.to || filter.sessionRange;
    if (!needsSql) return hits;
    const allowed = new Set(this.chat.getMessages(hits.map((h) => h.id), { ...filter, text: undefined }).map((m) => m.id));
    return hits.filter((h) => allowed.has(h.id));
  }

  async searchMessages(args: ApiArgs<'searchMessages'>): Promise<SearchHit[]> {
    const bm25 = await this.rankedIds(args.text, args.filter ?? {}, args.limit ?? 50);
    // Hybrid (BM25 + vectors, reciprocal rank fusion) only when vectors exist for this scope.
    const ranked = (await this.extraction.embeddings.hybrid(args.text, args.filter ?? {}, bm25, args.limit ?? 50).catch(() => null)) ?? bm25;
    const byId = new Map(this.chat.getMessages(ranked.map((h) => h.id)).map((m) => [m.id, m]));
    return ranked.filter((h) => byId.has(h.id)).map((h) => ({ message: byId.get(h.id)!, score: h.score }));
  }

  async getMessage(args: ApiArgs<'getMessage'>): Promise<ApiResult<'getMessage'>> {
    const [message] = this.chat.getMessages([args.id]);
    if (!message) return null;
    const parts = this.chat.messageParts(message.id);
    if (!this.graph.isReady) return { message, parts, postTurtle: '', derived: [] };
    const { turtle } = await this.graph.request({ op: 'turtle', entity: message.iri });
    const derived = await this.graph.request({
      op: 'query',
      limit: 200,
      sparql: `SELECT ?e (SAMPLE(?l) AS ?label) (GROUP_CONCAT(DISTINCT STR(?t); separator=" ") AS ?types) WHERE {
        ?e <${PREFIXES.prov}wasDerivedFrom> <${message.iri}> .
        OPTIONAL { ?e <${PREFIXES.rdfs}label> ?l } OPTIONAL { ?e a ?t } } GROUP BY ?e`,
    });
    const rows = derived.kind === 'select' ? derived.rows : [];
    return {
      message,
      parts,
      postTurtle: turtle,
      derived: rows.map((r) => ({ iri: r.e.value, label: r.label?.value ?? r.e.value, types: r.types?.value ? r.types.value.split(' ') : [] })),
    };
  }

  // ---- import

  async importPaths(args: ApiArgs<'importPaths'>): Promise<JobInfo> {
    const title = args.paths.length === 1 ? `Import ${path.basename(args.paths[0])}` : `Import ${args.paths.length} files`;
    return this.startImport(title, args.paths.map((p) => () => readInputPath(p)), args.strict === true);
  }

  async importUpload(args: ApiArgs<'importUpload'>): Promise<JobInfo> {
    return this.startImport(`Import ${args.name}`, [() => readInputBytes(args.name, args.bytes)], args.strict === true);
  }

  /**
   * The bundled demo: its conversations, and a knowledge graph written by hand for them (so
   * the Graph and Entities tabs have something to show before any model has run).
   */
  async importDemo(): Promise<JobInfo> {
    const file = resourcePath('demo', 'demo-memory.json');
    if (!fs.existsSync(file)) throw new ApiError('not_found', 'the demo memory is missing from this build');
    return this.jobs.start('import', 'Import the demo memory', 'messages', async (ctx) => {
      // The demo lives in the present: moved by whole weeks so its last session is in the past
      // week (import/demo-shift.ts); imported again, it keeps the move its stored messages have.
      const demo = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoMemory;
      const name = path.basename(file);
      const stored = this.chat.listSources().find((s) => s.name === name && s.firstAt);
      const firstInFile = demo.conversations.flatMap((c) => c.messages.map((m) => m.timestamp)).sort()[0];
      const shift = stored?.firstAt ? storedShift(firstInFile, stored.firstAt) : demoShiftDays(lastDemoDay(demo), wallClockOfDate(this.clock()).local.slice(0, 10));
      const bytes = new TextEncoder().encode(JSON.stringify(shiftDemo(demo, shift)));
      const result = await this.runImport([() => readInputBytes(name, bytes, fs.statSync(file).mtime)], ctx);
      const source = result.sources.find((s) => s.sourceId !== null);
      // The demo person's facts are the owner's when the demo person is the owner (as extraction would write them).
      const mapped = this.ownerService.owner().sources.find((s) => s.sourceId === source?.sourceId);
      const rename = new Map(mapped?.speakerIri ? [[mapped.speakerIri, this.ownerService.owner().iri]] : []);
      if (source?.sourceId != null && (await loadDemoGraph(this.chat, this.graph, source.sourceId, rename, { days: shift, year: Number(lastDemoDay(demo).slice(0, 4)) }))) {
        this.settings.set(DEMO_GRAPH_SOURCE, source.sourceId);
      }
      this.changed('graph');
      return result;
    });
  }

  /** Runs an import as a job; the job's result lists each source's outcome and each file's error. */
  private startImport(title: string, inputs: (() => Promise<InputFile>)[], strict: boolean): JobInfo {
    return this.jobs.start('import', title, 'messages', (ctx) => this.runImport(inputs, ctx, { strict }));
  }

  /**
   * Imports inputs one after another; used by the job and by the CLI (which waits for it).
   * Each file is read as a stream; progress counts the messages written, with the total
   * estimated from the share of the file read so far.
   */
  async runImport(
    inputs: (() => Promise<InputFile>)[],
    ctx: JobContext,
    opts: { strict?: boolean } = {},
  ): Promise<{ sources: SourceOutcome[]; errors: { file: string; error: string }[] }> {
    // Start-up recovery first: it must not mistake this import for a crash leftover.
    await this.whenReady();
    const release = this.chat.holdCheckpoints();
    try {
      return await this.importEach(inputs, ctx, opts);
    } finally {
      release();
      // The import's garbage is collected before the index build, a long native step during
      // which nothing in JavaScript allocates (so V8 would keep it resident throughout). Also
      // after a cancelled or failed import: a search table it created gets its index here.
      processHeap.reclaim();
      void this.search.refresh().catch(() => undefined);
    }
  }

  private async importEach(
    inputs: (() => Promise<InputFile>)[],
    ctx: JobContext,
    opts: { strict?: boolean },
  ): Promise<{ sources: SourceOutcome[]; errors: { file: string; error: string }[] }> {
    const sources: SourceOutcome[] = [];
    const errors: { file: string; error: string }[] = [];
    // The automatic job starts once every file is in (also after a Cancel or a failure, for those
    // that were): each source's topics are then weighed against the whole memory, not against
    // whatever the job had reached when the next file's import let it run.
    const imports: number[] = [];
    try {
      return await this.importInputs(inputs, ctx, opts, sources, errors, imports);
    } finally {
      if (imports.length && this.options.autoGraph !== false) this.autoGraph.enqueue(imports);
    }
  }

  private async importInputs(
    inputs: (() => Promise<InputFile>)[],
    ctx: JobContext,
    opts: { strict?: boolean },
    sources: SourceOutcome[],
    errors: { file: string; error: string }[],
    imports: number[],
  ): Promise<{ sources: SourceOutcome[]; errors: { file: string; error: string }[] }> {
    let done = 0;
    for (const load of inputs) {
      ctx.throwIfCancelled();
      let input: InputFile | null = null;
      try {
        ctx.progress(done, null, 'Reading the file');
        input = await load();
        const file = input;
        let read = 0;
        const doneBefore = done;
        const estimate = () => {
          const share = file.readableBytes ? Math.min(1, read / file.readableBytes) : 0;
          const written = done - doneBefore;
          return share > 0.01 && written > 0 ? doneBefore + Math.max(written, Math.round(written / share)) : null;
        };
        // The format readers (and the date parser they use) are loaded by the first import.
        const { parseInput } = await import('./import/detect');
        const parsed = await parseInput(file, (n) => (read = n));
        for (const p of parsed) {
          ctx.throwIfCancelled();
          ctx.progress(done, estimate(), `Importing ${p.name}`);
          // The automatic job's tagging starts on the second core as each batch is committed
          // (within the analyser's bounds), for a file up to PREFETCH_FILE_BYTES_MAX: a larger
          // one's job tags in its passes, as the worker's heap on top of a large import's would
          // cost its peak more than the overlap gains.
          const prefetched = new Set<number>();
          const fileBytes = file.readableBytes ?? file.byteLength;
          const committed = this.analyser && this.options.autoGraph !== false && fileBytes <= PREFETCH_FILE_BYTES_MAX
            ? (sourceId: number, rows: readonly SearchRow[], last: boolean) => {
                // a source written in one batch at the end: nothing left to overlap, and starting
                // the worker costs a small import more than its tagging in-thread
                if (last && !prefetched.has(sourceId) && this.options.analysisWorker !== true) return;
                prefetched.add(sourceId);
                this.analyser!.prefetch(sourceId, rows);
              }
            : undefined;
          let imported: number | null = null;
          let outcome: SourceOutcome;
          try {
            outcome = await importSource(this.stores, file, p, { sessionGapMinutes: this.options.sessionGapMinutes, strict: opts.strict }, ctx, (n) => {
              done += n;
              ctx.progress(done, estimate());
            }, committed);
            if (outcome.status === 'imported') imported = outcome.sourceId;
          } finally {
            // analyses made for a source that was not imported must not serve a later one's ids
            for (const id of prefetched) if (id !== imported) this.analyser?.forget(id);
          }
          if (imported !== null) {
            await this.ownerService.ensure(imported);
            imports.push(imported);
          }
          sources.push(outcome);
        }
      } catch (e) {
        if (ctx.signal.aborted) throw e;
        const message = e instanceof ImportError || e instanceof ApiError ? e.message : `${input?.name ?? 'input'}: ${(e as Error).message}`;
        errors.push({ file: input?.name ?? message.split(':')[0], error: message });
      } finally {
        if (sources.some((s) => s.status === 'imported')) this.changed('sources', 'messages', 'graph');
      }
    }
    ctx.progress(done, done);
    if (sources.some((s) => s.status === 'imported')) this.chat.analyze();
    if (errors.length && !sources.length) {
      throw Object.assign(new ImportError(errors.map((e) => e.error).join('\n')), { result: { sources, errors } });
    }
    return { sources, errors };
  }

  async deleteSource(args: ApiArgs<'deleteSource'>): Promise<ApiResult<'deleteSource'>> {
    await this.whenReady();
    const keys = new Map(this.chat.listSources().map((s) => [s.id, s.key]));
    const { removedIds } = await removeSource(this.stores, args.id);
    const removed = removedIds.filter((id) => keys.has(id)).map((id) => ({ id, key: keys.get(id)! }));
    await this.autoGraph.forget(removed);
    await this.topics.forget(removed);
    // analyses kept for a removed source (its job stopped between passes) must not serve a later one's ids
    for (const id of removedIds) this.analyser?.forget(id);
    // The demo's hand-written graph goes with the demo's messages.
    if (removedIds.includes(this.settings.get<number>(DEMO_GRAPH_SOURCE) ?? -1)) {
      await this.graph.dropGraphs([DEMO_GRAPH]);
      this.settings.set(DEMO_GRAPH_SOURCE, null);
    }
    if (removedIds.length) await this.extraction.forgetRemoved();
    if (removedIds.length) this.changed('sources', 'messages', 'graph');
    return { deleted: removedIds.length > 0 };
  }

  async listJobs(): Promise<JobInfo[]> {
    return this.jobs.list();
  }

  async cancelJob(args: ApiArgs<'cancelJob'>): Promise<ApiResult<'cancelJob'>> {
    return { cancelled: this.jobs.cancel(args.jobId) };
  }

  // ---- graph

  async sparqlQuery(args: ApiArgs<'sparqlQuery'>): Promise<ApiResult<'sparqlQuery'>> {
    return this.graph.request({ op: 'query', sparql: args.query, limit: args.limit ?? DEFAULT_QUERY_LIMIT }, args.timeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS);
  }

  async sparqlUpdate(args: ApiArgs<'sparqlUpdate'>): Promise<ApiResult<'sparqlUpdate'>> {
    const record = await this.graph.request({ op: 'update', sparql: args.update, label: args.label ?? 'SPARQL update' }, args.timeoutMs ?? null);
    this.changed('graph');
    return record;
  }

  async listGraphs(): Promise<ApiResult<'listGraphs'>> {
    const graphs = await this.graph.graphs();
    // An extraction graph is named after its chunk; people know it by conversation and session.
    const sessions = new Map(this.chat.listSessions().map((s) => [s.id, s]));
    const chunks = new Map(this.extraction.listChunks({ limit: 1_000_000 }).chunks.map((c) => [c.graph, c]));
    const sourceByKey = new Map(this.chat.listSources().map((s) => [s.key, s]));
    return graphs.map((g) => {
      if (g.iri.startsWith(GRAPHS.topics(''))) return { ...g, label: `Topics: ${sourceByKey.get(g.iri.slice(GRAPHS.topics('').length))?.name ?? g.iri}` };
      if (g.iri === GRAPHS.stances) return { ...g, label: 'Stances over time' };
      if (g.iri.startsWith(GRAPHS.topicModel(''))) return { ...g, label: `Topic summary by a model: ${g.iri.slice(GRAPHS.topicModel('').length)}` };
      if (g.kind === 'auto') {
        const superseded = g.iri.startsWith(GRAPHS.autoSuperseded(''));
        const key = g.iri.slice((superseded ? GRAPHS.autoSuperseded('') : GRAPHS.auto('')).length);
        const name = sourceByKey.get(key)?.name ?? key;
        return { ...g, label: superseded ? `Automatic, superseded by a model: ${name}` : `Automatic: ${name}` };
      }
      if (g.kind === 'owner') return { ...g, label: 'You (the owner)' };
      const chunk = g.kind === 'extraction' ? chunks.get(g.iri) : undefined;
      const session = chunk ? sessions.get(chunk.sessionId) : undefined;
      if (!session) return g;
      return { ...g, label: `Extracted: ${session.conversationTitle} · session ${session.ordinal} · chunk ${chunk!.key.slice(0, 6)}` };
    });
  }

  async getTurtle(args: ApiArgs<'getTurtle'>): Promise<ApiResult<'getTurtle'>> {
    return this.graph.request({ op: 'turtle', graph: args.graph, entity: args.entity });
  }

  async validateTurtle(args: ApiArgs<'validateTurtle'>): Promise<ApiResult<'validateTurtle'>> {
    try {
      return { ok: true, triples: parseRdf(args.turtle, 'turtle').length, errors: [] };
    } catch (e) {
      if (e instanceof RdfParseError) return { ok: false, triples: 0, errors: [e.details] };
      throw e;
    }
  }

  async applyTurtle(args: ApiArgs<'applyTurtle'>): Promise<ApiResult<'applyTurtle'>> {
    const check = await this.validateTurtle({ turtle: args.turtle });
    if (!check.ok) {
      const err = check.errors[0];
      throw new ApiError('bad_request', `Turtle error at line ${err.line}, column ${err.column}: ${err.message}`);
    }
    let record;
    if (args.entity) {
      record = await this.graph.request({ op: 'replaceDescription', entity: args.entity, turtle: args.turtle, label: `Edit ${args.entity}` });
    } else if (args.graph) {
      record = await this.graph.request({ op: 'replaceGraph', graph: args.graph, data: args.turtle, format: 'turtle', asEdit: true, label: `Replace graph ${args.graph}`, respectRemovals: false });
    } else {
      throw new ApiError('bad_request', 'applyTurtle: say which graph or entity the Turtle replaces');
    }
    this.changed('graph');
    return record;
  }

  async exportGraph(args: ApiArgs<'exportGraph'>): Promise<ApiResult<'exportGraph'>> {
    const { data, mediaType } = await this.graph.request({ op: 'export', graph: args.graph, format: args.format });
    const ext = { turtle: 'ttl', 'n-quads': 'nq', 'n-triples': 'nt', trig: 'trig', 'json-ld': 'jsonld' }[args.format];
    const base = args.graph ? (args.graph.split('/').filter(Boolean).pop() ?? 'graph') : 'engram-memory';
    return { data, mediaType, fileName: `${base}.${ext}` };
  }

  async vocabulary(): Promise<ApiResult<'vocabulary'>> {
    const v = await this.graph.request({ op: 'vocabulary' });
    return { prefixes: PREFIXES, ...v };
  }

  async editHistory(): Promise<ApiResult<'editHistory'>> {
    return this.graph.request({ op: 'history' });
  }

  async undo(): Promise<ApiResult<'undo'>> {
    const r = await this.graph.request({ op: 'undo' });
    if (r) this.changed('graph');
    return r;
  }

  async redo(): Promise<ApiResult<'redo'>> {
    const r = await this.graph.request({ op: 'redo' });
    if (r) this.changed('graph');
    return r;
  }

  // ---- knowledge-graph extraction (Ollama), embeddings, coverage: see extraction/service.ts

  async extractionSettings(): Promise<ApiResult<'extractionSettings'>> {
    return this.extraction.getSettings();
  }

  async setExtractionSettings(args: ApiArgs<'setExtractionSettings'>): Promise<ApiResult<'setExtractionSettings'>> {
    return this.extraction.setSettings(args);
  }

  async checkOllama(args: ApiArgs<'checkOllama'>): Promise<ApiResult<'checkOllama'>> {
    return this.extraction.checkOllama(args);
  }

  async startExtraction(args: ApiArgs<'startExtraction'>): Promise<ApiResult<'startExtraction'>> {
    return this.extraction.startExtraction(args);
  }

  async resumeExtraction(): Promise<ApiResult<'resumeExtraction'>> {
    return this.extraction.resumeInterrupted();
  }

  async extractionStatus(args: ApiArgs<'extractionStatus'>): Promise<ApiResult<'extractionStatus'>> {
    return this.extraction.status(args);
  }

  async listChunks(args: ApiArgs<'listChunks'>): Promise<ApiResult<'listChunks'>> {
    return this.extraction.listChunks(args);
  }

  async getChunk(args: ApiArgs<'getChunk'>): Promise<ApiResult<'getChunk'>> {
    return this.extraction.getChunk(args.key);
  }

  async reextractChunk(args: ApiArgs<'reextractChunk'>): Promise<ApiResult<'reextractChunk'>> {
    return this.extraction.reextractChunk(args.key);
  }

  async startEmbedding(args: ApiArgs<'startEmbedding'>): Promise<ApiResult<'startEmbedding'>> {
    return this.extraction.startEmbedding(args);
  }

  async searchEntities(args: ApiArgs<'searchEntities'>): Promise<ApiResult<'searchEntities'>> {
    return this.extraction.searchEntities(args.text, args.limit ?? 20);
  }

  async coverage(args: ApiArgs<'coverage'>): Promise<ApiResult<'coverage'>> {
    return this.extraction.coverage(args.answers, args.origins);
  }

  // ---- topics and stances over time

  async topicLane(args: ApiArgs<'topicLane'>): Promise<ApiResult<'topicLane'>> {
    return topicLane(this.topics, args.sourceIds, args.limit);
  }

  async listTopics(args: ApiArgs<'listTopics'>): Promise<ApiResult<'listTopics'>> {
    const words = args.search ? normalizeText(args.search) : '';
    return this.topics
      .topics(args.sourceIds)
      .filter((t) => !words || normalizeText(t.label).includes(words))
      .slice(0, args.limit ?? 500);
  }

  async getTopic(args: ApiArgs<'getTopic'>): Promise<ApiResult<'getTopic'>> {
    await this.graph.ready();
    return topicDetail({ chat: this.chat, graph: this.graph, topics: this.topics, stances: this.stanceService, entities: this.entities }, args.iri);
  }

  async stances(args: ApiArgs<'stances'>): Promise<ApiResult<'stances'>> {
    return this.stanceService.list(args);
  }

  async startTopicSummaries(args: ApiArgs<'startTopicSummaries'>): Promise<ApiResult<'startTopicSummaries'>> {
    await this.whenReady();
    return this.topicModel.start(args);
  }

  // ---- the automatic knowledge graph and the owner

  async autoGraphStatus(): Promise<ApiResult<'autoGraphStatus'>> {
    return this.autoGraph.status();
  }

  async runAutoGraph(args: ApiArgs<'runAutoGraph'>): Promise<ApiResult<'runAutoGraph'>> {
    await this.whenReady();
    const all = this.chat.listSources().map((s) => s.id);
    const ids = args.sourceIds?.length ? args.sourceIds.filter((id) => all.includes(id)) : all;
    if (!ids.length) throw new ApiError('not_found', args.sourceIds?.length ? `no source ${args.sourceIds.join(', ')}` : 'no sources to extract');
    return this.autoGraph.enqueue(ids);
  }

  async owner(): Promise<ApiResult<'owner'>> {
    return this.ownerService.info();
  }

  async setOwner(args: ApiArgs<'setOwner'>): Promise<ApiResult<'setOwner'>> {
    await this.whenReady();
    const info = await this.ownerService.set(args.sourceId, args.speaker);
    this.changed('settings', 'graph');
    return info;
  }

  async setOwnerName(args: ApiArgs<'setOwnerName'>): Promise<ApiResult<'setOwnerName'>> {
    await this.whenReady();
    const info = await this.ownerService.setName(args.name);
    this.changed('settings', 'graph');
    return info;
  }

  // ---- timeline: time and session questions

  async planQuestion(args: ApiArgs<'planQuestion'>): Promise<ApiResult<'planQuestion'>> {
    return this.timeline.plan(args);
  }

  async runPlan(args: ApiArgs<'runPlan'>): Promise<ApiResult<'runPlan'>> {
    return this.timeline.run(args.plan, { offset: args.offset, limit: args.limit });
  }

  async askTimeline(args: ApiArgs<'askTimeline'>): Promise<ApiResult<'askTimeline'>> {
    const planned = this.timeline.plan(args);
    return { planned, run: await this.timeline.run(planned.plan, { limit: args.limit }) };
  }

  // ---- entities and the visual graph

  async classTree(): Promise<ApiResult<'classTree'>> {
    return this.entities.classTree();
  }

  async listIndividuals(args: ApiArgs<'listIndividuals'>): Promise<ApiResult<'listIndividuals'>> {
    return this.entities.individuals(args);
  }

  async getEntity(args: ApiArgs<'getEntity'>): Promise<ApiResult<'getEntity'>> {
    return this.entities.entity(args.iri);
  }

  /** Every structured edit is one SPARQL UPDATE through the journal. */
  private async edit(sparql: string, label: string): Promise<EditRecord> {
    const record = await this.graph.request({ op: 'update', sparql, label });
    this.changed('graph');
    return record;
  }

  async editTriples(args: ApiArgs<'editTriples'>): Promise<ApiResult<'editTriples'>> {
    return this.edit(editTriplesUpdate(args.remove, args.add), args.label);
  }

  async createEntity(args: ApiArgs<'createEntity'>): Promise<ApiResult<'createEntity'>> {
    const iri = newEntityIri(args.label);
    const edit = await this.edit(createEntityUpdate(iri, args.label, args.classIri), `Create ${args.label}`);
    return { iri, edit };
  }

  async deleteEntity(args: ApiArgs<'deleteEntity'>): Promise<ApiResult<'deleteEntity'>> {
    return this.edit(deleteEntityUpdate(args.iri), `Delete ${localName(args.iri)}`);
  }

  async mergeEntities(args: ApiArgs<'mergeEntities'>): Promise<ApiResult<'mergeEntities'>> {
    return this.edit(mergeEntitiesUpdate(args.keep, args.merge), `Merge ${localName(args.merge)} into ${localName(args.keep)}`);
  }

  async graphView(args: ApiArgs<'graphView'>): Promise<ApiResult<'graphView'>> {
    return this.entities.graphView(args);
  }

  async graphOverview(args: ApiArgs<'graphOverview'>): Promise<ApiResult<'graphOverview'>> {
    return this.entities.graphOverview(args);
  }

  // ---- Ask (ask/ask-service.ts)

  async ask(args: ApiArgs<'ask'>): Promise<ApiResult<'ask'>> {
    return this.askEngine.ask(args);
  }

  async askSuggestions(args: ApiArgs<'askSuggestions'>): Promise<ApiResult<'askSuggestions'>> {
    const { sourceIds, now } = args;
    return askSuggestions({
      answer: async (question) => (await this.askEngine.answer({ question, sourceIds, now, llm: false })).answer,
      select: async (sparql) => {
        await this.graph.ready();
        const r = await this.graph.request({ op: 'query', sparql, limit: 100 });
        return r.kind === 'select' ? r.rows : [];
      },
      ownerIris: this.ownerService.owner().iris,
      topics: () => this.topics.topics(sourceIds),
    });
  }

  async rerunAskSparql(args: ApiArgs<'rerunAskSparql'>): Promise<ApiResult<'rerunAskSparql'>> {
    return this.askEngine.rerunSparql(args.turnId, args.sparql);
  }

  async rerunAskPlan(args: ApiArgs<'rerunAskPlan'>): Promise<ApiResult<'rerunAskPlan'>> {
    return this.askEngine.rerunPlan(args.turnId, args.plan);
  }

  async listAskConversations(): Promise<ApiResult<'listAskConversations'>> {
    return this.askEngine.listConversations();
  }

  async getAskConversation(args: ApiArgs<'getAskConversation'>): Promise<ApiResult<'getAskConversation'>> {
    return this.askEngine.getConversation(args.id);
  }

  async deleteAskConversation(args: ApiArgs<'deleteAskConversation'>): Promise<ApiResult<'deleteAskConversation'>> {
    return { deleted: this.askEngine.deleteConversation(args.id) };
  }
}

/**
 * What to highlight of a text query: the words the index searched for (not its stop words), each
 * as the part its inflections share ("running" → "run", which also marks "runs"), since the
 * renderer marks substrings.
 */
export function highlightTerms(text: string): string[] {
  return [...new Set(words(text).filter((w) => w.length > 1 && !isIndexStopWord(w)).map(stemPrefix))];
}


/**
 * Refuses to start a new, empty memory where one was: engram.sqlite (the record of the messages)
 * is gone but the graph or the search index derived from it is still there.
 */
function refuseMissingRecord(dataDir: string, dbFile: string): void {
  if (fs.existsSync(dbFile)) return;
  const graphDir = path.join(dataDir, 'graph');
  const hasGraph = fs.existsSync(graphDir) && fs.readdirSync(graphDir).some((f) => /^snapshot-\d+\.ntg$/.test(f));
  const hasSearch = fs.existsSync(path.join(dataDir, 'search', 'messages.lance'));
  if (!hasGraph && !hasSearch) return;
  throw new ApiError(
    'unavailable',
    `${dbFile} is missing, but the ${hasGraph ? 'graph' : 'search index'} made from it is still in ${dataDir}: restore engram.sqlite from a backup, or run \`${REPAIR_COMMAND}\` to set the rest aside and start an empty memory`,
  );
}

/**
 * Opens the search index and reads it whole once (its rows per source, for the start-up
 * reconciliation). An index that cannot be read (a data file missing or damaged) is derived
 * data: it is removed and rebuilt from the chat table; a table without its full-text index (a
 * crash between the two) gets it back.
 */
/** Rows with each text cut to `chars` characters (not inside a surrogate pair), marked `textCut`. */
function textsCut(rows: MessageRow[], chars: number | undefined): MessageRow[] {
  if (chars === undefined) return rows;
  for (const r of rows) {
    if (r.text.length <= chars) continue;
    const end = /[\uD800-\uDBFF]/.test(r.text[chars - 1]) ? chars - 1 : chars;
    r.text = r.text.slice(0, end);
    r.textCut = true;
  }
  return rows;
}

/**
 * The search index, opened when first used: then reconciled with the chat table (after a crash
 * between the two), and rebuilt from it when it cannot be read (the problem goes to `problems`).
 */
function openSearchIndex(dir: string, sqlite: MemoryDb, problems: IntegrityProblem[]): Promise<SearchIndex> {
  return SearchIndex.open(
    dir,
    {
      counts: () => sqlite.chat.messageCountsBySource(),
      rows: (sourceId) => [...sqlite.chat.iterateSourceMessages(sourceId)].map(searchRowOf),
    },
    (problem) => problems.push(problem),
  );
}

/** SQLite's "the file is damaged" errors, said with the file and what to do. */
function describeStoreError(e: unknown): unknown {
  const code = (e as { code?: string }).code;
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return new ApiError('unavailable', `engram.sqlite is damaged (${(e as Error).message}): run \`${REPAIR_COMMAND}\``);
  }
  return e;
}
