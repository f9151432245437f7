// A turn's evidence: messages (time, speaker, text, why; a click opens it in Messages) and
// triples (a click on an entity opens it in Entities), the ones the answer cites marked.
import { useEffect, useState } from 'react';
import type { AskEvidenceMessage, AskEvidenceTriple, AskTurn } from '../../../../shared/types';
import { compactIri } from '../../../../shared/rdf';
import { formatDateTime, plural } from '../../ui/format';
import { Markdown } from '../../ui/Markdown';
import { Icon } from '../../ui/icons';
import { objectText, ROUTE_LABEL } from './ask-model';
import { showEntity, showMessageInMessages } from './show-evidence';

const FIRST_MESSAGES = 4;
const FIRST_TRIPLES = 6;

/** `related`: the answer is not found; the messages are shown as related ones, not as evidence of an answer. */
export function AskEvidence(props: { turn: AskTurn; cited: Set<string>; flash: string | null; showAllFor: string | null; related?: boolean }) {
  const { messages, triples } = props.turn.evidence;
  const [allMessages, setAllMessages] = useState(false);
  const [allTriples, setAllTriples] = useState(false);
  // A citation of evidence beyond the first few shows them all.
  useEffect(() => {
    const ref = props.showAllFor;
    if (!ref) return;
    if (messages.findIndex((m) => m.ref === ref) >= FIRST_MESSAGES) setAllMessages(true);
    if (triples.findIndex((t) => t.ref === ref) >= FIRST_TRIPLES) setAllTriples(true);
  }, [props.showAllFor, messages, triples]);

  if (messages.length === 0 && triples.length === 0) {
    return <div className="ask-evidence-none faint">No evidence: nothing in the memory matched.</div>;
  }
  const shownMessages = allMessages ? messages : messages.slice(0, FIRST_MESSAGES);
  const shownTriples = allTriples ? triples : triples.slice(0, FIRST_TRIPLES);
  // What the answer cites comes first: the triples of an answer read from the graph.
  const triplesFirst = [...props.cited].some((r) => r.startsWith('t')) && ![...props.cited].some((r) => r.startsWith('m'));
  return (
    <div className={`ask-evidence ${triplesFirst ? 'triples-first' : ''}`} data-testid="ask-evidence">
      {messages.length > 0 && (
        <div className="ask-evidence-group">
          <div className="ask-evidence-title">
            <Icon name="messages" size={12} /> <span data-testid="ask-evidence-messages-title">{props.related ? 'Related messages' : 'Messages'}</span> <span className="badge">{messages.length}</span>
          </div>
          <div className="ask-evidence-list">
            {shownMessages.map((m) => (
              <EvidenceMessage key={m.ref} ev={m} cited={props.cited.has(m.ref)} flash={props.flash === m.ref} />
            ))}
          </div>
          {messages.length > FIRST_MESSAGES && (
            <button className="btn ghost small ask-more" onClick={() => setAllMessages(!allMessages)} data-testid="ask-evidence-more">
              {allMessages ? 'Show fewer' : `Show all ${plural(messages.length, 'message')}`}
            </button>
          )}
        </div>
      )}
      {triples.length > 0 && (
        <div className="ask-evidence-group">
          <div className="ask-evidence-title">
            <Icon name="graph" size={12} /> Triples <span className="badge">{triples.length}</span>
          </div>
          <div className="ask-evidence-list">
            {shownTriples.map((t) => (
              <EvidenceTriple key={t.ref} ev={t} cited={props.cited.has(t.ref)} flash={props.flash === t.ref} />
            ))}
          </div>
          {triples.length > FIRST_TRIPLES && (
            <button className="btn ghost small ask-more" onClick={() => setAllTriples(!allTriples)}>
              {allTriples ? 'Show fewer' : `Show all ${plural(triples.length, 'triple')}`}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function EvidenceMessage({ ev, cited, flash }: { ev: AskEvidenceMessage; cited: boolean; flash: boolean }) {
  const m = ev.message;
  return (
    <button
      className={`ev-msg ${cited ? 'cited' : ''} ${flash ? 'flash' : ''}`}
      onClick={() => showMessageInMessages(m)}
      title="Open in Messages"
      data-testid="evidence-message"
      data-ref={ev.ref}
      data-message-id={m.id}
    >
      <span className="ev-ref">{ev.ref}</span>
      <span className="ev-body">
        <span className="ev-meta">
          <span className={`speaker role-${m.role}`}>{m.speaker}</span>
          <span className="faint tnum">
            {m.dayName.slice(0, 3)} {formatDateTime(m.timestamp)}
          </span>
          <span className="badge tnum" title={`Session ${m.sessionIndex}`}>
            S{m.sessionIndex}
          </span>
          <span className="faint truncate">{m.conversationTitle}</span>
        </span>
        <Markdown className="ev-text" text={m.text} links="text" testId="evidence-markdown" />
        <span className="ev-why faint">
          {ROUTE_LABEL[ev.route]} · {ev.why}
        </span>
      </span>
      <Icon name="chevronRight" size={13} className="ev-go" />
    </button>
  );
}

function EvidenceTriple({ ev, cited, flash }: { ev: AskEvidenceTriple; cited: boolean; flash: boolean }) {
  return (
    <div className={`ev-triple ${cited ? 'cited' : ''} ${flash ? 'flash' : ''}`} data-testid="evidence-triple" data-ref={ev.ref}>
      <span className="ev-ref">{ev.ref}</span>
      <button className="ev-entity" onClick={() => showEntity(ev.s.iri)} title={`Open in Entities: ${ev.s.iri}`} data-testid="evidence-entity" data-iri={ev.s.iri}>
        {ev.s.label || compactIri(ev.s.iri)}
      </button>
      <span className="ev-pred" title={ev.p.iri}>
        {ev.p.label || compactIri(ev.p.iri)}
      </span>
      {ev.o.type === 'uri' ? (
        <button className="ev-entity" onClick={() => showEntity(ev.o.value)} title={`Open in Entities: ${ev.o.value}`} data-testid="evidence-entity" data-iri={ev.o.value}>
          {objectText(ev.o)}
        </button>
      ) : (
        <span className="ev-literal" title={ev.o.type === 'literal' && ev.o.datatype ? compactIri(ev.o.datatype) : undefined}>
          {objectText(ev.o)}
        </span>
      )}
      <span className="spacer" />
      {ev.origins.map((o) => (
        <span key={o} className={`ev-origin origin-${o}`} title={o === 'person' ? 'Said by you (your edits)' : o === 'extraction' ? 'Extracted from the messages' : o}>
          {o === 'person' ? 'yours' : o === 'extraction' ? 'extracted' : o}
        </span>
      ))}
    </div>
  );
}
