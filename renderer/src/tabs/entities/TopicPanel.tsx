// A topic's page (above its values in the Entities tab): the current description and its history
// (a model's topic summaries and updates), the sessions it labels (a click selects them on the
// timeline), the messages that mention it, the entities derived from the same messages, and the
// stances on it over time.
import { useEffect, useState } from 'react';
import type { TopicDetail } from '../../../../shared/types';
import { api } from '../../api/connection';
import { useApp } from '../../state/app-store';
import { useTopicLane } from '../../timeline/topic-lane-store';
import { errorMessage, formatDate, formatDateTime, plural } from '../../ui/format';
import { CategoryDot } from '../../ui/CategoryDot';
import { ProvenanceList } from './ProvenanceList';
import { StanceList } from './StanceList';

export function TopicPanel({ iri, onNavigate }: { iri: string; onNavigate(iri: string): void }) {
  const graphVersion = useApp((s) => s.graphVersion);
  const [detail, setDetail] = useState<TopicDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState(false);

  useEffect(() => {
    let live = true;
    api()
      .getTopic({ iri })
      .then((d) => live && (setDetail(d), setError(null)))
      .catch((e) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [iri, graphVersion]);

  if (error) return <div className="error-inline">{error}</div>;
  if (!detail) return null;
  const { topic } = detail;
  const selectAll = () => void useTopicLane.getState().selectTopic(topic, detail.sessions.map((s) => s.session.id));
  return (
    <div className="topic-panel" data-testid="topic-page">
      <section className="entity-section">
        <h3 className="section-title">Topic</h3>
        <p className="topic-summary-line" data-testid="topic-summary">
          {plural(topic.sessions, 'session')} · {plural(topic.mentions, 'mention')} · first {formatDate(topic.first)} · last {formatDate(topic.last)}
        </p>
        {detail.description ? (
          <blockquote className="topic-description" data-testid="topic-description">
            {detail.description.text}
            <span className="faint"> — {detail.description.model ?? 'model'}, {detail.description.date ? formatDate(detail.description.date) : ''}</span>
          </blockquote>
        ) : (
          <p className="faint">No description yet: a model writes one with “Topic summaries” (every 50 rounds).</p>
        )}
        {detail.descriptions.length > 1 && (
          <button className="btn small" onClick={() => setHistory(!history)} aria-expanded={history} data-testid="topic-description-history">
            History of the description ({detail.descriptions.length})
          </button>
        )}
        {history && (
          <ol className="stance-history">
            {detail.descriptions.map((d) => (
              <li key={d.iri} className={d.current ? 'current' : 'past'}>
                <span className="badge">{d.kind}</span> {d.text} <span className="faint">{d.date ? formatDate(d.date) : ''}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="entity-section">
        <h3 className="section-title">
          Sessions <span className="badge">{detail.sessions.length}</span>
          <span className="spacer" />
          <button className="btn small" onClick={selectAll} data-testid="topic-select-sessions">
            Select on the timeline
          </button>
        </h3>
        <div className="topic-sessions">
          {detail.sessions.map((s) => (
            <button key={s.session.id} className="provenance-item" onClick={() => useApp.getState().select({ kind: 'session', sessionId: s.session.id })} data-testid="topic-session">
              <span className="tnum">{formatDateTime(s.session.start)}</span> <span className="faint">· {s.session.conversationTitle} · session {s.session.ordinal}</span>
              <span className="spacer" />
              <span className="faint">label {s.rank} · {plural(s.mentions, 'mention')}</span>
            </button>
          ))}
        </div>
      </section>
      <section className="entity-section">
        <h3 className="section-title">
          Stances on it <span className="badge">{detail.stances.length}</span>
        </h3>
        <StanceList stances={detail.stances} onNavigate={onNavigate} />
      </section>
      <section className="entity-section">
        <h3 className="section-title">
          Related entities <span className="badge">{detail.related.length}</span>
        </h3>
        <div className="topic-related" data-testid="topic-related">
          {detail.related.length === 0 && <span className="faint">No entity was read from the same messages.</span>}
          {detail.related.map((r) => (
            <button key={r.iri} className="chip" onClick={() => onNavigate(r.iri)} title={`${r.category} · ${plural(r.shared, 'shared message')}`}>
              <CategoryDot category={r.category} size={9} /> {r.label}
            </button>
          ))}
        </div>
      </section>
      <section className="entity-section">
        <h3 className="section-title">
          Messages <span className="badge">{detail.messages.length}</span>
        </h3>
        <ProvenanceList messages={detail.messages} />
      </section>
    </div>
  );
}

/** A person's stances over time (their page in the Entities tab). */
export function PersonStances({ iri, onNavigate }: { iri: string; onNavigate(iri: string): void }) {
  const graphVersion = useApp((s) => s.graphVersion);
  const [stances, setStances] = useState<import('../../../../shared/types').StanceHistory[] | null>(null);
  useEffect(() => {
    let live = true;
    api()
      .stances({ person: iri })
      .then((s) => live && setStances(s))
      .catch(() => live && setStances([]));
    return () => {
      live = false;
    };
  }, [iri, graphVersion]);
  if (!stances?.length) return null;
  return (
    <section className="entity-section" data-testid="person-stances">
      <h3 className="section-title">
        Stances over time <span className="badge">{stances.length}</span>
      </h3>
      <StanceList stances={stances} onNavigate={onNavigate} />
    </section>
  );
}
