// Draws an edge between two nodes: the property comes from the ontology, those whose domain
// fits the source and whose range fits the target first. One edit, the person's.
import { useEffect, useState } from 'react';
import type { GraphViewNode } from '../../../../shared/types';
import { CategoryDot } from '../../ui/CategoryDot';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/icons';
import { editTriples } from '../entities/edits';
import { fitsClasses, useOntology } from '../entities/ontology-store';
import { PropertyPicker } from '../entities/TermPickers';

export function ConnectDialog(props: { from: GraphViewNode; to: GraphViewNode; onClose(): void }) {
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState(props.to);
  const classByIri = useOntology((s) => s.classByIri);
  const properties = useOntology((s) => s.properties);
  // Suggestions that fit both ends, shown as one-click choices.
  const [fitting, setFitting] = useState<typeof properties>([]);
  useEffect(() => {
    setFitting(
      properties
        .filter((p) => p.kind === 'object' && p.domains.length && p.ranges.length && fitsClasses(from.types, p.domains, classByIri) && fitsClasses(to.types, p.ranges, classByIri))
        .slice(0, 8),
    );
  }, [from, to, properties, classByIri]);

  const link = async (iri: string, label: string) => {
    const r = await editTriples(`Linked “${from.label}” ${label} “${to.label}”`, [], [{ s: from.id, p: iri, o: { type: 'uri', value: to.id } }]);
    if (r) props.onClose();
  };

  return (
    <Dialog title="Draw an edge" size="small" onClose={props.onClose} label="Draw an edge">
      <div className="connect-ends">
        <span className="connect-end">
          <CategoryDot category={from.category} /> <b className="truncate">{from.label}</b>
        </span>
        <button
          className="icon-btn small"
          title="Swap the direction"
          aria-label="Swap the direction"
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
        >
          <Icon name="refresh" size={13} />
        </button>
        <span className="connect-end">
          <CategoryDot category={to.category} /> <b className="truncate">{to.label}</b>
        </span>
      </div>
      <div className="field">
        <span className="field-label">Property</span>
        <PropertyPicker subjectTypes={from.types} linksOnly autoFocus testId="connect-property" onPick={(p) => void link(p.iri, p.label)} onCancel={props.onClose} />
      </div>
      {fitting.length > 0 && (
        <div className="field">
          <span className="field-label">Fits both ends</span>
          <div className="chips">
            {fitting.map((p) => (
              <button key={p.iri} className="btn small" onClick={() => void link(p.iri, p.label)} title={p.comment ?? p.iri}>
                {p.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </Dialog>
  );
}
