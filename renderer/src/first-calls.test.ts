// @vitest-environment happy-dom
// The first screen's answers: taken from the page when `engram serve` wrote them into it (no call
// made), asked for otherwise; the Messages page only for the query it was made for; each answer
// taken once, so that a later refresh asks the engine anew.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessagePage } from '../../shared/types';
import { firstScreenBlock, FIRST_SCREEN_CALLS } from '../../shared/transport/first-screen';
import { fakeEngram } from '../../test/support/dom';

type FirstCalls = typeof import('./first-calls');
const page = { total: 1, offset: 0, rows: [{ id: 7, text: 'from the page </script>' }], highlight: [] } as unknown as MessagePage;
const answers = { stats: { messages: 1 }, listSources: [], memoryInfo: { dataDir: '/d', version: '1' }, timelinePeriods: [['2026-01-01T09:00:00', '2026-02-01T10:00:00']], listMessages: page };
const engram = fakeEngram({
  stats: () => ({ messages: 2 }) as never,
  listSources: () => [],
  memoryInfo: () => ({ dataDir: '/asked', version: '1' }),
  timelinePeriods: () => [],
  listMessages: () => ({ total: 0, rows: [], highlight: [] }) as never,
});

async function load(block: boolean | string, hash = ''): Promise<FirstCalls> {
  vi.resetModules();
  window.location.hash = hash;
  const html = typeof block === 'string' ? block : block ? firstScreenBlock(answers) : '';
  document.body.innerHTML = `<div id="root"></div>${html}`;
  const calls = await import('./first-calls');
  calls.askFirstScreen();
  return calls;
}

beforeEach(() => {
  engram.calls.length = 0;
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('first calls', () => {
  it('takes the answers the page came with, without a call, and only once', async () => {
    const calls = await load(true);
    expect(document.getElementById('engram-first-screen')).toBeNull();
    const [stats, , info] = (await calls.takeFirstOverview())!;
    expect(stats).toEqual({ messages: 1 });
    expect(info.dataDir).toBe('/d');
    expect(await calls.takeFirstPage(FIRST_SCREEN_CALLS.listMessages.filter)).toEqual(page);
    expect(calls.takeFirstPeriods(FIRST_SCREEN_CALLS.timelinePeriods.minGapDays + 1)).toBeNull();
    expect(await calls.takeFirstPeriods(FIRST_SCREEN_CALLS.timelinePeriods.minGapDays)).toEqual(answers.timelinePeriods);
    expect(engram.calls).toEqual([]);
    expect(calls.takeFirstOverview()).toBeNull();
    expect(calls.takeFirstPage({})).toBeNull();
  });

  it('asks when the page has no answers', async () => {
    const calls = await load(false);
    expect((await calls.takeFirstOverview())![2].dataDir).toBe('/asked');
    expect((await calls.takeFirstPage({}))!.total).toBe(0);
    expect(engram.calls.map((c) => c.method).sort()).toEqual(['listMessages', 'listSources', 'memoryInfo', 'stats', 'timelinePeriods']);
  });

  it("asks for the Messages page of the URL's own query, and gives it only for that query", async () => {
    const calls = await load(true, '#/messages?session=5');
    expect(engram.calls.map((c) => c.method)).toEqual(['listMessages']);
    expect(engram.calls[0].args).toEqual({ filter: { sessionIds: [5] }, offset: 0, limit: 200, textChars: 400 });
    expect(calls.takeFirstPage({})).toBeNull();
    expect(calls.takeFirstPage({ sessionIds: [5] })).not.toBeNull();
  });

  it('asks as usual when the block is broken or incomplete', async () => {
    const incomplete = firstScreenBlock(answers).replace('"stats":', '"statz":');
    for (const block of ['<script type="application/json" id="engram-first-screen">{"stats": </script>', incomplete]) {
      engram.calls.length = 0;
      const calls = await load(block);
      expect((await calls.takeFirstOverview())![2].dataDir).toBe('/asked');
      expect(engram.calls.map((c) => c.method).sort()).toEqual(['listMessages', 'listSources', 'memoryInfo', 'stats', 'timelinePeriods']);
    }
  });

  it('asks for no page when the page opens on another tab', async () => {
    const calls = await load(false, '#/graph');
    expect(engram.calls.map((c) => c.method).sort()).toEqual(['listSources', 'memoryInfo', 'stats', 'timelinePeriods']);
    expect(calls.takeFirstPage({})).toBeNull();
  });
});
