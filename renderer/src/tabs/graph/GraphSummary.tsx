// "N nodes, M edges" and the view's most frequent kinds (named as the legend names them); in
// the overview, how many entities in how many clusters; says when the view was cut.
import { countKinds } from '../../ui/class-names';
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
  const scope = useGraph((s) => s.scope);
  const overview = useGraph((s) => s.overview);
  const classByIri = useOntology((s) => s.classByIri);
  const hiddenValues = useGraph((s) => s.hiddenValues);
  const setShowValues = useGraph((s) => s.setShowValues);

  if (scope.kind === 'overview') {
    if (!overview) return <div className="graph-summary" data-testid="graph-summary" />;
    const communities = overview.clusters.filter((c) => c.kind === 'community').length;
    return (
      <div className="graph-summary" data-testid="graph-summary">
        <span className="graph-counts tnum" data-testid="graph-counts">
          <b>{formatCount(overview.entities)}</b> {nounFor(overview.entities, 'entity')} in <b>{formatCount(communities)}</b> {nounFor(communities, 'cluster')}, <b>{formatCount(overview.edges)}</b>{' '}
          {nounFor(overview.edges, 'link')}
        </span>
        {overview.hubs.length > 0 && (
          <span className="faint" data-testid="graph-hubs" title="Linked to so much that their links are summed per cluster">
            {plural(overview.hubs.length, 'hub')}: {overview.hubs.map((h) => h.label).join(', ')}
          </span>
        )}
        {overview.truncated && (
          <span className="badge danger">
            <Icon name="alert" size={11} /> built from the first 20,000 links
          </span>
        )}
      </div>
    );
  }

  const top = countKinds(nodes, classByIri).slice(0, 4);
  return (
    <div className="graph-summary" data-testid="graph-summary">
      <span className="graph-counts tnum" data-testid="graph-counts">
        <b>{formatCount(nodes.length)}</b> {nounFor(nodes.length, 'node')}, <b>{formatCount(edges.length)}</b> {nounFor(edges.length, 'edge')}
      </span>
      {top.length > 0 && (
        <span className="graph-top-types" data-testid="graph-top-types" title="The most frequent kinds in this view">
          {top.map(({ kind, count }) => (
            <span key={kind.key} className="type-count" data-kind={kind.key}>
              {kind.label} <span className="faint tnum">{formatCount(count)}</span>
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
