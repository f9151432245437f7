// "N nodes, M edges" and the view's most frequent entity types; says when the view was cut.
import { compactIri } from '../../../../shared/rdf';
import { formatCount, nounFor, plural } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { useOntology } from '../entities/ontology-store';
import { DEFAULT_LIMIT, useGraph } from './graph-store';

export function GraphSummary() {
  const nodes = useGraph((s) => s.nodes);
  const edges = useGraph((s) => s.edges);
  const truncated = useGraph((s) => s.truncated);
  const limit = useGraph((s) => s.limit);
  const setLimit = useGraph((s) => s.setLimit);
  const classByIri = useOntology((s) => s.classByIri);
  const hiddenValues = useGraph((s) => s.hiddenValues);
  const setShowValues = useGraph((s) => s.setShowValues);
  const counts = new Map<string, number>();
  for (const n of nodes) for (const t of n.types) counts.set(t, (counts.get(t) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4);
  return (
    <div className="graph-summary" data-testid="graph-summary">
      <span className="graph-counts tnum" data-testid="graph-counts">
        <b>{formatCount(nodes.length)}</b> {nounFor(nodes.length, 'node')}, <b>{formatCount(edges.length)}</b> {nounFor(edges.length, 'edge')}
      </span>
      {top.length > 0 && (
        <span className="graph-top-types" data-testid="graph-top-types" title="The most frequent types in this view">
          {top.map(([iri, n]) => (
            <span key={iri} className="type-count" title={iri}>
              {classByIri.get(iri)?.label ?? compactIri(iri)} <span className="faint tnum">{formatCount(n)}</span>
            </span>
          ))}
        </span>
      )}
      {hiddenValues > 0 && (
        <button className="link faint" onClick={() => setShowValues(true)} title="Statuses and days of the week (e.g. completed, Monday); click to show them" data-testid="graph-hidden-values">
          +{plural(hiddenValues, 'value')} hidden
        </button>
      )}
      {truncated && (
        <span className="badge danger" title={`The view holds the first ${formatCount(limit)} edges`}>
          <Icon name="alert" size={11} /> cut at {plural(limit, 'edge')}
          {limit < 20_000 && (
            <button className="link" onClick={() => setLimit(Math.min(20_000, Math.max(limit * 2, DEFAULT_LIMIT)))}>
              load more
            </button>
          )}
        </span>
      )}
    </div>
  );
}
