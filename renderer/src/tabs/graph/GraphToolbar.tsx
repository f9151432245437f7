// The Graph tab's toolbar: what to show (the overview of clusters, the whole graph, the
// timeline selection, or a neighbourhood grown from an entity, a class or a search), depth, filters, conversation
// structure, layout, fit, export, new entity, undo/redo.
import { useCallback, useState } from 'react';
import type { ClassNode, IndividualRow } from '../../../../shared/types';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import { describeSelection } from '../../timeline/Timeline';
import { CategoryDot } from '../../ui/CategoryDot';
import { className, kindOf, type ClassIndex } from '../../ui/class-names';
import { Combobox } from '../../ui/Combobox';
import { plural } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { PopoverButton } from '../../ui/Popover';
import { useColorScheme } from '../../ui/use-color-scheme';
import { EditBar } from '../entities/EditBar';
import { rankTerms, useOntology } from '../entities/ontology-store';
import { fit } from './GraphCanvas';
import { exportPng, exportSvg } from './graph-export';
import { activeFilterCount, GraphFiltersPanel } from './GraphFiltersPanel';
import { useGraph, type LayoutName } from './graph-store';

type GrowOption = { kind: 'entity'; row: IndividualRow } | { kind: 'class'; cls: ClassNode } | { kind: 'search'; text: string };

const LAYOUTS: { id: LayoutName; label: string; title: string }[] = [
  { id: 'force', label: 'Force', title: 'Force-directed (fcose; Barnes–Hut forces for big views)' },
  { id: 'hierarchical', label: 'Hierarchical', title: 'Layered, top to bottom (dagre; breadth-first levels for big views)' },
  { id: 'concentric', label: 'Concentric', title: 'Rings by number of links, hubs in the middle' },
];

export function GraphToolbar({ onNewEntity }: { onNewEntity(): void }) {
  const scope = useGraph((s) => s.scope);
  const depth = useGraph((s) => s.depth);
  const filters = useGraph((s) => s.filters);
  const layout = useGraph((s) => s.layout);
  const loading = useGraph((s) => s.loading);
  const { showAll, showOverview, followTimeline, setDepth, setFilters, setLayout, relayout } = useGraph.getState();
  const selection = useApp((s) => s.selection);
  const sessions = useApp((s) => s.sessions);
  const scheme = useColorScheme();
  const filterCount = activeFilterCount(filters);

  return (
    <div className="toolbar graph-toolbar">
      <div className="segmented" role="group" aria-label="What to show">
        <button aria-pressed={scope.kind === 'overview'} onClick={showOverview} data-testid="graph-scope-overview" title="Clusters of entities linked to each other, the hubs summarised">
          Overview
        </button>
        <button aria-pressed={scope.kind === 'all'} onClick={showAll} data-testid="graph-scope-all" title="The whole graph (filtered), every entity and link">
          Whole graph
        </button>
        <button
          aria-pressed={scope.kind === 'timeline'}
          onClick={followTimeline}
          disabled={!selection}
          data-testid="graph-scope-timeline"
          title={selection ? `What was said in ${describeSelection(selection, sessions)}, and its neighbours` : 'Select a session or a time range on the timeline first'}
        >
          <Icon name="clock" size={12} /> Timeline
        </button>
      </div>
      <GrowFrom />
      {scope.kind === 'seed' && (
        <span className="chip" data-testid="graph-seed-chip" title="The view grows from here">
          <Icon name="graph" size={12} />
          <span className="truncate">{scope.title}</span>
          <button onClick={showOverview} aria-label="Back to the overview">
            <Icon name="x" size={12} />
          </button>
        </span>
      )}
      {scope.kind !== 'all' && scope.kind !== 'overview' && (
        <label className="row faint" style={{ gap: 4 }} title="How many steps out from the seed">
          steps
          <select className="select" value={depth} onChange={(e) => setDepth(Number(e.target.value))} data-testid="graph-depth">
            {[0, 1, 2, 3].map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
      )}
      {loading && <span className="spinner" data-testid="graph-loading" />}
      <div className="toolbar-sep" />
      <PopoverButton
        width={380}
        button={(open, toggle) => (
          <button className={`btn ${open ? 'active' : ''}`} onClick={toggle} data-testid="graph-filters-button">
            <Icon name="filter" size={13} /> Filters
            {filterCount > 0 && <span className="badge accent">{filterCount}</span>}
          </button>
        )}
      >
        {() => <GraphFiltersPanel />}
      </PopoverButton>
      <button
        className={`btn ${filters.includeStructure ? 'active' : ''}`}
        aria-pressed={filters.includeStructure}
        onClick={() => setFilters({ includeStructure: !filters.includeStructure })}
        disabled={scope.kind === 'overview'}
        title="Show the conversation structure: messages, sessions, who wrote what (SIOC, PROV)"
        data-testid="graph-structure-toggle"
      >
        <Icon name="messages" size={13} /> Structure
      </button>
      <div className="toolbar-sep" />
      <select className="select" value={layout} onChange={(e) => setLayout(e.target.value as LayoutName)} aria-label="Layout" data-testid="graph-layout" title={LAYOUTS.find((l) => l.id === layout)?.title}>
        {LAYOUTS.map((l) => (
          <option key={l.id} value={l.id} title={l.title}>
            {l.label}
          </option>
        ))}
      </select>
      <button className="icon-btn" onClick={relayout} title="Lay out again" aria-label="Lay out again" data-testid="graph-relayout">
        <Icon name="refresh" size={15} />
      </button>
      <button className="icon-btn" onClick={() => {
          const cy = window.__engramGraph?.cy;
          if (cy) fit(cy);
        }} title="Fit to the window" aria-label="Fit" data-testid="graph-fit">
        <Icon name="fit" size={15} />
      </button>
      <PopoverButton
        width={200}
        button={(open, toggle) => (
          <button className={`btn ${open ? 'active' : ''}`} onClick={toggle} data-testid="graph-export">
            <Icon name="download" size={13} /> Export <Icon name="chevronDown" size={12} />
          </button>
        )}
      >
        {(close) => (
          <div>
            <button
              className="menu-item"
              data-testid="graph-export-png"
              onClick={() => {
                close();
                const cy = window.__engramGraph?.cy;
                if (cy) void exportPng(cy);
              }}
            >
              <Icon name="file" size={13} /> PNG image
            </button>
            <button
              className="menu-item"
              data-testid="graph-export-svg"
              onClick={() => {
                close();
                const cy = window.__engramGraph?.cy;
                if (cy) exportSvg(cy, scheme);
              }}
            >
              <Icon name="file" size={13} /> SVG vector image
            </button>
          </div>
        )}
      </PopoverButton>
      <span className="spacer" />
      <button className="btn" onClick={onNewEntity} data-testid="graph-new-entity" title="Create an entity and show it here">
        <Icon name="plus" size={13} /> New
      </button>
      <EditBar tab="graph" />
    </div>
  );
}

/**
 * "Grow from…": an entity (best match first, by name and alias, with its kind and classes) or
 * a class by name, or every entity whose name matches. Enter takes the highlighted hit.
 */
function GrowFrom() {
  const [text, setText] = useState('');
  const classes = useOntology((s) => s.classes);
  const classByIri = useOntology((s) => s.classByIri);
  const growFrom = useGraph((s) => s.growFrom);
  const suggest = useCallback(
    async (q: string): Promise<GrowOption[]> => {
      const trimmed = q.trim();
      if (!trimmed) return [];
      const found = await api().listIndividuals({ search: trimmed, limit: 8 });
      const cls = rankTerms(
        classes.filter((c) => c.total > 0),
        trimmed,
        4,
      );
      const lower = trimmed.toLowerCase();
      const entities = found.rows.map((row) => ({ kind: 'entity' as const, row }));
      const classHits = cls.map((c) => ({ kind: 'class' as const, cls: c }));
      // A class named exactly so comes before entities that only contain the text.
      const exactClass = cls.some((c) => c.label.toLowerCase() === lower) && !found.rows.some((r) => r.label.toLowerCase() === lower);
      return [...(exactClass ? [...classHits, ...entities] : [...entities, ...classHits]), { kind: 'search' as const, text: trimmed }];
    },
    [classes],
  );
  const pick = (o: GrowOption) => {
    if (o.kind === 'entity') growFrom({ kind: 'entity', iri: o.row.iri }, o.row.label);
    else if (o.kind === 'class') growFrom({ kind: 'class', iri: o.cls.iri }, `all ${o.cls.label}`);
    else growFrom({ kind: 'search', text: o.text });
    setText('');
  };
  return (
    <div className="grow-from search-field">
      <Icon name="search" size={13} />
      <Combobox<GrowOption>
        value={text}
        onChange={setText}
        suggest={suggest}
        itemKey={(o) => (o.kind === 'entity' ? o.row.iri : o.kind === 'class' ? `class:${o.cls.iri}` : `search:${o.text}`)}
        onPick={pick}
        onEnter={(t) => t.trim() && pick({ kind: 'search', text: t.trim() })}
        placeholder="Grow from an entity, a class or a search…"
        testId="graph-grow"
        portal
        renderItem={(o) =>
          o.kind === 'entity' ? (
            <span className="pick-row" data-kind="entity">
              <CategoryDot category={o.row.category} />
              <span className="truncate pick-label">
                {o.row.label}
                {o.row.alias && <span className="faint"> · also “{o.row.alias}”</span>}
              </span>
              <span className="faint pick-types" title={o.row.types.map((t) => className(t, classByIri)).join(', ')}>
                {describeKind(o.row.types, o.row.category, classByIri)}
              </span>
            </span>
          ) : o.kind === 'class' ? (
            <span className="pick-row" data-kind="class">
              <CategoryDot category={o.cls.category} />
              <span className="truncate pick-label">All {className(o.cls.iri, classByIri)}</span>
              <span className="faint pick-types">class · {plural(o.cls.total, 'entity')}</span>
            </span>
          ) : (
            <span className="pick-row">
              <Icon name="search" size={12} />
              <span className="truncate">
                Every entity named like “<b>{o.text}</b>”
              </span>
            </span>
          )
        }
      />
    </div>
  );
}

/** "Person · Person, Agent": the kind the legend shows, then the most specific classes. */
function describeKind(types: string[], category: string, classes: ClassIndex): string {
  const kind = kindOf(types, category, classes);
  const names = [...new Set(types.map((t) => className(t, classes)))].filter((n) => n !== kind.label).slice(0, 2);
  return names.length ? `${kind.label} · ${names.join(', ')}` : kind.label;
}
