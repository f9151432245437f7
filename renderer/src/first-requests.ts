// The first screen's data, taken into the stores before React draws anything: the memory's
// overview and the first page of the Messages tab (when the page opens on it). The page's first
// script has usually asked for both already (first-calls.ts); the stores take those answers.
// main.tsx draws the first screen once they are in: in one pass, rows and all, instead of a
// spinner and then the screen again. The tab and the memory sync find them done and do not ask.
import { askFirstScreen } from './first-calls';
import { useApp } from './state/app-store';
import { loadFirstOverview } from './state/memory';
import { parseRoute } from './state/route';
import { buildMessageFilter, useMessages } from './tabs/messages/messages-store';

function loadFirstScreen(): Promise<unknown> {
  askFirstScreen(); // (asked by the first script already, unless it did not run)
  const route = parseRoute(window.location.hash);
  // The tab and selection of the URL from the first render on (url-sync keeps them in step later).
  useApp.setState({ tab: route.tab, selection: route.selection });
  const loads: Promise<unknown>[] = [loadFirstOverview()];
  if (route.tab === 'messages') {
    const messages = useMessages.getState();
    loads.push(messages.run(buildMessageFilter(messages.filters, route.selection, messages.plan), useApp.getState().messagesVersion));
  }
  return Promise.all(loads);
}

/** Settles once the first screen's data is in the stores (never rejects: the stores keep the errors). */
export const firstScreenData: Promise<unknown> = loadFirstScreen();
