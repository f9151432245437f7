// Content retrieval: question → the messages most likely to hold its answer.
// Stages (each measured in docs/retrieval.md):
//  1. query analysis: speakers, framing words, number variants, time intent, date window;
//  2. candidates: BM25 on the message text (+ a pass restricted to the named speakers, a pass
//     restricted to the named dates, and the neighbour-context field when indexed);
//  3. scoring in context: neighbours, session, speaker / time / date priors (rerank.ts).

import type { FullTextOptions, RetrievalBackend, RetrievalDoc, RetrieveOptions, RetrievedTurn, Scored } from './types';
import { DEFAULT_PARAMS, MAX_SESSIONS_LOADED } from './params';
import { analyzeQuestion } from './query-analysis';
import { normalizeMax, weightedSum } from './fusion';
import { SessionIndex, scoreMessages } from './rerank';
import { words } from '../../../../shared/text/words';

export async function retrieve(question: string, backend: RetrievalBackend, opts: RetrieveOptions): Promise<RetrievedTurn[]> {
  const p = { ...DEFAULT_PARAMS, ...opts.params };
  const explain = opts.explain ?? false;
  const speakers = await backend.speakers(opts.sourceIds);
  const analysis = analyzeQuestion(question, speakers, p);
  const text = analysis.text.trim() || words(question).join(' ');
  if (!text) return [];
  const base: FullTextOptions = { limit: p.poolSize, sourceIds: opts.sourceIds };

  // 2. candidates. All passes on `search_text` score a message identically (same BM25 terms),
  //    so their raw scores merge by max before one normalisation.
  const passes: Promise<Scored[]>[] = [backend.fullText({ text, field: 'search_text' }, base)];
  if (p.speakerQuery && analysis.speakers.length > 0) {
    passes.push(backend.fullText({ text, field: 'search_text' }, { ...base, speakers: analysis.speakers }));
  }
  const w = analysis.window;
  const datedSessions = p.dateWeight && w?.from && w.to ? backend.sessionsInRange(w.from, w.to, opts.sourceIds) : Promise.resolve([]);
  const useContext = p.contextWeight > 0 && (backend.hasField?.('context') ?? false);
  const contextPass = useContext ? backend.fullText({ text, field: 'context' }, base) : Promise.resolve([]);
  const [lists, contextHits, dated] = await Promise.all([Promise.all(passes), contextPass, datedSessions]);
  const raw = new Map<number, number>();
  for (const list of lists) for (const h of list) raw.set(h.id, Math.max(raw.get(h.id) ?? 0, h.score));
  const own = weightedSum([
    { scores: normalizeMax([...raw].map(([id, score]) => ({ id, score }))), weight: 1 },
    { scores: normalizeMax(contextHits), weight: p.contextWeight },
  ]);
  if (own.size === 0 && dated.length === 0) return [];

  // 3. load the sessions around the hits (and those of the named dates) and score in context.
  const index = await loadContext(backend, own, dated);
  const ranking = scoreMessages(own, index, analysis, p, explain);

  return ranking.slice(0, opts.k);
}

/**
 * Loads whole sessions (neighbours and session scores need them), in priority order: the
 * sessions of the named dates (up to half the budget), then those of the best hits; at most
 * MAX_SESSIONS_LOADED. Hits in further sessions are loaded alone.
 */
async function loadContext(backend: RetrievalBackend, own: Map<number, number>, dated: number[]): Promise<SessionIndex> {
  const order = [...own].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  const hitDocs = await backend.docs(order);
  const byId = new Map<number, RetrievalDoc>(hitDocs.map((d) => [d.id, d]));
  const wanted = new Set<number>(dated.slice(0, MAX_SESSIONS_LOADED / 2));
  for (const id of order) {
    if (wanted.size >= MAX_SESSIONS_LOADED) break;
    const d = byId.get(id);
    if (d) wanted.add(d.sessionId);
  }
  for (const d of await backend.sessionDocs([...wanted])) byId.set(d.id, d);
  return new SessionIndex([...byId.values()]);
}
