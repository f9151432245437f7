// The Messages tab's query: its filters and the engine filter they make with the timeline
// selection, and the size of a page. Apart from the tab's store: the page's first script
// (first-calls.ts) asks for the first page with it before the store's code has loaded.
import type { MessageFilter } from '../../../../shared/types';
import { endOfDay, startOfDay } from '../../../../shared/dates/day-bounds';
import { MESSAGE_PAGE_ROWS, MESSAGE_PREVIEW_CHARS } from '../../../../shared/transport/first-screen';
import type { TimeSelection } from '../../state/route';

export const PAGE_SIZE = MESSAGE_PAGE_ROWS;

/** The arguments of the call for a page of the Messages tab (its rows carry a preview of each text). */
export function pageArgs(filter: MessageFilter, page: number): { filter: MessageFilter; offset: number; limit: number; textChars: number } {
  return { filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE, textChars: MESSAGE_PREVIEW_CHARS };
}

export interface MessageFilters {
  text: string;
  sourceId: number | null;
  speaker: string | null;
  /** 'YYYY-MM-DD' or '' */
  from: string;
  to: string;
}

/** The rows of a timeline plan (the timeline's question box, Ask): Messages shows only them. */
export interface PlanRows {
  label: string;
  ids: number[];
  /** Rows the plan selects in all (ids holds at most the first 5,000). */
  total: number;
}

export const EMPTY_FILTERS: MessageFilters = { text: '', sourceId: null, speaker: null, from: '', to: '' };

/** The engine filter for the tab's filters combined with the timeline selection. */
export function buildMessageFilter(filters: MessageFilters, selection: TimeSelection | null, plan: PlanRows | null = null): MessageFilter {
  const filter: MessageFilter = {};
  if (plan) filter.ids = plan.ids;
  const text = filters.text.trim();
  if (text) filter.text = text;
  if (filters.sourceId !== null) filter.sourceIds = [filters.sourceId];
  if (filters.speaker !== null) filter.speakers = [filters.speaker];
  let from = filters.from ? startOfDay(filters.from) : undefined;
  let to = filters.to ? endOfDay(filters.to) : undefined;
  if (selection?.kind === 'session') filter.sessionIds = [selection.sessionId];
  if (selection?.kind === 'range') {
    from = from && from > selection.from ? from : selection.from;
    to = to && to < selection.to ? to : selection.to;
  }
  if (from) filter.from = from;
  if (to) filter.to = to;
  return filter;
}
