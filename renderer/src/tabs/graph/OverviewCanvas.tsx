// The overview (cytoscape): one disc per cluster, sized by its number of entities and sliced
// by category; the hubs drawn once, their links to each cluster summed into one edge. A click
// on a cluster opens it (its members and their links); a click on a hub grows the graph from
// it. Labels that would overlap more important ones are hidden until there is room.
import cytoscape from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import type { GraphCluster, GraphHub, GraphOverview } from '../../../../shared/types';
import { CATEGORY_STYLE, categoryOf } from '../../ui/categories';
import { CategoryDot } from '../../ui/CategoryDot';
import { formatCount, plural } from '../../ui/format';
import { cssVar, useColorScheme } from '../../ui/use-color-scheme';
import { useGraph } from './graph-store';
import { declutter, followZoom } from './label-declutter';
import { HUB_RADIUS, layoutOverview } from './overview-layout';
import { UI_FONT_STACK } from '../../ui/fonts';

const SLICES = 6;

declare global {
  interface Window {
    __engramOverview?: { cy: cytoscape.Core; metrics: () => unknown };
  }
}

type Hover = { x: number; y: number; cluster?: GraphCluster; hub?: GraphHub };

export function OverviewCanvas() {
  const hostRef = useRef<HTMLDivElement>(null);
  const cyRef = useRef<cytoscape.Core | null>(null);
  const overview = useGraph((s) => s.overview);
  const scheme = useColorScheme();
  const [hover, setHover] = useState<Hover | null>(null);
  /** Labels grow more slowly than the discs when zooming in (label-declutter.ts). */
  const fontScale = useRef({ value: 1 });

  useEffect(() => {
    const cy = cytoscape({ container: hostRef.current!, minZoom: 0.05, maxZoom: 4, boxSelectionEnabled: false, autoungrabify: false, style: overviewStylesheet(scheme, () => fontScale.current.value) });
    cyRef.current = cy;
    window.__engramOverview = { cy, metrics: () => useGraph.getState().metrics };
    const tidy = () => followZoom(cy, fontScale.current, () => declutterOverview(cy, fontScale.current.value));
    let frame = 0;
    cy.on('viewport', () => {
      setHover(null);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tidy);
    });
    cy.on('tap', 'node', (e) => {
      const g = useGraph.getState();
      const id = e.target.id() as string;
      const cluster = g.overview?.clusters.find((c) => c.id === id);
      if (cluster) return g.openCluster(cluster);
      const hub = g.overview?.hubs.find((h) => h.id === id);
      if (hub) g.growFrom({ kind: 'entity', iri: hub.id }, hub.label);
    });
    cy.on('mouseover', 'node', (e) => {
      const g = useGraph.getState();
      const id = e.target.id() as string;
      const p = e.target.renderedPosition();
      e.target.connectedEdges().addClass('near');
      setHover({ x: p.x, y: p.y - e.target.renderedHeight() / 2, cluster: g.overview?.clusters.find((c) => c.id === id), hub: g.overview?.hubs.find((h) => h.id === id) });
    });
    cy.on('mouseout', 'node', (e) => {
      e.target.connectedEdges().removeClass('near');
      setHover(null);
    });
    return () => {
      cancelAnimationFrame(frame);
      cy.destroy();
      if (window.__engramOverview?.cy === cy) delete window.__engramOverview;
      cyRef.current = null;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    cyRef.current?.style(overviewStylesheet(scheme, () => fontScale.current.value));
  }, [scheme]);

  // The overview's elements, laid out at once, and the time to the frame that shows them.
  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    cy.elements().remove();
    if (!overview) return;
    const at = layoutOverview(overview, cy.width() / Math.max(1, cy.height() - 56));
    cy.add(elementsOf(overview, at, scheme));
    fitOverview(cy, at);
    followZoom(cy, fontScale.current, () => declutterOverview(cy, fontScale.current.value));
    const askedAt = useGraph.getState().overviewAskedAt;
    requestAnimationFrame(() => requestAnimationFrame(() => useGraph.getState().setMetrics({ overviewPaintMs: performance.now() - askedAt })));
  }, [overview]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="graph-canvas overview-canvas">
      <div
        ref={hostRef}
        className="graph-host"
        data-testid="overview-canvas"
        data-clusters={overview?.clusters.length ?? 0}
        data-hubs={overview?.hubs.length ?? 0}
      />
      {hover && <OverviewHover hover={hover} />}
    </div>
  );
}

function OverviewHover({ hover }: { hover: Hover }) {
  const c = hover.cluster;
  const h = hover.hub;
  return (
    <div className="graph-hover overview-hover" style={{ left: hover.x, top: hover.y }} data-testid="overview-hover">
      {c && (
        <>
          <b>{c.label}</b>
          <span className="faint">{plural(c.size, 'entity')} · click to open</span>
          <ul>
            {c.top.map((m) => (
              <li key={m.id}>
                <CategoryDot category={m.category} size={9} /> {m.label}
              </li>
            ))}
          </ul>
        </>
      )}
      {h && (
        <>
          <b>{h.label}</b>
          <span className="faint">{h.isOwner ? 'You · ' : ''}{plural(h.degree, 'link')}, summed per cluster · click to grow from here</span>
        </>
      )}
    </div>
  );
}

function elementsOf(o: GraphOverview, at: Map<string, { x: number; y: number; r: number }>, scheme: 'light' | 'dark'): cytoscape.ElementDefinition[] {
  const defs: cytoscape.ElementDefinition[] = [];
  for (const h of o.hubs) {
    const p = at.get(h.id)!;
    defs.push({
      group: 'nodes',
      data: { id: h.id, label: h.label, sub: `linked to ${formatCount(h.degree)}`, size: HUB_RADIUS * 2, hub: true, font: 15, priority: 1e9 + h.degree, color: CATEGORY_STYLE[categoryOf(h.category)][scheme] },
      position: { x: p.x, y: p.y },
    });
  }
  for (const c of o.clusters) {
    const p = at.get(c.id)!;
    const data: Record<string, unknown> = {
      id: c.id,
      label: c.label,
      sub: plural(c.size, 'entity'),
      size: p.r * 2,
      // Bigger clusters, bigger names: they stay readable further out.
      font: Math.round(11 + Math.min(4, Math.sqrt(c.size) / 2)),
      kind: c.kind,
      priority: c.size + (c.kind === 'community' ? 1e6 : 0),
    };
    // Slices by category: the biggest five, the rest together.
    const cats = c.categories.slice(0, SLICES - 1);
    const restCount = c.categories.slice(SLICES - 1).reduce((s, x) => s + x.count, 0);
    const slices = [...cats.map((x) => ({ color: CATEGORY_STYLE[categoryOf(x.category)][scheme], count: x.count })), ...(restCount ? [{ color: CATEGORY_STYLE.Other[scheme], count: restCount }] : [])];
    for (let i = 0; i < SLICES; i++) {
      data[`pc${i + 1}`] = slices[i]?.color ?? '#000000';
      data[`ps${i + 1}`] = slices[i] ? (100 * slices[i].count) / c.size : 0;
    }
    defs.push({ group: 'nodes', data, position: { x: p.x, y: p.y } });
  }
  const maxWeight = Math.max(1, ...o.links.map((l) => l.weight));
  for (const l of o.links) {
    if (!at.has(l.source) || !at.has(l.target)) continue;
    defs.push({
      group: 'edges',
      data: { id: `${l.source}->${l.target}`, source: l.source, target: l.target, weight: l.weight, width: 1 + 7 * Math.sqrt(l.weight / maxWeight), label: plural(l.weight, 'link') },
    });
  }
  return defs;
}

/** Fits the discs and the room for their labels, clear of the legend at the bottom. */
export function fitOverview(cy: cytoscape.Core, at: Map<string, { x: number; y: number; r: number }>) {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const { x, y, r } of at.values()) {
    x1 = Math.min(x1, x - Math.max(r, 85));
    x2 = Math.max(x2, x + Math.max(r, 85));
    y1 = Math.min(y1, y - r);
    y2 = Math.max(y2, y + r + 34);
  }
  if (!Number.isFinite(x1)) return;
  const w = cy.width();
  const h = cy.height() - 56;
  const zoom = Math.max(cy.minZoom(), Math.min(1.3, Math.min((w - 40) / (x2 - x1), (h - 30) / (y2 - y1))));
  cy.viewport({ zoom, pan: { x: (w - zoom * (x1 + x2)) / 2, y: (h - zoom * (y1 + y2)) / 2 + 6 } });
}

function declutterOverview(cy: cytoscape.Core, scale: number) {
  declutter(cy, {
    priority: (n) => n.data('priority') as number,
    fontSize: (n) => (n.data('font') as number) * scale,
    text: (n) => `${n.data('label')}\n${n.data('sub')}`,
    maxWidth: 170 * scale,
    wrap: true,
    minFontSize: 6.5,
  });
}

function overviewStylesheet(scheme: 'light' | 'dark', fontScale: () => number): cytoscape.StylesheetJson {
  const text = cssVar('--text') || (scheme === 'dark' ? '#e7e7ea' : '#1b1b22');
  const bg = cssVar('--bg') || (scheme === 'dark' ? '#16171a' : '#ffffff');
  const accent = cssVar('--accent') || '#5b5bd6';
  const edge = scheme === 'dark' ? 'rgba(190, 195, 210, 0.3)' : 'rgba(70, 75, 95, 0.25)';
  const edgeStrong = scheme === 'dark' ? 'rgba(220, 225, 240, 0.8)' : 'rgba(50, 55, 75, 0.75)';
  const pie: Record<string, string> = { 'pie-size': '100%' };
  for (let i = 1; i <= SLICES; i++) {
    pie[`pie-${i}-background-color`] = `data(pc${i})`;
    pie[`pie-${i}-background-size`] = `data(ps${i})`;
  }
  return [
    {
      selector: 'node',
      style: {
        width: 'data(size)',
        height: 'data(size)',
        'background-color': scheme === 'dark' ? '#2a2c33' : '#eef0f4',
        'border-width': 2,
        'border-color': bg,
        label: (n: cytoscape.NodeSingular) => `${n.data('label')}\n${n.data('sub')}`,
        'text-wrap': 'wrap',
        'text-max-width': () => `${Math.round(170 * fontScale())}px`,
        'text-valign': 'bottom',
        'text-halign': 'center',
        'text-margin-y': 4,
        color: text,
        'font-family': UI_FONT_STACK,
        'font-size': (n: cytoscape.NodeSingular) => (n.data('font') as number) * fontScale(),
        'font-weight': 600,
        'min-zoomed-font-size': 6.5,
        'text-outline-color': bg,
        'text-outline-width': 2.5,
        'overlay-opacity': 0,
        ...pie,
      } as cytoscape.Css.Node,
    },
    { selector: 'node[kind != "community"]', style: { 'border-style': 'dashed', 'border-color': text, 'border-opacity': 0.35, 'background-opacity': 0.7 } },
    {
      selector: 'node[?hub]',
      style: { 'background-color': 'data(color)', 'border-color': accent, 'border-width': 3, 'font-weight': 700, shape: 'star', 'pie-size': '0%' } as cytoscape.Css.Node,
    },
    { selector: 'node.label-hidden', style: { label: '' } },
    { selector: 'node:active', style: { 'overlay-opacity': 0 } },
    {
      selector: 'edge',
      style: { width: 'data(width)', 'line-color': edge, 'curve-style': 'straight', 'overlay-opacity': 0, label: '', 'font-size': 10, color: text, 'text-background-color': bg, 'text-background-opacity': 0.85 },
    },
    { selector: 'edge.near', style: { 'line-color': edgeStrong, label: 'data(label)', 'z-index': 5 } },
  ];
}
