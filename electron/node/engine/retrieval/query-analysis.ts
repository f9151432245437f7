// Question → what to search for. Two things are pulled out of the question before it
// reaches BM25, because BM25 would use them badly:
// - speaker names: every message of a speaker starts with their name ("Ana: …") and the
//   other speaker greets them by name, so the name matches half the corpus with a low weight
//   and lifts greetings; it works far better as a prior on who said the message;
// - a named date window ("in June 2023"), which is about when the message was written, and
//   whose words rarely occur in the messages themselves.
// Numbers get their other spelling ("3" / "three", "18th" / "eighteenth"), which the
// tokenizer treats as unrelated words.

import type { RetrievalParams, SpeakerInfo } from './types';
import { numberVariants } from '../../../../shared/text/numbers';
import { CHAT_FILLERS, STOP_WORDS } from '../../../../shared/text/stop-words';
import { escapeRegExp, words } from '../../../../shared/text/words';
import { asksForTime, dateWindow, type DateWindow } from './temporal';

export interface QueryAnalysis {
  /** The text sent to the full-text index. */
  text: string;
  /** Speakers the question is about (names found in it, or the user for "I / my"). */
  speakers: string[];
  /** The question asks when something happened. */
  asksTime: boolean;
  window: DateWindow | null;
}

/** Speakers named in the question: full name or first name (3+ letters), possessive allowed; else "I / my" → the user. */
export function detectSpeakers(question: string, speakers: SpeakerInfo[]): string[] {
  const found: string[] = [];
  for (const s of speakers) {
    const name = s.name.trim();
    // A speaker labelled "You" or "me" is not named by every question that says "you".
    if (!name || STOP_WORDS.has(name.toLowerCase()) || CHAT_FILLERS.has(name.toLowerCase())) continue;
    const variants = [name];
    const first = name.split(/\s+/)[0];
    if (first && first !== name && first.length >= 3) variants.push(first);
    if (variants.some((v) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(v)}('s|’s)?(?=$|[^\\p{L}\\p{N}])`, 'iu').test(question))) {
      found.push(s.name);
    }
  }
  // "What did I say about…": the person asking is the user of their own chats.
  if (found.length === 0 && /\b(i|me|my|mine|myself)\b/i.test(question)) {
    for (const s of speakers) if (s.role === 'user') found.push(s.name);
  }
  return found;
}

export function analyzeQuestion(question: string, speakers: SpeakerInfo[], p: RetrievalParams): QueryAnalysis {
  const named = detectSpeakers(question, speakers);
  const window = dateWindow(question);
  let q = question;
  if (window) q = q.replace(window.phrase, ' ');
  if (p.stripSpeakerNames) {
    for (const s of speakers) {
      if (!named.includes(s.name)) continue;
      for (const part of s.name.split(/\s+/).filter((x) => x.length >= 2)) {
        q = q.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(part)}('s|’s)?(?=$|[^\\p{L}\\p{N}])`, 'giu'), '$1 ');
      }
    }
  }
  const toks = words(q).flatMap((w) => (p.numberVariants ? [w, ...numberVariants(w)] : [w]));
  return { text: toks.join(' '), speakers: named, asksTime: asksForTime(question), window };
}

