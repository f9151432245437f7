// The Graph tab's overview: the entity graph summarised as communities (Louvain, from
// graphology) and hubs. A hub (the owner, typically, linked to half the memory) is taken out
// before the communities are sought, or everything would be one community around it; it is
// drawn once, with its links counted per cluster. Communities of one or two entities are
// gathered per hub they hang on ("loose"), or into one "rest" cluster.
import type Graph from 'graphology';
import type Louvain from 'graphology-communities-louvain';
import { lazyModule } from '../common/lazy-module';
import type { GraphCluster, GraphHub, GraphOverview, GraphView, GraphViewNode } from '../../../../shared/types';

export interface OverviewOptions {
  ownerIri: string;
  /** Value nodes (statuses, days of the week) that tie everything together: left out. */
  isValue(node: GraphViewNode): boolean;
  /** Louvain resolution (1: the modularity's own; higher: smaller clusters). */
  resolution?: number;
  /** At most this many clusters; the smallest beyond go to the rest. */
  maxClusters?: number;
}

/** Smaller communities are not drawn as clusters of their own. */
const graphLib = lazyModule<typeof Graph>('graphology');
const louvainLib = lazyModule<typeof Louvain>('graphology-communities-louvain');
const MIN_COMMUNITY = 3;
const MAX_HUBS = 5;

/** A degree that makes a hub: a large share of the graph, and never a handful of links. */
export function hubThreshold(entityCount: number): number {
  return Math.max(20, Math.ceil(entityCount * 0.15));
}

/** A deterministic random source, so that the same graph gives the same clusters on every load. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

export function buildOverview(view: GraphView, opts: OverviewOptions): Omit<GraphOverview, 'timings'> {
  const nodes = view.nodes.filter((n) => !opts.isValue(n));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // Undirected neighbour links, counted once per pair and predicate.
  const pairs = new Map<string, { a: string; b: string; weight: number }>();
  for (const e of view.edges) {
    if (e.source === e.target || !byId.has(e.source) || !byId.has(e.target)) continue;
    const [a, b] = e.source < e.target ? [e.source, e.target] : [e.target, e.source];
    const key = `${a}\n${b}`;
    const p = pairs.get(key);
    if (p) p.weight++;
    else pairs.set(key, { a, b, weight: 1 });
  }
  const degree = new Map<string, number>();
  for (const { a, b, weight } of pairs.values()) {
    degree.set(a, (degree.get(a) ?? 0) + weight);
    degree.set(b, (degree.get(b) ?? 0) + weight);
  }
  const deg = (id: string) => degree.get(id) ?? 0;

  const threshold = hubThreshold(nodes.length);
  const hubIds = nodes
    .filter((n) => deg(n.id) >= threshold || (n.id === opts.ownerIri && deg(n.id) >= Math.min(threshold, 8)))
    .sort((x, y) => deg(y.id) - deg(x.id))
    .slice(0, MAX_HUBS)
    .map((n) => n.id);
  const isHub = new Set(hubIds);

  // Communities among the rest.
  const g = new (graphLib())({ type: 'undirected', multi: false });
  for (const n of nodes) if (!isHub.has(n.id)) g.addNode(n.id);
  for (const { a, b, weight } of pairs.values()) if (!isHub.has(a) && !isHub.has(b)) g.addEdge(a, b, { weight });
  const communityOf: Record<string, number> =
    g.size > 0 ? louvainLib()(g, { getEdgeWeight: 'weight', resolution: opts.resolution ?? 1, rng: seeded(42) }) : {};
  const groups = new Map<number, string[]>();
  let next = -1;
  g.forEachNode((id) => {
    // A node with no link among the rest has no community of its own (Louvain gives it one).
    const c = g.degree(id) > 0 ? communityOf[id] : next--;
    const list = groups.get(c);
    if (list) list.push(id);
    else groups.set(c, [id]);
  });

  const internalDegree = (id: string, members: Set<string>) => {
    let d = 0;
    g.forEachNeighbor(id, (m) => {
      if (members.has(m)) d += g.getEdgeAttribute(id, m, 'weight') as number;
    });
    return d;
  };
  const maxClusters = opts.maxClusters ?? 80;
  const big = [...groups.values()].filter((m) => m.length >= MIN_COMMUNITY).sort((x, y) => y.length - x.length);
  const kept = big.slice(0, maxClusters);
  const small = [...big.slice(maxClusters), ...[...groups.values()].filter((m) => m.length < MIN_COMMUNITY)].flat();

  // Small groups: with the hub they hang on most, else the rest.
  const loose = new Map<string, string[]>();
  const rest: string[] = [];
  for (const id of small) {
    let best: string | null = null;
    let bestWeight = 0;
    for (const h of hubIds) {
      const [a, b] = id < h ? [id, h] : [h, id];
      const w = pairs.get(`${a}\n${b}`)?.weight ?? 0;
      if (w > bestWeight) (best = h), (bestWeight = w);
    }
    if (best) loose.set(best, [...(loose.get(best) ?? []), id]);
    else rest.push(id);
  }

  const clusters: GraphCluster[] = [];
  const clusterOf = new Map<string, string>();
  const addCluster = (members: string[], kind: GraphCluster['kind'], label?: string) => {
    const set = new Set(members);
    const ranked = members
      .map((id) => ({ id, inner: kind === 'community' ? internalDegree(id, set) : 0, all: deg(id) }))
      .sort((x, y) => y.inner - x.inner || y.all - x.all || byId.get(x.id)!.label.localeCompare(byId.get(y.id)!.label));
    const top = ranked.slice(0, 5).map(({ id }) => ({ id, label: byId.get(id)!.label, category: byId.get(id)!.category }));
    const cats = new Map<string, number>();
    for (const id of members) cats.set(byId.get(id)!.category, (cats.get(byId.get(id)!.category) ?? 0) + 1);
    let internalEdges = 0;
    for (const id of members) internalEdges += internalDegree(id, set);
    const id = `cluster:${kind}:${top[0].id}`;
    for (const m of members) clusterOf.set(m, id);
    clusters.push({
      id,
      label: label ?? top[0].label,
      kind,
      size: members.length,
      members: ranked.map((r) => r.id),
      top,
      categories: [...cats].map(([category, count]) => ({ category, count })).sort((x, y) => y.count - x.count || x.category.localeCompare(y.category)),
      internalEdges: internalEdges / 2,
    });
  };
  for (const members of kept) addCluster(members, 'community');
  for (const [hub, members] of loose) addCluster(members, 'loose', looseLabel(byId.get(hub)!.label));
  if (rest.length) addCluster(rest, 'rest', rest.every((id) => deg(id) === 0) ? 'Not linked yet' : 'Small groups');

  // Links between clusters and hubs, summed.
  const groupOf = (id: string) => (isHub.has(id) ? id : clusterOf.get(id));
  const links = new Map<string, { source: string; target: string; weight: number }>();
  for (const { a, b, weight } of pairs.values()) {
    const ga = groupOf(a);
    const gb = groupOf(b);
    if (!ga || !gb || ga === gb) continue;
    const [s, t] = ga < gb ? [ga, gb] : [gb, ga];
    const key = `${s}\n${t}`;
    const l = links.get(key);
    if (l) l.weight += weight;
    else links.set(key, { source: s, target: t, weight });
  }

  const hubs: GraphHub[] = hubIds.map((id) => {
    const n = byId.get(id)!;
    return { id, label: n.label, types: n.types, category: n.category, degree: deg(id), isOwner: id === opts.ownerIri };
  });
  return {
    clusters,
    hubs,
    links: [...links.values()].sort((x, y) => y.weight - x.weight),
    entities: nodes.length,
    edges: [...pairs.values()].reduce((s, p) => s + p.weight, 0),
    truncated: view.truncated,
  };
}

const looseLabel = (hub: string) => `Linked to ${hub}`;

/**
 * The overview with its names from `labels` (the engine looks up only the names shown: the
 * clusters' top members and the hubs, not every entity's).
 */
export function relabel<T extends Omit<GraphOverview, 'timings'>>(o: T, labels: Map<string, string>): T {
  const hubs = o.hubs.map((h) => ({ ...h, label: labels.get(h.id) ?? h.label }));
  const hubLabel = new Map(hubs.map((h) => [h.id, h.label]));
  const clusters = o.clusters.map((c) => {
    const top = c.top.map((t) => ({ ...t, label: labels.get(t.id) ?? t.label }));
    const hub = c.kind === 'loose' ? o.links.find((l) => (l.source === c.id && hubLabel.has(l.target)) || (l.target === c.id && hubLabel.has(l.source))) : undefined;
    const hubId = hub ? (hub.source === c.id ? hub.target : hub.source) : undefined;
    const label = c.kind === 'community' ? top[0].label : hubId ? looseLabel(hubLabel.get(hubId)!) : c.label;
    return { ...c, top, label };
  });
  return { ...o, hubs, clusters };
}
