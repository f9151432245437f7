// The first screen's calls, made by the page's first script (boot.ts) the moment it runs: the
// memory's overview and, when the page opens on the Messages tab, its first page. That script
// is small (the connection and this), so the calls leave while the workbench's code (React, the
// tabs) is still being fetched and evaluated, and are answered before it draws. The stores take
// these answers instead of asking again (each once: a later refresh asks anew). Without the
// first script (a test, the dev server's first load) the workbench asks as it starts.
import type { MessageFilter, MessagePage, SourceInfo, Stats } from '../../shared/types';
import { api } from './api/connection';
import { parseRoute } from './state/route';
import { buildMessageFilter, EMPTY_FILTERS, PAGE_SIZE } from './tabs/messages/message-query';

type Overview = [Stats, SourceInfo[], { dataDir: string; version: string }];

let overview: Promise<Overview> | null = null;
let firstPage: { key: string; page: Promise<MessagePage> } | null = null;
let asked = false;

/** Asks for the first screen (once per page). */
export function askFirstScreen(): void {
  if (asked) return;
  asked = true;
  overview = Promise.all([api().stats({}), api().listSources({}), api().memoryInfo({})]);
  const route = parseRoute(window.location.hash);
  if (route.tab === 'messages') {
    // the Messages tab's first query: its filters start empty, no plan is shown yet
    const filter = buildMessageFilter(EMPTY_FILTERS, route.selection);
    firstPage = { key: JSON.stringify(filter), page: api().listMessages({ filter, offset: 0, limit: PAGE_SIZE }) };
  }
  // a failed call is reported by the store that takes it; until then it is not an unhandled rejection
  for (const call of [overview, firstPage?.page]) call?.catch(() => {});
}

/** The first overview's answer (stats, sources, memory info), if asked and not yet taken. */
export function takeFirstOverview(): Promise<Overview> | null {
  const taken = overview;
  overview = null;
  return taken;
}

/** The first page of `filter` (offset 0, PAGE_SIZE rows), if the first script asked for it and it is not yet taken. */
export function takeFirstPage(filter: MessageFilter): Promise<MessagePage> | null {
  if (!firstPage || firstPage.key !== JSON.stringify(filter)) return null;
  const taken = firstPage.page;
  firstPage = null;
  return taken;
}
