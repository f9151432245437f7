// The first screen's data as `engram serve` writes it into the workbench's page: the answers to
// the calls the page would make first (the memory's overview and the Messages tab's first page),
// in a JSON data block (`<script type="application/json">`: never run, so the strict CSP holds).
// The page takes them instead of asking, and asks as usual when the block is missing (the desktop
// app, a reload without the token in the URL) or was made for another query than its own.
import { COMPRESSED_GAP_DAYS } from '../dates/activity';
import { resultEnvelope, type WireResponse } from './wire';

export const FIRST_SCREEN_ELEMENT_ID = 'engram-first-screen';

/** Rows in a page of the Messages tab (the renderer's PAGE_SIZE). */
export const MESSAGE_PAGE_ROWS = 200;

/**
 * Characters of each message's text in a page of the Messages tab: a row shows two lines of it,
 * and the whole text is read when the message is opened. An assistant's answer in a real export
 * is often several thousand characters: pages of whole texts were mostly text no row showed.
 */
export const MESSAGE_PREVIEW_CHARS = 400;

/** The calls of the first screen whose answers the block carries, with their arguments. */
export const FIRST_SCREEN_CALLS = {
  stats: {},
  listSources: {},
  memoryInfo: {},
  // the timeline's compressed pauses
  timelinePeriods: { minGapDays: COMPRESSED_GAP_DAYS },
  // the Messages tab with no filter and no timeline selection: a page opened without a route
  listMessages: { filter: {}, offset: 0, limit: MESSAGE_PAGE_ROWS, textChars: MESSAGE_PREVIEW_CHARS },
} as const;

export type FirstScreenMethod = keyof typeof FIRST_SCREEN_CALLS;

/** Each call with its arguments and its answer as the API would have sent it (only answers, no errors). */
export type FirstScreenData = Record<FirstScreenMethod, { args: unknown; answer: Extract<WireResponse, { ok: true }> }>;

/** The HTML of the data block; `<` escaped, so that no text in a message can end the element. */
export function firstScreenBlock(results: Record<FirstScreenMethod, unknown>): string {
  const data = {} as FirstScreenData;
  for (const method of Object.keys(FIRST_SCREEN_CALLS) as FirstScreenMethod[]) {
    data[method] = { args: FIRST_SCREEN_CALLS[method], answer: resultEnvelope(results[method]) as Extract<WireResponse, { ok: true }> };
  }
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;
}
