// Stances over time: per subject, the current stance (the one stated last) and, one click away,
// its history with validity (from / until) and what superseded what. Shown on a person's page
// and on a topic's page.
import { useState } from 'react';
import type { StanceHistory, StanceInfo } from '../../../../shared/types';
import { formatDate } from '../../ui/format';
import { OriginBadges } from './OriginBadges';

export function StanceList({ stances, onNavigate }: { stances: StanceHistory[]; onNavigate(iri: string): void }) {
  if (!stances.length) return <div className="faint">No preference, job, membership, habit or home is known for this yet.</div>;
  return (
    <div className="stance-list" data-testid="stances">
      {stances.map((h) => (
        <StanceRow key={h.key} history={h} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

function StanceRow({ history, onNavigate }: { history: StanceHistory; onNavigate(iri: string): void }) {
  const [open, setOpen] = useState(false);
  const changes = history.history.length;
  return (
    <div className="stance-row" data-testid="stance" data-subject={history.subject}>
      <div className="stance-current row">
        <span className="badge">{history.kind}</span>
        <span className="stance-subject">{history.subject}</span>
        <span className="faint">now:</span>
        <StanceValue stance={history.current} onNavigate={onNavigate} />
        <span className="spacer" />
        {changes > 1 && (
          <button className="btn small" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="stance-history-toggle">
            History ({changes})
          </button>
        )}
      </div>
      {open && (
        <ol className="stance-history" data-testid="stance-history">
          {history.history.map((s) => (
            <li key={s.iri} className={s.iri === history.current.iri ? 'current' : 'past'}>
              <StanceValue stance={s} onNavigate={onNavigate} />
              <span className="faint tnum">
                {s.validFrom ? formatDate(s.validFrom) : 'undated'} → {s.validUntil ? formatDate(s.validUntil) : s.iri === history.current.iri ? 'now' : '…'}
              </span>
              {s.statedOn.length > 1 && <span className="faint">· said {s.statedOn.length} times</span>}
              <OriginBadges origins={s.origins} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function StanceValue({ stance, onNavigate }: { stance: StanceInfo; onNavigate(iri: string): void }) {
  return (
    <button className="stance-value" onClick={() => onNavigate(stance.iri)} title={stance.label}>
      {stance.label}
    </button>
  );
}
