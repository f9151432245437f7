// The NLP library the automatic extraction stands on, behind a small interface: wink-nlp with
// its English model (POS tags, lemmas, negation, sentences, and entities for dates, times,
// durations, money and numbers). Chosen on measurements (docs/extraction.md, "Automatic
// extraction"): about 20× faster than compromise on LoCoMo text, which the ≥ 5,000 messages/s
// target needs. Nothing here tags or recognises by hand: the patterns (patterns.ts) read these
// tokens. Words, sentences and stop words come from the shared text toolkit (shared/text).
import { englishWink } from '../../common/english-wink';
import { STOP_WORDS } from '../../../../../shared/text/stop-words';
import { words } from '../../../../../shared/text/words';

export type Pos =
  | 'ADJ' | 'ADP' | 'ADV' | 'AUX' | 'CCONJ' | 'DET' | 'INTJ' | 'NOUN' | 'NUM' | 'PART' | 'PRON' | 'PROPN' | 'PUNCT' | 'SCONJ' | 'SYM' | 'VERB' | 'X' | 'SPACE';

export interface Token {
  /** The token as written. */
  text: string;
  /** Lower case. */
  lower: string;
  lemma: string;
  pos: Pos;
  /** Inside the scope of a negation ("don't like it"). */
  negated: boolean;
  /** Index in the sentence. */
  i: number;
}

export type EntityType = 'DATE' | 'TIME' | 'DURATION' | 'MONEY' | 'CARDINAL' | 'ORDINAL' | 'PERCENT' | string;

export interface Span {
  type: EntityType;
  text: string;
  /** Token range in the sentence, inclusive. */
  start: number;
  end: number;
}

export interface Sentence {
  text: string;
  tokens: Token[];
  entities: Span[];
}

type WinkItem = { out: (f?: unknown) => unknown; each: (fn: (x: WinkItem, i: number) => void) => void; tokens: () => WinkItem; entities: () => WinkItem };

// The steps analyse() reads: sentences, negation, entities, tags and lemmas. wink's default
// pipeline also scores sentiment and custom entities, which nothing here reads and which change
// none of the above (they only write their own fields).
export const AUTO_NLP_STEPS = ['sbd', 'negation', 'ner', 'pos'] as const;
const wink = englishWink(AUTO_NLP_STEPS);

/** Sentences of a text with their tokens and entities (token indexes are per sentence). */
export function analyse(text: string): Sentence[] {
  const doc = wink().readDoc(text) as unknown as { sentences: () => WinkItem; tokens: () => WinkItem; entities: () => WinkItem };
  const texts = doc.tokens().out() as string[];
  const pos = doc.tokens().out(wink().its.pos) as Pos[];
  const lemma = doc.tokens().out(wink().its.lemma) as string[];
  const neg = doc.tokens().out(wink().its.negationFlag) as boolean[];
  const out: Sentence[] = [];
  const spans = doc.sentences().out(wink().its.span) as unknown as [number, number][];
  const sentTexts = doc.sentences().out() as string[];
  const entityDetail = doc.entities().out(wink().its.detail) as unknown as { value: string; type: string }[];
  const entitySpans = doc.entities().out(wink().its.span) as unknown as [number, number][];
  let e = 0;
  spans.forEach(([from, to], si) => {
    const tokens: Token[] = [];
    for (let k = from; k <= to; k++) {
      const t = texts[k];
      tokens.push({ text: t, lower: t.toLowerCase(), lemma: lemma[k] ?? t.toLowerCase(), pos: pos[k], negated: !!neg[k], i: k - from });
    }
    const entities: Span[] = [];
    while (e < entitySpans.length && entitySpans[e][0] <= to) {
      const [a, b] = entitySpans[e];
      if (a >= from) entities.push({ type: entityDetail[e].type, text: entityDetail[e].value, start: a - from, end: Math.min(b, to) - from });
      e++;
    }
    out.push({ text: sentTexts[si], tokens, entities });
  });
  return out;
}

// ---- what the toolkit (shared/text) does not have

/**
 * Sentences of a text, split on end punctuation before a capital or a quote: a cheap first cut
 * (wink splits again). It also cuts after "Dr." — kept on purpose: the toolkit's sentences()
 * keeps "I booked an orthopedist, Dr. Lee, for Tuesday" whole, and the patterns then date the
 * booking to the Tuesday before it (a wrong date; none is better). Change it only with a pattern
 * that reads "for <weekday>" after a booking as ahead.
 */
export function roughSentences(text: string): string[] {
  return text.split(/(?<=[.!?…])\s+(?=["“'‘(]?[A-Z0-9])|\n+/).map((s) => s.trim()).filter(Boolean);
}

// the share of a language's function words

/** Share of a text's words that are in a word set (0 when it has no words). */
function shareOf(text: string, set: ReadonlySet<string>): number {
  const ws = words(text);
  if (!ws.length) return 0;
  let n = 0;
  for (const w of ws) if (set.has(w)) n++;
  return n / ws.length;
}

/** Share of a text's words that are English function words (the toolkit's stop words). */
export const englishShare = (text: string) => shareOf(text, STOP_WORDS);

/** Function words of other languages written in Latin script (German, French, Spanish, Italian, Portuguese, Dutch, Swedish…). */
const FOREIGN_FUNCTION_WORDS = new Set(
  `der die das und ist nicht ich du wir sie es ein eine mit von zu auf für le la les et est un une des du je tu nous vous que qui pas
   el los las y es por para con una lo se del al su il di che non sono della het een en van ik niet och att det som jag inte är`.split(/\s+/),
);

/** Share of a text's words that are function words of other Latin-script languages. */
export const foreignShare = (text: string) => shareOf(text, FOREIGN_FUNCTION_WORDS);

/** A phrase as a label, its first letter in upper case: "support group" → "Support group". */
export function sentenceCase(s: string): string {
  const t = s.trim();
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}
