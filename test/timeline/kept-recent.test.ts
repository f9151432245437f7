// The bounded memo behind the planner's kept plans and chrono-node's kept readings.
import { describe, expect, it } from 'vitest';
import { keptRecent } from '../../electron/node/engine/common/kept-recent';

describe('keptRecent', () => {
  it('makes a value once, and drops the least recently used when full', () => {
    const kept = new Map<string, number>();
    let made = 0;
    const get = (key: string) => keptRecent(kept, key, 2, () => ++made);
    expect(get('a')).toBe(1);
    expect(get('b')).toBe(2);
    expect(get('a')).toBe(1); // kept: 'b' is now the least recently used
    expect(get('c')).toBe(3); // full: 'b' goes
    expect([...kept.keys()]).toEqual(['a', 'c']);
    expect(get('b')).toBe(4);
    expect(made).toBe(4);
  });

  it('keeps an undefined value as made', () => {
    const kept = new Map<string, undefined>();
    let made = 0;
    keptRecent(kept, 'x', 4, () => void made++);
    keptRecent(kept, 'x', 4, () => void made++);
    expect(made).toBe(1);
  });
});
