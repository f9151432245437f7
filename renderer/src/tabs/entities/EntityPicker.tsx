// Picks an entity by label (engine search), the ones that fit the wanted classes first; can
// offer "create a new entity" with the typed label and take a full IRI as is.
import { useCallback, useState } from 'react';
import { compactIri } from '../../../../shared/rdf';
import type { IndividualRow } from '../../../../shared/types';
import { api } from '../../api/connection';
import { CategoryDot } from '../../ui/CategoryDot';
import { Combobox } from '../../ui/Combobox';
import { Icon } from '../../ui/icons';
import { fitsClasses, useOntology } from './ontology-store';

export type PickedEntity = { kind: 'existing'; row: IndividualRow } | { kind: 'new'; label: string } | { kind: 'iri'; iri: string };

type Option = PickedEntity & { key: string; fits: boolean };

export function EntityPicker(props: {
  /** Classes a value should belong to (the property's range): fitting entities come first. */
  ranges?: string[];
  exclude?: string[];
  allowNew?: boolean;
  onPick(picked: PickedEntity): void;
  onCancel?(): void;
  placeholder?: string;
  autoFocus?: boolean;
  testId?: string;
}) {
  const [text, setText] = useState('');
  const classByIri = useOntology((s) => s.classByIri);
  const { ranges, exclude, allowNew } = props;
  const suggest = useCallback(
    async (q: string): Promise<Option[]> => {
      const trimmed = q.trim();
      const options: Option[] = [];
      if (/^[a-z][a-z0-9+.-]*:\S+$/i.test(trimmed) && !/\s/.test(trimmed) && trimmed.includes('/')) {
        options.push({ kind: 'iri', iri: trimmed, key: `iri:${trimmed}`, fits: true });
      }
      const found = await api().listIndividuals({ search: trimmed || undefined, limit: 30 });
      const rows = found.rows.filter((r) => !exclude?.includes(r.iri));
      const scored = rows.map((row) => ({ kind: 'existing' as const, row, key: row.iri, fits: fitsClasses(row.types, ranges ?? [], classByIri) }));
      scored.sort((a, b) => Number(b.fits) - Number(a.fits));
      options.push(...scored);
      if (allowNew && trimmed && !rows.some((r) => r.label.toLowerCase() === trimmed.toLowerCase())) {
        options.push({ kind: 'new', label: trimmed, key: `new:${trimmed}`, fits: true });
      }
      return options;
    },
    [ranges, exclude, allowNew, classByIri],
  );
  return (
    <Combobox<Option>
      value={text}
      onChange={setText}
      suggest={suggest}
      itemKey={(o) => o.key}
      onPick={(o) => props.onPick(o.kind === 'existing' ? { kind: 'existing', row: o.row } : o.kind === 'new' ? { kind: 'new', label: o.label } : { kind: 'iri', iri: o.iri })}
      onEscape={props.onCancel}
      placeholder={props.placeholder ?? 'Search entities by name…'}
      autoFocus={props.autoFocus}
      openOnFocus
      testId={props.testId ?? 'entity-picker'}
      emptyText={text.trim() ? 'No entity has that name.' : 'Type a name.'}
      renderItem={(o) =>
        o.kind === 'existing' ? (
          <span className={`pick-row ${o.fits ? '' : 'unfit'}`} title={o.fits ? o.row.iri : `${o.row.iri}\nNot of the class the property expects`}>
            <CategoryDot category={o.row.category} />
            <span className="truncate">{o.row.label}</span>
            <span className="faint truncate pick-types">{o.row.types.map((t) => classByIri.get(t)?.label ?? compactIri(t)).join(', ')}</span>
          </span>
        ) : o.kind === 'new' ? (
          <span className="pick-row">
            <Icon name="plus" size={12} />
            <span>
              New entity “<b>{o.label}</b>”
            </span>
          </span>
        ) : (
          <span className="pick-row">
            <Icon name="cursor" size={12} />
            <span className="mono truncate">{o.iri}</span>
          </span>
        )
      }
    />
  );
}
