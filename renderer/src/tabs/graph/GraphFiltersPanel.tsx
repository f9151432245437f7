// The view's filters: classes, properties, origins (automatic, extracted, yours), sources and a
// time range (entities derived from messages in it). The conversation structure toggle sits in the toolbar.
import { compactIri } from '../../../../shared/rdf';
import { useApp } from '../../state/app-store';
import { CategoryDot } from '../../ui/CategoryDot';
import { Icon } from '../../ui/icons';
import { useOntology } from '../entities/ontology-store';
import { ClassPicker, PropertyPicker } from '../entities/TermPickers';
import { useGraph } from './graph-store';

/** The three origins of knowledge, as the badges name them. */
const ORIGINS: ['auto' | 'extraction' | 'person', string][] = [
  ['auto', 'automatic'],
  ['extraction', 'extracted'],
  ['person', 'yours'],
];

export function activeFilterCount(f: ReturnType<typeof useGraph.getState>['filters']): number {
  return f.classIris.length + f.predicates.length + f.sourceIds.length + (f.from || f.to ? 1 : 0) + (f.origins?.length ? 1 : 0);
}

export function GraphFiltersPanel() {
  const filters = useGraph((s) => s.filters);
  const setFilters = useGraph((s) => s.setFilters);
  const clearFilters = useGraph((s) => s.clearFilters);
  const showValues = useGraph((s) => s.showValues);
  const setShowValues = useGraph((s) => s.setShowValues);
  const sources = useApp((s) => s.sources);
  const selection = useApp((s) => s.selection);
  const classByIri = useOntology((s) => s.classByIri);
  const propertyByIri = useOntology((s) => s.propertyByIri);

  return (
    <div className="graph-filters" data-testid="graph-filters">
      <div className="filter-block">
        <div className="menu-label">Classes</div>
        <div className="chips">
          {filters.classIris.map((c) => (
            <span key={c} className="type-chip">
              <CategoryDot category={classByIri.get(c)?.category} size={10} />
              {classByIri.get(c)?.label ?? compactIri(c)}
              <button className="chip-x" onClick={() => setFilters({ classIris: filters.classIris.filter((x) => x !== c) })} aria-label="Remove">
                <Icon name="x" size={11} />
              </button>
            </span>
          ))}
        </div>
        <ClassPicker testId="filter-class" exclude={filters.classIris} onPick={(c) => setFilters({ classIris: [...filters.classIris, c.iri] })} placeholder="Add a class (and its subclasses)…" />
      </div>
      <div className="filter-block">
        <div className="menu-label">Properties</div>
        <div className="chips">
          {filters.predicates.map((p) => (
            <span key={p} className="type-chip">
              {propertyByIri.get(p)?.label ?? compactIri(p)}
              <button className="chip-x" onClick={() => setFilters({ predicates: filters.predicates.filter((x) => x !== p) })} aria-label="Remove">
                <Icon name="x" size={11} />
              </button>
            </span>
          ))}
        </div>
        <PropertyPicker testId="filter-property" subjectTypes={[]} linksOnly onPick={(p) => !filters.predicates.includes(p.iri) && setFilters({ predicates: [...filters.predicates, p.iri] })} placeholder="Only edges of a property…" />
      </div>
      <div className="filter-block">
        <div className="menu-label">Origin (none checked: all)</div>
        {ORIGINS.map(([o, label]) => (
          <label key={o} className="row filter-check">
            <input
              type="checkbox"
              checked={(filters.origins ?? []).includes(o)}
              onChange={(e) => setFilters({ origins: e.target.checked ? [...(filters.origins ?? []), o] : (filters.origins ?? []).filter((x) => x !== o) })}
              data-testid={`filter-origin-${o}`}
            />
            <span className={`origin origin-${o === 'person' ? 'person' : o}`}>{label}</span>
          </label>
        ))}
      </div>
      {sources.length > 1 && (
        <div className="filter-block">
          <div className="menu-label">Sources</div>
          {sources.map((s) => (
            <label key={s.id} className="row filter-check">
              <input
                type="checkbox"
                checked={filters.sourceIds.includes(s.id)}
                onChange={(e) => setFilters({ sourceIds: e.target.checked ? [...filters.sourceIds, s.id] : filters.sourceIds.filter((x) => x !== s.id) })}
              />
              <span className="truncate">{s.name}</span>
            </label>
          ))}
        </div>
      )}
      <div className="filter-block">
        <div className="menu-label">Time (entities derived from messages in this range)</div>
        <div className="row">
          <input className="text-input" type="date" value={filters.from} onChange={(e) => setFilters({ from: e.target.value })} aria-label="From" data-testid="filter-from" />
          <span className="faint">to</span>
          <input className="text-input" type="date" value={filters.to} onChange={(e) => setFilters({ to: e.target.value })} aria-label="To" data-testid="filter-to" />
        </div>
        {selection?.kind === 'range' && (
          <button className="link" style={{ marginTop: 4 }} onClick={() => setFilters({ from: selection.from.slice(0, 10), to: selection.to.slice(0, 10) })}>
            Use the timeline selection
          </button>
        )}
      </div>
      <div className="filter-block">
        <div className="menu-label">Values</div>
        <label className="row filter-check" title="Statuses and days of the week link many entities together; they are left out unless asked for">
          <input type="checkbox" checked={showValues} onChange={(e) => setShowValues(e.target.checked)} data-testid="filter-show-values" />
          Show status and day values (completed, planned, Monday…)
        </label>
      </div>
      <div className="row" style={{ justifyContent: 'flex-end', padding: '4px 4px 2px' }}>
        <button className="btn small ghost" onClick={clearFilters} disabled={activeFilterCount(filters) === 0}>
          Clear filters
        </button>
      </div>
    </div>
  );
}
