// An entity's values, one row per property (Protégé's annotations and property assertions):
// literals with their datatype or language, links to other entities; each value says where it
// comes from and can be edited or removed; a property can get another value.
import { useState } from 'react';
import { compactIri, PREFIXES } from '../../../../shared/rdf';
import type { EntityDetail, EntityProperty, EntityValue } from '../../../../shared/types';
import { useVocabulary } from '../../editors/vocabulary';
import { Icon } from '../../ui/icons';
import { AddValueForm } from './AddValueForm';
import { removeValue, setLiteral } from './edits';
import { DATATYPES, LiteralEditor } from './LiteralEditor';
import { useOntology, type PropertyInfo } from './ontology-store';
import { OriginBadges } from './OriginBadges';

const { prov, pcm, rdfs, xsd } = PREFIXES;
/** Shown in their own sections (provenance, merge trace), not as plain values. */
const OWN_SECTIONS = new Set([`${prov}wasDerivedFrom`, `${pcm}mergedFrom`]);

export function PropertyTable({ detail, onNavigate, compact }: { detail: EntityDetail; onNavigate(iri: string): void; compact?: boolean }) {
  const [adding, setAdding] = useState<string | null>(null);
  const propertyByIri = useOntology((s) => s.propertyByIri);
  const properties = detail.properties.filter((p) => !OWN_SECTIONS.has(p.predicate));
  // The label first, then the rest by name.
  properties.sort((a, b) => Number(b.predicate === `${rdfs}label`) - Number(a.predicate === `${rdfs}label`));
  const types = detail.types.map((t) => t.iri);
  const infoOf = (p: EntityProperty): PropertyInfo =>
    propertyByIri.get(p.predicate) ?? { iri: p.predicate, label: p.label, comment: null, kind: 'unknown', domains: [], ranges: [], inOntology: false };

  return (
    <div className={`property-table ${compact ? 'compact' : ''}`} data-testid="property-table">
      {properties.length === 0 && <div className="faint" style={{ padding: '6px 0' }}>No values yet.</div>}
      {properties.map((p) => {
        const info = infoOf(p);
        return (
          <div key={p.predicate} className="property-row" data-testid="property-row" data-predicate={p.predicate}>
            <div className="property-name" title={`${compactIri(p.predicate)}${info.comment ? `\n${info.comment}` : ''}`}>
              <span className="truncate">{p.label}</span>
              <button className="icon-btn small add-more" onClick={() => setAdding(adding === p.predicate ? null : p.predicate)} title={`Add another ${p.label}`} aria-label={`Add another ${p.label}`}>
                <Icon name="plus" size={12} />
              </button>
            </div>
            <div className="property-values">
              {p.values.map((v) => (
                <ValueRow key={`${v.term.type}:${v.term.value}:${v.term.type === 'literal' ? `${v.term.datatype ?? ''}@${v.term.lang ?? ''}` : ''}`} subject={detail.iri} subjectLabel={detail.label} property={p} value={v} onNavigate={onNavigate} />
              ))}
              {adding === p.predicate && (
                <AddValueForm subject={detail.iri} subjectLabel={detail.label} subjectTypes={types} property={info} onDone={() => setAdding(null)} />
              )}
            </div>
          </div>
        );
      })}
      {adding === '__new' ? (
        <AddValueForm subject={detail.iri} subjectLabel={detail.label} subjectTypes={types} onDone={() => setAdding(null)} />
      ) : (
        <button className="btn small add-value-btn" onClick={() => setAdding('__new')} data-testid="add-value-button">
          <Icon name="plus" size={12} /> Add a value
        </button>
      )}
    </div>
  );
}

function ValueRow(props: { subject: string; subjectLabel: string; property: EntityProperty; value: EntityValue; onNavigate(iri: string): void }) {
  const [editing, setEditing] = useState(false);
  const prefixes = useVocabulary((s) => s.prefixes);
  const { value, property } = props;
  const t = value.term;
  const remove = () => void removeValue(props.subject, property.predicate, t, `Removed ${property.label} from “${props.subjectLabel}”`);

  if (editing && t.type === 'literal') {
    return (
      <LiteralEditor
        initial={t}
        onCancel={() => setEditing(false)}
        onSave={async (next) => {
          setEditing(false);
          await setLiteral(props.subject, property.predicate, t, next, `Changed ${property.label} of “${props.subjectLabel}”`);
        }}
      />
    );
  }
  return (
    <div className="value-row" data-testid="value-row" data-value={t.value}>
      {t.type === 'uri' ? (
        <button className="value-link" onClick={() => props.onNavigate(t.value)} title={t.value} data-testid="value-link">
          <span className="truncate">{value.label ?? compactIri(t.value, prefixes)}</span>
        </button>
      ) : t.type === 'literal' ? (
        <button className="value-literal" onClick={() => setEditing(true)} title="Edit this value" data-testid="value-literal">
          <span className="literal-text">{t.value}</span>
          {t.lang ? <span className="faint"> @{t.lang}</span> : t.datatype && t.datatype !== `${xsd}string` ? <span className="faint datatype"> {datatypeLabel(t.datatype)}</span> : null}
        </button>
      ) : (
        <span className="mono faint">{t.value}</span>
      )}
      <OriginBadges origins={value.origins} />
      <span className="value-actions">
        {t.type === 'literal' && (
          <button className="icon-btn small" onClick={() => setEditing(true)} title="Edit" aria-label={`Edit ${property.label}`} data-testid="value-edit">
            <Icon name="pencil" size={12} />
          </button>
        )}
        <button className="icon-btn small" onClick={remove} title="Remove this value" aria-label={`Remove ${property.label} ${value.label ?? t.value}`} data-testid="value-remove">
          <Icon name="x" size={13} />
        </button>
      </span>
    </div>
  );
}

function datatypeLabel(iri: string): string {
  return DATATYPES.find((d) => d.iri === iri)?.label ?? compactIri(iri);
}
