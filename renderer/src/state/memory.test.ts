// @vitest-environment happy-dom
// The timeline's sessions come by visible span (state/memory.ts loadTimeline): the engine is
// asked for the span's marks, the selected session stays known even outside the span, and an
// answer that arrives after a newer request is dropped.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionInfo, TimelineMarks } from '../../../shared/types';
import { fakeEngram } from '../../../test/support/dom';
import { useApp } from './app-store';
import { TIMELINE_SESSION_LIMIT, knowSelectedSession, loadTimeline } from './memory';

const session = (id: number, start: string): SessionInfo => ({
  id,
  conversationId: id,
  sourceId: 1,
  ordinal: id,
  index: id,
  externalId: null,
  start,
  end: start.replace('T09', 'T10'),
  messageCount: 4,
  conversationTitle: `Conversation ${id}`,
  speakers: [],
});

const october = [session(1, '2026-10-01T09:00:00'), session(2, '2026-10-12T09:00:00')];
const faraway = session(70, '2025-01-05T09:00:00');
/** Answers held back until the test lets them go, to order two requests. */
const held: (() => void)[] = [];
const engram = fakeEngram({
  timelineMarks: async ({ from }: { from: string }): Promise<TimelineMarks> => {
    if (from.startsWith('2026-10')) return { total: 2, truncated: false, sessions: october, days: [] };
    await new Promise<void>((r) => held.push(r));
    return { total: 5000, truncated: true, sessions: [], days: [['2025-06-01', 10]] };
  },
  listSessions: ({ ids }: { ids: number[] }) => [{ ...faraway, speakers: ['Maya'] }].filter((s) => ids.includes(s.id)),
});

beforeEach(() => {
  useApp.setState({ sessions: [], timelineSpan: null, selection: null });
  engram.calls.length = 0;
});

describe('sessions of the visible span', () => {
  it('asks for the span with the timeline limit and keeps what it draws', async () => {
    await loadTimeline({ from: '2026-10-01T00:00:00', to: '2026-10-31T23:59:59' });
    expect(engram.calls).toEqual([{ method: 'timelineMarks', args: { from: '2026-10-01T00:00:00', to: '2026-10-31T23:59:59', limit: TIMELINE_SESSION_LIMIT } }]);
    expect(useApp.getState().sessions.map((s) => s.id)).toEqual([1, 2]);
    expect(useApp.getState().timelineSpan).toEqual({ total: 2, truncated: false, days: [] });
  });

  it('keeps the selected session known when the span leaves it out, asking for it once', async () => {
    useApp.setState({ selection: { kind: 'session', sessionId: 70 } });
    await loadTimeline({ from: '2026-10-01T00:00:00', to: '2026-10-31T23:59:59' });
    expect(useApp.getState().sessions.map((s) => s.id)).toEqual([1, 2, 70]);
    expect(engram.calls.filter((c) => c.method === 'listSessions')).toEqual([{ method: 'listSessions', args: { ids: [70] } }]);
    // Known already: another span keeps it without asking again.
    await loadTimeline({ from: '2026-10-01T00:00:00', to: '2026-10-15T00:00:00' });
    expect(useApp.getState().sessions.map((s) => s.id)).toEqual([1, 2, 70]);
    expect(engram.calls.filter((c) => c.method === 'listSessions')).toHaveLength(1);
    // A session chosen elsewhere (not on the timeline) is looked up by id.
    useApp.setState({ sessions: october, selection: { kind: 'session', sessionId: 70 } });
    await knowSelectedSession();
    expect(useApp.getState().sessions.find((s) => s.id === 70)?.speakers).toEqual(['Maya']);
  });

  it('drops an answer that comes after a newer request', async () => {
    const slow = loadTimeline({ from: '2025-01-01T00:00:00', to: '2025-12-31T23:59:59' });
    await new Promise((r) => setTimeout(r, 0));
    await loadTimeline({ from: '2026-10-01T00:00:00', to: '2026-10-31T23:59:59' });
    held.splice(0).forEach((go) => go());
    await slow;
    expect(useApp.getState().sessions.map((s) => s.id)).toEqual([1, 2]);
    expect(useApp.getState().timelineSpan?.truncated).toBe(false);
  });
});
