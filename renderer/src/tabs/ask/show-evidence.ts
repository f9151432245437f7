// Evidence into the other tabs: a message opens in Messages (its session selected, the message
// shown), an entity opens in Entities.
import type { MessageRow } from '../../../../shared/types';
import { usePlan } from '../../plan/plan-store';
import { useApp } from '../../state/app-store';
import { useMessages } from '../messages/messages-store';

export function showMessageInMessages(m: MessageRow): void {
  // The plan's rows on screen, or the tab's own filters, could hide it: start from its session.
  const plan = usePlan.getState().result;
  if (plan && !plan.ids.includes(m.id)) usePlan.getState().clear();
  useMessages.getState().clearFilters();
  const app = useApp.getState();
  app.select({ kind: 'session', sessionId: m.sessionId });
  app.setTab('messages');
  void useMessages.getState().selectMessage(m.id);
}

export function showEntity(iri: string): void {
  useApp.getState().openInEntities(iri);
}
