// Dialogs of the entity edits that need a decision: create, delete, merge.
import { useEffect, useState } from 'react';
import { compactIri } from '../../../../shared/rdf';
import type { ClassNode, EntityDetail } from '../../../../shared/types';
import { api } from '../../api/connection';
import { CategoryDot } from '../../ui/CategoryDot';
import { Dialog } from '../../ui/Dialog';
import { errorMessage, plural } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { createEntity, deleteEntity, mergeEntities } from './edits';
import { EntityPicker } from './EntityPicker';
import { useOntology } from './ontology-store';
import { shortIri } from './short-iri';
import { ClassPicker } from './TermPickers';

export function NewEntityDialog(props: { classIri?: string | null; onClose(): void; onCreated(iri: string): void }) {
  const classByIri = useOntology((s) => s.classByIri);
  const [label, setLabel] = useState('');
  const [cls, setCls] = useState<ClassNode | null>((props.classIri && classByIri.get(props.classIri)) || null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!label.trim() || !cls) return;
    setBusy(true);
    const iri = await createEntity(label.trim(), cls.iri);
    setBusy(false);
    if (iri) props.onCreated(iri);
  };
  return (
    <Dialog
      title="New entity"
      size="small"
      onClose={props.onClose}
      footer={
        <>
          <button className="btn" onClick={props.onClose}>
            Cancel
          </button>
          <button className="btn primary" onClick={() => void submit()} disabled={!label.trim() || !cls || busy} data-testid="new-entity-create">
            {busy ? <span className="spinner" /> : <Icon name="plus" size={13} />} Create
          </button>
        </>
      }
    >
      <label className="field">
        <span className="field-label">Name</span>
        <input
          className="text-input"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          data-autofocus
          placeholder="e.g. Lisbon, Aunt Vera, Pottery class"
          data-testid="new-entity-label"
          onKeyDown={(e) => e.key === 'Enter' && void submit()}
        />
      </label>
      <div className="field">
        <span className="field-label">Class</span>
        {cls ? (
          <div className="row">
            <CategoryDot category={cls.category} />
            <span>{cls.label}</span>
            <span className="faint mono">{compactIri(cls.iri)}</span>
            <button className="link" onClick={() => setCls(null)}>
              change
            </button>
          </div>
        ) : (
          <ClassPicker onPick={setCls} testId="new-entity-class" />
        )}
      </div>
    </Dialog>
  );
}

export function DeleteDialog(props: { detail: EntityDetail; onClose(): void; onDeleted(): void }) {
  const { detail } = props;
  const [busy, setBusy] = useState(false);
  const own = detail.properties.reduce((n, p) => n + p.values.length, 0) + detail.types.length;
  return (
    <Dialog
      title={`Delete “${detail.label}”?`}
      size="small"
      onClose={props.onClose}
      footer={
        <>
          <button className="btn" onClick={props.onClose}>
            Cancel
          </button>
          <button
            className="btn danger solid"
            disabled={busy}
            data-testid="delete-confirm"
            onClick={async () => {
              setBusy(true);
              const ok = await deleteEntity(detail.iri, detail.label);
              setBusy(false);
              if (ok) props.onDeleted();
            }}
          >
            {busy ? <span className="spinner" /> : <Icon name="trash" size={13} />} Delete
          </button>
        </>
      }
    >
      <p style={{ margin: 0 }}>
        This removes {plural(own, 'statement')} about it and {plural(detail.usage.length, 'statement')} that point at it. Statements made by extraction are
        recorded as removed, so extracting again will not bring them back. You can undo this.
      </p>
    </Dialog>
  );
}

/** Merges two entities: every statement of the one merged away moves to the one kept. */
export function MergeDialog(props: { detail: EntityDetail; otherIri?: string; onClose(): void; onMerged(keep: string): void }) {
  const { detail } = props;
  const [otherIri, setOtherIri] = useState<string | null>(props.otherIri ?? null);
  const [other, setOther] = useState<EntityDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [keep, setKeep] = useState<string>(detail.iri);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!otherIri) return;
    let live = true;
    setOther(null);
    api()
      .getEntity({ iri: otherIri })
      .then((d) => {
        if (!live) return;
        if (!d) return setError('That entity no longer exists.');
        setOther(d);
        // Keep the richer one by default (more values and messages; then the longer name).
        const weight = (e: EntityDetail) => e.properties.reduce((n, p) => n + p.values.length, 0) + e.provenance.length * 2 + e.usage.length;
        const a = weight(detail);
        const b = weight(d);
        setKeep(b > a || (b === a && d.label.length > detail.label.length) ? d.iri : detail.iri);
      })
      .catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [otherIri, detail]);

  const pair = other ? [detail, other] : [detail];
  const kept = pair.find((e) => e.iri === keep) ?? detail;
  const merged = pair.find((e) => e.iri !== keep);

  return (
    <Dialog
      title="Merge duplicates"
      onClose={props.onClose}
      label="Merge duplicates"
      footer={
        <>
          <button className="btn" onClick={props.onClose}>
            Cancel
          </button>
          <button
            className="btn primary"
            disabled={!other || busy}
            data-testid="merge-confirm"
            onClick={async () => {
              if (!merged) return;
              setBusy(true);
              const ok = await mergeEntities(kept.iri, merged.iri, kept.label, merged.label);
              setBusy(false);
              if (ok) props.onMerged(kept.iri);
            }}
          >
            {busy ? <span className="spinner" /> : <Icon name="layers" size={13} />} Merge into “{kept.label}”
          </button>
        </>
      }
    >
      {!otherIri ? (
        <div className="field">
          <span className="field-label">Merge “{detail.label}” with…</span>
          <EntityPicker ranges={detail.types.map((t) => t.iri)} exclude={[detail.iri]} onPick={(p) => p.kind === 'existing' && setOtherIri(p.row.iri)} autoFocus testId="merge-picker" />
        </div>
      ) : error ? (
        <div className="error-inline">
          <Icon name="alert" />
          {error}
        </div>
      ) : !other ? (
        <div className="empty-state" style={{ padding: 16 }}>
          <span className="spinner" />
        </div>
      ) : (
        <>
          <div className="merge-pair">
            {pair.map((e) => (
              <label key={e.iri} className={`merge-card ${keep === e.iri ? 'kept' : ''}`} data-testid="merge-card">
                <input type="radio" name="keep" checked={keep === e.iri} onChange={() => setKeep(e.iri)} />
                <div className="merge-card-body">
                  <div className="row" style={{ gap: 6 }}>
                    <CategoryDot category={e.category} />
                    <b className="truncate">{e.label}</b>
                  </div>
                  <div className="faint mono truncate" title={e.iri}>
                    {shortIri(e.iri)}
                  </div>
                  <div className="faint">{e.types.map((t) => t.label).join(', ') || 'no type'}</div>
                  <div className="faint tnum">
                    {plural(e.properties.reduce((n, p) => n + p.values.length, 0), 'value')} · {plural(e.usage.length, 'link')} in · {plural(e.provenance.length, 'message')}
                  </div>
                  <span className={`badge ${keep === e.iri ? 'accent' : ''}`}>{keep === e.iri ? 'kept' : 'merged into the other'}</span>
                </div>
              </label>
            ))}
          </div>
          <p className="faint" style={{ margin: 0 }}>
            Every statement about “{merged?.label}” and every link to it moves to “{kept.label}”, which records <span className="mono">pcm:mergedFrom</span>. One edit,
            undoable; extraction will not split them again.
          </p>
        </>
      )}
    </Dialog>
  );
}
