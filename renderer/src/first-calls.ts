// The first screen's calls, made by the page's first script (boot.ts) the moment it runs: the
// memory's overview, the timeline's periods and, when the page opens on the Messages tab, its
// first page. That script is small (the connection and this), so the calls leave while the
// workbench's code (React, the tabs) is still being fetched and evaluated, and are answered
// before it draws. When the page came with the answers (`engram serve` writes them into it:
// shared/transport/first-screen.ts) those are taken instead of calls. The stores take these
// answers instead of asking again (each once: a later refresh asks anew). Without the first
// script (a test, the dev server's first load) the workbench asks as it starts.
import type { MessageFilter, MessagePage, SourceInfo, Stats } from '../../shared/types';
import { FIRST_SCREEN_CALLS, FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../shared/transport/first-screen';
import { resultOf } from '../../shared/transport/wire';
import { api } from './api/connection';
import { parseRoute } from './state/route';
import { buildMessageFilter, EMPTY_FILTERS, pageArgs } from './tabs/messages/message-query';

type Overview = [Stats, SourceInfo[], { dataDir: string; version: string }];

let overview: Promise<Overview> | null = null;
let firstPage: { key: string; page: Promise<MessagePage> } | null = null;
let periods: Promise<[string, string][]> | null = null;
let asked = false;

/** Asks for the first screen (once per page). */
export function askFirstScreen(): void {
  if (asked) return;
  asked = true;
  const given = answersInPage();
  overview = given
    ? Promise.resolve([resultOf(given.stats.answer), resultOf(given.listSources.answer), resultOf(given.memoryInfo.answer)] as Overview)
    : Promise.all([api().stats({}), api().listSources({}), api().memoryInfo({})]);
  periods = given ? Promise.resolve(resultOf(given.timelinePeriods.answer) as [string, string][]) : api().timelinePeriods(FIRST_SCREEN_CALLS.timelinePeriods);
  const route = parseRoute(window.location.hash);
  if (route.tab === 'messages') {
    // the Messages tab's first query: its filters start empty, no plan is shown yet
    const filter = buildMessageFilter(EMPTY_FILTERS, route.selection);
    const args = pageArgs(filter, 0);
    const sameCall = given !== null && JSON.stringify(given.listMessages.args) === JSON.stringify(args);
    const page = sameCall ? Promise.resolve(resultOf(given.listMessages.answer) as MessagePage) : api().listMessages(args);
    firstPage = { key: JSON.stringify(filter), page };
  }
  // a failed call is reported by the store that takes it; until then it is not an unhandled rejection
  for (const call of [overview, periods, firstPage?.page]) call?.catch(() => {});
}

/** The answers the page came with (once: the block is removed), or null. */
function answersInPage(): FirstScreenData | null {
  const block = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!block) return null;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as Partial<FirstScreenData>;
    const complete = Object.keys(FIRST_SCREEN_CALLS).every((method) => data[method as keyof FirstScreenData]?.answer?.ok === true);
    return complete ? (data as FirstScreenData) : null;
  } catch {
    return null;
  }
}

/** The first overview's answer (stats, sources, memory info), if asked and not yet taken. */
export function takeFirstOverview(): Promise<Overview> | null {
  const taken = overview;
  overview = null;
  return taken;
}

/** The timeline's periods for `minGapDays`, if asked at the page's start and not yet taken. */
export function takeFirstPeriods(minGapDays: number): Promise<[string, string][]> | null {
  if (minGapDays !== FIRST_SCREEN_CALLS.timelinePeriods.minGapDays) return null;
  const taken = periods;
  periods = null;
  return taken;
}

/** The first page of `filter` (offset 0, PAGE_SIZE rows), if the first script asked for it and it is not yet taken. */
export function takeFirstPage(filter: MessageFilter): Promise<MessagePage> | null {
  if (!firstPage || firstPage.key !== JSON.stringify(filter)) return null;
  const taken = firstPage.page;
  firstPage = null;
  return taken;
}
