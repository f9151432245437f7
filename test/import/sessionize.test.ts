import { describe, expect, it } from 'vitest';
import { inTimeOrder, sessionize } from '../../electron/node/engine/import/sessionize';
import type { ParsedMessage } from '../../electron/node/engine/import/parsed';

const at = (local: string, text = local, offsetMin: number | null = null): ParsedMessage => ({
  speaker: 'x',
  role: 'user',
  text,
  time: { local, offsetMin },
});
const shape = (sessions: { messages: ParsedMessage[] }[]) => sessions.map((s) => s.messages.map((m) => m.text));

describe('the sessionizer', () => {
  it('starts a new session after more than 20 minutes of silence, not at exactly 20', () => {
    const msgs = [
      at('2024-01-01T10:00:00', 'a'),
      at('2024-01-01T10:20:00', 'b'), // exactly 20 minutes: same session
      at('2024-01-01T10:40:01', 'c'), // 20 min 1 s: new session
      at('2024-01-02T09:00:00', 'd'),
    ];
    expect(shape(sessionize(msgs).sessions)).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('takes the gap as a setting', () => {
    const msgs = [at('2024-01-01T10:00:00', 'a'), at('2024-01-01T10:10:00', 'b'), at('2024-01-01T10:30:00', 'c')];
    expect(shape(sessionize(msgs, 5).sessions)).toEqual([['a'], ['b'], ['c']]);
    expect(shape(sessionize(msgs, 60).sessions)).toEqual([['a', 'b', 'c']]);
  });

  it('measures gaps between instants, so offsets count', () => {
    // 10:00+02:00 is 08:00Z; 08:30 floating is taken as 08:30Z: 30 minutes apart.
    const msgs = [at('2024-01-01T10:00:00', 'a', 120), at('2024-01-01T08:10:00', 'b', null)];
    expect(shape(sessionize(msgs).sessions)).toEqual([['a', 'b']]);
  });

  it('continues the stored last session when appended messages follow it closely', () => {
    const previousEnd = Date.parse('2024-01-01T10:00:00Z');
    const near = sessionize([at('2024-01-01T10:05:00', 'a'), at('2024-01-01T11:00:00', 'b')], 20, previousEnd);
    expect(near.continuesPrevious).toBe(true);
    expect(shape(near.sessions)).toEqual([['a'], ['b']]);
    const far = sessionize([at('2024-01-01T12:00:00', 'a')], 20, previousEnd);
    expect(far.continuesPrevious).toBe(false);
  });

  it('orders by time and keeps the source order among equal times', () => {
    const msgs = [at('2024-01-01T10:05:00', 'late'), at('2024-01-01T10:00:00', 'first'), at('2024-01-01T10:00:00', 'second')];
    expect(inTimeOrder(msgs).map((m) => m.text)).toEqual(['first', 'second', 'late']);
  });
});
