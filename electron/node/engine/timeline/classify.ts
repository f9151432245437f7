// What a question is about once its time, session and speaker references are read:
// the words left over either say what to look for (content) or only frame the request
// ("Can you summarize what we talked about…"). Deterministic; the LLM path is llm-planner.ts.
import { CHAT_FILLERS, STOP_WORDS } from '../../../../shared/text/stop-words';
import { words } from '../../../../shared/text/words';

/**
 * Words that frame a request about the conversation rather than name a topic: verbs of
 * talking and remembering, "summary", "things", politeness and chat fillers.
 */
const FRAMING = new Set([
  ...CHAT_FILLERS,
  ...(
    'what whats which tell me us remind recall remember remembered forget forgot summarize summarise summary summaries recap ' +
    'overview rundown gist review go went going over describe description detail details detailed much content contents ' +
    'talk talked talking talks chat chatted chatting chats discuss discussed discussing discussion discussions conversation ' +
    'conversations convo convos session sessions speak spoke spoken speaking say said saying says mention mentioned mentions ' +
    'cover covered covering happen happened happening come came coming up topic topics subject subjects thing things stuff ' +
    'sort sorts kind kinds type types main points highlights everything anything something please could can would will ' +
    'well like love enjoy enjoyed enjoying nice fun great good glad ' +
    'better memory memories know think trying want wanted wonder wondering curious help quite bit lot lots several ' +
    'times time back far able possible exactly again already really actually maybe perhaps just still even ever ' +
    'calendar see saw remember am is was were be been being do did does done doing have has had get got give show list ' +
    'today yesterday earlier later recently lately then period while ago since before after last past previous first ' +
    'one ones day days week weeks month months year years morning afternoon evening night tonight weekend ' +
    'us our we you your i me my mine exchange exchanged share shared new'
  ).split(' '),
]);

/** The words of `rest` that say what to look for (neither stop words, nor framing, nor numbers alone). */
export function contentWords(rest: string): string[] {
  return words(rest).filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !FRAMING.has(w) && !/^\d+(?:st|nd|rd|th)?$/.test(w));
}

/** Words that point back into the dialogue ("that day", "then", "those conversations", "it"). */
export const ANAPHORA =
  /\b(?:that\s+(?:day|time|date|week|month|session|conversation|chat|discussion|period|one)|those\s+(?:days|times|dates|weeks|sessions|conversations|chats|discussions)|this\s+period|over\s+that\s+(?:period|time)|back\s+then|then|that|it|them|they|there)\b/i;

export const CONTENT_ANAPHORA = /\b(?:it|that|this|them|those)\b/i;

/** Question-template words that only add noise to a full-text query. */
const QUERY_NOISE = new Set(
  (
    'what whats which tell remind summarize summarise recap describe talk talked talking chat chatted chatting discuss discussed ' +
    'discussing discussion discussions conversation conversations convo session sessions mention mentioned mentions say said says ' +
    'according per as kind type sort name names recently lately specific particular exactly example please could would can ' +
    'thing things stuff'
  ).split(' '),
);

/** The words to send to the full-text index. */
export function queryWords(rest: string): string[] {
  return words(rest).filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !QUERY_NOISE.has(w) && !/^\d+(?:st|nd|rd|th)?$/.test(w));
}
