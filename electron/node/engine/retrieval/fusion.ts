// Combining ranked lists. BM25 scores are only comparable within one query, so lists from
// different queries are put on one scale first. Max-normalisation keeps the score gaps (a clear
// winner stays clear). Rank-only scores (RRF, k = 60) flatten them and lost on LoCoMo
// (recall@10 0.73 vs 0.77); with k = 10 they only tied.

import type { Scored } from './types';

/** Scores divided by the list's best score: the top hit gets 1. */
export function normalizeMax(list: Scored[]): Map<number, number> {
  const out = new Map<number, number>();
  let max = 0;
  for (const h of list) max = Math.max(max, h.score);
  if (max <= 0) return out;
  for (const h of list) out.set(h.id, Math.max(out.get(h.id) ?? 0, h.score / max));
  return out;
}

/** Weighted sum of several score maps (a missing id counts 0). */
export function weightedSum(parts: { scores: Map<number, number>; weight: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const { scores, weight } of parts) {
    if (!weight) continue;
    for (const [id, s] of scores) out.set(id, (out.get(id) ?? 0) + weight * s);
  }
  return out;
}

/** Ids sorted by score, best first; ties keep the lower id first (stable across runs). */
export function ranked(scores: Map<number, number>): Scored[] {
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || a.id - b.id);
}
