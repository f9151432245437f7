// The transparent scoring function that turns per-message BM25 evidence into the final order.
// A message is judged with its surroundings, because in a conversation what a question is
// about and where its answer sits are often different messages:
// - the previous message: "Congrats on the promotion! What's the story?" → the reply holds
//   the answer but shares few words with the question;
// - the next message: "I went to Paris yesterday" ← "Paris?! That's great!" (and, more weakly,
//   the messages two places away: a story often runs over the speaker's next turn);
// - the session: a session that talks about the topic at length lifts all its messages.
// Then three priors: who is speaking, whether the message dates something when the
// question asks "when", and whether it was written in a window the question names.

import type { RetrievalDoc, RetrievalParams, RetrievedTurn } from './types';
import type { QueryAnalysis } from './query-analysis';
import { hasTimeExpression, inWindow } from './temporal';

/** Sessions as ordered message lists, plus a lookup from message id to its place. */
export class SessionIndex {
  readonly sessions = new Map<number, RetrievalDoc[]>();
  readonly byId = new Map<number, RetrievalDoc>();
  private readonly position = new Map<number, number>();

  constructor(docs: RetrievalDoc[]) {
    for (const d of docs) {
      this.byId.set(d.id, d);
      const list = this.sessions.get(d.sessionId) ?? [];
      list.push(d);
      this.sessions.set(d.sessionId, list);
    }
    for (const list of this.sessions.values()) {
      list.sort((a, b) => a.turnIndex - b.turnIndex || a.id - b.id);
      list.forEach((d, i) => this.position.set(d.id, i));
    }
  }

  /** The message `offset` places away in the same session (by order, not by turnIndex arithmetic). */
  neighbour(id: number, offset: number): RetrievalDoc | undefined {
    const d = this.byId.get(id);
    if (!d) return undefined;
    return this.sessions.get(d.sessionId)![this.position.get(id)! + offset];
  }
}

/** A session's score: the sum of its best `topN` message scores (a few good matches beat one). */
export function sessionScores(own: Map<number, number>, index: SessionIndex, topN: number): Map<number, number> {
  const per = new Map<number, number[]>();
  for (const [id, s] of own) {
    const d = index.byId.get(id);
    if (!d || s <= 0) continue;
    const arr = per.get(d.sessionId) ?? [];
    arr.push(s);
    per.set(d.sessionId, arr);
  }
  const out = new Map<number, number>();
  let max = 0;
  for (const [sid, arr] of per) {
    arr.sort((a, b) => b - a);
    const v = arr.slice(0, topN).reduce((a, b) => a + b, 0);
    out.set(sid, v);
    max = Math.max(max, v);
  }
  if (max > 0) for (const [sid, v] of out) out.set(sid, v / max);
  return out;
}

export function scoreMessages(
  own: Map<number, number>,
  index: SessionIndex,
  analysis: QueryAnalysis,
  p: RetrievalParams,
  explain = false,
): RetrievedTurn[] {
  const sess = p.sessionWeight > 0 ? sessionScores(own, index, p.sessionTopN) : new Map<number, number>();
  const named = new Set(analysis.speakers);
  const out: RetrievedTurn[] = [];
  for (const d of index.byId.values()) {
    const o = own.get(d.id) ?? 0;
    const prev = index.neighbour(d.id, -1);
    const next = index.neighbour(d.id, 1);
    const fromPrev = p.prevWeight * (prev ? own.get(prev.id) ?? 0 : 0);
    const fromNext = p.nextWeight * (next ? own.get(next.id) ?? 0 : 0);
    let fromFar = 0;
    if (p.farWeight) {
      const a = index.neighbour(d.id, -2);
      const b = index.neighbour(d.id, 2);
      fromFar = p.farWeight * ((a ? own.get(a.id) ?? 0 : 0) + (b ? own.get(b.id) ?? 0 : 0));
    }
    const fromSess = p.sessionWeight * (sess.get(d.sessionId) ?? 0);
    const fromDate = p.dateWeight && analysis.window && inWindow(d.timestamp, analysis.window) ? p.dateWeight : 0;
    let score = o + fromPrev + fromNext + fromFar + fromSess + fromDate;
    if (score <= 0) continue;
    const why: string[] = [];
    if (named.size > 0 && !named.has(d.speaker)) {
      score *= p.otherSpeakerFactor;
      if (explain && p.otherSpeakerFactor !== 1) why.push('other speaker');
    }
    if (p.temporalBonus && analysis.asksTime && hasTimeExpression(d.text)) {
      score *= 1 + p.temporalBonus;
      if (explain) why.push('dates something');
    }
    const item: RetrievedTurn = { id: d.id, score };
    if (explain) {
      const parts = [`match ${o.toFixed(2)}`];
      if (fromPrev) parts.push(`previous ${fromPrev.toFixed(2)}`);
      if (fromNext) parts.push(`next ${fromNext.toFixed(2)}`);
      if (fromFar) parts.push(`two away ${fromFar.toFixed(2)}`);
      if (fromSess) parts.push(`session ${fromSess.toFixed(2)}`);
      if (fromDate) parts.push(`in the named period ${fromDate.toFixed(2)}`);
      item.why = [...parts, ...why].join(', ');
    }
    out.push(item);
  }
  out.sort((a, b) => b.score - a.score || a.id - b.id);
  return out;
}
