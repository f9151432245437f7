// One message: its full text, its sioc:Post triples, and what extraction derived from it.
import { compactIri } from '../../../../shared/rdf';
import { TurtleView, withoutUnusedPrefixes } from '../../editors/turtle-view';
import { MessageExtraction } from '../../extraction/MessageExtraction';
import { useApp } from '../../state/app-store';
import { formatDateTime } from '../../ui/format';
import { EmptyState } from '../../ui/EmptyState';
import { useHighlighter } from '../../ui/Highlighted';
import { LazyMarkdown } from '../../ui/LazyMarkdown';
import { Icon } from '../../ui/icons';
import { MessageParts } from './MessageParts';
import { useMessages } from './messages-store';

export function MessageDetail() {
  const detail = useMessages((s) => s.detail);
  const detailError = useMessages((s) => s.detailError);
  const selectedId = useMessages((s) => s.selectedId);
  const highlight = useMessages((s) => s.highlight);
  const pattern = useHighlighter(highlight);
  const openEntity = useApp((s) => s.openEntity);
  const openInEntities = useApp((s) => s.openInEntities);
  const select = useApp((s) => s.select);

  if (selectedId === null) {
    return (
      <EmptyState icon="messages" title="No message selected">
        <p>Pick a message to read it in full, see its triples and what was learned from it.</p>
      </EmptyState>
    );
  }
  if (detailError) return <div style={{ padding: 16 }}><div className="error-inline"><Icon name="alert" />{detailError}</div></div>;
  if (!detail || detail.message.id !== selectedId) {
    return (
      <div className="empty-state">
        <span className="spinner" />
      </div>
    );
  }
  const m = detail.message;
  return (
    <div className="message-detail" data-testid="message-detail">
      <div className="detail-head">
        <div className="row" style={{ gap: 8 }}>
          <span className={`speaker role-${m.role}`} style={{ fontSize: 14 }}>
            {m.speaker}
          </span>
          <span className="badge">{m.role}</span>
          <span className="spacer" />
          <button className="btn small" onClick={() => openEntity(m.iri)} title="Open this message's description in the TTL tab">
            <Icon name="code" size={13} /> Open in TTL
          </button>
        </div>
        <div className="detail-meta muted tnum">
          <span>{formatDateTime(m.timestamp)}</span>
          {m.timeApproximate && (
            <span className="badge" title="The export has no times: this is the file's time; the order of the messages is real" data-testid="time-approximate">
              approximate time
            </span>
          )}
          <span>· {m.dayName}</span>
          <button className="link" onClick={() => select({ kind: 'session', sessionId: m.sessionId })} title="Select this session on the timeline">
            Session {m.sessionIndex}
          </button>
          <span className="truncate">· {m.conversationTitle}</span>
        </div>
      </div>
      <LazyMarkdown className="detail-text" text={m.text} pattern={pattern} testId="message-markdown" />
      <MessageParts parts={detail.parts} />
      <div className="detail-section">
        <h3 className="section-title">
          Derived from this message <span className="badge">{detail.derived.length}</span>
        </h3>
        {detail.derived.length === 0 ? (
          <div className="faint">Nothing has been extracted from this message yet.</div>
        ) : (
          <div className="derived-list">
            {detail.derived.map((d) => (
              <button key={d.iri} className="derived" onClick={() => openInEntities(d.iri)} title={`Open in Entities: ${d.iri}`} data-testid="derived-entity" data-iri={d.iri}>
                <span style={{ fontWeight: 500 }}>{d.label}</span>
                <span className="faint">{d.types.map((t) => compactIri(t)).join(', ')}</span>
              </button>
            ))}
          </div>
        )}
      </div>
      <MessageExtraction message={m} />
      <div className="detail-section">
        <h3 className="section-title">
          sioc:Post <span className="faint mono" style={{ textTransform: 'none', fontWeight: 400 }}>{compactIri(m.iri)}</span>
        </h3>
        <TurtleView text={withoutUnusedPrefixes(detail.postTurtle)} onIri={openEntity} />
      </div>
    </div>
  );
}
