// @vitest-environment happy-dom
// The Graph tab's overview pieces: labels placed by importance without overlap, the clusters'
// layout (no two discs overlap, the hub in the middle), the progress line that replaces a blank
// canvas, and the legend and header naming kinds alike (one vocabulary).
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../../../../test/support/dom';
import type { GraphOverview, GraphViewNode } from '../../../../shared/types';
import { useOntology } from '../entities/ontology-store';
import { GraphLegend } from './GraphLegend';
import { GraphProgress } from './GraphProgress';
import { useGraph } from './graph-store';
import { GraphSummary } from './GraphSummary';
import { labelBox, labelScale, visibleLabels, wrapLines } from './label-declutter';
import { clusterRadius, layoutOverview } from './overview-layout';

describe('visibleLabels', () => {
  it('keeps the most important of overlapping labels, and all labels that have room', () => {
    const shown = visibleLabels([
      { id: 'small', x1: 0, y1: 0, x2: 100, y2: 14, priority: 1 },
      { id: 'hub', x1: 50, y1: 5, x2: 150, y2: 19, priority: 100 },
      { id: 'far', x1: 400, y1: 0, x2: 500, y2: 14, priority: 0 },
      { id: 'touching-hub', x1: 149, y1: 10, x2: 260, y2: 24, priority: 5 },
    ]);
    expect([...shown].sort()).toEqual(['far', 'hub']);
  });
  it('makes room as the zoom grows: labels grow with √zoom, positions with zoom', () => {
    const at = (zoom: number) => {
      const font = 10 * labelScale(zoom);
      return [labelBox('a', 'Frau Keller', 0, 0, 20, zoom, font, 130, 2), labelBox('b', 'Pixel', 60 * zoom, 0, 20, zoom, font, 130, 1)];
    };
    expect([...visibleLabels(at(0.5))]).toEqual(['a']);
    expect(visibleLabels(at(3)).size).toBe(2);
    expect(labelScale(1)).toBe(1);
    expect(labelScale(4)).toBe(0.5);
  });
  it('wraps a long label into lines no wider than the maximum', () => {
    const lines = wrapLines('Read "Tomorrow, and Tomorrow, and Tomorrow" on the S-Bahn\\n4 entities', 12, 170);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const w of lines) expect(w).toBeLessThanOrEqual(170);
  });
});

const overview: GraphOverview = {
  clusters: Array.from({ length: 12 }, (_, i) => ({
    id: `c${i}`,
    label: `Cluster ${i}`,
    kind: 'community' as const,
    size: 3 + i * 4,
    members: [],
    top: [],
    categories: [{ category: 'Place', count: 3 + i * 4 }],
    internalEdges: 4,
  })),
  hubs: [{ id: 'owner', label: 'Maya', types: [], category: 'Person', degree: 60, isOwner: true }],
  links: Array.from({ length: 12 }, (_, i) => ({ source: `c${i}`, target: 'owner', weight: 1 + i })),
  entities: 300,
  edges: 500,
  truncated: false,
  timings: { queryMs: 10, communitiesMs: 1 },
};

describe('layoutOverview', () => {
  it('puts the single hub in the middle and never overlaps two discs', () => {
    const at = layoutOverview(overview, 2);
    expect(at.get('owner')).toMatchObject({ x: 0, y: 0 });
    const discs = [...at.entries()];
    for (let i = 0; i < discs.length; i++)
      for (let j = i + 1; j < discs.length; j++) {
        const [, a] = discs[i];
        const [, b] = discs[j];
        expect(Math.hypot(a.x - b.x, a.y - b.y), `${discs[i][0]} / ${discs[j][0]}`).toBeGreaterThan(a.r + b.r);
      }
    expect(at.get('c11')!.r).toBe(clusterRadius(47));
    expect(clusterRadius(47)).toBeGreaterThan(clusterRadius(3));
    // Wider than tall on a wide canvas.
    const xs = discs.map(([, p]) => p.x);
    const ys = discs.map(([, p]) => p.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(Math.max(...ys) - Math.min(...ys));
  });
});

describe('GraphProgress, GraphLegend and GraphSummary', () => {
  beforeEach(() => {
    useGraph.setState({ scope: { kind: 'overview' }, loading: false, overview: null, nodes: [], edges: [], hiddenCategories: [] });
    useOntology.setState({
      classByIri: new Map([
        ['https://w3id.org/pcm#Pet', { iri: 'https://w3id.org/pcm#Pet', label: 'Pet', comment: null, parents: [], direct: 1, total: 1, records: 0, inOntology: true, category: 'Other' }],
      ]),
    });
  });

  it('says what runs instead of a blank canvas', () => {
    render(<GraphProgress />);
    expect(screen.queryByTestId('graph-progress')).toBeNull();
    act(() => useGraph.setState({ loading: true }));
    expect(screen.getByTestId('graph-progress').textContent).toContain('Finding clusters');
    const nodes: GraphViewNode[] = Array.from({ length: 1200 }, (_, i) => ({ id: `n${i}`, label: `n${i}`, types: [], category: 'Place' }));
    act(() => useGraph.setState({ loading: false, scope: { kind: 'all' }, nodes, metrics: { ...useGraph.getState().metrics, firstPaintMs: null, layoutMs: null } }));
    expect(screen.getByTestId('graph-progress').textContent).toContain('Laying out 1,200 nodes');
    act(() => useGraph.setState({ metrics: { ...useGraph.getState().metrics, firstPaintMs: 120 } }));
    expect(screen.queryByTestId('graph-progress')).toBeNull();
  });

  it('names a pet "Pet" in the legend and the header alike, never "Other"', () => {
    const nodes: GraphViewNode[] = [
      { id: 'pixel', label: 'Pixel', types: ['https://w3id.org/pcm#Pet'], category: 'Other' },
      { id: 'maya', label: 'Maya', types: ['http://xmlns.com/foaf/0.1/Person'], category: 'Person' },
      { id: 'lena', label: 'Lena', types: ['http://xmlns.com/foaf/0.1/Person'], category: 'Person' },
    ];
    useGraph.setState({ scope: { kind: 'all' }, nodes });
    render(
      <>
        <GraphLegend />
        <GraphSummary />
      </>,
    );
    const legend = screen.getByTestId('graph-legend').textContent!;
    const header = screen.getByTestId('graph-top-types').textContent!;
    expect(legend).toContain('Pet1');
    expect(header).toContain('Pet 1');
    expect(legend).toContain('Person2');
    expect(header).toContain('Person 2');
    expect(legend + header).not.toContain('Other');
  });

  it('sums the overview: entities in clusters, the hub by name', () => {
    useGraph.setState({ overview });
    render(<GraphSummary />);
    expect(screen.getByTestId('graph-counts').textContent).toBe('300 entities in 12 clusters, 500 links');
    expect(screen.getByTestId('graph-hubs').textContent).toBe('1 hub: Maya');
  });
});
