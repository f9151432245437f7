// @vitest-environment happy-dom
// The Messages tab's filter: the tab's own filters combined with the timeline selection; its
// first page asked once per query and memory version (the page may ask before the tab is drawn).
import { describe, expect, it } from 'vitest';
import { fakeEngram } from '../../../../test/support/dom';
import { buildMessageFilter, useMessages } from './messages-store';

describe('Messages filter', () => {
  const filters = { text: '  tomato ', sourceId: 2, speaker: 'Maya', from: '2024-03-01', to: '2024-03-31' };
  it('combines the tab filters with the timeline selection', () => {
    expect(buildMessageFilter(filters, null)).toEqual({
      text: 'tomato',
      sourceIds: [2],
      speakers: ['Maya'],
      from: '2024-03-01T00:00:00',
      to: '2024-03-31T23:59:59',
    });
    expect(buildMessageFilter(filters, { kind: 'session', sessionId: 7 })).toMatchObject({ sessionIds: [7] });
    // A range narrows the dates to the intersection.
    expect(buildMessageFilter(filters, { kind: 'range', from: '2024-03-10T12:00:00', to: '2024-04-20T00:00:00' })).toMatchObject({
      from: '2024-03-10T12:00:00',
      to: '2024-03-31T23:59:59',
    });
    expect(buildMessageFilter({ text: '', sourceId: null, speaker: null, from: '', to: '' }, null)).toEqual({});
  });
});

describe('Messages first page', () => {
  const row = (id: number) => ({ id, text: `message ${id}` });
  const engram = fakeEngram({ listMessages: ({ offset }: { offset: number }) => ({ total: 3, rows: [row(offset + 1)], highlight: [] }) });
  const listed = () => engram.calls.filter((c) => c.method === 'listMessages').length;

  it('is asked once for the same query and version, again for a new version or query', async () => {
    const run = useMessages.getState().run;
    const first = run({}, 0);
    const again = run({}, 0);
    await Promise.all([first, again]);
    expect(listed()).toBe(1);
    expect(useMessages.getState().total).toBe(3);
    await run({}, 0);
    expect(listed()).toBe(1);
    await run({}, 1);
    expect(listed()).toBe(2);
    await run({ text: 'tomato' }, 1);
    expect(listed()).toBe(3);
    // back to an earlier query: asked again (the rows shown are another query's)
    await run({}, 1);
    expect(listed()).toBe(4);
    // without a version: always asked
    await run({}, undefined);
    expect(listed()).toBe(5);
  });
});
