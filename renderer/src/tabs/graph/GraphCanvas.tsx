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
import { useColorScheme } from '../../ui/use-color-scheme';
import { useGraph } from './graph-store';
import { graphStylesheet, nodeSize } from './graph-style';
import type { LayoutRequest, LayoutResponse } from './layout-protocol';
import LayoutWorker from './layout-worker?worker';

/** Above this many elements cytoscape uses its fast rendering paths. */
const BIG = 1500;
/** Up to this many edges every edge shows its label. */
const EDGE_LABELS_MAX = 160;
/** Up to this many elements, selecting a node fades the rest. */
const FADE_MAX = 2500;

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

export function GraphCanvas(props: { onConnect(from: string, to: string): void; onMenu(menu: CanvasMenu | null): void }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const cyRef = useRef<cytoscape.Core | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const layoutReq = useRef(0);
  const laidOutKey = useRef(-1);
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
  const big = nodes.length + edges.length > BIG;
  const edgeLabels = edges.length <= EDGE_LABELS_MAX;
  const propsRef = useRef(props);
  propsRef.current = props;

  // The worker lives as long as the tab.
  useEffect(() => {
    const worker = new LayoutWorker();
    workerRef.current = worker;
    return () => worker.terminate();
  }, []);

  // One cytoscape per rendering mode (the fast paths are set at creation).
  useEffect(() => {
    const host = hostRef.current!;
    const cy = cytoscape({
      container: host,
      style: graphStylesheet({ scheme, big, edgeLabels }),
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
        useGraph.getState().startConnect(null);
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
      e.target.connectedEdges().filter((x) => !keep.has(x.id())).removeClass('labelled near');
      setHover(null);
    });
    cy.on('viewport', () => {
      setHover(null);
      propsRef.current.onMenu(null);
    });
    setCyVersion((v) => v + 1);
    return () => {
      cancelAnimationFrame(selTimer);
      cy.destroy();
      if (cyRef.current === cy) cyRef.current = null;
    };
  }, [big]); // eslint-disable-line react-hooks/exhaustive-deps

  // Light/dark and edge labels: a new stylesheet, same elements.
  useEffect(() => {
    cyRef.current?.style(graphStylesheet({ scheme, big, edgeLabels }));
  }, [scheme, edgeLabels, big, cyVersion]);

  // Elements by difference; a full layout when the query changed.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const t0 = performance.now();
    const store = useGraph.getState();
    const full = laidOutKey.current !== layoutKey;
    const added = sync(cy, nodes, edges, { full, placement: store.placement, prefixes });
    const addMs = performance.now() - t0;
    if (full) {
      laidOutKey.current = layoutKey;
      if (nodes.length) cy.fit(undefined, 40);
      afterPaint(() => store.setMetrics({ addMs, firstPaintMs: performance.now() - t0 }));
      runLayout(cy, t0);
    } else if (added && store.placement) {
      const at = store.placement.at;
      afterPaint(() => store.setMetrics({ expandMs: performance.now() - at }));
    }
  }, [nodes, edges, layoutKey, cyVersion]); // eslint-disable-line react-hooks/exhaustive-deps

  // Hidden categories, expanded nodes, the node an edge is being drawn from.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const hiddenSet = new Set(hiddenCategories);
    cy.batch(() => {
      cy.nodes().forEach((n) => {
        n.toggleClass('hidden-category', hiddenSet.has(n.data('category')));
        n.toggleClass('expanded', !!expansions[n.id()]);
        n.toggleClass('connect-source', n.id() === connectFrom);
      });
    });
  }, [hiddenCategories, expansions, connectFrom, nodes, cyVersion]);

  // The store's selection onto the canvas, and the selected node's neighbourhood in front.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const want = new Set(selected);
    const fade = cy.elements().length <= FADE_MAX;
    cy.batch(() => {
      cy.nodes().forEach((n) => {
        if (want.has(n.id()) && !n.selected()) n.select();
        else if (!want.has(n.id()) && n.selected()) n.unselect();
      });
      cy.edges('.labelled, .near').removeClass('labelled near');
      if (fade) cy.elements('.faded').removeClass('faded');
      if (selected.length) {
        const sel = cy.collection(selected.map((id) => cy.getElementById(id)).filter((x) => x.nonempty()));
        const hood = sel.closedNeighborhood();
        hood.edges().addClass('labelled near');
        if (fade && selected.length === 1 && cy.nodes().length > 12) cy.elements().not(hood).addClass('faded');
      }
    });
  }, [selected, nodes, edges, cyVersion]);

  function runLayout(cy: cytoscape.Core, t0: number) {
    const worker = workerRef.current;
    const list = cy.nodes();
    if (!worker || list.empty()) {
      useGraph.getState().setMetrics({ layoutMs: 0, settledMs: performance.now() - t0, layoutEngine: null });
      return;
    }
    const index = new Map<string, number>();
    const reqNodes = list.map((n, i) => {
      index.set(n.id(), i);
      return { id: n.id(), size: n.data('size') as number };
    });
    const reqEdges: [number, number][] = [];
    cy.edges().forEach((e) => {
      const s = index.get(e.source().id());
      const t = index.get(e.target().id());
      if (s !== undefined && t !== undefined && s !== t) reqEdges.push([s, t]);
    });
    const id = ++layoutReq.current;
    const req: LayoutRequest = { id, name: useGraph.getState().layout, nodes: reqNodes, edges: reqEdges };
    let first = true;
    const ids = reqNodes.map((n) => n.id);
    const onMessage = (e: MessageEvent<LayoutResponse>) => {
      const r = e.data;
      if (r.id !== id) return;
      if (cyRef.current !== cy || layoutReq.current !== id) {
        worker.removeEventListener('message', onMessage);
        return;
      }
      if (r.error) {
        worker.removeEventListener('message', onMessage);
        useGraph.getState().setMetrics({ layoutMs: r.ms, layoutEngine: `${r.engine} failed: ${r.error}` });
        return;
      }
      if (r.positions) {
        const pos = r.positions;
        cy.batch(() => {
          for (let i = 0; i < ids.length; i++) cy.getElementById(ids[i]).position({ x: pos[i * 2], y: pos[i * 2 + 1] });
        });
        if (first || r.done) cy.fit(undefined, 36);
        first = false;
      }
      if (r.done) {
        worker.removeEventListener('message', onMessage);
        const layoutMs = r.ms;
        afterPaint(() => useGraph.getState().setMetrics({ layoutMs, settledMs: performance.now() - t0, layoutEngine: r.engine }));
      }
    };
    worker.addEventListener('message', onMessage);
    useGraph.getState().setMetrics({ layoutMs: null, settledMs: null, layoutEngine: null });
    worker.postMessage(req);
  }

  // A new layout of the same elements (layout chosen, "lay out again").
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy || laidOutKey.current === layoutKey) return;
    laidOutKey.current = layoutKey;
    runLayout(cy, performance.now());
  }, [layout, layoutKey]); // eslint-disable-line react-hooks/exhaustive-deps

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

/** Calls back once the browser has painted the current state. */
function afterPaint(fn: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(fn));
}

/**
 * Brings cytoscape's elements in line with the view. New nodes go around the node that was
 * expanded, else next to a neighbour already on screen, else on a spiral (before a full layout).
 * Returns whether anything was added.
 */
function sync(
  cy: cytoscape.Core,
  nodes: GraphViewNode[],
  edges: GraphViewEdge[],
  o: { full: boolean; placement: { around: string } | null; prefixes: Record<string, string> },
): boolean {
  const degree = new Map<string, number>();
  for (const e of edges) {
    degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
    degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
  }
  const maxDegree = Math.max(1, ...degree.values());
  const wantNodes = new Map(nodes.map((n) => [n.id, n]));
  const wantEdges = new Map(edges.map((e) => [e.id, e]));
  const addNodes: cytoscape.ElementDefinition[] = [];
  const addEdges: cytoscape.ElementDefinition[] = [];
  cy.batch(() => {
    const gone = cy.collection();
    cy.edges().forEach((e) => {
      if (!wantEdges.has(e.id())) gone.merge(e);
    });
    cy.nodes().forEach((n) => {
      if (!wantNodes.has(n.id())) gone.merge(n);
    });
    if (gone.nonempty()) cy.remove(gone);
    // Existing nodes: label, category and size may have changed (a rename, a new type).
    cy.nodes().forEach((el) => {
      const n = wantNodes.get(el.id())!;
      const size = nodeSize(degree.get(n.id) ?? 0);
      const hub = (degree.get(n.id) ?? 0) >= Math.max(8, maxDegree * 0.25);
      if (el.data('label') !== n.label || el.data('category') !== n.category || el.data('size') !== size || el.data('hub') !== hub) {
        el.data({ label: n.label, category: n.category, types: n.types, size, hub });
      }
    });
    const present = (id: string) => cy.getElementById(id).nonempty();
    const around = o.placement && present(o.placement.around) ? cy.getElementById(o.placement.around) : null;
    const fresh = nodes.filter((n) => !present(n.id));
    const ringSize = fresh.length;
    const extent = cy.extent();
    const center = { x: (extent.x1 + extent.x2) / 2, y: (extent.y1 + extent.y2) / 2 };
    const positions = new Map<string, { x: number; y: number }>();
    fresh.forEach((n, i) => {
      let p: { x: number; y: number };
      if (o.full) {
        // A golden-angle spiral until the layout arrives.
        const r = 12 * Math.sqrt(i + 1);
        const a = i * 2.39996;
        p = { x: Math.cos(a) * r, y: Math.sin(a) * r };
      } else if (around) {
        const c = around.position();
        const r = 70 + ringSize * 3.2;
        const a = (2 * Math.PI * i) / Math.max(1, ringSize);
        p = { x: c.x + Math.cos(a) * r, y: c.y + Math.sin(a) * r };
      } else {
        const near = edges.find((e) => (e.source === n.id && present(e.target)) || (e.target === n.id && present(e.source)));
        const anchor = near ? cy.getElementById(near.source === n.id ? near.target : near.source).position() : (positions.values().next().value ?? center);
        p = { x: anchor.x + (Math.random() - 0.5) * 120, y: anchor.y + (Math.random() - 0.5) * 120 };
      }
      positions.set(n.id, p);
      const deg = degree.get(n.id) ?? 0;
      addNodes.push({
        group: 'nodes',
        data: { id: n.id, label: n.label, category: n.category, types: n.types, size: nodeSize(deg), hub: deg >= Math.max(8, maxDegree * 0.25) },
        position: p,
      });
    });
    for (const e of edges) {
      if (present(e.id) && cy.getElementById(e.id).isEdge()) continue;
      addEdges.push({ group: 'edges', data: { id: e.id, source: e.source, target: e.target, predicate: e.predicate, label: compactIri(e.predicate, o.prefixes) } });
    }
    if (addNodes.length || addEdges.length) cy.add([...addNodes, ...addEdges]);
  });
  return addNodes.length > 0 || addEdges.length > 0;
}
