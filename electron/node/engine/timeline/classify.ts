// What a question is about once its time, session and speaker references are read:
// the words left over either say what to look for (content) or only frame the request
// ("Can you summarize what we talked about…", "anything interesting", "catch me up on").
// The framing words are one list in the lexicon (resources/timeline/lexicon.json: request verbs
// and nouns, interest fillers, habit adverbs, politeness, texting fillers, and phrases).
// Deterministic; the LLM path is llm-planner.ts.
import { CHAT_FILLERS, STOP_WORDS } from '../../../../shared/text/stop-words';
import { words } from '../../../../shared/text/words';
import { lexicon } from './lexicon';

/** Leftover time words (units, "ago", "today"…) frame the request too: they were read, or are reported as not understood. */
const TIME_LEFTOVERS = new Set(
  'today yesterday earlier later recently lately then period while ago since before after last past previous first one ones day days week weeks month months year years morning afternoon evening night tonight weekend time times'.split(' '),
);

const ALSO_FRAMING = new Set(['us', 'our', 'we', 'you', 'your', 'i', 'me', 'my', 'mine', 'new', 'what', 'whats', 'which']);

/** Blanks the framing phrases ("catch me up", "on the agenda", "leave off") out of a text. */
export function withoutFramingPhrases(text: string): string {
  const lex = lexicon();
  lex.framingPhrases.lastIndex = 0;
  return text.replace(lex.framingPhrases, (m) => ' '.repeat(m.length));
}

function isFraming(w: string): boolean {
  return lexicon().framing.has(w) || CHAT_FILLERS.has(w) || TIME_LEFTOVERS.has(w) || ALSO_FRAMING.has(w);
}

/** The words of `rest` that say what to look for (neither stop words, nor framing, nor numbers alone). */
export function contentWords(rest: string): string[] {
  return words(withoutFramingPhrases(rest)).filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !isFraming(w) && !/^\d+(?:st|nd|rd|th)?$/.test(w));
}

/** Words that point back into the dialogue ("that day", "then", "those conversations", "it"). */
export const ANAPHORA =
  /\b(?:that\s+(?:day|time|date|week|month|session|conversation|chat|discussion|period|one)|those\s+(?:days|times|dates|weeks|sessions|conversations|chats|discussions)|this\s+period|over\s+that\s+(?:period|time)|back\s+then|then|that|it|them|they|there)\b/i;

/** A turn that goes on from the one before ("and what did you say…", "ok and…", "what about…"). */
export const CONTINUATION = /^\s*(?:(?:ok(?:ay)?|so|well|right|yes|yeah)[\s,]+)?(?:and|also|plus|what\s+about|how\s+about)\b/i;

/** "the name of …", "what was her name": asking for a name, not about names ("my last name change" is). */
const ASKING_A_NAME = /\b(?:the\s+)?names?\s+(?:of|for)\b|\bwhat(?:'s|\s+is|\s+was|\s+were)\s+(?:(?:his|her|their|its|your|my|the)\s+|\w+'s\s+)?names?\b/gi;

/** The words to send to the full-text index. */
export function queryWords(rest: string): string[] {
  const lex = lexicon();
  return words(withoutFramingPhrases(rest).replace(ASKING_A_NAME, (m) => ' '.repeat(m.length))).filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !lex.queryNoise.has(w) && !/^\d+(?:st|nd|rd|th)?$/.test(w));
}
