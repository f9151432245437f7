// Adds a value to an entity: a property (completed from the ontology), then a link to another
// entity (completed by name; a new one can be made on the spot) or a literal with its datatype.
import { useState } from 'react';
import { PREFIXES } from '../../../../shared/rdf';
import { Icon } from '../../ui/icons';
import { editTriples, linkToNewEntity } from './edits';
import { EntityPicker } from './EntityPicker';
import { LiteralEditor } from './LiteralEditor';
import { datatypeOf, isLinkProperty, useOntology, type PropertyInfo } from './ontology-store';
import { PropertyPicker } from './TermPickers';

export function AddValueForm(props: {
  subject: string;
  subjectLabel: string;
  subjectTypes: string[];
  /** Adds another value of this property (no property to choose). */
  property?: PropertyInfo;
  onDone(): void;
}) {
  const [property, setProperty] = useState<PropertyInfo | null>(props.property ?? null);
  const [mode, setMode] = useState<'link' | 'value'>(isLinkProperty(props.property) ? 'link' : 'value');
  const classByIri = useOntology((s) => s.classByIri);
  const choose = (p: PropertyInfo) => {
    setProperty(p);
    setMode(isLinkProperty(p) ? 'link' : 'value');
  };
  const rangeClass = property?.ranges.find((r) => classByIri.has(r)) ?? `${PREFIXES.schema}Thing`;

  return (
    <div className="add-value" data-testid="add-value">
      {!property ? (
        <div className="row">
          <PropertyPicker subjectTypes={props.subjectTypes} onPick={choose} onCancel={props.onDone} autoFocus />
          <button className="icon-btn small" onClick={props.onDone} aria-label="Cancel">
            <Icon name="x" size={13} />
          </button>
        </div>
      ) : (
        <>
          <div className="row add-value-head">
            <span className="add-value-prop" title={property.iri}>
              {property.label}
            </span>
            {!props.property && (
              <button className="link" onClick={() => setProperty(null)}>
                change
              </button>
            )}
            <span className="spacer" />
            <div className="segmented" role="group" aria-label="Kind of value">
              <button aria-pressed={mode === 'link'} onClick={() => setMode('link')} data-testid="mode-link">
                link
              </button>
              <button aria-pressed={mode === 'value'} onClick={() => setMode('value')} data-testid="mode-value">
                value
              </button>
            </div>
          </div>
          {mode === 'link' ? (
            <div className="row">
              <EntityPicker
                ranges={property.ranges}
                exclude={[props.subject]}
                allowNew
                autoFocus
                onCancel={props.onDone}
                testId="link-target"
                placeholder={`${property.label}: search an entity by name…`}
                onPick={async (picked) => {
                  const what = `Added ${property.label} to “${props.subjectLabel}”`;
                  if (picked.kind === 'new') {
                    await linkToNewEntity(props.subject, property.iri, picked.label, rangeClass, what);
                  } else {
                    const target = picked.kind === 'existing' ? picked.row.iri : picked.iri;
                    await editTriples(what, [], [{ s: props.subject, p: property.iri, o: { type: 'uri', value: target } }]);
                  }
                  props.onDone();
                }}
              />
              <button className="icon-btn small" onClick={props.onDone} aria-label="Cancel">
                <Icon name="x" size={13} />
              </button>
            </div>
          ) : (
            <LiteralEditor
              initial={null}
              datatype={datatypeOf(property)}
              saveLabel="Add"
              onCancel={props.onDone}
              onSave={async (term) => {
                await editTriples(`Added ${property.label} to “${props.subjectLabel}”`, [], [{ s: props.subject, p: property.iri, o: term }]);
                props.onDone();
              }}
            />
          )}
        </>
      )}
    </div>
  );
}
