// Opens a message in the Messages tab: its session selected on the timeline, the message shown.
import type { MessageRow } from '../../../../shared/types';
import { useApp } from '../../state/app-store';
import { useMessages } from '../messages/messages-store';

export function showMessage(m: MessageRow): void {
  const app = useApp.getState();
  // The tab's own filters could hide it: start from the session alone.
  useMessages.getState().clearFilters();
  app.select({ kind: 'session', sessionId: m.sessionId });
  app.setTab('messages');
  void useMessages.getState().selectMessage(m.id);
}
