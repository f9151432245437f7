// Graph layouts in a worker, so that laying out thousands of nodes never freezes the page.
//
// force: fcose (spectral start + CoSE) up to FCOSE_MAX nodes; above that fcose's CoSE phase
//   grows too slow (measured: ~60 s for 2,000 nodes / 5,000 edges on the 2-core machine), so
//   the spectral start (fcose "draft") is refined by a Barnes–Hut force simulation (d3-force),
//   streamed to the page while it settles.
// hierarchical: dagre (longest-path ranking for big graphs).
// concentric: rings by degree (hubs in the middle).
import cytoscape from 'cytoscape';
import dagre from 'cytoscape-dagre';
import fcose from 'cytoscape-fcose';
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationNodeDatum } from 'd3-force';
import type { LayoutRequest, LayoutResponse } from './layout-protocol';

cytoscape.use(fcose);
cytoscape.use(dagre);

const FCOSE_MAX = 300;
const DAGRE_MAX = 400;
let latest = 0;

interface SimNode extends SimulationNodeDatum {
  index: number;
  r: number;
}

function headless(req: LayoutRequest) {
  return cytoscape({
    headless: true,
    styleEnabled: true,
    elements: [
      ...req.nodes.map((n) => ({ data: { id: n.id }, style: { width: n.size, height: n.size } })),
      ...req.edges.map((e, i) => ({ data: { id: `e${i}`, source: req.nodes[e[0]].id, target: req.nodes[e[1]].id } })),
    ],
    style: [{ selector: 'node', style: { width: 'data(size)', height: 'data(size)' } }],
  });
}

function positionsOf(cy: cytoscape.Core, req: LayoutRequest): Float64Array {
  const out = new Float64Array(req.nodes.length * 2);
  req.nodes.forEach((n, i) => {
    const p = cy.getElementById(n.id).position();
    out[i * 2] = p.x;
    out[i * 2 + 1] = p.y;
  });
  return out;
}

function post(msg: LayoutResponse, transfer: Transferable[] = []) {
  (self as unknown as Worker).postMessage(msg, transfer);
}

async function force(req: LayoutRequest, started: number) {
  const n = req.nodes.length;
  if (n <= FCOSE_MAX) {
    const cy = headless(req);
    cy.layout({
      name: 'fcose',
      quality: 'default',
      randomize: true,
      animate: false,
      nodeRepulsion: () => 12000,
      // Edges of hubs are longer, so that a person linked to everything does not pull it all into a knot.
      idealEdgeLength: (e: cytoscape.EdgeSingular) => 40 + 4.5 * Math.sqrt(e.source().degree(false) + e.target().degree(false)),
      edgeElasticity: () => 0.3,
      nodeSeparation: 90,
      gravity: 0.18,
      gravityRange: 4.5,
      packComponents: true,
      tile: true,
    } as cytoscape.LayoutOptions).run();
    const positions = positionsOf(cy, req);
    post({ id: req.id, positions, done: true, ms: performance.now() - started, engine: 'fcose' }, [positions.buffer]);
    return;
  }
  const huge = n > 1000;
  let nodes: SimNode[];
  if (huge) {
    // 1. A start that costs nothing: breadth-first from the hubs onto a sunflower spiral, so that
    //    neighbours start near each other (fcose's spectral start takes seconds at this size).
    nodes = bfsSpiral(req);
  } else {
    // 1. Spectral start: the global shape in one step.
    const cy = headless(req);
    cy.layout({ name: 'fcose', quality: 'draft', randomize: true, animate: false, packComponents: true, nodeSeparation: 60, idealEdgeLength: () => 60 } as cytoscape.LayoutOptions).run();
    const start = positionsOf(cy, req);
    cy.destroy();
    if (req.id !== latest) return;
    // The spectral layout is compact; spread it to the scale the forces settle at.
    let cx = 0;
    let cyy = 0;
    for (let i = 0; i < n; i++) (cx += start[i * 2]), (cyy += start[i * 2 + 1]);
    cx /= n;
    cyy /= n;
    let spread = 0;
    for (let i = 0; i < n; i++) spread += Math.hypot(start[i * 2] - cx, start[i * 2 + 1] - cyy);
    spread = spread / n || 1;
    const scale = (Math.sqrt(n) * 22) / spread;
    nodes = req.nodes.map((node, i) => ({ index: i, r: node.size / 2, x: (start[i * 2] - cx) * scale, y: (start[i * 2 + 1] - cyy) * scale }));
    post({ id: req.id, positions: toArray(nodes), done: false, ms: performance.now() - started, engine: 'fcose draft + d3-force' });
  }
  // 2. Refine with Barnes–Hut forces, a few ticks at a time so newer requests can cancel.
  const links = req.edges.map(([s, t]) => ({ source: s, target: t }));
  // Measured (2,000 nodes / 5,000 edges): collision handling triples the cost of a tick and a
  // coarser Barnes–Hut (theta 1.2) halves it, with little visible difference at that size.
  const sim = forceSimulation<SimNode>(nodes)
    .force('charge', forceManyBody<SimNode>().strength(huge ? -90 : -70).theta(huge ? 1.2 : 0.95).distanceMax(huge ? 800 : 500))
    .force('link', forceLink<SimNode, { source: number; target: number }>(links).distance((l) => 40 + (l.source as unknown as SimNode).r + (l.target as unknown as SimNode).r).iterations(1))
    .force('x', forceX<SimNode>(0).strength(0.025))
    .force('y', forceY<SimNode>(0).strength(0.025))
    .alpha(0.6)
    .stop();
  if (!huge) sim.force('collide', forceCollide<SimNode>((d) => d.r + 3).iterations(1));
  const ticks = huge ? 160 : 180;
  sim.alphaDecay(1 - Math.pow(0.001 / 0.6, 1 / ticks));
  const batch = 25;
  for (let t = 0; t < ticks; t += batch) {
    for (let k = 0; k < batch; k++) sim.tick();
    await new Promise((r) => setTimeout(r, 0));
    if (req.id !== latest) return;
    const done = t + batch >= ticks;
    // A huge view is drawn twice only (an early frame, the final one): each frame redraws thousands of edges.
    if (huge && !done && t !== 0) continue;
    const positions = toArray(nodes);
    post({ id: req.id, positions, done, ms: performance.now() - started, engine: huge ? 'd3-force (Barnes–Hut) from a BFS spiral' : 'fcose draft + d3-force' }, [positions.buffer]);
  }
}

/** Breadth-first order from the most connected nodes, laid on a sunflower spiral. */
function bfsSpiral(req: LayoutRequest): SimNode[] {
  const n = req.nodes.length;
  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const [s, t] of req.edges) adj[s].push(t), adj[t].push(s);
  const order: number[] = [];
  const seen = new Uint8Array(n);
  const byDegree = [...adj.keys()].sort((a, b) => adj[b].length - adj[a].length);
  for (const root of byDegree) {
    if (seen[root]) continue;
    seen[root] = 1;
    const queue = [root];
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q];
      order.push(v);
      for (const w of adj[v]) if (!seen[w]) (seen[w] = 1), queue.push(w);
    }
  }
  const nodes: SimNode[] = new Array(n);
  order.forEach((v, k) => {
    const r = 14 * Math.sqrt(k + 0.5);
    const a = k * 2.39996;
    nodes[v] = { index: v, r: req.nodes[v].size / 2, x: Math.cos(a) * r, y: Math.sin(a) * r };
  });
  return nodes;
}

function toArray(nodes: SimNode[]): Float64Array {
  const out = new Float64Array(nodes.length * 2);
  for (const d of nodes) {
    out[d.index * 2] = d.x ?? 0;
    out[d.index * 2 + 1] = d.y ?? 0;
  }
  return out;
}

function hierarchical(req: LayoutRequest, started: number) {
  const cy = headless(req);
  if (req.nodes.length <= DAGRE_MAX) {
    cy.layout({ name: 'dagre', rankDir: 'TB', nodeSep: 14, rankSep: 110, edgeSep: 4, ranker: 'network-simplex', animate: false } as cytoscape.LayoutOptions).run();
    const positions = positionsOf(cy, req);
    post({ id: req.id, positions, done: true, ms: performance.now() - started, engine: 'dagre' }, [positions.buffer]);
    return;
  }
  // dagre recurses too deep on big graphs: breadth-first levels from the hubs instead.
  const roots = cy.nodes().sort((a, b) => b.degree(false) - a.degree(false)).slice(0, Math.max(1, Math.round(req.nodes.length / 400)));
  cy.layout({ name: 'breadthfirst', directed: false, roots, spacingFactor: 0.9, avoidOverlap: false, grid: false, animate: false } as cytoscape.LayoutOptions).run();
  const positions = positionsOf(cy, req);
  post({ id: req.id, positions, done: true, ms: performance.now() - started, engine: 'breadth-first levels' }, [positions.buffer]);
}

function concentric(req: LayoutRequest, started: number) {
  // Rings by degree: the most connected node in the middle, each ring holding as many nodes as fit.
  const degree = new Array<number>(req.nodes.length).fill(0);
  for (const [s, t] of req.edges) (degree[s] += 1), (degree[t] += 1);
  const order = req.nodes.map((_, i) => i).sort((a, b) => degree[b] - degree[a]);
  const positions = new Float64Array(req.nodes.length * 2);
  const gap = 34;
  let ring = 0;
  let placed = 0;
  while (placed < order.length) {
    const radius = ring * gap * 1.6;
    const capacity = ring === 0 ? 1 : Math.max(6, Math.floor((2 * Math.PI * radius) / gap));
    const members = order.slice(placed, placed + capacity);
    members.forEach((node, k) => {
      const a = (2 * Math.PI * k) / members.length + ring * 0.37;
      positions[node * 2] = Math.cos(a) * radius;
      positions[node * 2 + 1] = Math.sin(a) * radius;
    });
    placed += members.length;
    ring++;
  }
  post({ id: req.id, positions, done: true, ms: performance.now() - started, engine: 'concentric by degree' }, [positions.buffer]);
}

self.onmessage = (e: MessageEvent<LayoutRequest>) => {
  const req = e.data;
  latest = req.id;
  // Let a burst of requests collapse to the last one (a refresh right after a load).
  setTimeout(() => {
    if (req.id !== latest) return;
    const started = performance.now();
    try {
      if (req.name === 'force') void force(req, started).catch((err) => post({ id: req.id, error: String(err), done: true, ms: 0, engine: 'force' }));
      else if (req.name === 'hierarchical') hierarchical(req, started);
      else concentric(req, started);
    } catch (err) {
      post({ id: req.id, error: err instanceof Error ? err.message : String(err), done: true, ms: performance.now() - started, engine: req.name });
    }
  }, 12);
};
