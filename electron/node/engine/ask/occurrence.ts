// Computation questions about when things happened, answered in code:
//  - the first or last time something was talked about ("When did I last talk about my knee?",
//    "When did we first mention Porto?"): of the messages that hold the question's topic words,
//    the earliest or the latest;
//  - how long since something ("How long ago did I buy my shoes?", "How long has it been since
//    the concert?"): the date found (graph or messages) against now, in days (weeks, months,
//    years when whole).
import type { AskComputation, MessageRow } from '../../../../shared/types';
import { daysBetween, longDate, shortStamp } from '../../../../shared/dates/calendar';
// chrono-node loaded by the first date answer read, not with the engine (common/chrono.ts).
import { parseDateValueWith } from '../../../../shared/dates/parse-date-with';
import { chrono } from '../common/chrono';
import { matchStem } from '../../../../shared/text/stem';
import { words } from '../../../../shared/text/words';
import { STOP_WORDS } from '../../../../shared/text/stop-words';
import type { Analysis } from './analyze';
import type { MessageAnswer } from './answer';

const TALK_VERB = '(?:talk|chat|speak|spoke|mention|discuss|write|wrote|say|said|bring up|brought up|ask)\\w*';
const FIRST_LAST_TALK = new RegExp(
  `\\b(?:when\\s+(?:did|was|were)\\s+(?:i|we|you|\\w+)\\s+(first|last)\\s+${TALK_VERB}|(?:the\\s+)?(first|last)\\s+time\\s+(?:i|we|you|\\w+)\\s+${TALK_VERB})`,
  'i',
);
/** Words of the question that say "talked about … the first time", not what was talked about. */
const NOT_TOPIC = /^(?:talk|chat|speak|spoke|mention|discuss|write|wrote|say|said|ask|time|first|last|bring|brought)/;

/** "How long since we talked about X?", "How long ago did I mention X?": elapsed time since talking of it, i.e. since the last time. */
const SINCE_TALK = new RegExp(
  `\\b(?:how long (?:ago|since)|how long (?:has it been|is it|was it) since|how many (?:days|weeks|months|years) (?:ago|since))\\s+(?:did\\s+)?(?:i|we|you|\\w+)\\s+(?:last\\s+)?${TALK_VERB}`,
  'i',
);

/** "first" / "last" when the question asks for the first or last time something was talked about. */
export function asksFirstOrLast(question: string): 'first' | 'last' | null {
  const m = FIRST_LAST_TALK.exec(question);
  const w = (m?.[1] ?? m?.[2])?.toLowerCase();
  if (w === 'first' || w === 'last') return w;
  return SINCE_TALK.test(question) ? 'last' : null;
}

export interface Mention {
  message: MessageRow;
  /** How many messages hold the topic (all of its words, else the most of them). */
  count: number;
  topic: string[];
}

/**
 * The first or last message that talks about the question's topic (all its topic words, else
 * the most of them). Null when the question has no topic or no message holds any of its words.
 */
export function firstOrLastMention(
  a: Pick<Analysis, 'keywords'> & { concept?: Analysis['concept'] },
  messages: MessageRow[],
  which: 'first' | 'last',
  /** Who is asked about ("when did Ana last mention…"): their name is not what they talked about. */
  speakers: string[] = [],
): Mention | null {
  const names = new Set(speakers.flatMap((s) => words(s).map(matchStem)));
  // the thing the ontology names ("the store", "the concert") is what was talked about too
  const conceptWords = a.concept ? words(a.concept.phrase).map(matchStem).filter((w) => !STOP_WORDS.has(w)) : [];
  const topic = [...new Set([...a.keywords, ...conceptWords])].filter((k) => !NOT_TOPIC.test(k) && !names.has(k));
  if (!topic.length) return null;
  const seen = new Set<number>();
  const scored = messages
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .map((m) => {
      const toks = words(m.text).map(matchStem);
      return { m, n: topic.filter((k) => toks.some((t) => t === k || (k.length >= 4 && t.startsWith(k)))).length };
    });
  const best = Math.max(0, ...scored.map((x) => x.n));
  if (!best) return null;
  const hits = scored.filter((x) => x.n === best).map((x) => x.m).sort((x, y) => x.timestamp.localeCompare(y.timestamp) || x.id - y.id);
  return { message: which === 'first' ? hits[0] : hits[hits.length - 1], count: hits.length, topic };
}

/** The answer for a mention: its day, and the message quoted. */
export function mentionAnswer(found: Mention, ref: string, which: 'first' | 'last'): MessageAnswer {
  const m = found.message;
  const value = longDate(m.date);
  const n = found.count;
  const computation: AskComputation = {
    kind: 'date',
    value,
    detail: `the ${which} of ${n} message${n === 1 ? '' : 's'} about ${found.topic.map((t) => `'${t}'`).join(', ')} in time order`,
    refs: [ref],
  };
  const text = `${which === 'first' ? 'The first time' : 'The last time'} was ${value}: “${m.text.length > 220 ? `${m.text.slice(0, 217)}…` : m.text}” (${m.speaker}, ${shortStamp(m.timestamp)}) [${ref}]`;
  return { text, refs: [ref], computation };
}

const SINCE =
  /\bhow long ago\b|\bhow long (?:has it been|is it|was it) since\b|\bhow long since\b|\bhow many (?:days|weeks|months|years) ago\b|\bhow many (?:days|weeks|months|years) (?:(?:has it been|have passed|is it) )?since\b/i;

/** Whether the question asks how long ago something was (not how long it lasted). */
export function asksHowLongSince(question: string): boolean {
  return SINCE.test(question);
}

/** The day a date answer names ("Friday, January 21, 2022", "…, 08:30", "A – B" → A); null when it names none. */
export function dayOfDateValue(value: string): string | null {
  const first = value.split(/\s+[–-]\s+/)[0].replace(/\s+\(.*$/, '');
  return parseDateValueWith(chrono(), first)?.local.slice(0, 10) ?? null;
}

/** "37 days ago", "5 weeks ago", "about 3 months ago (92 days)": from a day to today, as people count it. */
export function sinceText(date: string, today: string): { value: string; detail: string } {
  const days = daysBetween(date.slice(0, 10), today.slice(0, 10));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  let value: string;
  if (days === 0) value = 'today';
  else if (days < 0) value = `in ${plural(-days, 'day')}`;
  else if (days % 365 === 0) value = `${plural(days / 365, 'year')} ago`;
  else if (days >= 14 && days % 7 === 0) value = `${plural(days / 7, 'week')} ago`;
  else if (days >= 60) value = `about ${plural(Math.round(days / 30.44), 'month')} ago (${plural(days, 'day')})`;
  else value = `${plural(days, 'day')} ago`;
  return { value, detail: `${today.slice(0, 10)} − ${date.slice(0, 10)} = ${plural(days, 'day')}` };
}

/** An answer that found a date, said as how long ago it was: "44 days ago (Wednesday, September 23, 2026) — “…”". */
export function howLongSince(answer: MessageAnswer, date: string, today: string): MessageAnswer {
  const since = sinceText(date, today);
  const computation: AskComputation = { kind: 'days-between', value: since.value, detail: since.detail, refs: answer.computation?.refs ?? answer.refs };
  const day = longDate(date.slice(0, 10));
  // the answer's own leading date is said once, in brackets
  const lead = [day, `The last time was ${day}`, `The first time was ${day}`].find((p) => answer.text.startsWith(p));
  const rest = (lead ? answer.text.slice(lead.length).replace(/^[\s,:—-]+/, '') : answer.text).replace(/^\(([^()]*)\)$/, '$1');
  const head = `${since.value.charAt(0).toUpperCase()}${since.value.slice(1)} (${day})`;
  return { ...answer, text: rest ? `${head} — ${rest}` : head, computation };
}
