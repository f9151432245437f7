// The graph itself (cytoscape). Keeps cytoscape in step with the store by difference, so an
// expansion or an edit adds and removes only what changed and everything else stays where it
// is; full layouts run in a worker (layout-worker.ts) and are streamed in while they settle.
// Big views switch cytoscape to its fast paths (texture while panning, straight edges, labels
// only when readable). Timings go to the store (and window.__engramGraph for the benchmark).
import cytoscape from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import { compactIri } from '../../../../shared/rdf';
import type { GraphViewEdge, GraphViewNode } from '../../../../shared/types';
import { useVocabulary } from '../../editors/vocabulary';
import { CATEGORY_STYLE, categoryOf } from '../../ui/categories';
import { kindOf } from '../../ui/class-names';
import { useOntology } from '../entities/ontology-store';
import { declutter, followZoom } from './label-declutter';
import { useColorScheme } from '../../ui/use-color-scheme';
import { useGraph } from './graph-store';
import { graphStylesheet, nodeSize } from './graph-style';
import type { LayoutRequest, LayoutResponse } from './layout-protocol';
import { DiscGrid, freeSpot } from './free-spot';
import { layoutWorker } from './layout-pool';

/** Above this many elements cytoscape uses its fast rendering paths. */
const BIG = 1500;
/** Up to this many edges every edge shows its label. */
const EDGE_LABELS_MAX = 160;
/** Up to this many elements, selecting a node fades the rest. */
const FADE_MAX = 2500;
/** Above this many edges, haystack edges (no arrows except around the selection). */
const HUGE_EDGES = 3000;
/** Above this many nodes, nodes are drawn smaller. */
const MANY = 1000;

export interface CanvasMenu {
  x: number;
  y: number;
  id: string;
}

declare global {
  interface Window {
    __engramGraph?: { cy: cytoscape.Core; metrics: () => unknown };
  }
}

/** After a layout's last positions, the time its final fit and paint take (a tap then still aims at where a node was). */
const SETTLE_MS = 400;

export function GraphCanvas(props: { onConnect(from: string, to: string): void; onMenu(menu: CanvasMenu | null): void }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const cyRef = useRef<cytoscape.Core | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const layoutReq = useRef(0);
  const laidOutKey = useRef(-1);
  /** New elements are waiting for the layout's first positions. */
  const pendingAdd = useRef(false);
  const pendingFor = useRef<{ nodes: GraphViewNode[]; edges: GraphViewEdge[] }>({ nodes: [], edges: [] });
  const lastPlacement = useRef(0);
  /** Until when nodes may still move (a layout streaming positions, then its last fit): a tap beside one then is a miss, not a choice. */
  const settlingUntil = useRef(0);
  const [cyVersion, setCyVersion] = useState(0);
  const [hover, setHover] = useState<{ x: number; y: number; node: GraphViewNode } | null>(null);
  const scheme = useColorScheme();
  const prefixes = useVocabulary((s) => s.prefixes);
  const nodes = useGraph((s) => s.nodes);
  const edges = useGraph((s) => s.edges);
  const layoutKey = useGraph((s) => s.layoutKey);
  const layout = useGraph((s) => s.layout);
  const hiddenCategories = useGraph((s) => s.hiddenCategories);
  const selected = useGraph((s) => s.selected);
  const connectFrom = useGraph((s) => s.connectFrom);
  const expansions = useGraph((s) => s.expansions);
  const classByIri = useOntology((s) => s.classByIri);
  const big = nodes.length + edges.length > BIG;
  const edgeLabels = edges.length <= EDGE_LABELS_MAX;
  const huge = edges.length > HUGE_EDGES;
  const propsRef = useRef(props);
  propsRef.current = props;
  /** Labels' size factor for the zoom (they grow more slowly than the graph, so zooming in makes room). */
  const fontScale = useRef({ value: 1 });
  const fontScaleOf = () => fontScale.current.value;
  const prefixesRef = useRef(prefixes);
  prefixesRef.current = prefixes;

  // One worker for the page (started early, see layout-pool.ts).
  useEffect(() => {
    workerRef.current = layoutWorker();
  }, []);

  // One cytoscape per rendering mode (the fast paths are set at creation).
  useEffect(() => {
    const host = hostRef.current!;
    const cy = cytoscape({
      container: host,
      style: graphStylesheet({ scheme, big, edgeLabels, huge, fontScale: fontScaleOf }),
      minZoom: 0.02,
      maxZoom: 5,
      boxSelectionEnabled: true,
      selectionType: 'single',
      textureOnViewport: big,
      hideEdgesOnViewport: big,
      hideLabelsOnViewport: big,
      motionBlur: false,
      pixelRatio: big ? 1 : 'auto',
    });
    cyRef.current = cy;
    laidOutKey.current = -1;
    window.__engramGraph = { cy, metrics: () => useGraph.getState().metrics };

    let selTimer = 0;
    const syncSelection = () => {
      cancelAnimationFrame(selTimer);
      selTimer = requestAnimationFrame(() => {
        const ids = cy.$('node:selected').map((n) => n.id());
        const cur = useGraph.getState().selected;
        if (ids.length !== cur.length || ids.some((id) => !cur.includes(id))) useGraph.getState().select(ids);
      });
    };
    cy.on('select unselect', 'node', syncSelection);
    cy.on('tap', 'node', (e) => {
      const from = useGraph.getState().connectFrom;
      const id = e.target.id();
      if (from && from !== id) {
        useGraph.getState().startConnect(null);
        propsRef.current.onConnect(from, id);
        return;
      }
      const oe = e.originalEvent as MouseEvent | undefined;
      if (oe && (oe.shiftKey || oe.metaKey || oe.ctrlKey)) {
        // Additive selection (merge two nodes, link them).
        e.preventDefault();
        setTimeout(() => (e.target.selected() ? e.target.unselect() : e.target.select()), 0);
        if (!e.target.selected()) setTimeout(() => cy.$('node:selected').union(e.target).select(), 0);
      }
    });
    cy.on('dbltap', 'node', (e) => void useGraph.getState().toggleExpand(e.target.id()));
    cy.on('tap', (e) => {
      if (e.target === cy) {
        // drawing an edge ends on the background, not on a click that missed a node still moving
        if (performance.now() > settlingUntil.current) useGraph.getState().startConnect(null);
        propsRef.current.onMenu(null);
      }
    });
    cy.on('cxttap', 'node', (e) => {
      const p = e.renderedPosition;
      if (!e.target.selected()) {
        cy.$(':selected').unselect();
        e.target.select();
      }
      propsRef.current.onMenu({ x: p.x, y: p.y, id: e.target.id() });
    });
    cy.on('mouseover', 'node', (e) => {
      const n = e.target;
      n.connectedEdges().addClass('labelled near');
      const p = n.renderedPosition();
      setHover({ x: p.x, y: p.y - n.renderedHeight() / 2, node: { id: n.id(), label: n.data('label'), types: n.data('types'), category: n.data('category') } });
    });
    cy.on('mouseout', 'node', (e) => {
      const keep = new Set(cy.$('node:selected').connectedEdges().map((x) => x.id()));
      e.target.connectedEdges().filter((x: cytoscape.EdgeSingular) => !keep.has(x.id())).removeClass('labelled near');
      setHover(null);
    });
    // Labels that would overlap more important ones wait until zooming in makes room: once
    // the view rests, labels are sized for the zoom and the overlapping ones hidden.
    let tidyTimer: ReturnType<typeof setTimeout> | undefined;
    cy.on('viewport', () => {
      setHover(null);
      propsRef.current.onMenu(null);
      clearTimeout(tidyTimer);
      tidyTimer = setTimeout(() => followZoom(cy, fontScale.current, () => declutterGraph(cy, fontScale.current.value)), 90);
    });
    setCyVersion((v) => v + 1);
    return () => {
      cancelAnimationFrame(selTimer);
      clearTimeout(tidyTimer);
      cy.destroy();
      if (cyRef.current === cy) cyRef.current = null;
    };
  }, [big]); // eslint-disable-line react-hooks/exhaustive-deps

  // Light/dark and edge labels: a new stylesheet, same elements.
  useEffect(() => {
    cyRef.current?.style(graphStylesheet({ scheme, big, edgeLabels, huge, fontScale: fontScaleOf }));
  }, [scheme, edgeLabels, big, huge, cyVersion]);

  // Elements by difference. When the query changed, the new elements wait for the layout and
  // come in once, already in place (no throw-away first arrangement to draw).
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const t0 = performance.now();
    const store = useGraph.getState();
    // A layout already on its way for exactly this view (a re-render, not a change): let it come.
    if (pendingAdd.current && pendingFor.current.nodes === nodes && pendingFor.current.edges === edges && laidOutKey.current === layoutKey) return;
    const full = laidOutKey.current !== layoutKey || pendingAdd.current;
    pendingFor.current = { nodes, edges };
    const d = diff(cy, nodes, edges);
    if (full) {
      laidOutKey.current = layoutKey;
      runLayout(cy, t0, { nodes: d.fresh, edges, degree: d.degree, maxDegree: d.maxDegree });
    } else {
      const many = cy.nodes().length + d.fresh.length > MANY;
      add(cy, placeNear(cy, d.fresh, edges, store.placement, (id) => nodeSize(d.degree.get(id) ?? 0, many)), edges, d.degree, d.maxDegree, prefixes, d.fresh);
      if (store.placement && store.placement.at !== lastPlacement.current) {
        // An expansion (even one that brought nothing new): time to the frame that shows it.
        const at = store.placement.at;
        lastPlacement.current = at;
        afterPaint(() => store.setMetrics({ expandMs: performance.now() - at }));
      }
    }
  }, [nodes, edges, layoutKey, cyVersion]); // eslint-disable-line react-hooks/exhaustive-deps

  // Hidden categories, expanded nodes, the node an edge is being drawn from.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const hiddenSet = new Set(hiddenCategories);
    cy.batch(() => {
      cy.nodes().forEach((n) => {
        // Only real changes: every class change costs a style pass over the element.
        const set = (cls: string, on: boolean) => on !== n.hasClass(cls) && n.toggleClass(cls, on);
        // Hidden by its category, or by its kind (a class outside every category, as the legend lists it).
        const category = n.data('category') as string;
        set('hidden-category', hiddenSet.has(category) || (category === 'Other' && hiddenSet.has(kindOf(n.data('types') ?? [], category, classByIri).key)));
        set('expanded', !!expansions[n.id()]);
        set('connect-source', n.id() === connectFrom);
      });
    });
  }, [hiddenCategories, expansions, connectFrom, nodes, cyVersion, layoutKey, classByIri]);

  // The store's selection onto the canvas, and the selected node's neighbourhood in front.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const want = new Set(selected);
    const fade = cy.elements().length <= FADE_MAX;
    cy.batch(() => {
      cy.nodes(':selected').forEach((n) => {
        if (!want.has(n.id())) n.unselect();
      });
      for (const id of selected) {
        const n = cy.getElementById(id);
        if (n.nonempty() && !n.selected()) n.select();
      }
      cy.edges('.labelled, .near').removeClass('labelled near');
      if (fade) cy.elements('.faded').removeClass('faded');
      if (selected.length) {
        let sel = cy.collection();
        for (const id of selected) sel = sel.union(cy.getElementById(id));
        const hood = sel.closedNeighborhood();
        hood.edges().addClass('labelled near');
        if (fade && selected.length === 1 && cy.nodes().length > 12) cy.elements().not(hood).addClass('faded');
      }
    });
  }, [selected, nodes, edges, cyVersion]);

  /**
   * Lays the view out in the worker. With `pending`, the new nodes are added when the first
   * positions arrive; a force layout of a big view then streams a few more frames as it settles.
   */
  function runLayout(cy: cytoscape.Core, t0: number, pending?: { nodes: GraphViewNode[]; edges: GraphViewEdge[]; degree: Map<string, number>; maxDegree: number }) {
    const worker = workerRef.current;
    const ids = [...cy.nodes().map((n) => n.id()), ...(pending?.nodes.map((n) => n.id) ?? [])];
    if (!worker || !ids.length) {
      pendingAdd.current = false;
      settlingUntil.current = 0;
      useGraph.getState().setMetrics({ layoutMs: 0, settledMs: performance.now() - t0, layoutEngine: null, ...(pending ? { addMs: 0, firstPaintMs: 0 } : {}) });
      return;
    }
    pendingAdd.current = !!pending;
    const index = new Map(ids.map((id, i) => [id, i]));
    const sizeOf = (id: string) => (pending ? nodeSize(pending.degree.get(id) ?? 0, ids.length > MANY) : (cy.getElementById(id).data('size') as number));
    const reqEdges: [number, number][] = [];
    const edgeList = pending ? pending.edges : cy.edges().map((e) => ({ source: e.source().id(), target: e.target().id() }));
    for (const e of edgeList) {
      const s = index.get(e.source);
      const t = index.get(e.target);
      if (s !== undefined && t !== undefined && s !== t) reqEdges.push([s, t]);
    }
    const id = ++layoutReq.current;
    settlingUntil.current = Infinity;
    const settled = () => {
      if (layoutReq.current === id) settlingUntil.current = performance.now() + SETTLE_MS;
    };
    const req: LayoutRequest = { id, name: useGraph.getState().layout, nodes: ids.map((n) => ({ id: n, size: sizeOf(n) })), edges: reqEdges };
    let first = true;
    const onMessage = (e: MessageEvent<LayoutResponse>) => {
      const r = e.data;
      if (r.id !== id) return;
      if (cyRef.current !== cy || layoutReq.current !== id) {
        worker.removeEventListener('message', onMessage);
        return;
      }
      if (r.error) {
        worker.removeEventListener('message', onMessage);
        settled();
        useGraph.getState().setMetrics({ layoutMs: r.ms, settledMs: performance.now() - t0, layoutEngine: `${r.engine} failed: ${r.error}` });
        if (pendingAdd.current && pending) {
          pendingAdd.current = false;
          add(cy, spiral(pending.nodes), pending.edges, pending.degree, pending.maxDegree, prefixesRef.current, pending.nodes);
        }
        return;
      }
      if (r.positions) {
        const pos = r.positions;
        const at = new Map<string, { x: number; y: number }>();
        for (let i = 0; i < ids.length; i++) at.set(ids[i], { x: pos[i * 2], y: pos[i * 2 + 1] });
        if (first && pending && pendingAdd.current) {
          const a0 = performance.now();
          cy.batch(() => {
            cy.nodes().forEach((n) => {
              const p = at.get(n.id());
              if (p) n.position(p);
            });
            add(cy, new Map(pending.nodes.map((n) => [n.id, at.get(n.id) ?? { x: 0, y: 0 }])), pending.edges, pending.degree, pending.maxDegree, prefixesRef.current, pending.nodes);
          });
          pendingAdd.current = false;
          const addMs = performance.now() - a0;
          fit(cy);
          followZoom(cy, fontScale.current, () => declutterGraph(cy, fontScale.current.value));
          afterPaint(() => useGraph.getState().setMetrics({ addMs, firstPaintMs: performance.now() - t0 }));
        } else {
          cy.batch(() => {
            cy.nodes().forEach((n) => {
              const p = at.get(n.id());
              if (p) n.position(p);
            });
          });
          if (first || r.done) fit(cy);
          if (r.done) followZoom(cy, fontScale.current, () => declutterGraph(cy, fontScale.current.value));
        }
        first = false;
      }
      if (r.done) {
        worker.removeEventListener('message', onMessage);
        settled();
        const layoutMs = r.ms;
        afterPaint(() => useGraph.getState().setMetrics({ layoutMs, settledMs: performance.now() - t0, layoutEngine: r.engine }));
      }
    };
    worker.addEventListener('message', onMessage);
    useGraph.getState().setMetrics({ layoutMs: null, settledMs: null, layoutEngine: null, ...(pending ? { addMs: null, firstPaintMs: null } : {}) });
    worker.postMessage(req);
  }

  return (
    <div className={`graph-canvas ${connectFrom ? 'connecting' : ''}`}>
      <div ref={hostRef} className="graph-host" data-testid="graph-canvas" data-nodes={nodes.length} data-edges={edges.length} />
      {hover && (
        <div className="graph-hover" style={{ left: hover.x, top: hover.y }}>
          <span className="graph-hover-dot" style={{ background: CATEGORY_STYLE[categoryOf(hover.node.category)][scheme] }} />
          <b>{hover.node.label}</b>
          <span className="faint">{hover.node.types.slice(0, 3).map((t) => compactIri(t, prefixes)).join(', ') || hover.node.category}</span>
        </div>
      )}
    </div>
  );
}

/** Hides the labels that would overlap: the selection, then hubs, then the most linked first. */
function declutterGraph(cy: cytoscape.Core, scale: number) {
  declutter(cy, {
    priority: (n) => (n.selected() ? 1e9 : 0) + (n.data('hub') ? 1e6 : 0) + n.degree(false),
    fontSize: (n) => (n.data('hub') ? 13 : 10) * scale,
    maxWidth: 130 * scale,
    // As the stylesheet: labels under this size on screen are not drawn at all.
    minFontSize: cy.elements().length > BIG ? 9 : 6,
  });
}

/** Calls back once the browser has painted the current state. */
function afterPaint(fn: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(fn));
}

interface Diff {
  fresh: GraphViewNode[];
  degree: Map<string, number>;
  maxDegree: number;
}

/** Removes what left the view, updates what changed (a rename, a new type); returns the new nodes. */
function diff(cy: cytoscape.Core, nodes: GraphViewNode[], edges: GraphViewEdge[]): Diff {
  const degree = new Map<string, number>();
  for (const e of edges) {
    degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
    degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
  }
  let maxDegree = 1;
  for (const d of degree.values()) if (d > maxDegree) maxDegree = d;
  const wantNodes = new Map(nodes.map((n) => [n.id, n]));
  const wantEdges = new Set(edges.map((e) => e.id));
  cy.batch(() => {
    const gone = cy.collection();
    cy.edges().forEach((e) => {
      if (!wantEdges.has(e.id())) gone.merge(e);
    });
    cy.nodes().forEach((n) => {
      if (!wantNodes.has(n.id())) gone.merge(n);
    });
    if (gone.nonempty()) cy.remove(gone);
    cy.nodes().forEach((el) => {
      const n = wantNodes.get(el.id())!;
      const deg = degree.get(n.id) ?? 0;
      const size = nodeSize(deg, nodes.length > MANY);
      const hub = isHub(deg, maxDegree);
      if (el.data('label') !== n.label || el.data('category') !== n.category || el.data('size') !== size || el.data('hub') !== hub) {
        el.data({ label: n.label, category: n.category, types: n.types, size, hub });
      }
    });
  });
  return { fresh: nodes.filter((n) => cy.getElementById(n.id).empty()), degree, maxDegree };
}

function isHub(degree: number, maxDegree: number): boolean {
  return degree >= Math.max(8, maxDegree * 0.25);
}

/** Places for nodes brought into a laid-out view: around the node expanded, else near a neighbour on the canvas; never over another node (free-spot.ts). */
function placeNear(cy: cytoscape.Core, fresh: GraphViewNode[], edges: GraphViewEdge[], placement: { around: string } | null, sizeOf: (id: string) => number): Map<string, { x: number; y: number }> {
  const out = new Map<string, { x: number; y: number }>();
  const around = placement && cy.getElementById(placement.around).nonempty() ? cy.getElementById(placement.around) : null;
  const extent = cy.extent();
  const center = { x: (extent.x1 + extent.x2) / 2, y: (extent.y1 + extent.y2) / 2 };
  const taken = new DiscGrid();
  cy.nodes().forEach((n) => taken.add({ ...n.position(), r: (n.data('size') as number) / 2 }));
  fresh.forEach((n, i) => {
    let wanted: { x: number; y: number };
    if (around) {
      const c = around.position();
      const r = 70 + fresh.length * 3.2;
      const a = (2 * Math.PI * i) / Math.max(1, fresh.length);
      wanted = { x: c.x + Math.cos(a) * r, y: c.y + Math.sin(a) * r };
    } else {
      const near = edges.find((e) => (e.source === n.id && cy.getElementById(e.target).nonempty()) || (e.target === n.id && cy.getElementById(e.source).nonempty()));
      const anchor = near ? cy.getElementById(near.source === n.id ? near.target : near.source).position() : center;
      wanted = { x: anchor.x + (Math.random() - 0.5) * 120, y: anchor.y + (Math.random() - 0.5) * 120 };
    }
    out.set(n.id, freeSpot(taken, wanted, sizeOf(n.id) / 2));
  });
  return out;
}

/** A golden-angle spiral (when no layout can be had). */
function spiral(fresh: GraphViewNode[]): Map<string, { x: number; y: number }> {
  return new Map(fresh.map((n, i) => [n.id, { x: Math.cos(i * 2.39996) * 12 * Math.sqrt(i + 1), y: Math.sin(i * 2.39996) * 12 * Math.sqrt(i + 1) }]));
}

/** Adds nodes at the given positions, and every edge of the view whose ends are both on the canvas, in one call. */
function add(
  cy: cytoscape.Core,
  at: Map<string, { x: number; y: number }>,
  edges: GraphViewEdge[],
  degree: Map<string, number>,
  maxDegree: number,
  prefixes: Record<string, string>,
  nodes: GraphViewNode[],
): void {
  const defs: cytoscape.ElementDefinition[] = [];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const many = cy.nodes().length + nodes.length > MANY;
  for (const [id, position] of at) {
    if (cy.getElementById(id).nonempty()) continue;
    const n = byId.get(id);
    if (!n) continue;
    const deg = degree.get(id) ?? 0;
    defs.push({ group: 'nodes', data: { id, label: n.label, category: n.category, types: n.types, size: nodeSize(deg, many), hub: isHub(deg, maxDegree) }, position });
  }
  const present = (id: string) => cy.getElementById(id).nonempty() || at.has(id);
  for (const e of edges) {
    if (cy.getElementById(e.id).nonempty() || !present(e.source) || !present(e.target)) continue;
    defs.push({ group: 'edges', data: { id: e.id, source: e.source, target: e.target, predicate: e.predicate, label: compactIri(e.predicate, prefixes) } });
  }
  if (defs.length) cy.add(defs);
}

/**
 * Fits the view to the nodes from their positions and sizes: cytoscape's own fit measures every
 * label for the bounding box, which costs most of a second at 2,000 nodes.
 */
export function fit(cy: cytoscape.Core, padding = 36): void {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  cy.nodes().forEach((n) => {
    if (n.hasClass('hidden-category')) return;
    const p = n.position();
    const r = ((n.data('size') as number) ?? 20) / 2;
    x1 = Math.min(x1, p.x - r);
    y1 = Math.min(y1, p.y - r);
    x2 = Math.max(x2, p.x + r);
    // Room for the label under the node.
    y2 = Math.max(y2, p.y + r + 14);
  });
  if (!Number.isFinite(x1)) return;
  const w = cy.width();
  const h = cy.height();
  const zoom = Math.max(cy.minZoom(), Math.min(1.6, Math.min((w - 2 * padding) / Math.max(1, x2 - x1), (h - 2 * padding) / Math.max(1, y2 - y1))));
  cy.viewport({ zoom, pan: { x: (w - zoom * (x1 + x2)) / 2, y: (h - zoom * (y1 + y2)) / 2 } });
}
