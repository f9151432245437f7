// One entity's page: its name (rename in place), IRI, types, values with their origin, where
// it is used, the messages it comes from, and the edits that need a decision (merge, delete).
// `compact` is the Graph tab's side panel.
import { useState } from 'react';
import { PREFIXES } from '../../../../shared/rdf';
import type { EntityDetail } from '../../../../shared/types';
import { useApp } from '../../state/app-store';
import { CategoryDot } from '../../ui/CategoryDot';
import { plural } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { DuplicateHints } from './DuplicateHints';
import { rename } from './edits';
import { DeleteDialog, MergeDialog } from './EntityDialogs';
import { OriginLegend } from './OriginBadges';
import { PropertyTable } from './PropertyTable';
import { shortIri } from './short-iri';
import { ProvenanceList } from './ProvenanceList';
import { TypeChips } from './TypeChips';
import { UsageList } from './UsageList';
import { PersonStances, TopicPanel } from './TopicPanel';

const LABEL = `${PREFIXES.rdfs}label`;
const TOPIC = `${PREFIXES.pcm}Topic`;
const PERSON = `${PREFIXES.foaf}Person`;

export function EntityView(props: {
  detail: EntityDetail;
  onNavigate(iri: string): void;
  /** Shows the entity in the Graph tab (absent in the Graph tab itself). */
  onShowInGraph?(iri: string): void;
  onDeleted?(): void;
  onMerged?(keep: string): void;
  compact?: boolean;
  actions?: React.ReactNode;
}) {
  const { detail, compact } = props;
  const [dialog, setDialog] = useState<{ kind: 'merge'; other?: string } | { kind: 'delete' } | null>(null);
  const openEntity = useApp((s) => s.openEntity);
  const provenance = detail.provenance;

  return (
    <div className={`entity-view ${compact ? 'compact' : ''}`} data-testid="entity-view" data-iri={detail.iri}>
      <header className="entity-head">
        <div className="entity-title-row">
          <CategoryDot category={detail.category} size={compact ? 14 : 18} title={detail.category} />
          <EntityTitle detail={detail} compact={compact} />
        </div>
        <div className="entity-iri row">
          <span className="mono faint truncate" title={detail.iri}>
            {shortIri(detail.iri)}
          </span>
          <button className="icon-btn small" title="Copy the IRI" aria-label="Copy the IRI" onClick={() => void navigator.clipboard?.writeText(detail.iri)}>
            <Icon name="copy" size={12} />
          </button>
          <span className="badge">{detail.category}</span>
        </div>
        <div className="entity-actions row">
          {props.onShowInGraph && (
            <button className="btn small" onClick={() => props.onShowInGraph!(detail.iri)} data-testid="entity-show-graph" title="Show its neighbourhood in the Graph tab">
              <Icon name="graph" size={13} /> Graph
            </button>
          )}
          <button className="btn small" onClick={() => openEntity(detail.iri)} title="Its description as Turtle (TTL tab)" data-testid="entity-open-ttl">
            <Icon name="code" size={13} /> Turtle
          </button>
          <button className="btn small" onClick={() => setDialog({ kind: 'merge' })} data-testid="entity-merge" title="Merge with a duplicate">
            <Icon name="layers" size={13} /> Merge…
          </button>
          <button className="btn small danger" onClick={() => setDialog({ kind: 'delete' })} data-testid="entity-delete" title="Delete it and its statements">
            <Icon name="trash" size={13} /> Delete
          </button>
          {props.actions}
        </div>
        <TypeChips detail={detail} />
        {detail.comment && !compact && <p className="entity-comment">{detail.comment}</p>}
      </header>

      <DuplicateHints detail={detail} onMerge={(other) => setDialog({ kind: 'merge', other })} />
      {detail.mergedFrom.length > 0 && (
        <div className="merged-from faint" data-testid="merged-from">
          <Icon name="layers" size={12} /> Merged from {detail.mergedFrom.map((m) => shortIri(m)).join(', ')}
        </div>
      )}

      {!compact && detail.types.some((t) => t.iri === TOPIC) && <TopicPanel iri={detail.iri} onNavigate={props.onNavigate} />}
      {!compact && detail.types.some((t) => t.iri === PERSON) && <PersonStances iri={detail.iri} onNavigate={props.onNavigate} />}

      <section className="entity-section">
        <h3 className="section-title">
          Values <span className="spacer" /> <OriginLegend />
        </h3>
        <PropertyTable detail={detail} onNavigate={props.onNavigate} compact={compact} />
      </section>

      <section className="entity-section">
        <h3 className="section-title">
          Derived from <span className="badge">{plural(provenance.length, 'message')}</span>
        </h3>
        <ProvenanceList messages={provenance} />
      </section>

      <section className="entity-section">
        <h3 className="section-title">
          Usage <span className="badge">{detail.usage.length}</span>
        </h3>
        <UsageList detail={detail} onNavigate={props.onNavigate} />
      </section>

      {dialog?.kind === 'merge' && (
        <MergeDialog
          detail={detail}
          otherIri={dialog.other}
          onClose={() => setDialog(null)}
          onMerged={(keep) => {
            setDialog(null);
            props.onMerged?.(keep);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          detail={detail}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            props.onDeleted?.();
          }}
        />
      )}
    </div>
  );
}

/** The name; click (or the pencil) to rename in place: Enter saves, Escape cancels. */
function EntityTitle({ detail, compact }: { detail: EntityDetail; compact?: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const labels = detail.properties.find((p) => p.predicate === LABEL)?.values.map((v) => v.term) ?? [];
  if (editing !== null) {
    const save = async () => {
      const next = editing.trim();
      setEditing(null);
      if (next && next !== detail.label) await rename(detail.iri, labels, next);
    };
    return (
      <input
        className="text-input entity-title-input"
        value={editing}
        autoFocus
        onChange={(e) => setEditing(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') {
            e.stopPropagation();
            setEditing(null);
          }
        }}
        aria-label="Name"
        data-testid="entity-rename-input"
      />
    );
  }
  const Tag = compact ? 'h2' : 'h1';
  return (
    <>
      <Tag className="entity-title" onDoubleClick={() => setEditing(detail.label)} title="Double-click to rename" data-testid="entity-title">
        {detail.label}
      </Tag>
      <button className="icon-btn small" onClick={() => setEditing(detail.label)} title="Rename" aria-label="Rename" data-testid="entity-rename">
        <Icon name="pencil" size={13} />
      </button>
      {labels.length > 1 && (
        <span className="badge" title={labels.map((l) => l.value).join('\n')}>
          {labels.length} names
        </span>
      )}
    </>
  );
}
