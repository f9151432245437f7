// Graph: the knowledge graph drawn with cytoscape: an overview of clusters (the first view),
// the whole graph, an opened cluster or a neighbourhood, nodes coloured and shaped by category, expandable, filterable, editable (rename, values, types,
// draw an edge, merge, delete, create), exportable, with its timings shown.
import '../../styles/entities.css';
import '../../styles/graph.css';
import type cytoscape from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import { PREFIXES } from '../../../../shared/rdf';
import type { GraphViewNode } from '../../../../shared/types';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import { EmptyState } from '../../ui/EmptyState';
import { formatDuration } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { onEdited } from '../entities/edits';
import { NewEntityDialog } from '../entities/EntityDialogs';
import { ancestorsOf, useOntology } from '../entities/ontology-store';
import { ConnectDialog } from './ConnectDialog';
import { GraphCanvas, type CanvasMenu } from './GraphCanvas';
import { GraphLegend } from './GraphLegend';
import { useGraph } from './graph-store';
import { GraphSummary } from './GraphSummary';
import { GraphToolbar } from './GraphToolbar';
import { NodeMenu } from './NodeMenu';
import { NodePanel } from './NodePanel';
import { GraphProgress } from './GraphProgress';
import { OverviewCanvas } from './OverviewCanvas';

export function GraphTab() {
  const graphVersion = useApp((s) => s.graphVersion);
  const selection = useApp((s) => s.selection);
  const scope = useGraph((s) => s.scope);
  const nodes = useGraph((s) => s.nodes);
  const loading = useGraph((s) => s.loading);
  const error = useGraph((s) => s.error);
  const connectFrom = useGraph((s) => s.connectFrom);
  const requestId = useGraph((s) => s.requestId);
  const overview = useGraph((s) => s.overview);
  const [connect, setConnect] = useState<{ from: GraphViewNode; to: GraphViewNode } | null>(null);
  const [menu, setMenu] = useState<CanvasMenu | null>(null);
  const [creating, setCreating] = useState(false);
  const lastOwnEdit = useRef(0);

  // First visit: the whole graph (unless something asked for a neighbourhood already).
  useEffect(() => {
    if (useGraph.getState().requestId === 0) void useGraph.getState().load();
  }, []);

  // Edits here reload at once (positions kept); changes from elsewhere when the engine says so.
  useEffect(
    () =>
      onEdited(() => {
        lastOwnEdit.current = Date.now();
        void useGraph.getState().load({ keepLayout: true });
      }),
    [],
  );
  // Value nodes (statuses, days): members of subclasses of schema:Enumeration.
  const classes = useOntology((s) => s.classes);
  useEffect(() => {
    const byIri = useOntology.getState().classByIri;
    const values = classes.filter((c) => ancestorsOf(c.iri, byIri).has(`${PREFIXES.schema}Enumeration`)).map((c) => c.iri).sort();
    useGraph.getState().setValueClasses(values);
  }, [classes]);
  const firstVersion = useRef(graphVersion);
  useEffect(() => {
    void useOntology.getState().load(graphVersion);
    if (graphVersion === firstVersion.current) return;
    if (Date.now() - lastOwnEdit.current < 2500) return;
    void useGraph.getState().load({ keepLayout: true });
  }, [graphVersion]);

  // Following the timeline: a new selection, a new neighbourhood.
  useEffect(() => {
    if (useGraph.getState().scope.kind === 'timeline') void useGraph.getState().load();
  }, [selection]);

  // Escape leaves edge drawing, then the selection.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (useApp.getState().tab !== 'graph' || e.key !== 'Escape' || document.querySelector('.modal-overlay')) return;
      const g = useGraph.getState();
      if (g.connectFrom) g.startConnect(null);
      else if (g.selected.length) g.select([]);
      setMenu(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onConnect = (fromId: string, toId: string) => {
    const all = useGraph.getState().nodes;
    const from = all.find((n) => n.id === fromId);
    const to = all.find((n) => n.id === toId);
    if (from && to) setConnect({ from, to });
  };

  const isOverview = scope.kind === 'overview';
  const empty = !loading && requestId > 0 && !error && (isOverview ? !!overview && overview.clusters.length + overview.hubs.length === 0 : nodes.length === 0);
  const fromLabel = connectFrom ? nodes.find((n) => n.id === connectFrom)?.label : null;

  return (
    <div className="tab-panel graph-tab" data-testid="graph-tab">
      <GraphToolbar onNewEntity={() => setCreating(true)} />
      <div className="graph-header">
        <GraphSummary />
        <span className="spacer" />
        <Timings />
      </div>
      {error && (
        <div style={{ padding: '8px 12px' }}>
          <div className="error-inline" data-testid="graph-error">
            <Icon name="alert" />
            {error}
          </div>
        </div>
      )}
      <div className="graph-body">
        <div className="graph-stage">
          {isOverview ? <OverviewCanvas /> : <GraphCanvas onConnect={onConnect} onMenu={setMenu} />}
          <GraphProgress />
          {empty && (
            <div className="graph-empty">
              <EmptyState icon="graph" title={scope.kind === 'timeline' && !selection ? 'Select something on the timeline' : 'Nothing to show'}>
                <p>
                  {scope.kind === 'all' || scope.kind === 'overview'
                    ? 'No entities are linked yet. Extract a knowledge graph from your messages, or create entities and link them.'
                    : scope.kind === 'timeline'
                      ? 'Nothing was extracted from the selected sessions, or no session is selected.'
                      : 'Nothing matches this seed and these filters.'}
                </p>
              </EmptyState>
            </div>
          )}
          {connectFrom && (
            <div className="graph-banner" data-testid="connect-banner">
              <Icon name="link" size={13} /> Click the node to link “{fromLabel}” to · <kbd className="kbd">Esc</kbd> to cancel
            </div>
          )}
          <GraphLegend />
          <div className="graph-hint faint">
            {isOverview
              ? 'Each disc is a cluster of entities linked to each other; click one to open it · hover: what is in it'
              : 'Double-click a node: expand / collapse · Shift-click: select several · Right-click: more'}
          </div>
          {!isOverview && <FindInView />}
          {menu && <NodeMenu menu={menu} onClose={() => setMenu(null)} />}
        </div>
        <NodePanel onConnect={(from, to) => setConnect({ from, to })} />
      </div>
      {connect && <ConnectDialog from={connect.from} to={connect.to} onClose={() => setConnect(null)} />}
      {creating && (
        <NewEntityDialog
          onClose={() => setCreating(false)}
          onCreated={async (iri) => {
            setCreating(false);
            const v = await api().graphView({ seed: { kind: 'entity', iri }, depth: 0 });
            if (v.nodes[0]) {
              useGraph.getState().pin(v.nodes[0]);
              useGraph.getState().select([iri]);
            }
          }}
        />
      )}
    </div>
  );
}

/** The measured timings of this view (the benchmark reads the same figures). */
function Timings() {
  const m = useGraph((s) => s.metrics);
  const scope = useGraph((s) => s.scope);
  const overview = useGraph((s) => s.overview);
  if (scope.kind === 'overview') {
    if (m.overviewPaintMs === null || !overview) return null;
    return (
      <span className="graph-timings faint tnum" data-testid="graph-timings" title={`Louvain communities in the engine: ${formatDuration(overview.timings.communitiesMs)}`}>
        query {formatDuration(overview.timings.queryMs + overview.timings.communitiesMs)} · first paint {formatDuration(m.overviewPaintMs)}
      </span>
    );
  }
  if (m.apiMs === null) return null;
  const parts = [
    `query ${formatDuration(m.apiMs)}`,
    m.firstPaintMs !== null ? `first paint ${formatDuration(m.firstPaintMs)}` : null,
    m.layoutMs !== null ? `layout ${formatDuration(m.layoutMs)}` : 'laying out…',
    m.expandMs !== null ? `expand ${formatDuration(m.expandMs)}` : null,
  ].filter(Boolean);
  return (
    <span className="graph-timings faint tnum" data-testid="graph-timings" title={m.layoutEngine ? `Layout: ${m.layoutEngine}` : undefined}>
      {parts.join(' · ')}
    </span>
  );
}

/** The view's nodes whose name holds `q` (lower case). */
function nodesNamed(cy: cytoscape.Core, q: string) {
  return cy.nodes().filter((n) => String(n.data('label') ?? '').toLowerCase().includes(q));
}

/** Finds nodes of the view by name: highlights them, Enter selects and centres the first. */
function FindInView() {
  const [text, setText] = useState('');
  const [hits, setHits] = useState(0);
  useEffect(() => {
    const cy = window.__engramGraph?.cy;
    if (!cy) return;
    const q = text.trim().toLowerCase();
    cy.batch(() => {
      cy.nodes('.search-hit').removeClass('search-hit');
      if (q) {
        const found = nodesNamed(cy, q);
        found.addClass('search-hit');
        setHits(found.length);
      } else setHits(0);
    });
  }, [text]);
  const go = () => {
    const cy = window.__engramGraph?.cy;
    if (!cy) return;
    // The best hit: the exact name, then a name that starts with the text, then any.
    const q = text.trim().toLowerCase();
    if (!q) return;
    const rank = (label: string) => (label === q ? 0 : label.startsWith(q) ? 1 : 2);
    // (found again for this text: an Enter right after typing can come before the highlight's
    // effect has run, when the highlighted nodes are still the previous text's)
    const hits = nodesNamed(cy, q).toArray();
    hits.sort((a, b) => rank(String(a.data('label')).toLowerCase()) - rank(String(b.data('label')).toLowerCase()));
    const first = hits[0];
    if (!first) return;
    useGraph.getState().select([first.id()]);
    cy.animate({ center: { eles: first }, zoom: Math.max(cy.zoom(), 1) }, { duration: 250 });
  };
  return (
    <div className="find-in-view search-field">
      <Icon name="search" size={13} />
      <input
        className="text-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') go();
          if (e.key === 'Escape') setText('');
        }}
        placeholder="Find in view"
        aria-label="Find a node in the view"
        data-testid="graph-find"
      />
      {text && <span className="faint tnum find-count">{hits}</span>}
    </div>
  );
}
