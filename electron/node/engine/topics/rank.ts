// Topic labels of sessions without a model: each session's noun-phrase candidates (phrases.ts)
// weighted by TF-IDF against the whole memory — how often a phrase comes in the session (at
// least twice), times how rare it is across the memory's sessions (BM25's inverse document
// frequency) — then merged: a head noun and a phrase with that
// head are one topic ("group" and "support group"), and so are two candidates a `synonym`
// function puts in one class (none is passed yet: only lemmas and head nouns merge). Up to five
// labels a session, best first.
import { candidatesOf, type Candidate, type NameSet } from './phrases';

/** One message as the pass reads it. */
export interface TopicMessage {
  id: number;
  sessionId: number;
  text: string;
  role: string;
  /** Wall clock, YYYY-MM-DDTHH:MM:SS. */
  timestamp: string;
}

/** A candidate's occurrences in one session. */
export interface SessionTerm {
  key: string;
  head: string;
  count: number;
  /** Message ids that mention it, in order. */
  messages: number[];
  /** Written forms and how often (while its session is read; a sealed session keeps only `label`). */
  labels: Map<string, number> | null;
  /** The most frequent written form, once its session is sealed. */
  label?: string;
}

/** A term's label: its most frequent written form. */
const termLabel = (t: SessionTerm): string => t.label ?? bestLabel(t.labels!);

export interface SessionTerms {
  sessionId: number;
  terms: Map<string, SessionTerm>;
  /** Candidates in the session (its length for BM25). */
  length: number;
  first: string;
  last: string;
}

/** A chosen label of a session. */
export interface SessionTopic {
  key: string;
  label: string;
  score: number;
  /** Occurrences in the session (merged candidates summed). */
  count: number;
  messages: number[];
}

/** A topic is something a session comes back to: a phrase said once is not one. */
export const MIN_MENTIONS = 2;
/** Labels kept per session. */
export const TOPICS_PER_SESSION = 5;

/**
 * Reads a source's messages one by one, session by session (system messages are left out).
 * A reader that goes session by session calls `seal` after each: the session's keys are counted
 * in the document frequencies and its terms said once (never a label) are dropped, so what is
 * held grows with the labels, not with the text read.
 */
export class TermCollector {
  private readonly bySession = new Map<number, SessionTerms>();
  private readonly sealedDf = new Map<string, number>();
  private readonly sealed = new Set<number>();
  /** One copy of each key, head and label across sealed sessions (the same words come back). */
  private readonly vocabulary = new Map<string, string>();

  constructor(private readonly names: NameSet) {}

  /** `candidates`: the message's `candidatesOf` made elsewhere (the analysis worker), else made here. */
  add(m: TopicMessage, candidates?: Candidate[]): void {
    if (m.role === 'system') return;
    if (this.sealed.has(m.sessionId)) throw new Error(`topics: session ${m.sessionId} was read after it was sealed`);
    let s = this.bySession.get(m.sessionId);
    if (!s) {
      s = { sessionId: m.sessionId, terms: new Map(), length: 0, first: m.timestamp, last: m.timestamp };
      this.bySession.set(m.sessionId, s);
    }
    if (m.timestamp < s.first) s.first = m.timestamp;
    if (m.timestamp > s.last) s.last = m.timestamp;
    for (const c of candidates ?? candidatesOf(m.text, this.names)) add(s, c, m.id);
  }

  /** The session is complete: counts its keys once and drops its terms said fewer than MIN_MENTIONS times. */
  seal(sessionId: number): SessionTerms | undefined {
    const s = this.bySession.get(sessionId);
    this.sealed.add(sessionId);
    if (!s) return undefined;
    for (const [k, t] of s.terms) {
      this.sealedDf.set(k, (this.sealedDf.get(k) ?? 0) + 1);
      if (t.count < MIN_MENTIONS) s.terms.delete(k);
      else s.terms.set(k, { key: this.intern(t.key), head: this.intern(t.head), count: t.count, messages: t.messages, labels: null, label: this.intern(termLabel(t)) });
    }
    return s;
  }

  private intern(word: string): string {
    const known = this.vocabulary.get(word);
    if (known !== undefined) return known;
    this.vocabulary.set(word, word);
    return word;
  }

  sessions(): SessionTerms[] {
    return [...this.bySession.values()];
  }

  /** How many sessions hold each key (`documentFrequency` of every session read, sealed or not). */
  frequencies(): Map<string, number> {
    const df = new Map(this.sealedDf);
    for (const s of this.bySession.values()) if (!this.sealed.has(s.sessionId)) for (const k of s.terms.keys()) df.set(k, (df.get(k) ?? 0) + 1);
    return df;
  }
}

function add(s: SessionTerms, c: Candidate, messageId: number): void {
  let t = s.terms.get(c.key);
  if (!t) {
    t = { key: c.key, head: c.head, count: 0, messages: [], labels: new Map() };
    s.terms.set(c.key, t);
  }
  t.count++;
  if (t.messages[t.messages.length - 1] !== messageId) t.messages.push(messageId);
  t.labels!.set(c.label, (t.labels!.get(c.label) ?? 0) + 1);
  if (!c.key.includes(' ')) s.length++;
}

/** How many of the sessions hold each key. */
export function documentFrequency(sessions: SessionTerms[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const s of sessions) for (const k of s.terms.keys()) df.set(k, (df.get(k) ?? 0) + 1);
  return df;
}

export interface MemoryFrequency {
  /** Sessions in the memory. */
  sessions: number;
  /** Sessions of the memory that hold a key. */
  df(key: string): number;
}

/**
 * BM25's inverse document frequency (never negative). The term frequency is not saturated as
 * BM25 does: measured on the LoCoMo dev split, saturation lets a rare word said once outrank
 * what the session keeps talking about (docs/topics.md).
 */
export function idf(df: number, sessions: number): number {
  return Math.log(1 + (sessions - df + 0.5) / (df + 0.5));
}

/** The most frequent written form (ties: the first seen). */
export function bestLabel(labels: Map<string, number>): string {
  let best = '';
  let n = -1;
  for (const [l, c] of labels) if (c > n) (best = l), (n = c);
  return best;
}

/**
 * Up to TOPICS_PER_SESSION labels of one session. `synonym(key)` gives a key's synonym class
 * (the key itself when it has none).
 */
export function topicsOfSession(s: SessionTerms, memory: MemoryFrequency, synonym: (key: string) => string = (k) => k): SessionTopic[] {
  const scored = [...s.terms.values()]
    .filter((t) => t.count >= MIN_MENTIONS)
    .map((t) => ({ t, score: t.count * idf(memory.df(t.key), memory.sessions) }))
    .sort((x, y) => y.score - x.score || x.t.key.localeCompare(y.t.key));
  const chosen: (SessionTopic & { head: string; cls: string })[] = [];
  for (const { t, score } of scored) {
    if (chosen.length >= TOPICS_PER_SESSION) break;
    const cls = synonym(t.key);
    const phrase = t.key.includes(' ');
    // the same thing again: a synonym, or a phrase and its head noun
    const same = chosen.findIndex((c) => c.cls === cls || c.head === t.head && (c.key === t.head || t.key === t.head));
    if (same >= 0) {
      const c = chosen[same];
      // a phrase that carries most of its head noun's mentions names the topic better ("support group" over "group")
      if (phrase && c.key === t.head && t.count * 2 >= c.count) Object.assign(c, { key: t.key, label: termLabel(t), cls });
      else if (!phrase || c.key !== t.key) c.messages = mergeIds(c.messages, t.messages);
      continue;
    }
    chosen.push({ key: t.key, label: termLabel(t), score, count: t.count, messages: t.messages, head: t.head, cls });
  }
  return chosen.map(({ key, label, score, count, messages }) => ({ key, label, score, count, messages }));
}

function mergeIds(a: number[], b: number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}
