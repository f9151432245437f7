// The Graph tab's overview (entities/graph-overview.ts): communities found by Louvain, the hub
// taken out and summarised per cluster, small groups gathered, value nodes left out; and the
// same on the demo memory through the engine (a cluster opens as its members and their links).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_BASE, OWNER_IRI } from '../../shared/rdf';
import type { GraphView, GraphViewNode } from '../../shared/types';
import type { Engine } from '../../electron/node/engine/engine';
import { buildOverview, hubThreshold } from '../../electron/node/engine/entities/graph-overview';
import { finished, openEngine, tempDir } from '../support/temp-engine';

const E = `${MEMORY_BASE}entity/`;
const node = (id: string, category = 'Other'): GraphViewNode => ({ id: `${E}${id}`, label: id, types: [`${E}T`], category });

/** Two cliques of five, one bridge, an owner linked to all, two loners linked to the owner only, a value node. */
function twoCliques(): GraphView {
  const nodes: GraphViewNode[] = [{ id: OWNER_IRI, label: 'Owner', types: [], category: 'Person' }];
  const edges: GraphView['edges'] = [];
  const link = (a: string, b: string, p = 'p') => edges.push({ id: `${a}|${p}|${b}`, source: a, target: b, predicate: p });
  for (const side of ['a', 'b']) {
    for (let i = 0; i < 5; i++) nodes.push(node(`${side}${i}`, side === 'a' ? 'Place' : 'Event'));
    for (let i = 0; i < 5; i++) for (let j = i + 1; j < 5; j++) link(`${E}${side}${i}`, `${E}${side}${j}`);
  }
  link(`${E}a0`, `${E}b0`);
  nodes.push(node('loner1'), node('loner2'), node('alone'));
  for (const n of nodes) if (n.id !== OWNER_IRI && n.id !== `${E}alone`) link(OWNER_IRI, n.id, 'knows');
  nodes.push({ id: 'https://schema.org/Monday', label: 'Monday', types: [], category: 'Other' });
  for (const n of nodes.slice(1, 12)) link(n.id, 'https://schema.org/Monday', 'dayOfWeek');
  return { nodes, edges, truncated: false };
}

describe('buildOverview', () => {
  const isValue = (n: GraphViewNode) => !n.id.startsWith(MEMORY_BASE);

  it('finds the two communities, takes the owner out as a hub, gathers loners under it', () => {
    const o = buildOverview(twoCliques(), { ownerIri: OWNER_IRI, isValue });
    expect(o.hubs.map((h) => h.id)).toEqual([OWNER_IRI]);
    expect(o.hubs[0]).toMatchObject({ isOwner: true, degree: 12 });
    const communities = o.clusters.filter((c) => c.kind === 'community');
    expect(communities.map((c) => c.size)).toEqual([5, 5]);
    expect(communities.map((c) => [...c.members].sort()).sort()).toEqual([
      [0, 1, 2, 3, 4].map((i) => `${E}a${i}`),
      [0, 1, 2, 3, 4].map((i) => `${E}b${i}`),
    ]);
    // The bridge end is the most linked member: it names the cluster.
    expect(communities.map((c) => c.label).sort()).toEqual(['a0', 'b0']);
    expect(communities[0].internalEdges).toBe(10);
    expect(communities.find((c) => c.label === 'a0')!.categories).toEqual([{ category: 'Place', count: 5 }]);
    const loose = o.clusters.find((c) => c.kind === 'loose')!;
    expect(loose.label).toBe('Linked to Owner');
    expect([...loose.members].sort()).toEqual([`${E}loner1`, `${E}loner2`]);
    const rest = o.clusters.find((c) => c.kind === 'rest')!;
    expect(rest).toMatchObject({ label: 'Not linked yet', members: [`${E}alone`] });
    // The value node is not in the overview.
    expect(o.entities).toBe(14);
    expect(o.clusters.flatMap((c) => c.members)).not.toContain('https://schema.org/Monday');
  });

  it('summarises links between clusters and from the hub, weighted', () => {
    const o = buildOverview(twoCliques(), { ownerIri: OWNER_IRI, isValue });
    const a = o.clusters.find((c) => c.label === 'a0')!.id;
    const b = o.clusters.find((c) => c.label === 'b0')!.id;
    const loose = o.clusters.find((c) => c.kind === 'loose')!.id;
    const weight = (x: string, y: string) => o.links.find((l) => (l.source === x && l.target === y) || (l.source === y && l.target === x))?.weight;
    expect(weight(a, b)).toBe(1);
    expect(weight(a, OWNER_IRI)).toBe(5);
    expect(weight(loose, OWNER_IRI)).toBe(2);
    expect(o.edges).toBe(10 + 10 + 1 + 12);
  });

  it('is the same on every run (seeded), and without a hub when nothing dominates', () => {
    const v = twoCliques();
    const one = buildOverview(v, { ownerIri: OWNER_IRI, isValue });
    expect(buildOverview(v, { ownerIri: OWNER_IRI, isValue })).toEqual(one);
    const noOwner = { ...v, edges: v.edges.filter((e) => e.source !== OWNER_IRI) };
    const o = buildOverview(noOwner, { ownerIri: OWNER_IRI, isValue });
    expect(o.hubs).toEqual([]);
    expect(hubThreshold(100)).toBe(20);
    expect(hubThreshold(2000)).toBe(300);
  });

  it('keeps at most maxClusters clusters: the smallest go to the rest', () => {
    const nodes: GraphViewNode[] = [];
    const edges: GraphView['edges'] = [];
    for (let k = 0; k < 6; k++) {
      for (let i = 0; i < 3 + k; i++) nodes.push(node(`g${k}-${i}`));
      for (let i = 0; i < 3 + k; i++) for (let j = i + 1; j < 3 + k; j++) edges.push({ id: `${k}${i}${j}`, source: `${E}g${k}-${i}`, target: `${E}g${k}-${j}`, predicate: 'p' });
    }
    const o = buildOverview({ nodes, edges, truncated: false }, { ownerIri: OWNER_IRI, isValue, maxClusters: 4 });
    expect(o.clusters.filter((c) => c.kind === 'community').map((c) => c.size)).toEqual([8, 7, 6, 5]);
    expect(o.clusters.find((c) => c.kind === 'rest')).toMatchObject({ size: 7, label: 'Small groups' });
  });
});

describe('the overview on the demo memory', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(tempDir('engram-overview-'), { withoutOntology: false, autoGraph: false });
    expect((await finished(engine, engine.importDemo())).state).toBe('done');
  });
  afterAll(async () => {
    await engine.close();
  });

  it('has the owner as its hub and readable clusters; a cluster opens as its members and their links', async () => {
    const o = await engine.graphOverview({});
    expect(o.hubs.map((h) => h.id)).toEqual([OWNER_IRI]);
    const communities = o.clusters.filter((c) => c.kind === 'community');
    expect(communities.length).toBeGreaterThanOrEqual(6);
    expect(communities.length).toBeLessThanOrEqual(40);
    // Pixel and the neighbour who looks after it are in one cluster.
    const pixel = o.clusters.find((c) => c.members.includes(`${E}pixel`))!;
    expect(pixel.kind).toBe('community');
    // Named by the labels of the members shown (looked up for them only).
    expect(pixel.label).toBe('Pixel');
    expect(pixel.top[0]).toMatchObject({ id: `${E}pixel`, label: 'Pixel' });
    expect(o.hubs[0].label).toBe('Maya');
    expect(o.clusters.find((c) => c.kind === 'loose')?.label).toBe('Linked to Maya');
    expect(pixel.members).toContain(`${E}frau-keller`);
    expect(o.clusters.reduce((s, c) => s + c.size, 0) + o.hubs.length).toBe(o.entities);
    expect(o.timings.communitiesMs).toBeGreaterThanOrEqual(0);

    const opened = await engine.graphView({ seed: { kind: 'entities', iris: pixel.members }, depth: 0 });
    expect(opened.nodes.map((n) => n.id).sort()).toEqual([...pixel.members].sort());
    expect(opened.edges.length).toBeGreaterThanOrEqual(pixel.internalEdges);
    expect(opened.edges.every((e) => pixel.members.includes(e.source) && pixel.members.includes(e.target))).toBe(true);
  });

  it('finds by alias, the best match first, and counts entities apart from messages and records', async () => {
    const pixel = await engine.listIndividuals({ search: 'pixel', limit: 5 });
    expect(pixel.rows[0].label).toBe('Pixel');
    expect(pixel.rows.map((r) => r.label)).toContain('Frau Keller looks after Pixel during the Porto trip');
    const coriander = await engine.listIndividuals({ search: 'Coriander' });
    expect(coriander.rows).toEqual([expect.objectContaining({ label: 'Cilantro', alias: 'coriander' })]);
    const tree = await engine.classTree();
    const all = await engine.listIndividuals({ limit: 1 });
    const prov = tree.find((c) => c.iri === 'http://www.w3.org/ns/prov#Entity')!;
    expect(prov.records).toBeGreaterThan(200);
    expect(prov.total).toBeLessThanOrEqual(all.total);
    for (const c of tree) expect(c.total, c.label).toBeLessThanOrEqual(all.total);
  });
});
