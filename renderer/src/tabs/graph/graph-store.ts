// Graph tab state: what the view shows (the overview of clusters, the whole graph, a cluster
// opened from the overview, or a neighbourhood grown from an entity, a class, a search or the
// timeline selection), its filters, the nodes expanded by
// hand, the selection, the layout, and the measured timings. The view on screen is the union
// of the base query and one neighbourhood per expanded node; collapsing removes what only that
// expansion brought (or, for a node not expanded, its leaf neighbours).
import { create } from 'zustand';
import { MEMORY_BASE } from '../../../../shared/rdf';
import type { GraphCluster, GraphOverview, GraphView, GraphViewEdge, GraphViewNode, SessionInfo } from '../../../../shared/types';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import type { TimeSelection } from '../../state/route';
import { errorMessage, plural } from '../../ui/format';
import { loadJson, saveJson } from '../../ui/persist';

export type GraphSeed =
  | { kind: 'entity'; iri: string }
  | { kind: 'class'; iri: string }
  | { kind: 'search'; text: string }
  | { kind: 'sessions'; sessionIds: number[] }
  | { kind: 'entities'; iris: string[] };

export type Scope = { kind: 'overview' } | { kind: 'all' } | { kind: 'seed'; seed: GraphSeed; title: string } | { kind: 'timeline' };
export type LayoutName = 'force' | 'hierarchical' | 'concentric';

export interface GraphFilters {
  classIris: string[];
  predicates: string[];
  sourceIds: number[];
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
  includeStructure: boolean;
  /** Only links of these origins (empty: all). */
  origins: ('auto' | 'extraction' | 'person')[];
}

export interface GraphMetrics {
  /** The graphView call. */
  apiMs: number | null;
  /** Adding the elements to cytoscape. */
  addMs: number | null;
  /** From the data to the first frame on screen (before the layout settles). */
  firstPaintMs: number | null;
  /** The layout's own time (in the worker). */
  layoutMs: number | null;
  /** From the data to the frame with the final layout. */
  settledMs: number | null;
  /** From asking to expand a node to the frame showing its neighbours. */
  expandMs: number | null;
  layoutEngine: string | null;
  /** The overview: from asking for it to the frame that shows its clusters (the query included). */
  overviewPaintMs: number | null;
  /** The overview's own query and community detection (in the engine), as the page waits for it. */
  overviewQueryMs: number | null;
}

/** Edges fetched at most for one view (the engine's limit is on edges). */
export const DEFAULT_LIMIT = 6000;
const EXPAND_LIMIT = 600;

interface GraphState {
  scope: Scope;
  depth: number;
  filters: GraphFilters;
  hiddenCategories: string[];
  layout: LayoutName;
  limit: number;

  base: GraphView | null;
  expansions: Record<string, GraphView>;
  /** Order of expansion (for collapse and the placement of new nodes). */
  expandedOrder: string[];
  /** Leaf neighbours hidden by collapsing a node that was not expanded. */
  hidden: Record<string, string[]>;
  /** Nodes shown although no query returns them (e.g. one just created). */
  pinned: Record<string, GraphViewNode>;
  nodes: GraphViewNode[];
  edges: GraphViewEdge[];
  truncated: boolean;
  loading: boolean;
  expanding: string | null;
  error: string | null;
  requestId: number;
  /** Changes when the base query changes: the canvas lays the view out again. */
  layoutKey: number;
  /** Where to put the nodes an expansion brought (around the expanded node). */
  placement: { around: string; at: number } | null;

  selected: string[];
  connectFrom: string | null;
  metrics: GraphMetrics;
  overview: GraphOverview | null;
  /** When the overview was asked for (performance.now()), for its first-paint time. */
  overviewAskedAt: number;
  /** Classes whose members are values (statuses, days of the week: subclasses of schema:Enumeration). */
  valueClasses: string[];
  /** Show value nodes ("completed", "Monday"): hubs that tie everything together, off by default. */
  showValues: boolean;
  /** Value nodes left out of the view. */
  hiddenValues: number;

  showOverview(): void;
  showAll(): void;
  openCluster(cluster: GraphCluster): void;
  growFrom(seed: GraphSeed, title?: string): void;
  followTimeline(): void;
  setDepth(depth: number): void;
  setFilters(patch: Partial<GraphFilters>): void;
  clearFilters(): void;
  toggleCategory(category: string): void;
  setLayout(layout: LayoutName): void;
  setLimit(limit: number): void;
  relayout(): void;
  load(opts?: { keepLayout?: boolean }): Promise<void>;
  expand(id: string): Promise<void>;
  collapse(id: string): void;
  toggleExpand(id: string): Promise<void>;
  pin(node: GraphViewNode): void;
  select(ids: string[]): void;
  startConnect(from: string | null): void;
  setMetrics(patch: Partial<GraphMetrics>): void;
  setValueClasses(classes: string[]): void;
  setShowValues(on: boolean): void;
}

/** Sessions at most in a timeline-seeded view. */
const TIMELINE_SEED_LIMIT = 5000;

const EMPTY_FILTERS: GraphFilters = { classIris: [], predicates: [], sourceIds: [], from: '', to: '', includeStructure: false, origins: [] };

/** The filters that are set, as the engine's query arguments (the overview's and the views'). */
function filterArgs(f: GraphFilters) {
  return {
    ...(f.classIris.length ? { classIris: f.classIris } : {}),
    ...(f.predicates.length ? { predicates: f.predicates } : {}),
    ...(f.sourceIds.length ? { sourceIds: f.sourceIds } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.origins?.length ? { origins: f.origins } : {}),
  };
}

function queryArgs(s: Pick<GraphState, 'scope' | 'depth' | 'filters' | 'limit'>, selection: TimeSelection | null, sessions: { id: number; start: string; end: string }[]) {
  const f = s.filters;
  const common = {
    ...filterArgs(f),
    includeStructure: f.includeStructure,
    limit: s.limit,
  };
  if (s.scope.kind === 'seed') return { ...common, seed: s.scope.seed, depth: s.depth };
  if (s.scope.kind === 'timeline') {
    if (!selection) return null;
    const sessionIds =
      selection.kind === 'session'
        ? [selection.sessionId]
        : sessions.filter((x) => x.end >= selection.from && x.start <= selection.to).map((x) => x.id);
    if (!sessionIds.length) return null;
    return { ...common, seed: { kind: 'sessions' as const, sessionIds: sessionIds.slice(0, TIMELINE_SEED_LIMIT) }, depth: s.depth };
  }
  return common;
}

/**
 * The sessions a timeline selection covers: a range's from the engine (the workbench knows only
 * the sessions of the span the timeline shows), a session's from those known.
 */
async function sessionsOfSelection(s: Pick<GraphState, 'scope'>, selection: TimeSelection | null, known: SessionInfo[]): Promise<SessionInfo[]> {
  if (s.scope.kind !== 'timeline' || selection?.kind !== 'range') return known;
  return api().listSessions({ from: selection.from, to: selection.to, limit: TIMELINE_SEED_LIMIT });
}

/** The overview's query: the filters that apply to it. */
async function loadOverview(s: GraphState, requestId: number): Promise<void> {
  const askedAt = performance.now();
  useGraph.setState((x) => ({ requestId, loading: true, error: null, connectFrom: null, overviewAskedAt: askedAt, metrics: { ...x.metrics, overviewPaintMs: null, overviewQueryMs: null } }));
  try {
    const overview = await api().graphOverview(filterArgs(s.filters));
    if (useGraph.getState().requestId !== requestId) return;
    useGraph.setState((x) => ({ overview, loading: false, metrics: { ...x.metrics, overviewQueryMs: performance.now() - askedAt } }));
  } catch (err) {
    if (useGraph.getState().requestId === requestId) useGraph.setState({ loading: false, error: errorMessage(err) });
  }
}

type MergeInput = Pick<GraphState, 'base' | 'expansions' | 'hidden' | 'pinned' | 'valueClasses' | 'showValues'>;

/** Union of the views, without the hidden nodes, edges only between shown nodes. */
function merge(s: MergeInput): { nodes: GraphViewNode[]; edges: GraphViewEdge[]; truncated: boolean; hiddenValues: number } {
  const views = [s.base, ...Object.values(s.expansions)].filter((v): v is GraphView => !!v);
  const hidden = new Set(Object.values(s.hidden).flat());
  const values = new Set(s.valueClasses);
  // Values: members of enumerations, and vocabulary terms with no type of their own in the
  // memory (schema:Monday, schema:CompletedActionStatus are typed only in the ontology).
  const isValue = (n: GraphViewNode) =>
    !s.showValues && (n.types.length > 0 ? n.types.every((t) => values.has(t)) : !n.id.startsWith(MEMORY_BASE));
  const nodes = new Map<string, GraphViewNode>();
  let hiddenValues = 0;
  for (const v of views) {
    for (const n of v.nodes) {
      if (hidden.has(n.id) || nodes.has(n.id)) continue;
      if (isValue(n)) {
        hiddenValues++;
        continue;
      }
      nodes.set(n.id, n);
    }
  }
  for (const n of Object.values(s.pinned)) if (!nodes.has(n.id)) nodes.set(n.id, n);
  const edges = new Map<string, GraphViewEdge>();
  for (const v of views) for (const e of v.edges) if (nodes.has(e.source) && nodes.has(e.target)) edges.set(e.id, e);
  return { nodes: [...nodes.values()], edges: [...edges.values()], truncated: !!s.base?.truncated, hiddenValues };
}

export const useGraph = create<GraphState>()((set, get) => ({
  scope: { kind: 'overview' },
  depth: 1,
  filters: EMPTY_FILTERS,
  hiddenCategories: loadJson<string[]>('engram.graph.hiddenCategories', []),
  layout: loadJson<LayoutName>('engram.graph.layout', 'force'),
  limit: DEFAULT_LIMIT,
  base: null,
  expansions: {},
  expandedOrder: [],
  hidden: {},
  pinned: {},
  nodes: [],
  edges: [],
  truncated: false,
  loading: false,
  expanding: null,
  error: null,
  requestId: 0,
  layoutKey: 0,
  placement: null,
  selected: [],
  connectFrom: null,
  metrics: { apiMs: null, addMs: null, firstPaintMs: null, layoutMs: null, settledMs: null, expandMs: null, layoutEngine: null, overviewPaintMs: null, overviewQueryMs: null },
  overview: null,
  overviewAskedAt: 0,
  valueClasses: [],
  showValues: loadJson('engram.graph.showValues', false),
  hiddenValues: 0,

  showOverview() {
    set({ scope: { kind: 'overview' }, selected: [] });
    void get().load();
  },
  showAll() {
    set({ scope: { kind: 'all' } });
    void get().load();
  },
  openCluster(cluster) {
    // Its members, and the hubs they link to (the owner, usually): drawn edge by edge at this size.
    const overview = get().overview;
    const hubIds = new Set(overview?.hubs.map((h) => h.id));
    const linkedHubs = (overview?.links ?? [])
      .filter((l) => l.source === cluster.id || l.target === cluster.id)
      .map((l) => (l.source === cluster.id ? l.target : l.source))
      .filter((id) => hubIds.has(id));
    const iris = [...cluster.members, ...linkedHubs].slice(0, 5000);
    const title = cluster.kind === 'community' && cluster.size > 1 ? `${cluster.label} and ${plural(cluster.size - 1, 'other')}` : cluster.label;
    set({ scope: { kind: 'seed', seed: { kind: 'entities', iris }, title }, depth: 0, selected: [] });
    void get().load();
  },
  growFrom(seed, title) {
    const label =
      title ?? (seed.kind === 'search' ? `“${seed.text}”` : seed.kind === 'sessions' ? plural(seed.sessionIds.length, 'session') : seed.kind === 'entities' ? plural(seed.iris.length, 'entity') : seed.iri.replace(/^.*[/#]/, ''));
    // Zero steps is for an opened cluster; grown from a seed, the view shows its neighbours.
    set((s) => ({ scope: { kind: 'seed', seed, title: label }, selected: seed.kind === 'entity' ? [seed.iri] : [], depth: s.depth === 0 && seed.kind !== 'entities' ? 1 : s.depth }));
    void get().load();
  },
  followTimeline() {
    set({ scope: { kind: 'timeline' } });
    void get().load();
  },
  setDepth(depth) {
    set({ depth });
    if (get().scope.kind !== 'all' && get().scope.kind !== 'overview') void get().load();
  },
  setFilters(patch) {
    set((s) => ({ filters: { ...s.filters, ...patch } }));
    void get().load();
  },
  clearFilters() {
    set({ filters: EMPTY_FILTERS });
    void get().load();
  },
  toggleCategory(category) {
    const cur = new Set(get().hiddenCategories);
    if (cur.has(category)) cur.delete(category);
    else cur.add(category);
    const hiddenCategories = [...cur];
    saveJson('engram.graph.hiddenCategories', hiddenCategories);
    set({ hiddenCategories });
  },
  setLayout(layout) {
    saveJson('engram.graph.layout', layout);
    set((s) => ({ layout, layoutKey: s.layoutKey + 1 }));
  },
  setLimit(limit) {
    set({ limit });
    void get().load();
  },
  relayout() {
    set((s) => ({ layoutKey: s.layoutKey + 1 }));
  },

  /** Runs the base query (and, keeping the layout, the expansions) again. */
  async load(opts = {}) {
    const app = useApp.getState();
    const s = get();
    const requestId = s.requestId + 1;
    if (s.scope.kind === 'overview') return loadOverview(s, requestId);
    set({ requestId, loading: true, error: null, connectFrom: null });
    let args: ReturnType<typeof queryArgs>;
    try {
      args = queryArgs(s, app.selection, await sessionsOfSelection(s, app.selection, app.sessions));
    } catch (err) {
      if (get().requestId === requestId) set({ loading: false, error: errorMessage(err) });
      return;
    }
    if (get().requestId !== requestId) return;
    if (!args) {
      set((x) => ({
        loading: false,
        base: { nodes: [], edges: [], truncated: false },
        expansions: {},
        expandedOrder: [],
        hidden: {},
        ...merge({ ...x, base: null, expansions: {}, hidden: {}, pinned: {} }),
        layoutKey: x.layoutKey + 1,
      }));
      return;
    }
    const started = performance.now();
    try {
      if (opts.keepLayout) {
        // A refresh after an edit: the same queries again, positions kept.
        const order = get().expandedOrder;
        const pinnedIds = Object.keys(get().pinned);
        const [base, again, pins] = await Promise.all([
          api().graphView(args),
          Promise.all(
            order.map((id) =>
              api().graphView({ seed: { kind: 'entity', iri: id }, depth: 1, includeStructure: args.includeStructure, ...(args.predicates ? { predicates: args.predicates } : {}), limit: EXPAND_LIMIT }),
            ),
          ),
          // Pinned nodes (e.g. just created) are described again: renamed, or gone after a delete or merge.
          Promise.all(pinnedIds.map((id) => api().graphView({ seed: { kind: 'entity', iri: id }, depth: 0 }))),
        ]);
        if (get().requestId !== requestId) return;
        const expansions: Record<string, GraphView> = {};
        order.forEach((id, i) => {
          if (again[i].nodes.length) expansions[id] = again[i];
        });
        const pinned: Record<string, GraphViewNode> = {};
        pins.forEach((v) => v.nodes[0] && (pinned[v.nodes[0].id] = v.nodes[0]));
        set((x) => {
          const next = { ...x, base, expansions, pinned };
          return { base, expansions, pinned, expandedOrder: x.expandedOrder.filter((id) => expansions[id]), loading: false, placement: null, ...merge(next) };
        });
        return;
      }
      const base = await api().graphView(args);
      if (get().requestId !== requestId) return;
      const apiMs = performance.now() - started;
      set((x) => {
        const next = { base, expansions: {}, hidden: {}, pinned: {} };
        return {
          ...next,
          ...merge({ ...x, ...next }),
          expandedOrder: [],
          loading: false,
          placement: null,
          layoutKey: x.layoutKey + 1,
          selected: x.selected.filter((id) => base.nodes.some((n) => n.id === id)),
          metrics: { ...x.metrics, apiMs, addMs: null, layoutMs: null, firstPaintMs: null, settledMs: null },
        };
      });
    } catch (err) {
      if (get().requestId !== requestId) return;
      set({ loading: false, error: errorMessage(err) });
    }
  },

  async expand(id) {
    const s = get();
    set({ expanding: id, error: null });
    const started = performance.now();
    try {
      const view = await api().graphView({
        seed: { kind: 'entity', iri: id },
        depth: 1,
        includeStructure: s.filters.includeStructure,
        ...(s.filters.predicates.length ? { predicates: s.filters.predicates } : {}),
        limit: EXPAND_LIMIT,
      });
      set((x) => {
        const hidden = { ...x.hidden };
        delete hidden[id];
        const next = { ...x, hidden, expansions: { ...x.expansions, [id]: view } };
        return {
          expansions: next.expansions,
          hidden,
          expandedOrder: [...x.expandedOrder.filter((e) => e !== id), id],
          expanding: null,
          placement: { around: id, at: started },
          ...merge(next),
        };
      });
    } catch (err) {
      set({ expanding: null, error: errorMessage(err) });
    }
  },

  collapse(id) {
    set((x) => {
      if (x.expansions[id]) {
        const expansions = { ...x.expansions };
        delete expansions[id];
        const next = { ...x, expansions };
        // The expanded node itself stays.
        const merged = merge(next);
        if (!merged.nodes.some((n) => n.id === id)) {
          const self = x.nodes.find((n) => n.id === id);
          if (self) next.pinned = { ...x.pinned, [id]: self };
        }
        return { expansions, pinned: next.pinned, expandedOrder: x.expandedOrder.filter((e) => e !== id), placement: null, ...merge(next) };
      }
      // Not expanded: hide its neighbours that hang on it alone.
      const degree = new Map<string, number>();
      for (const e of x.edges) {
        degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
        degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
      }
      const leaves = x.edges
        .filter((e) => e.source === id || e.target === id)
        .map((e) => (e.source === id ? e.target : e.source))
        .filter((n) => n !== id && degree.get(n) === 1);
      if (!leaves.length) return {};
      const hidden = { ...x.hidden, [id]: leaves };
      const next = { ...x, hidden };
      return { hidden, placement: null, selected: x.selected.filter((s) => !leaves.includes(s)), ...merge(next) };
    });
  },

  async toggleExpand(id) {
    if (get().expansions[id]) get().collapse(id);
    else await get().expand(id);
  },

  pin(node) {
    set((x) => {
      const pinned = { ...x.pinned, [node.id]: node };
      return { pinned, placement: null, ...merge({ ...x, pinned }) };
    });
  },

  select(ids) {
    set({ selected: ids });
  },
  startConnect(from) {
    set({ connectFrom: from });
  },
  setMetrics(patch) {
    set((x) => ({ metrics: { ...x.metrics, ...patch } }));
  },
  setValueClasses(valueClasses) {
    const cur = get().valueClasses;
    if (cur.length === valueClasses.length && cur.every((c, i) => c === valueClasses[i])) return;
    set((x) => {
      const m = merge({ ...x, valueClasses });
      // The same view (the usual case): keep its arrays, so the canvas has nothing to redo.
      const same = m.nodes.length === x.nodes.length && m.edges.length === x.edges.length && m.nodes.every((n, i) => n.id === x.nodes[i].id);
      return same ? { valueClasses } : { valueClasses, placement: null, ...m };
    });
  },
  setShowValues(showValues) {
    saveJson('engram.graph.showValues', showValues);
    set((x) => ({ showValues, placement: null, ...merge({ ...x, showValues }) }));
  },
}));
