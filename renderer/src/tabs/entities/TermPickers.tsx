// Completion of ontology terms: properties (those whose domain fits the entity first) and
// classes, by label, prefixed name or comment.
import { useCallback, useState } from 'react';
import { compactIri } from '../../../../shared/rdf';
import type { ClassNode } from '../../../../shared/types';
import { CategoryDot } from '../../ui/CategoryDot';
import { Combobox } from '../../ui/Combobox';
import { fitsClasses, isLinkProperty, rankTerms, useOntology, type PropertyInfo } from './ontology-store';

export function PropertyPicker(props: {
  /** Types of the subject: properties whose domain fits come first. */
  subjectTypes: string[];
  /** Only properties that link to entities (drawing an edge). */
  linksOnly?: boolean;
  onPick(p: PropertyInfo): void;
  onCancel?(): void;
  autoFocus?: boolean;
  testId?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState('');
  const properties = useOntology((s) => s.properties);
  const classByIri = useOntology((s) => s.classByIri);
  const { subjectTypes, linksOnly } = props;
  const suggest = useCallback(
    (q: string) => {
      const pool = linksOnly ? properties.filter((p) => isLinkProperty(p) || p.kind === 'unknown') : properties;
      return rankTerms(pool, q, 40, (p) => (p.domains.length && fitsClasses(subjectTypes, p.domains, classByIri) ? 1.5 : 0) + (p.inOntology ? 0.5 : 0));
    },
    [properties, classByIri, subjectTypes, linksOnly],
  );
  return (
    <Combobox<PropertyInfo>
      value={text}
      onChange={setText}
      suggest={suggest}
      itemKey={(p) => p.iri}
      onPick={props.onPick}
      onEscape={props.onCancel}
      placeholder={props.placeholder ?? 'Property: type to search (e.g. friend, price, location)'}
      autoFocus={props.autoFocus}
      openOnFocus
      testId={props.testId ?? 'property-picker'}
      emptyText="No property matches."
      renderItem={(p) => (
        <span className="pick-row" title={p.comment ?? p.iri}>
          <span className={`kind-badge ${isLinkProperty(p) ? 'link' : 'value'}`}>{isLinkProperty(p) ? 'link' : 'value'}</span>
          <span className="truncate">{p.label}</span>
          <span className="faint mono truncate pick-types">{compactIri(p.iri)}</span>
        </span>
      )}
    />
  );
}

export function ClassPicker(props: { onPick(c: ClassNode): void; onCancel?(): void; autoFocus?: boolean; testId?: string; placeholder?: string; exclude?: string[] }) {
  const [text, setText] = useState('');
  const classes = useOntology((s) => s.classes);
  const { exclude } = props;
  const suggest = useCallback(
    (q: string) => rankTerms(exclude ? classes.filter((c) => !exclude.includes(c.iri)) : classes, q, 40, (c) => (c.inOntology ? 0.5 : 0) + (c.total > 0 ? 0.3 : 0)),
    [classes, exclude],
  );
  return (
    <Combobox<ClassNode>
      value={text}
      onChange={setText}
      suggest={suggest}
      itemKey={(c) => c.iri}
      onPick={props.onPick}
      onEscape={props.onCancel}
      placeholder={props.placeholder ?? 'Class: type to search (e.g. person, city, event)'}
      autoFocus={props.autoFocus}
      openOnFocus
      testId={props.testId ?? 'class-picker'}
      emptyText="No class matches."
      renderItem={(c) => (
        <span className="pick-row" title={c.comment ?? c.iri}>
          <CategoryDot category={c.category} />
          <span className="truncate">{c.label}</span>
          <span className="faint mono truncate pick-types">{compactIri(c.iri)}</span>
          {c.total > 0 && <span className="badge">{c.total}</span>}
        </span>
      )}
    />
  );
}
