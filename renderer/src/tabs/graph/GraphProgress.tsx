// Never a blank canvas: what the Graph tab is doing while its data comes and its layout runs.
import { plural } from '../../ui/format';
import { useGraph } from './graph-store';

/**
 * Never a blank canvas: what is being done while the data comes and the layout runs (the view
 * itself appears at its first positions).
 */
export function GraphProgress() {
  const loading = useGraph((s) => s.loading);
  const scope = useGraph((s) => s.scope);
  const overview = useGraph((s) => s.overview);
  const nodes = useGraph((s) => s.nodes.length);
  const firstPaint = useGraph((s) => s.metrics.firstPaintMs);
  const layoutMs = useGraph((s) => s.metrics.layoutMs);
  let text: string | null = null;
  if (loading) text = scope.kind === 'overview' ? (overview ? 'Finding clusters again…' : 'Finding clusters in the knowledge graph…') : 'Loading the graph…';
  else if (scope.kind !== 'overview' && nodes > 0 && firstPaint === null && layoutMs === null) text = `Laying out ${plural(nodes, 'node')}…`;
  if (!text) return null;
  return (
    <div className="graph-progress" role="status" data-testid="graph-progress">
      <span className="spinner" /> {text}
    </div>
  );
}
