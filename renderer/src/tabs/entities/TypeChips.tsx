// An entity's types as chips (with their origin), removable, and a class picker to add one.
import { useState } from 'react';
import { compactIri } from '../../../../shared/rdf';
import type { EntityDetail } from '../../../../shared/types';
import { CategoryDot } from '../../ui/CategoryDot';
import { Icon } from '../../ui/icons';
import { editTriples, RDF_TYPE } from './edits';
import { useOntology } from './ontology-store';
import { OriginBadges } from './OriginBadges';
import { ClassPicker } from './TermPickers';

export function TypeChips({ detail }: { detail: EntityDetail }) {
  const [adding, setAdding] = useState(false);
  const classByIri = useOntology((s) => s.classByIri);
  return (
    <div className="type-chips" data-testid="entity-types">
      {detail.types.map((t) => (
        <span key={t.iri} className="type-chip" title={`${compactIri(t.iri)}${classByIri.get(t.iri)?.comment ? `\n${classByIri.get(t.iri)!.comment}` : ''}`} data-testid="type-chip" data-iri={t.iri}>
          <CategoryDot category={classByIri.get(t.iri)?.category} size={10} />
          {t.label}
          <OriginBadges origins={t.origins} />
          <button
            className="chip-x"
            aria-label={`Remove type ${t.label}`}
            title="Remove this type"
            onClick={() => void editTriples(`Removed type ${t.label} from “${detail.label}”`, [{ s: detail.iri, p: RDF_TYPE, o: { type: 'uri', value: t.iri } }], [])}
          >
            <Icon name="x" size={11} />
          </button>
        </span>
      ))}
      {detail.types.length === 0 && <span className="faint">No type</span>}
      {adding ? (
        <span className="type-add">
          <ClassPicker
            autoFocus
            testId="type-picker"
            exclude={detail.types.map((t) => t.iri)}
            onCancel={() => setAdding(false)}
            onPick={async (c) => {
              setAdding(false);
              await editTriples(`Added type ${c.label} to “${detail.label}”`, [], [{ s: detail.iri, p: RDF_TYPE, o: { type: 'uri', value: c.iri } }]);
            }}
          />
        </span>
      ) : (
        <button className="btn small ghost" onClick={() => setAdding(true)} data-testid="add-type">
          <Icon name="plus" size={12} /> Type
        </button>
      )}
    </div>
  );
}
