// An in-memory RetrievalBackend with a small BM25 (no stemming) so that retrieval's JS stages
// can be tested without a full-text engine.
import type { FtsQuery, FullTextOptions, RetrievalBackend, RetrievalDoc, Scored, SpeakerInfo } from '../../electron/node/engine/retrieval/types';
import { CHAT_FILLERS, STOP_WORDS } from '../../shared/text/stop-words';
import { words } from '../../shared/text/words';

const terms = (s: string) => words(s).filter((w) => !STOP_WORDS.has(w) && !CHAT_FILLERS.has(w));

export class FakeBackend implements RetrievalBackend {
  readonly calls: { query: FtsQuery; opts: FullTextOptions }[] = [];
  constructor(
    private readonly all: RetrievalDoc[],
    private readonly roles: Record<string, string> = {},
  ) {}

  private field(d: RetrievalDoc, field: string): string {
    if (field === 'context') {
      const s = this.all.filter((x) => x.sessionId === d.sessionId);
      return s.filter((x) => Math.abs(x.turnIndex - d.turnIndex) === 1).map((x) => `${x.speaker}: ${x.text}`).join(' ');
    }
    return `${d.speaker}: ${d.text}`;
  }

  async fullText(query: string | FtsQuery, opts: FullTextOptions): Promise<Scored[]> {
    const q = typeof query === 'string' ? { text: query } : query;
    this.calls.push({ query: q, opts });
    const field = q.field ?? 'search_text';
    const docs = this.all.filter(
      (d) =>
        (!opts.sourceIds || opts.sourceIds.includes(d.sourceId)) &&
        (!opts.sessionIds || opts.sessionIds.includes(d.sessionId)) &&
        (!opts.speakers || opts.speakers.includes(d.speaker)) &&
        (!opts.from || d.timestamp >= opts.from) &&
        (!opts.to || d.timestamp <= opts.to),
    );
    const toks = docs.map((d) => terms(this.field(d, field)));
    const avg = toks.reduce((a, t) => a + t.length, 0) / Math.max(toks.length, 1);
    const qt = [...new Set(terms(q.text))];
    const out: Scored[] = [];
    docs.forEach((d, i) => {
      let s = 0;
      for (const t of qt) {
        const tf = toks[i].filter((x) => x === t).length;
        if (!tf) continue;
        const df = toks.filter((x) => x.includes(t)).length;
        const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
        s += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * toks[i].length) / avg));
      }
      if (s > 0) out.push({ id: d.id, score: s });
    });
    return out.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, opts.limit);
  }

  hasField(): boolean {
    return true;
  }

  async docs(ids: number[]): Promise<RetrievalDoc[]> {
    const set = new Set(ids);
    return this.all.filter((d) => set.has(d.id));
  }

  async sessionDocs(sessionIds: number[]): Promise<RetrievalDoc[]> {
    return this.all.filter((d) => sessionIds.includes(d.sessionId)).sort((a, b) => a.sessionId - b.sessionId || a.turnIndex - b.turnIndex);
  }

  async sessionsInRange(from: string, to: string, sourceIds?: number[]): Promise<number[]> {
    const hi = to.length === 10 ? `${to}T23:59:59` : to;
    const ids = this.all.filter((d) => (!sourceIds || sourceIds.includes(d.sourceId)) && d.timestamp >= from && d.timestamp <= hi).map((d) => d.sessionId);
    return [...new Set(ids)];
  }

  async speakers(sourceIds?: number[]): Promise<SpeakerInfo[]> {
    const names = [...new Set(this.all.filter((d) => !sourceIds || sourceIds.includes(d.sourceId)).map((d) => d.speaker))];
    return names.map((name) => ({ name, role: this.roles[name] ?? 'other' }));
  }
}
