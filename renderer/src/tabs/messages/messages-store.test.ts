// The Messages tab's filter: the tab's own filters combined with the timeline selection.
import { describe, expect, it } from 'vitest';
import { buildMessageFilter } from './messages-store';

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
