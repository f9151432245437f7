// Positions of the overview's clusters and hubs: a small force layout (a few dozen nodes), run
// at once in the page: it takes a few milliseconds, so the overview never waits on the layout
// worker. Clusters repel and do not overlap; links pull in proportion to their weight; a single
// hub (the owner) sits in the middle.
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationNodeDatum } from 'd3-force';
import type { GraphOverview } from '../../../../shared/types';

export const HUB_RADIUS = 26;

/** A cluster's radius from its number of entities (area grows with the count). */
export function clusterRadius(size: number): number {
  return Math.min(150, 16 + 8.5 * Math.sqrt(size));
}

interface Body extends SimulationNodeDatum {
  id: string;
  r: number;
}

/** `aspect`: the canvas's width over its height; the layout spreads to fill it. */
export function layoutOverview(o: GraphOverview, aspect = 1.6, ticks = 260): Map<string, { x: number; y: number; r: number }> {
  const bodies: Body[] = [
    ...o.hubs.map((h, i) => ({ id: h.id, r: HUB_RADIUS, ...(o.hubs.length === 1 ? { fx: 0, fy: 0 } : { x: Math.cos(i * 2.4) * 40, y: Math.sin(i * 2.4) * 40 }) })),
    // Biggest first on a sunflower spiral: a deterministic start, so a reload looks the same.
    ...o.clusters.map((c, i) => ({ id: c.id, r: clusterRadius(c.size), x: Math.cos(i * 2.39996) * 60 * Math.sqrt(i + 1), y: Math.sin(i * 2.39996) * 60 * Math.sqrt(i + 1) })),
  ];
  const ids = new Set(bodies.map((b) => b.id));
  const links = o.links.filter((l) => ids.has(l.source) && ids.has(l.target)).map((l) => ({ ...l }));
  const maxWeight = Math.max(1, ...links.map((l) => l.weight));
  const sim = forceSimulation<Body>(bodies)
    .force('charge', forceManyBody<Body>().strength((b) => -40 - b.r * 4))
    .force(
      'link',
      forceLink<Body, { source: string; target: string; weight: number }>(links)
        .id((b) => b.id)
        .distance((l) => (l.source as unknown as Body).r + (l.target as unknown as Body).r + 90)
        .strength((l) => 0.05 + 0.5 * Math.sqrt(l.weight / maxWeight)),
    )
    // Room for the label under each disc (up to ~170 px wide, two lines).
    .force('collide', forceCollide<Body>((b) => Math.max(b.r + 30, 92)).iterations(3))
    .force('x', forceX<Body>(0).strength(0.06 / Math.max(1, aspect)))
    .force('y', forceY<Body>(0).strength(0.06 * Math.max(1, aspect)))
    .stop();
  for (let i = 0; i < ticks; i++) sim.tick();
  return new Map(bodies.map((b) => [b.id, { x: b.x ?? 0, y: b.y ?? 0, r: b.r }]));
}
