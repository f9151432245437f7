// Recall and F2 of a retrieved set against the relevant one (the temporal-memory protocol's
// metrics; F2 = 5PR / (4P + R)), shared by bench:temporal and the phrasing corpus.

export interface RecallF2 {
  recall: number;
  f2: number;
}

/** From counts: `hit` of the `retrieved` items are among the `relevant` ones. */
export function recallF2(hit: number, retrieved: number, relevant: number): RecallF2 {
  const recall = relevant ? hit / relevant : 0;
  const precision = retrieved ? hit / retrieved : 0;
  const f2 = precision + recall > 0 ? (5 * precision * recall) / (4 * precision + recall) : 0;
  return { recall, f2 };
}
