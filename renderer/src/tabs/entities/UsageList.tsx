// Where an entity is the object of a statement (Protégé's Usage): who points at it, and how.
import type { EntityDetail } from '../../../../shared/types';
import { OriginBadges } from './OriginBadges';

export function UsageList({ detail, onNavigate }: { detail: EntityDetail; onNavigate(iri: string): void }) {
  if (!detail.usage.length) return <div className="faint">Nothing points at this entity.</div>;
  return (
    <div className="usage-list" data-testid="usage">
      {detail.usage.map((u, i) => (
        <div key={`${u.subject}|${u.predicate}|${i}`} className="usage-row">
          <button className="value-link" onClick={() => onNavigate(u.subject)} title={u.subject}>
            <span className="truncate">{u.subjectLabel}</span>
          </button>
          <span className="usage-predicate faint">{u.predicateLabel}</span>
          <span className="faint truncate">{detail.label}</span>
          <OriginBadges origins={u.origins} />
        </div>
      ))}
      {detail.usageTruncated && <div className="faint">… and more (the first 500 are shown).</div>}
    </div>
  );
}
