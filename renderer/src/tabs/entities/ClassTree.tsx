// The class hierarchy: asserted rdfs:subClassOf from the ontology plus the classes in use, with
// the number of the person's entities (including subclasses). A class with several parents
// appears under each. Empty classes are hidden unless asked for; the filter finds a class by
// name. Messages, sessions and provenance records are counted apart, in their own section, so
// that they never outnumber "All entities".
import { useMemo, useState } from 'react';
import { compactIri, PREFIXES } from '../../../../shared/rdf';
import type { ClassNode } from '../../../../shared/types';
import { CategoryDot } from '../../ui/CategoryDot';
import { className } from '../../ui/class-names';
import { formatCount, plural } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { useEntities } from './entities-store';
import { useOntology } from './ontology-store';

const THING = `${PREFIXES.schema}Thing`;

export function ClassTree({ allCount }: { allCount: number | null }) {
  const classes = useOntology((s) => s.classes);
  const classByIri = useOntology((s) => s.classByIri);
  const classIri = useEntities((s) => s.classIri);
  const showEmpty = useEntities((s) => s.showEmptyClasses);
  const openClasses = useEntities((s) => s.openClasses);
  const { setClass, setShowEmptyClasses, toggleClassOpen } = useEntities.getState();
  const [filter, setFilter] = useState('');

  const { roots, children } = useMemo(() => {
    const present = new Set(classes.map((c) => c.iri));
    const children = new Map<string, ClassNode[]>();
    const roots: ClassNode[] = [];
    for (const c of classes) {
      const parents = c.parents.filter((p) => present.has(p) && p !== c.iri);
      if (!parents.length) roots.push(c);
      for (const p of parents) children.set(p, [...(children.get(p) ?? []), c]);
    }
    const byCount = (a: ClassNode, b: ClassNode) => b.total - a.total || a.label.localeCompare(b.label);
    // schema:Thing (where extracted entities live) first.
    roots.sort((a, b) => Number(b.iri === THING) - Number(a.iri === THING) || byCount(a, b));
    for (const list of children.values()) list.sort(byCount);
    return { roots, children };
  }, [classes]);

  const q = filter.trim().toLowerCase();
  const open = new Set(openClasses);
  const visible = (c: ClassNode) => showEmpty || c.total > 0 || c.iri === classIri;
  const matches = (c: ClassNode) => className(c.iri, classByIri).toLowerCase().includes(q) || compactIri(c.iri).toLowerCase().includes(q);
  // With a filter: the matching classes and the way down to them, all open.
  const onPath = useMemo(() => {
    if (!q) return null;
    const keep = new Set<string>();
    const walk = (c: ClassNode, trail: Set<string>): boolean => {
      if (trail.has(c.iri)) return false;
      const next = new Set(trail).add(c.iri);
      let any = matches(c);
      for (const k of children.get(c.iri) ?? []) if (walk(k, next)) any = true;
      if (any) keep.add(c.iri);
      return any;
    };
    for (const r of roots) walk(r, new Set());
    return keep;
  }, [q, roots, children]); // eslint-disable-line react-hooks/exhaustive-deps

  const render = (c: ClassNode, depth: number, trail: Set<string>): React.ReactNode => {
    if (trail.has(c.iri) || !visible(c) || (onPath && !onPath.has(c.iri))) return null;
    const kids = (children.get(c.iri) ?? []).filter((k) => visible(k) && (!onPath || onPath.has(k.iri)));
    const isOpen = onPath ? true : open.has(c.iri);
    const next = new Set(trail).add(c.iri);
    return (
      <div key={`${depth}:${c.iri}`} role="treeitem" aria-expanded={kids.length ? isOpen : undefined} aria-selected={classIri === c.iri}>
        <div className={`tree-row ${classIri === c.iri ? 'selected' : ''} ${c.total === 0 ? 'empty' : ''}`} style={{ paddingLeft: 6 + depth * 14 }} data-testid="class-row" data-iri={c.iri}>
          <button className={`tree-toggle ${kids.length ? '' : 'leaf'}`} onClick={() => kids.length && toggleClassOpen(c.iri)} aria-label={isOpen ? 'Collapse' : 'Expand'} tabIndex={-1}>
            {kids.length > 0 && <Icon name={isOpen ? 'chevronDown' : 'chevronRight'} size={12} />}
          </button>
          <button className="tree-label" onClick={() => setClass(c.iri)} title={`${compactIri(c.iri)}${c.comment ? `\n${c.comment}` : ''}${c.inOntology ? '' : '\n(in use, not in the ontology)'}`}>
            <CategoryDot category={c.category} size={10} />
            <span className={`truncate ${c.inOntology ? '' : 'not-in-ontology'}`}>{className(c.iri, classByIri)}</span>
            <span className="tree-count tnum" title={`${plural(c.total, 'entity')} (${c.direct} typed with exactly this class)`}>
              {c.total > 0 ? formatCount(c.total) : ''}
            </span>
          </button>
        </div>
        {isOpen && kids.map((k) => render(k, depth + 1, next))}
      </div>
    );
  };

  return (
    <div className="class-tree pane" data-testid="class-tree">
      <div className="pane-header">
        Classes
        <span className="spacer" />
        <label className="row faint" style={{ gap: 4, textTransform: 'none', fontWeight: 400, letterSpacing: 0 }} title="Show classes without individuals">
          <input type="checkbox" checked={showEmpty} onChange={(e) => setShowEmptyClasses(e.target.checked)} data-testid="show-empty-classes" />
          empty
        </label>
      </div>
      <div className="pane-search search-field">
        <Icon name="filter" size={13} />
        <input className="text-input" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Find a class" aria-label="Find a class" data-testid="class-filter" />
      </div>
      <div className="tree" role="tree" aria-label="Class hierarchy">
        <div className={`tree-row ${classIri === null ? 'selected' : ''}`} style={{ paddingLeft: 6 }} data-testid="class-all">
          <span className="tree-toggle leaf" />
          <button className="tree-label" onClick={() => setClass(null)}>
            <Icon name="entities" size={12} />
            <span className="truncate" style={{ fontWeight: 500 }}>
              All entities
            </span>
            <span className="tree-count tnum">{allCount !== null ? formatCount(allCount) : ''}</span>
          </button>
        </div>
        {roots.map((r) => render(r, 0, new Set()))}
        {classes.length === 0 && <div className="faint" style={{ padding: 12 }}>No classes yet.</div>}
        <RecordClasses />
      </div>
    </div>
  );
}

/**
 * Conversation structure and provenance (messages, sessions, records of removed or superseded
 * statements): what the memory keeps about where entities came from, apart from the entities.
 */
function RecordClasses() {
  const classes = useOntology((s) => s.classes);
  const classByIri = useOntology((s) => s.classByIri);
  const classIri = useEntities((s) => s.classIri);
  const setClass = useEntities((s) => s.setClass);
  const records = classes.filter((c) => c.records > 0).sort((a, b) => b.records - a.records || a.label.localeCompare(b.label));
  if (!records.length) return null;
  const total = Math.max(...records.map((c) => c.records));
  return (
    <details className="tree-records" data-testid="class-records" open={records.some((c) => c.iri === classIri)}>
      <summary className="tree-records-title" title="Messages, sessions and provenance records: not your entities, counted apart">
        Conversation structure and provenance <span className="faint tnum">{formatCount(total)}</span>
      </summary>
      {records.map((c) => (
        <div key={c.iri} className={`tree-row ${classIri === c.iri ? 'selected' : ''}`} style={{ paddingLeft: 20 }} data-testid="record-class-row" data-iri={c.iri}>
          <button className="tree-label" onClick={() => setClass(c.iri)} title={`${compactIri(c.iri)}: ${plural(c.records, 'record')}`}>
            <CategoryDot category={c.category} size={10} />
            <span className="truncate">{className(c.iri, classByIri)}</span>
            <span className="tree-count tnum">{formatCount(c.records)}</span>
          </button>
        </div>
      ))}
    </details>
  );
}
