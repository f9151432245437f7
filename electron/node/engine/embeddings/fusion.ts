// Reciprocal rank fusion of ranked lists (Cormack et al. 2009): score = Σ 1 / (k + rank).
// Rank-only, so BM25 scores and cosine similarities need no common scale.

export interface RankedId {
  id: number;
  score: number;
}

export const RRF_K = 60;

export function reciprocalRankFusion(lists: RankedId[][], k = RRF_K): RankedId[] {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((h, i) => scores.set(h.id, (scores.get(h.id) ?? 0) + 1 / (k + i + 1)));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
}
