// The messages an entity was derived from (prov:wasDerivedFrom): speaker, time, text; a click
// opens the message in the Messages tab.
import type { MessageRow } from '../../../../shared/types';
import { formatDateTime } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { showMessage } from './show-message';

export function ProvenanceList({ messages }: { messages: MessageRow[] }) {
  if (!messages.length) return <div className="faint">No message is linked to this entity (prov:wasDerivedFrom).</div>;
  return (
    <div className="provenance-list" data-testid="provenance">
      {messages.map((m) => (
        <button key={m.id} className="provenance-item" onClick={() => showMessage(m)} title="Open in Messages" data-testid="provenance-message">
          <div className="provenance-meta">
            <span className={`speaker role-${m.role}`}>{m.speaker}</span>
            <span className="faint tnum">{formatDateTime(m.timestamp)}</span>
            <span className="faint truncate">· {m.conversationTitle}</span>
            <span className="spacer" />
            <Icon name="messages" size={12} className="provenance-open" />
          </div>
          <div className="provenance-text">{m.text}</div>
        </button>
      ))}
    </div>
  );
}
