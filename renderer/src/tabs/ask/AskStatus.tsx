// How sure an answer is, in words: an answer, related messages (never shown as the answer), or
// nothing found; and how it was found ("Read from your knowledge graph.").
import type { AskAnswer } from '../../../../shared/types';
import { Icon } from '../../ui/icons';
import { STATUS_LABEL, STATUS_TITLE, statusOf } from './ask-model';

export function AskStatus({ answer }: { answer: AskAnswer }) {
  const status = statusOf(answer);
  return (
    <span className={`ask-status status-${status}`} title={STATUS_TITLE[status]} data-testid="ask-status" data-status={status}>
      <Icon name={status === 'answered' ? 'check' : status === 'related' ? 'messages' : 'alert'} size={12} />
      {STATUS_LABEL[status]}
    </span>
  );
}

/** How the answer was found, one plain sentence. */
export function AskHow({ answer }: { answer: AskAnswer }) {
  return (
    <span className="faint" data-testid="ask-how">
      {answer.how || null}
    </span>
  );
}
