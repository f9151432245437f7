// The legend: each top-level category in the view with its colour, shape and count; a click
// hides or shows that category.
import { CATEGORY_IDS, CATEGORY_STYLE } from '../../ui/categories';
import { CategoryDot } from '../../ui/CategoryDot';
import { formatCount } from '../../ui/format';
import { useGraph } from './graph-store';

export function GraphLegend() {
  const nodes = useGraph((s) => s.nodes);
  const hidden = useGraph((s) => s.hiddenCategories);
  const toggle = useGraph((s) => s.toggleCategory);
  const counts = new Map<string, number>();
  for (const n of nodes) counts.set(n.category, (counts.get(n.category) ?? 0) + 1);
  const present = CATEGORY_IDS.filter((c) => counts.has(c));
  if (!present.length) return null;
  return (
    <div className="graph-legend" data-testid="graph-legend" role="group" aria-label="Legend: click a category to hide or show it">
      {present.map((c) => (
        <button
          key={c}
          className={`legend-item ${hidden.includes(c) ? 'off' : ''}`}
          onClick={() => toggle(c)}
          aria-pressed={!hidden.includes(c)}
          title={hidden.includes(c) ? `Show ${CATEGORY_STYLE[c].label}` : `Hide ${CATEGORY_STYLE[c].label}`}
          data-testid="legend-item"
          data-category={c}
        >
          <CategoryDot category={c} size={12} />
          <span>{CATEGORY_STYLE[c].label}</span>
          <span className="faint tnum">{formatCount(counts.get(c) ?? 0)}</span>
        </button>
      ))}
    </div>
  );
}
