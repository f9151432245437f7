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
import { countOf } from '../../../../shared/text/plural';
import type { Analysis } from './analyze';
import type { MessageAnswer } from './answer';

const TALK_VERB = '(?:talk|chat|speak|spoke|mention|discuss|write|wrote|say|said|bring up|brought up|ask)\\w*';
const FIRST_LAST_TALK = new RegExp(
  `\\b(?:when\\s+(?:did|was|were)\\s+(?:i|we|you|\\w+)\\s+(first|last)\\s+${TALK_VERB}|(?:the\\s+)?(first|last)\\s+time\\s+(?:i|we|you|\\w+)\\s+${TALK_VERB})`,
  'i',
);
/** Words of the question that say "talked about … the first time", not what was talked about. */
const NOT_TOPIC = /^(?:talk|chat|speak|spoke|mention|discuss|write|wrote|say|said|ask|time|first|last|bring|brought|session|convers|messag|often|differ)/;

/** "How long since we talked about X?", "How long ago did I mention X?": elapsed time since talking of it, i.e. since the last time. */
const SINCE_TALK = new RegExp(
  `\\b(?:how long (?:ago|since)|how long (?:has it been|is it|was it) since|how many (?:days|weeks|months|years) (?:ago|since))\\s+(?:did\\s+)?(?:i|we|you|\\w+)\\s+(?:last\\s+)?${TALK_VERB}`,
  'i',
);

/** "When did I ask about X?", "When did we discuss X?": when it was talked about, with neither first nor last. */
const WHEN_TALK = /\bwhen\s+(?:did|have|had)\s+(?:i|we|you|\w+)\s+(?:(?:ever\s+)?(?:talk|chat|speak|spoke|ask|write|wrote|hear|heard|read)\w*\s+(?:\w+\s+){0,2}about|(?:ever\s+)?(?:mention|discuss|bring up|brought up)\w*)\b/i;

/**
 * "first" / "last" when the question asks for the first or last time something was talked about;
 * "when" when it asks when it was talked about at all (answered with the latest, and the first when
 * they differ).
 */
export function asksFirstOrLast(question: string): 'first' | 'last' | 'when' | null {
  const m = FIRST_LAST_TALK.exec(question);
  const w = (m?.[1] ?? m?.[2])?.toLowerCase();
  if (w === 'first' || w === 'last') return w;
  if (SINCE_TALK.test(question)) return 'last';
  return WHEN_TALK.test(question) ? 'when' : null;
}

export interface Mention {
  message: MessageRow;
  /** How many messages hold the topic (all of its words, else the most of them). */
  count: number;
  topic: string[];
}

type TopicOf = Pick<Analysis, 'keywords'> & { concept?: Analysis['concept'] };

/**
 * What a "when did … talk about X" question is about, as stems: its keywords and the thing the
 * ontology names ("the store", "the concert"), without how it is asked ("talk", "last") or the
 * names of who is asked about ("when did Ana last mention…": her name is not the topic).
 */
export function mentionTopic(a: TopicOf, speakers: string[] = []): string[] {
  const names = new Set(speakers.flatMap((s) => words(s).map(matchStem)));
  const conceptWords = a.concept ? words(a.concept.phrase).map(matchStem).filter((w) => !STOP_WORDS.has(w)) : [];
  return [...new Set([...a.keywords, ...conceptWords])].filter((k) => !NOT_TOPIC.test(k) && !names.has(k));
}

/** How many of the topic's stems a message holds (a stem of 4+ letters also as a word's start). */
function topicWordsIn(topic: string[], text: string): number {
  const toks = words(text).map(matchStem);
  return topic.filter((k) => toks.some((t) => t === k || (k.length >= 4 && t.startsWith(k)))).length;
}

/**
 * The first or last message that talks about the question's topic (all its topic words, else
 * the most of them). Null when the question has no topic or no message holds any of its words.
 */
export function firstOrLastMention(a: TopicOf, messages: MessageRow[], which: 'first' | 'last', speakers: string[] = []): Mention | null {
  const found = firstAndLastMention(a, messages, speakers);
  return found ? found[which] : null;
}

/** Both ends of what `firstOrLastMention` reads ("when did we talk about X": the latest, and the first when it differs). */
export function firstAndLastMention(a: TopicOf, messages: MessageRow[], speakers: string[] = []): { first: Mention; last: Mention } | null {
  const topic = mentionTopic(a, speakers);
  if (!topic.length) return null;
  const seen = new Set<number>();
  const scored = messages.filter((m) => !seen.has(m.id) && seen.add(m.id)).map((m) => ({ m, n: topicWordsIn(topic, m.text) }));
  const best = Math.max(0, ...scored.map((x) => x.n));
  if (!best) return null;
  const hits = scored.filter((x) => x.n === best).map((x) => x.m).sort((x, y) => x.timestamp.localeCompare(y.timestamp) || x.id - y.id);
  return { first: { message: hits[0], count: hits.length, topic }, last: { message: hits[hits.length - 1], count: hits.length, topic } };
}

const quoteOf = (m: MessageRow, ref: string) => `“${m.text.length > 220 ? `${m.text.slice(0, 217)}…` : m.text}” (${m.speaker}, ${shortStamp(m.timestamp)}) [${ref}]`;

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
  const text = `${which === 'first' ? 'The first time' : 'The last time'} was ${value}: ${quoteOf(m, ref)}`;
  return { text, refs: [ref], computation };
}

/** "When did we talk about X?": the day of its messages; the latest and the first when they are on different days. */
export function whenMentionedAnswer(first: Mention, last: Mention, refs: { first: string; last: string }): MessageAnswer {
  const n = last.count;
  const about = last.topic.map((t) => `'${t}'`).join(', ');
  if (first.message.date === last.message.date) {
    const value = longDate(last.message.date);
    return {
      text: `On ${value}: ${quoteOf(first.message, refs.first)}`,
      refs: [refs.first],
      computation: { kind: 'date', value, detail: `the day of the ${countOf(n, 'message')} about ${about}`, refs: [refs.first] },
    };
  }
  const value = longDate(last.message.date);
  return {
    text: `Most recently on ${value}: ${quoteOf(last.message, refs.last)}; the first time on ${longDate(first.message.date)} [${refs.first}].`,
    refs: [refs.last, refs.first],
    computation: { kind: 'date', value, detail: `the latest and the first of ${countOf(n, 'message')} about ${about}, in time order`, refs: [refs.last, refs.first] },
  };
}

const HOW_OFTEN_TALK = new RegExp(
  `\\b(?:how many times|how often)\\b.*\\b${TALK_VERB}|\\b(?:in )?how many (?:different )?(?:sessions|conversations|chats|days)\\b.*\\b(?:${TALK_VERB}|about)\\b`,
  'i',
);

/** Whether the question asks how often something was talked about (not how often it happened). */
export function asksHowOftenTalked(question: string): boolean {
  return HOW_OFTEN_TALK.test(question);
}

/** A count over every message that mentions something (it cites only some of them). */
const COUNTED_HOW = 'Counted from every message that mentions it.';

const WHO_MOST_ABOUT =
  /\bwho\b.*?\b(?:mention\w*|(?:talk|chat|spoke|speak|wrote|write|say|said|ask)\w*\s+(?:about|of)|discuss\w*|br(?:ing|ought)\w*\s+up)\s+(.+?)\s+(?:the\s+)?(?:most|more)\b/i;

/** "Who talked about dancing the most?", "Who mentioned the store more?": the topic's words, else null. */
export function asksWhoTalkedMostAbout(question: string): string | null {
  return WHO_MOST_ABOUT.exec(question)?.[1]?.trim() || null;
}

/** Who said the topic's messages, most first: "Ana talked about dancing most: 60 messages. Then Ben (42)." */
export function whoMostAnswer(found: MentionCount, me: string[], refOf: (m: MentionRow) => string): MessageAnswer {
  const by = new Map<string, MentionRow[]>();
  for (const m of found.messages) by.set(m.speaker, [...(by.get(m.speaker) ?? []), m]);
  const ranked = [...by].sort((x, y) => y[1].length - x[1].length || x[0].localeCompare(y[0]));
  const name = (speaker: string) => (me.includes(speaker) ? 'You' : speaker);
  const about = found.words.join(' ').replace(/\b(?:my|our)\b/gi, 'your');
  const [top, ...rest] = ranked;
  const tie = rest.length > 0 && rest[0][1].length === top[1].length;
  const refs = ranked.slice(0, 3).map(([, ms]) => refOf(ms[ms.length - 1]));
  const lead = tie
    ? `${name(top[0])} and ${name(rest[0][0])} talked about ${about} as often: ${countOf(top[1].length, 'message')} each`
    : `${name(top[0])} talked about ${about} most: ${countOf(top[1].length, 'message')}`;
  const others = rest.slice(tie ? 1 : 0, 3).map(([sp, ms]) => `${name(sp)} (${ms.length})`);
  const text = `${lead} [${refs[0]}]${others.length ? `. Then ${others.join(', ')}` : ''}.`;
  return {
    text,
    refs,
    how: COUNTED_HOW,
    computation: {
      kind: 'ranking',
      value: ranked.slice(0, 3).map(([sp, ms]) => `${sp} (${countOf(ms.length, 'message')})`).join(', '),
      detail: `messages holding ${found.topic.map((t) => `'${t}'`).join(' and ')}, counted per speaker, most first`,
      refs,
    },
  };
}

/** What counting a message needs of it (ChatStore.mentionRows): its words, time, session and speaker. */
export type MentionRow = Pick<MessageRow, 'id' | 'sessionId' | 'speaker' | 'text' | 'date' | 'timestamp'>;

export interface MentionCount {
  /** The messages holding every topic word, in time order. */
  messages: MentionRow[];
  sessions: number;
  topic: string[];
  /** The question's own words for the topic ("dancing", "the store"). */
  words: string[];
}

/** The question's own words for its topic: what follows the talk verb ("…mention her store?" → "her store"), else its topic words. */
export function topicPhrase(a: TopicOf & { question: string; period?: Analysis['period'] }, topic: string[]): string[] {
  let q = a.question.replace(/[?!.]+\s*$/, '');
  if (a.period?.phrase) q = q.replace(new RegExp(`\\s*\\b${a.period.phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i'), '');
  const after = new RegExp(`\\b${TALK_VERB}\\s+(?:(?:about|of|on)\\s+)?(.+)$`, 'i').exec(q)?.[1]?.trim();
  if (after && words(after).some((w) => topic.includes(matchStem(w)))) return [after];
  // as written ("Porto", not "porto")
  const said = [...new Set((a.question.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => words(w).some((x) => topic.includes(matchStem(x)))))];
  return said.length ? said : topic;
}

/** The messages that hold every word of the question's topic (in its period, when it names one), counted by message and by session. */
export function countMentions(a: TopicOf & { question: string; period?: Analysis['period'] }, messages: MentionRow[], speakers: string[] = []): MentionCount | null {
  const topic = mentionTopic(a, speakers);
  if (!topic.length) return null;
  const seen = new Set<number>();
  const inPeriod = (m: MentionRow) => !a.period || (m.date >= a.period.from.slice(0, 10) && m.date <= a.period.to.slice(0, 10));
  const hits = messages
    .filter((m) => !seen.has(m.id) && seen.add(m.id) && inPeriod(m) && topicWordsIn(topic, m.text) === topic.length)
    .sort((x, y) => x.timestamp.localeCompare(y.timestamp) || x.id - y.id);
  return { messages: hits, sessions: new Set(hits.map((m) => m.sessionId)).size, topic, words: topicPhrase(a, topic) };
}

/** "You talked about dancing in 12 sessions (94 messages), from … to …", computed from the count. */
export function mentionCountAnswer(found: MentionCount, who: string | null, refs: [string, string], capped: boolean): MessageAnswer {
  const n = found.messages.length;
  // said back to the person: "my knee" is "your knee"
  const about = found.words.join(' ').replace(/\b(?:my|our)\b/gi, 'your').replace(/\b(?:me|us)\b/gi, 'you');
  const atLeast = capped ? 'at least ' : '';
  const value = `${atLeast}${countOf(found.sessions, 'session')} (${atLeast}${countOf(n, 'message')})`;
  const first = found.messages[0];
  const last = found.messages[n - 1];
  const span =
    n === 1 ? `on ${longDate(first.date)} [${refs[0]}]` : first.date === last.date ? `all on ${longDate(first.date)} [${refs[0]}] [${refs[1]}]` : `from ${longDate(first.date)} [${refs[0]}] to ${longDate(last.date)} [${refs[1]}]`;
  const subject = who ? `${who} talked` : 'You talked';
  return {
    text: `${subject} about ${about} in ${value}, ${span}.`,
    how: COUNTED_HOW,
    refs: n === 1 ? [refs[0]] : refs,
    computation: {
      kind: 'count',
      value,
      detail: `messages holding ${found.topic.map((t) => `'${t}'`).join(' and ')}${who ? ` by ${who}` : ''}, counted by session`,
      refs: n === 1 ? [refs[0]] : refs,
    },
  };
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
