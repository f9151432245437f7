// The individuals of the selected class (and its subclasses), searchable by name; virtualized
// and paged, so a class with 100,000 members costs one page at a time.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { compactIri } from '../../../../shared/rdf';
import { useApp } from '../../state/app-store';
import { CategoryDot } from '../../ui/CategoryDot';
import { formatCount } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { rowAt, useEntities } from './entities-store';
import { useOntology } from './ontology-store';

const ROW = 44;

export function IndividualList({ onNew }: { onNew(): void }) {
  const total = useEntities((s) => s.total) ?? 0;
  const pages = useEntities((s) => s.pages);
  const queryId = useEntities((s) => s.queryId);
  const search = useEntities((s) => s.search);
  const classIri = useEntities((s) => s.classIri);
  const loading = useEntities((s) => s.listLoading);
  const error = useEntities((s) => s.listError);
  const { setSearch, ensureRows } = useEntities.getState();
  const selected = useApp((s) => s.entity);
  const openInEntities = useApp((s) => s.openInEntities);
  const classByIri = useOntology((s) => s.classByIri);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => ROW, overscan: 10 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (total <= 0) return;
    const t = setTimeout(() => ensureRows(first, last), 50);
    return () => clearTimeout(t);
  }, [first, last, total, queryId, ensureRows]);
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [classIri, search]);

  const move = (delta: number) => {
    let index = -1;
    for (let i = first; i <= last; i++) if (rowAt(pages, i)?.iri === selected) index = i;
    const next = Math.max(0, Math.min(total - 1, index + delta));
    const row = rowAt(pages, next);
    if (row) {
      openInEntities(row.iri);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    }
  };

  const className = classIri ? (classByIri.get(classIri)?.label ?? compactIri(classIri)) : 'All entities';
  return (
    <div className="individual-list pane" data-testid="individual-list">
      <div className="pane-header">
        <span className="truncate" title={classIri ?? undefined}>
          {className}
        </span>
        <span className="badge tnum" data-testid="individual-count">
          {loading && total === 0 ? '…' : formatCount(total)}
        </span>
        <span className="spacer" />
        <button className="btn small" onClick={onNew} title="Create an entity" data-testid="entity-new">
          <Icon name="plus" size={12} /> New
        </button>
      </div>
      <div className="pane-search search-field">
        <Icon name="search" size={13} />
        <input
          className="text-input"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search by name"
          aria-label="Search entities by name"
          data-testid="entities-search"
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              move(1);
            }
          }}
        />
        {loading && <span className="spinner" style={{ position: 'absolute', right: 8 }} />}
      </div>
      {error && (
        <div style={{ padding: 8 }}>
          <div className="error-inline">
            <Icon name="alert" />
            {error}
          </div>
        </div>
      )}
      <div
        ref={scrollRef}
        className="individual-scroll"
        tabIndex={0}
        role="listbox"
        aria-label="Entities"
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            move(e.key === 'ArrowDown' ? 1 : -1);
          }
        }}
      >
        {total === 0 && !loading && !error && <div className="faint" style={{ padding: 16 }}>{search ? 'No entity has that name.' : 'No entities of this class.'}</div>}
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rowAt(pages, item.index);
            return (
              <div key={item.key} className="individual-slot" style={{ transform: `translateY(${item.start}px)`, height: ROW }}>
                {row ? (
                  <button
                    className={`individual-row ${row.iri === selected ? 'selected' : ''}`}
                    onClick={() => openInEntities(row.iri)}
                    role="option"
                    aria-selected={row.iri === selected}
                    data-testid="individual-row"
                    data-iri={row.iri}
                    title={row.iri}
                  >
                    <CategoryDot category={row.category} />
                    <span className="individual-text">
                      <span className="truncate individual-label">{row.label}</span>
                      <span className="truncate faint individual-types">{row.types.map((t) => classByIri.get(t)?.label ?? compactIri(t)).join(', ')}</span>
                    </span>
                  </button>
                ) : (
                  <div className="skeleton" style={{ margin: '8px 12px', height: 26 }} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
