// The LoCoMo split the benchmarks tune on and the one they keep out: conversations of
// ../shared/datasets/locomo. Rules and constants are chosen looking at the dev split only; the
// held-out split is reported beside it to show what carries over.
export const DEV_SPLIT = [26, 30, 41] as const;
export const HELD_OUT_SPLIT = [42, 43, 44] as const;
