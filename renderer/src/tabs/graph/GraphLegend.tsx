// The legend: each kind of thing in the view (its category, or its class when it has no
// category: "Pet", "Concept") with its colour, shape and count, named by the one vocabulary
// (ui/class-names.ts) that the header, the Entities tree and the badges use; a click hides or
// shows that kind. In the overview: the categories of the clusters' slices.
import { countKinds, type Kind } from '../../ui/class-names';
import { CATEGORY_IDS, CATEGORY_STYLE, categoryOf } from '../../ui/categories';
import { CategoryDot } from '../../ui/CategoryDot';
import { formatCount } from '../../ui/format';
import { useOntology } from '../entities/ontology-store';
import { useGraph } from './graph-store';

/** At most this many kinds outside the categories get an entry of their own. */
const MAX_CLASS_KINDS = 6;

export function GraphLegend() {
  const nodes = useGraph((s) => s.nodes);
  const scope = useGraph((s) => s.scope);
  const overview = useGraph((s) => s.overview);
  const hidden = useGraph((s) => s.hiddenCategories);
  const toggle = useGraph((s) => s.toggleCategory);
  const classByIri = useOntology((s) => s.classByIri);

  if (scope.kind === 'overview') {
    const counts = new Map<string, number>();
    for (const c of overview?.clusters ?? []) for (const x of c.categories) counts.set(x.category, (counts.get(x.category) ?? 0) + x.count);
    for (const h of overview?.hubs ?? []) counts.set(h.category, (counts.get(h.category) ?? 0) + 1);
    const present = CATEGORY_IDS.filter((c) => counts.has(c));
    if (!present.length) return null;
    return (
      <div className="graph-legend" data-testid="graph-legend" role="group" aria-label="Legend: the categories in the clusters">
        {present.map((c) => (
          <span key={c} className="legend-item static" data-testid="legend-item" data-category={c}>
            <CategoryDot category={c} size={12} />
            <span>{CATEGORY_STYLE[c].label}</span>
            <span className="faint tnum">{formatCount(counts.get(c) ?? 0)}</span>
          </span>
        ))}
      </div>
    );
  }

  const kinds = countKinds(nodes, classByIri);
  if (!kinds.length) return null;
  // The categories first in their order, then classes of their own, the smallest grouped.
  const categories = kinds.filter((k) => !k.kind.key.startsWith('class:')).sort((a, b) => CATEGORY_IDS.indexOf(categoryOf(a.kind.key)) - CATEGORY_IDS.indexOf(categoryOf(b.kind.key)));
  const classes = kinds.filter((k) => k.kind.key.startsWith('class:'));
  const own = classes.slice(0, MAX_CLASS_KINDS);
  const rest = classes.slice(MAX_CLASS_KINDS);
  const entry = (kind: Kind, count: number, title?: string) => (
    <button
      key={kind.key}
      className={`legend-item ${hidden.includes(kind.key) ? 'off' : ''}`}
      onClick={() => toggle(kind.key)}
      aria-pressed={!hidden.includes(kind.key)}
      title={title ?? (hidden.includes(kind.key) ? `Show ${kind.label}` : `Hide ${kind.label}`)}
      data-testid="legend-item"
      data-category={kind.key}
    >
      <CategoryDot category={kind.category} size={12} />
      <span>{kind.label}</span>
      <span className="faint tnum">{formatCount(count)}</span>
    </button>
  );
  return (
    <div className="graph-legend" data-testid="graph-legend" role="group" aria-label="Legend: click a kind to hide or show it">
      {categories.map((k) => entry(k.kind, k.count))}
      {own.map((k) => entry(k.kind, k.count))}
      {rest.length > 0 &&
        entry(
          { key: 'Other', label: 'Other kinds', category: 'Other' },
          rest.reduce((s, k) => s + k.count, 0),
          rest.map((k) => `${k.kind.label} ${k.count}`).join(', '),
        )}
    </div>
  );
}
