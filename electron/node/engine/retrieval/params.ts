// Default weights of the pipeline. Chosen on LoCoMo with leave-one-conversation-out checks
// (docs/retrieval.md): every value here was stable across the held-out conversations, and
// the ranking is not sensitive to small changes of any of them.

import type { RetrievalParams } from './types';

export const DEFAULT_PARAMS: RetrievalParams = {
  poolSize: 200,
  stripSpeakerNames: true,
  numberVariants: true,
  otherSpeakerFactor: 0.6,
  speakerQuery: true,
  prevWeight: 0.4,
  nextWeight: 0.3,
  farWeight: 0.1,
  sessionWeight: 0.7,
  sessionTopN: 1,
  contextWeight: 0.3,
  temporalBonus: 0.5,
  dateWeight: 1,
};

/** How many sessions around the hits are loaded to see neighbours (bounds the work per query). */
export const MAX_SESSIONS_LOADED = 60;

/** Everything off: plain BM25 on the question (the reference point of the ablation). */
export const PLAIN_BM25: Partial<RetrievalParams> = {
  stripSpeakerNames: false,
  numberVariants: false,
  otherSpeakerFactor: 1,
  speakerQuery: false,
  prevWeight: 0,
  nextWeight: 0,
  farWeight: 0,
  sessionWeight: 0,
  contextWeight: 0,
  temporalBonus: 0,
  dateWeight: 0,
};
