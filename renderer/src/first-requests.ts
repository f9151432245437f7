// What the first screen shows is asked for before React draws anything: the first page of the
// Messages tab (when the page opens on it) and the memory's overview, in parallel. The tab and
// the memory sync find these calls running (or done) and do not ask again. main.tsx imports this
// module first, so the calls leave as soon as its few dependencies are evaluated (not after the
// whole workbench's code).
import { useApp } from './state/app-store';
import { loadFirstOverview } from './state/memory';
import { parseRoute } from './state/route';
import { buildMessageFilter, useMessages } from './tabs/messages/messages-store';

export function askFirstScreen(): void {
  const route = parseRoute(window.location.hash);
  if (route.tab === 'messages') {
    const messages = useMessages.getState();
    void messages.run(buildMessageFilter(messages.filters, route.selection, messages.plan), useApp.getState().messagesVersion);
  }
  void loadFirstOverview();
}

askFirstScreen();
