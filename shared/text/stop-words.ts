// Stop words: one base list of English function words, and the few sets built from it.
//
// - INDEX_STOP_WORDS is what the full-text index itself drops (LanceDB's English list, which is
//   NLTK's). It is a fact about the index, not a choice: test/text/index-agreement.test.ts
//   checks it on a real index. The index compares a word's *stem* with it, so "having" (→ have)
//   is dropped but "does" (→ doe) and "only" (→ onli) are kept: use isIndexStopWord.
// - STOP_WORDS is the base for everything Engram filters itself: the function words of English
//   (articles, pronouns, auxiliaries, prepositions, conjunctions, their contractions with and
//   without the apostrophe). It leaves out the index list's contraction stems that are also
//   words ("won", "don", "ma") so that they are not lost as topics, and "else", which each user
//   decides: the timeline's lexicon frames it ("what else came up that day?" asks for the whole
//   day), Ask adds it to its question words.
// - CHAT_FILLERS are words of chat that carry no topic ("yeah", "thanks", "lol").
// Modules that need more (the timeline's words that frame a request, Ask's question words) add
// their own words to these in one place, with the reason beside them.
//
// A maintained list package (`stopword`) was considered: its English list (108 words) is neither
// the index's nor a function-word list ("like", "make", "way", "well" are in it), so it fits none
// of the uses here.
import { stem } from './stem';
import { normalizedWords } from './words';

export const INDEX_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only ' +
    'own same so than too very s t can will just don should now d ll m o re ve y ain aren couldn didn doesn hadn hasn ' +
    'haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn'
  ).split(' '),
);

/** Would the full-text index drop this word (its stem is on the index's list)? */
export function isIndexStopWord(word: string): boolean {
  return INDEX_STOP_WORDS.has(stem(word));
}

/** English function words, lower case, contractions with and without the apostrophe. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above across after again against all am among an and any are aren't as at be because been before being " +
    "below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each " +
    'few for from further had hadn\'t has hasn\'t have haven\'t having he he\'d he\'ll he\'s her here here\'s hers ' +
    "herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's me mine more " +
    "most mustn't my myself no nor not of off on once only onto or other ought our ours ourselves out over own per same " +
    "shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves then " +
    "there there's these they they'd they'll they're they've this those through throughout to too toward towards under " +
    "until up upon us very via was wasn't we we'd we'll we're we've were weren't what what's when when's where where's " +
    "which while who who's whom whose why why's will with within without won't would wouldn't you you'd you'll you're " +
    "you've your yours yourself yourselves also " +
    // contractions typed without the apostrophe (those that are not words of their own: "well", "shed" are)
    'im ive youre theyre thats dont doesnt didnt isnt arent wasnt werent cant couldnt wouldnt shouldnt hasnt havent ' +
    'hadnt wont ' +
    // what is left of a contraction split at its apostrophe
    's t d ll m o re ve y'
  ).split(' '),
);

/** Words of chat that react rather than say something. */
export const CHAT_FILLERS: ReadonlySet<string> = new Set(
  'yes yeah yep yup nope oh ah aw aww wow hey hi hello thanks thank ok okay sure lol haha omg gonna wanna'.split(' '),
);

/** Titles before a name ("Dr. Okafor"): not part of what tells one name from another. */
export const TITLES: ReadonlySet<string> = new Set('dr mr mrs ms mx prof sir frau herr'.split(' '));

/** The words of a text that carry meaning, as matching keys (see normalizeText): no stop words, two characters or more (or a digit). */
export function contentWords(text: string): string[] {
  return normalizedWords(text).filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
}
