// The side panel of the Graph tab: for one selected node, its entity page (compact, editable)
// with the graph's own actions; for two, merge them or link them.
import { useEffect, useState } from 'react';
import type { EntityDetail, GraphViewNode } from '../../../../shared/types';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import { CategoryDot } from '../../ui/CategoryDot';
import { errorMessage } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { onEdited } from '../entities/edits';
import { MergeDialog } from '../entities/EntityDialogs';
import { EntityView } from '../entities/EntityView';
import { useGraph } from './graph-store';

export function NodePanel(props: { onConnect(from: GraphViewNode, to: GraphViewNode): void }) {
  const selected = useGraph((s) => s.selected);
  const nodes = useGraph((s) => s.nodes);
  const select = useGraph((s) => s.select);
  if (!selected.length) return null;
  const picked = selected.map((id) => nodes.find((n) => n.id === id)).filter((n): n is GraphViewNode => !!n);
  return (
    <aside className="node-panel" data-testid="node-panel">
      <div className="node-panel-head">
        <span className="section-title" style={{ margin: 0 }}>
          {picked.length === 1 ? 'Selected' : `${picked.length} selected`}
        </span>
        <span className="spacer" />
        <button className="icon-btn small" onClick={() => select([])} aria-label="Close" title="Clear the selection (Esc)">
          <Icon name="x" size={14} />
        </button>
      </div>
      {picked.length === 1 ? <OneNode node={picked[0]} /> : picked.length === 2 ? <TwoNodes a={picked[0]} b={picked[1]} onConnect={props.onConnect} /> : <ManyNodes nodes={picked} />}
    </aside>
  );
}

function OneNode({ node }: { node: GraphViewNode }) {
  const [detail, setDetail] = useState<EntityDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = useApp((s) => s.graphVersion);
  const openInEntities = useApp((s) => s.openInEntities);
  const expanded = useGraph((s) => !!s.expansions[node.id]);
  const expanding = useGraph((s) => s.expanding === node.id);
  const { toggleExpand, collapse, startConnect, growFrom, select, pin } = useGraph.getState();
  const [tick, setTick] = useState(0);

  useEffect(() => onEdited(() => setTick((t) => t + 1)), []);
  useEffect(() => {
    let live = true;
    api()
      .getEntity({ iri: node.id })
      .then((d) => live && (setDetail(d), setError(d ? null : 'Nothing is said about this node any more.')))
      .catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [node.id, version, tick]);

  // Another entity named in the panel: select it here when it is in the view, else bring it in.
  const navigate = async (iri: string) => {
    const inView = useGraph.getState().nodes.some((n) => n.id === iri);
    if (!inView) {
      const v = await api().graphView({ seed: { kind: 'entity', iri }, depth: 0 });
      if (v.nodes[0]) pin(v.nodes[0]);
      else return openInEntities(iri);
    }
    select([iri]);
    const cy = window.__engramGraph?.cy;
    const el = cy?.getElementById(iri);
    if (cy && el?.nonempty()) cy.animate({ center: { eles: el } }, { duration: 250 });
  };

  const actions = (
    <div className="node-actions">
      <button className="btn small" onClick={() => void toggleExpand(node.id)} data-testid="node-expand" title="Show or hide its neighbours (double-click the node)">
        {expanding ? <span className="spinner" /> : <Icon name={expanded ? 'minus' : 'plus'} size={12} />} {expanded ? 'Collapse' : 'Expand'}
      </button>
      {!expanded && (
        <button className="btn small" onClick={() => collapse(node.id)} title="Hide the neighbours that hang on this node alone" data-testid="node-collapse">
          <Icon name="minus" size={12} /> Hide leaves
        </button>
      )}
      <button className="btn small" onClick={() => startConnect(node.id)} data-testid="node-connect" title="Then click the node to link it to">
        <Icon name="link" size={12} /> Draw edge
      </button>
      <button className="btn small" onClick={() => growFrom({ kind: 'entity', iri: node.id }, node.label)} data-testid="node-focus" title="Show only its neighbourhood">
        <Icon name="graph" size={12} /> Focus
      </button>
      <button className="btn small" onClick={() => openInEntities(node.id)} data-testid="node-open-entities" title="Open its page in the Entities tab">
        <Icon name="entities" size={12} /> Entities
      </button>
    </div>
  );

  return (
    <div className="node-panel-body">
      {actions}
      {error ? (
        <div className="error-inline" style={{ margin: 12 }}>
          <Icon name="alert" />
          {error}
        </div>
      ) : !detail || detail.iri !== node.id ? (
        <div className="empty-state">
          <span className="spinner" />
        </div>
      ) : (
        <EntityView detail={detail} compact onNavigate={(iri) => void navigate(iri)} onDeleted={() => select([])} onMerged={(keep) => select([keep])} />
      )}
    </div>
  );
}

function TwoNodes({ a, b, onConnect }: { a: GraphViewNode; b: GraphViewNode; onConnect(from: GraphViewNode, to: GraphViewNode): void }) {
  const [merging, setMerging] = useState<EntityDetail | null>(null);
  const select = useGraph((s) => s.select);
  const startMerge = async () => {
    const d = await api().getEntity({ iri: a.id });
    if (d) setMerging(d);
  };
  return (
    <div className="node-panel-body" style={{ padding: 12 }}>
      {[a, b].map((n) => (
        <div key={n.id} className="row" style={{ padding: '4px 0' }}>
          <CategoryDot category={n.category} />
          <b className="truncate">{n.label}</b>
          <span className="faint">{n.category}</span>
        </div>
      ))}
      <div className="node-actions" style={{ padding: '10px 0' }}>
        <button className="btn small" onClick={() => onConnect(a, b)} data-testid="nodes-link">
          <Icon name="link" size={12} /> Link them…
        </button>
        <button className="btn small" onClick={() => void startMerge()} data-testid="nodes-merge">
          <Icon name="layers" size={12} /> Merge them…
        </button>
      </div>
      <p className="faint" style={{ margin: 0 }}>
        Merging moves every statement of one onto the other and keeps a trace of the merge.
      </p>
      {merging && (
        <MergeDialog
          detail={merging}
          otherIri={b.id}
          onClose={() => setMerging(null)}
          onMerged={(keep) => {
            setMerging(null);
            select([keep]);
          }}
        />
      )}
    </div>
  );
}

function ManyNodes({ nodes }: { nodes: GraphViewNode[] }) {
  const select = useGraph((s) => s.select);
  return (
    <div className="node-panel-body" style={{ padding: 12 }}>
      {nodes.slice(0, 30).map((n) => (
        <button key={n.id} className="menu-item" onClick={() => select([n.id])}>
          <CategoryDot category={n.category} />
          <span className="truncate">{n.label}</span>
        </button>
      ))}
      {nodes.length > 30 && <div className="faint">… and {nodes.length - 30} more</div>}
    </div>
  );
}
