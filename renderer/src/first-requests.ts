// What the first screen shows is asked for before React draws anything: the first page of the
// Messages tab (when the page opens on it) and the memory's overview, in parallel. The tab and
// the memory sync find these calls running (or done) and do not ask again. main.tsx imports this
// module first, so the calls leave as soon as its few dependencies are evaluated (not after the
// whole workbench's code), and it draws the first screen once they are answered: in one pass,
// rows and all, instead of a spinner and then the screen again.
import { useApp } from './state/app-store';
import { loadFirstOverview } from './state/memory';
import { parseRoute } from './state/route';
import { buildMessageFilter, useMessages } from './tabs/messages/messages-store';

function askFirstScreen(): Promise<unknown> {
  const route = parseRoute(window.location.hash);
  // The tab and selection of the URL from the first render on (url-sync keeps them in step later).
  useApp.setState({ tab: route.tab, selection: route.selection });
  const asked: Promise<unknown>[] = [loadFirstOverview()];
  if (route.tab === 'messages') {
    const messages = useMessages.getState();
    asked.push(messages.run(buildMessageFilter(messages.filters, route.selection, messages.plan), useApp.getState().messagesVersion));
  }
  return Promise.all(asked);
}

/** Settles once the first screen's data has arrived (never rejects: the stores keep the errors). */
export const firstScreenData: Promise<unknown> = askFirstScreen();
