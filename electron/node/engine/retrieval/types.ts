// Contracts of content retrieval. The engine implements `RetrievalBackend` over its stores
// (LanceDB full-text index for `fullText`, SQLite for `docs` / `sessionDocs` / `speakers`);
// everything else in this folder is plain JS over that interface, so it can be unit-tested
// with an in-memory fake and measured offline (see docs/retrieval.md).

/** One message (a "turn") as retrieval sees it. */
export interface RetrievalDoc {
  id: number;
  sourceId: number;
  sessionId: number;
  /** 0-based position within the session: neighbours are turnIndex ± 1. */
  turnIndex: number;
  speaker: string;
  /** user / assistant / system / other (as in shared/types Role). */
  role: string;
  /** Message text (with the image caption appended when there is one). */
  text: string;
  /** Wall clock 'YYYY-MM-DDTHH:MM:SS' (the session's date when turns have no time of their own). */
  timestamp: string;
}

export interface SpeakerInfo {
  name: string;
  role: string;
}

/**
 * Indexed text fields the backend can search.
 * - `search_text`: speaker + ': ' + text + image caption (the message itself).
 * - `context`: the texts of the previous and the next message of the same session
 *   (document expansion; optional: a backend without it ignores queries on it and
 *   retrieval falls back to query-time neighbour smoothing only).
 */
export type FtsField = 'search_text' | 'context';

/**
 * A full-text query: the words are OR-ed and scored with BM25 by the backend, which
 * tokenizes them like the index (English stemming, stop words, ASCII folding).
 */
export interface FtsQuery {
  text: string;
  field?: FtsField;
}

export interface FullTextOptions {
  limit: number;
  sourceIds?: number[];
  sessionIds?: number[];
  /** Only messages by these speakers (exact names). */
  speakers?: string[];
  /** Inclusive wall-clock bounds on the message timestamp ('YYYY-MM-DD' or full). */
  from?: string;
  to?: string;
}

export interface Scored {
  id: number;
  score: number;
}

export interface RetrievalBackend {
  /** BM25 over one indexed field, best first. Scores are comparable within one call only. */
  fullText(query: string | FtsQuery, opts: FullTextOptions): Promise<Scored[]>;
  /** Messages by id (any order; unknown ids are skipped). */
  docs(ids: number[]): Promise<RetrievalDoc[]>;
  /** All messages of these sessions, each session ordered by turnIndex. */
  sessionDocs(sessionIds: number[]): Promise<RetrievalDoc[]>;
  /** Distinct speakers (of these sources, or of everything). */
  speakers(sourceIds?: number[]): Promise<SpeakerInfo[]>;
  /**
   * Sessions with a message inside the wall-clock bounds ('YYYY-MM-DD' or full timestamps,
   * inclusive): a question that names a date is about what was said then, whatever the words.
   */
  sessionsInRange(from: string, to: string, sourceIds?: number[]): Promise<number[]>;
  /** Whether `field` is indexed (lets retrieval skip document-expansion queries). */
  hasField?(field: FtsField): boolean;
}

export interface RetrieveOptions {
  k: number;
  sourceIds?: number[];
  /** Override stage weights (ablations, experiments); defaults in params.ts. */
  params?: Partial<RetrievalParams>;
  /** Fill `why` on each result. */
  explain?: boolean;
}

export interface RetrievedTurn {
  id: number;
  score: number;
  /** Short human-readable account of the score's main parts. */
  why?: string;
}

/** Weights of the pipeline's stages. 0 (or false) turns a stage off. */
export interface RetrievalParams {
  /** How many hits each full-text query asks for. */
  poolSize: number;
  /** Remove detected speaker names from the text query (they are used as a speaker prior instead). */
  stripSpeakerNames: boolean;
  /** Add digit/number-word variants of numbers and ordinals to the query. */
  numberVariants: boolean;
  /** Score multiplier for messages NOT by a speaker the question names (1 = off). */
  otherSpeakerFactor: number;
  /** Extra full-text query restricted to the named speakers (reaches deeper into their turns). */
  speakerQuery: boolean;
  /** Share of the previous / next message's score a message inherits (answers follow questions). */
  prevWeight: number;
  nextWeight: number;
  /** Share of the scores of the messages two places away (either side). */
  farWeight: number;
  /** Weight of the session's score (sum of its best message scores, normalised). */
  sessionWeight: number;
  /** How many of a session's best message scores make its score. */
  sessionTopN: number;
  /** Weight of the `context` field query (document expansion), 0 = off. */
  contextWeight: number;
  /** Multiplier bonus for messages with a time expression when the question asks "when". */
  temporalBonus: number;
  /** Added to the score of messages inside a date window the question names (sessions in it are loaded). */
  dateWeight: number;
}
