// What a message carries besides its words: attachments (with their extracted text), the
// sources it cites ([n] in the text), and, behind "Show thinking", the assistant's hidden
// thinking and tool calls.
import { useState } from 'react';
import type { MessagePart } from '../../../../shared/types';

export function MessageParts({ parts }: { parts: MessagePart[] }) {
  const [showHidden, setShowHidden] = useState(false);
  const attachments = parts.filter((p) => p.kind === 'attachment');
  const references = parts.filter((p) => p.kind === 'reference');
  const hidden = parts.filter((p) => p.kind === 'thinking' || p.kind === 'tool');
  if (!parts.length) return null;
  return (
    <>
      {attachments.length > 0 && (
        <div className="detail-section" data-testid="message-attachments">
          <h3 className="section-title">Attachments</h3>
          {attachments.map((a) => (
            <details key={a.ordinal}>
              <summary className="mono">{a.label}</summary>
              {a.text ? <pre className="mono" style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{a.text}</pre> : <div className="faint">The export kept no text of this file.</div>}
            </details>
          ))}
        </div>
      )}
      {references.length > 0 && (
        <div className="detail-section" data-testid="message-references">
          <h3 className="section-title">Sources cited</h3>
          <ol style={{ margin: 0, paddingLeft: 20 }}>
            {references.map((r) => (
              <li key={r.ordinal} value={r.ordinal}>
                {r.label}
                {r.url ? (
                  <>
                    {' '}
                    <span className="faint mono" style={{ fontSize: 11.5 }}>{r.url}</span>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      )}
      {hidden.length > 0 && (
        <div className="detail-section">
          <button className="btn small" onClick={() => setShowHidden((v) => !v)} data-testid="toggle-thinking" aria-expanded={showHidden}>
            {showHidden ? 'Hide thinking' : 'Show thinking'}
          </button>
          {showHidden &&
            hidden.map((h, i) => (
              <div key={i} className="muted" data-testid="message-thinking" style={{ marginTop: 8 }}>
                <div className="faint" style={{ fontSize: 11.5 }}>{h.kind === 'thinking' ? 'Thinking' : `Tool${h.label ? `: ${h.label}` : ''}`}</div>
                <pre className="mono" style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>{h.text}</pre>
              </div>
            ))}
        </div>
      )}
    </>
  );
}
