import { describe, expect, it } from 'vitest';
import { normalizeMax, ranked, weightedSum } from '../../electron/node/engine/retrieval/fusion';

describe('fusion', () => {
  it('normalises by the best score', () => {
    const m = normalizeMax([
      { id: 1, score: 4 },
      { id: 2, score: 2 },
    ]);
    expect([...m]).toEqual([
      [1, 1],
      [2, 0.5],
    ]);
    expect(normalizeMax([]).size).toBe(0);
  });

  it('sums weighted maps, treating a missing id as 0', () => {
    const s = weightedSum([
      { scores: new Map([[1, 1], [2, 0.5]]), weight: 1 },
      { scores: new Map([[2, 1], [3, 1]]), weight: 0.5 },
      { scores: new Map([[4, 1]]), weight: 0 },
    ]);
    expect(Object.fromEntries(s)).toEqual({ 1: 1, 2: 1, 3: 0.5 });
  });

  it('ranks best first with a stable tie order', () => {
    expect(ranked(new Map([[3, 1], [1, 1], [2, 2]])).map((x) => x.id)).toEqual([2, 1, 3]);
  });
});
