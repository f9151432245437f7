// The values of a kind a sentence of a message states (sentences themselves: shared/text/sentences.ts): the dates (resolved against the
// message's own time), clock and race times, durations, amounts of money, counts, frequencies,
// numbers, people, places, days of the week, names. The answer from messages is a sentence that
// holds a value of the kind the question asks for, with that value picked out.
import type { AnswerKind } from './answer-type';
import { DAY_NAMES, MONTH_NAMES } from '../../../../shared/dates/calendar';
import { quantityValue } from '../../../../shared/text/numbers';
import { CHAT_FILLERS, STOP_WORDS, TITLES } from '../../../../shared/text/stop-words';
import { normalizeApostrophes } from '../../../../shared/text/words';
import { dateText, findAmounts, findDates, findDurations, formatMoney, humanMinutes } from './compute';
import { addDays, addMonths, formatDate, longDate } from '../../../../shared/dates/calendar';

export interface Value {
  /** As a person reads it ("Saturday, October 31, 2026", "53:48", "€55", "6", "Sam"). */
  text: string;
  /** The words of the sentence it comes from. */
  phrase: string;
  /** Where the phrase starts in the sentence. */
  index: number;
  /** For dates: 'YYYY-MM-DD…'; for amounts: the number; for counts: the number. */
  raw?: string | number;
  currency?: string;
  /**
   * A date not stated but read from the message: 'said' — the day of the message that tells the
   * news ("I just opened …"); 'span' — a span up to that day counted back ("six weeks now").
   */
  implicit?: 'said' | 'span';
  /** A noun phrase that is a kind of the thing asked for ("heron" for "what bird"). */
  kind?: boolean;
  /** The noun asked for itself, said with which one it is ("a counseling workshop"): no kind of it, so the topic must show it is the one asked about. */
  sort?: boolean;
}

const NUMBER_RE = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|a hundred|a dozen|a couple(?: of)?|a few|several|both)\b/gi;
const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)days?';
const WEEKDAY_RUN = new RegExp(`\\b${WEEKDAY}(?:(?:\\s*,\\s*|\\s+(?:and|or|to|through|till|until|-|–)\\s+|\\s*[-–/]\\s*)${WEEKDAY})*(?:\\s+(?:evenings?|mornings?|nights?|afternoons?))?`, 'gi');
const FREQUENCY = /\b(?:once|twice|thrice|(?:\d+|one|two|three|four|five|six|seven|a few|several|many|a couple of)\s+times?|every\s+(?:other\s+)?(?:day|night|morning|evening|week|weekend|month|year|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|daily|nightly|weekly|monthly|yearly|annually|each (?:day|week|month|year)|(?:most|some) (?:days|weekends|evenings|mornings))(?:\s+(?:a|per|each|every)\s+(?:day|week|month|year|weekend))?(?:\s+or\s+(?:once|twice|\w+ times)(?:\s+(?:a|per)\s+(?:day|week|month|year))?)?/gi;
const CLOCK = /\b(?:[01]?\d|2[0-3])[:.][0-5]\d(?::[0-5]\d)?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?(?!\s*(?:per|\/|a)\s*(?:km|mile|mi)\b)(?![.:]?\d)|\b(?:1[0-2]|0?[1-9])\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)|\b(?:noon|midnight)\b/gi;
const RACE = /\b\d{1,2}:[0-5]\d(?::[0-5]\d)?\b(?!\s*(?:per|\/|a)\s*(?:km|mile|mi)\b)/g;
const RELATION = /\b(?:my|his|her|their|our)\s+(?:(?:best|close|old|new|little|big|older|younger)\s+)?(?:mom|mum|mother|dad|father|parents?|sister|brother|siblings?|sis|bro|son|daughter|kids?|children|husband|wife|partner|boyfriend|girlfriend|fiancée?|friends?|buddies|buddy|pals?|colleagues?|coworkers?|co-workers?|boss|manager|team|neighbou?rs?|cousins?|aunt|uncle|grandma|grandmother|grandpa|grandfather|grandparents|family|fam|mentors?|teacher|coach|therapist|doctor|roommates?|classmates?|students?|dog|cat)\b(?:\s+[A-Z][\p{L}'-]+)*/gu;
/** Names that are places, venues or organisations rather than people. */
const NOT_A_PERSON = /\b(?:Theat(?:er|re)|Park|Street|Str|Road|Avenue|Square|Platz|Market|Station|Museum|Gallery|Bar|Café|Cafe|Restaurant|Hotel|Hall|Club|Center|Centre|Gym|Fitness|Boulders|Airport|Terminal|University|College|School|Church|Hospital|Clinic|Studio|Shop|Store|Company|Inc|Ltd|GmbH|Festival|Conference|Bridge|Lake|River|Valley|Mountains?|Island|City|Beach|Instagram|Facebook|YouTube|Twitter|TikTok)\b/;
/** Capitalized words that do not start a name: function words, fillers, titles, calendar names, sentence adverbs. */
const NAME_STOP = new Set([
  ...STOP_WORDS,
  ...CHAT_FILLERS,
  ...TITLES,
  ...[...DAY_NAMES, ...MONTH_NAMES].flatMap((n) => [n.toLowerCase(), n.slice(0, 3).toLowerCase()]).filter((n) => !/^(?:jan|mar|jun|jul|aug|dec)$/.test(n)),
  ...'every please sorry now even still anyway actually honestly perhaps probably definitely totally absolutely btw since plus twice lately recently soon later earlier great awesome nice cool good well really maybe sounds congrats congratulations let last next today tomorrow yesterday'.split(' '),
]);
const isNameStop = (word: string) => NAME_STOP.has(normalizeApostrophes(word).toLowerCase());
const PLACE_NOUN = /\b(?:the\s+)?(?:beach|mountains?|forest|woods|lake|river|park|museum|gallery|library|church|school|university|college|gym|studio|office|cafe|café|restaurant|bar|pub|market|mall|store|shop|zoo|aquarium|theat(?:er|re)|cinema|stadium|hospital|clinic|airport|station|island|coast|countryside|city|town|village|camp(?:site|ground)?|trail|canyon|desert|waterfall|falls|garden|farm|vineyard|home|abroad)\b/gi;

const capitalizedNames = (s: string): { text: string; index: number }[] => {
  const out: { text: string; index: number }[] = [];
  for (const m of s.matchAll(/\b[A-Z][\p{L}'’-]*(?:\s+(?:(?:de|da|do|del|van|von|am|an|der|la|le|of|the)\s+)?[A-Z][\p{L}'’-]*)*/gu)) {
    const words = m[0].split(/\s+/);
    // a sentence's first word is capitalized anyway; names of one stop word are not names
    while (words.length && isNameStop(words[0].replace(/['’]s$/, ''))) words.shift();
    if (!words.length) continue;
    const text = words.join(' ').replace(/['’]s$/, '');
    const index = (m.index ?? 0) + m[0].indexOf(words[0]);
    if (index === 0 && words.length === 1 && /^[A-Z][a-z]+$/.test(text) && !/^[A-Z][a-z]+[A-Z]/.test(text)) {
      // a capitalized first word could be a name ("Sam came too") or not ("Bouldering is fun"): keep names only when used like one later
      if (!/^\s*(?:[A-Z][\p{L}'’-]*\s+)?(?:and|said|says|came|went|was|is|has|had|looked|helped|gave|told|invited|joined|brought|will|,)/u.test(s.slice(m[0].length))) continue;
    }
    out.push({ text, index });
  }
  return out;
};

function numberOf(word: string): number {
  return quantityValue(word) ?? NaN;
}

/** Spans of a sentence that are dates, times, amounts or durations (not counts). */
function measureSpans(s: string, at: string): [number, number][] {
  const spans: [number, number][] = [];
  const add = (phrase: string | undefined, from = 0) => {
    if (!phrase) return;
    const i = s.indexOf(phrase, from);
    if (i >= 0) spans.push([i, i + phrase.length]);
  };
  for (const a of findAmounts(s)) add(a.phrase);
  for (const d of findDates(s, at)) add(d.phrase);
  for (const d of findDurations(s)) add(d.phrase);
  for (const m of s.matchAll(CLOCK)) spans.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  for (const m of s.matchAll(/\b(?:19|20)\d{2}\b|\b\d+(?:st|nd|rd|th)\b|\b\d+(?:\.\d+)?\s*(?:%|percent|km|kilometers?|miles?|kg|lbs?|pounds|m|cm|mm|degrees|°)/gi)) spans.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  return spans;
}

const inSpans = (spans: [number, number][], i: number) => spans.some(([a, b]) => i >= a && i < b);

/** The amounts of money a sentence states, as values. */
function amountValues(s: string): Value[] {
  return findAmounts(s).map((a) => ({ text: formatMoney(a.amount, a.currency), phrase: a.phrase ?? '', index: s.indexOf(a.phrase ?? ''), raw: a.amount, currency: a.currency }));
}

/**
 * The values of a kind a sentence states. `at` is the time of its message (dates are resolved
 * against it); `asked` are words of the question (a name the question says is not an answer).
 */
export function valuesOf(kind: AnswerKind, s: string, at: string, asked: Set<string> = new Set(), opts: { resultTime?: boolean } = {}): Value[] {
  switch (kind) {
    case 'date':
      return findDates(s, at).map((d) => ({ text: dateText(d), phrase: d.phrase.trim(), index: Math.max(0, s.indexOf(d.phrase)), raw: d.date }));
    case 'time': {
      const re = opts.resultTime ? RACE : CLOCK;
      const out: Value[] = [...s.matchAll(re)].map((m) => ({ text: m[0].trim(), phrase: m[0].trim(), index: m.index ?? 0 }));
      // "what was my finish time": a duration answers too ("in 57 minutes")
      if (opts.resultTime) for (const d of findDurations(s)) if (!/^(?:a|an|one)\s/i.test(d.phrase)) out.push({ text: humanMinutes(d.minutes), phrase: d.phrase, index: s.indexOf(d.phrase) });
      return out;
    }
    case 'duration':
      return findDurations(s)
        // "two walks a day", "€55 a month": rates, not durations ("for a week", "took an hour" are)
        .filter((d) => !/^(?:a|an)\s/i.test(d.phrase) || /\b(?:for|in|about|almost|nearly|over|under|around|within|after|took|takes|lasted|lasts|spent|half)\s+$/i.test(s.slice(0, s.indexOf(d.phrase))))
        .map((d) => ({ text: durationText(d.phrase, d.minutes), phrase: d.phrase, index: s.indexOf(d.phrase), raw: d.minutes }));
    case 'amount':
      return amountValues(s);
    case 'frequency':
      return [...s.matchAll(FREQUENCY)].map((m) => ({ text: m[0], phrase: m[0], index: m.index ?? 0 }));
    case 'count':
    case 'number': {
      const spans = kind === 'count' ? measureSpans(s, at) : measureSpans(s, at).filter(([a, b]) => !/\d\s*(?:km|kilomet|mile|kg|lb|pound|cm|mm|m\b|%|percent|degree|°)/i.test(s.slice(a, b)));
      const out: Value[] = [];
      for (const m of s.matchAll(NUMBER_RE)) {
        const i = m.index ?? 0;
        if (inSpans(spans, i)) continue;
        const n = numberOf(m[0]);
        if (!Number.isFinite(n)) continue;
        // "one of", "the one", "no one": not counts
        if (/^one$/i.test(m[0]) && (/\b(?:the|that|this|no|any|every|each|some)\s+$/i.test(s.slice(Math.max(0, i - 6), i)) || /^\s+(?:of|another|day|time)\b/i.test(s.slice(i + 3)))) continue;
        out.push({ text: /^\d/.test(m[0]) ? m[0] : String(n), phrase: m[0], index: i, raw: n });
      }
      if (kind === 'number') {
        // "how far / how tall / how old": a number with its unit, when the sentence has one
        const measured: Value[] = [];
        for (const m of s.matchAll(/\b\d+(?:[.,]\d+)?\s*(?:km|kilometers?|kilometres?|miles?|kg|lbs?|pounds|m|meters?|metres?|cm|feet|ft|%|percent|degrees|°C?)(?![\p{L}])/giu)) measured.push({ text: m[0], phrase: m[0], index: m.index ?? 0 });
        for (const m of s.matchAll(/\b(\d+|\w+)\s+years?\s+old\b|\b(?:age|aged)\s+(\d+)/gi)) measured.push({ text: m[0], phrase: m[0], index: m.index ?? 0 });
        // "how much was the bill": a sum of money is the number
        measured.push(...amountValues(s));
        if (measured.length) return measured.sort((x, y) => x.index - y.index);
      }
      return out.sort((x, y) => x.index - y.index);
    }
    case 'weekday':
      return [...s.matchAll(WEEKDAY_RUN)].map((m) => ({ text: m[0], phrase: m[0], index: m.index ?? 0 })).concat([...s.matchAll(/\b(?:weekends?|weekdays|every (?:day|morning|evening|night))\b/gi)].map((m) => ({ text: m[0], phrase: m[0], index: m.index ?? 0 })));
    case 'person': {
      // names inside quotes are titles ("Low Tide Letters"), not people
      const quoted = [...s.matchAll(/["“][^"”]*["”]/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as [number, number]);
      const out: Value[] = capitalizedNames(s)
        .filter((n) => !inSpans(quoted, n.index))
        .filter((n) => !asked.has(n.text.toLowerCase()) && !n.text.split(/\s+/).every((w) => asked.has(w.toLowerCase())) && !NOT_A_PERSON.test(n.text) && /\p{Ll}/u.test(n.text))
        .map((n) => ({ text: n.text, phrase: n.text, index: n.index }));
      for (const m of s.matchAll(RELATION)) {
        // "my daughter's birthday", "my kids' smiles" are about the birthday, the smiles; "his dad" when the question asks about the dad is no answer
        if (/^['’](?:s\b|\s|$)/.test(s.slice((m.index ?? 0) + m[0].length))) continue;
        if (m[0].split(/\s+/).slice(1).every((w) => asked.has(w.toLowerCase()) || /^(?:best|close|old|new|little|big|older|younger)$/i.test(w))) continue;
        out.push({ text: m[0], phrase: m[0], index: m.index ?? 0 });
      }
      return out.sort((x, y) => x.index - y.index);
    }
    case 'place': {
      const out: Value[] = [];
      for (const m of s.matchAll(/\b(?:in|at|to|from|near|around|across|through|into|visit(?:ed|ing)?|moved to|went to|go to|trip to)\s+(?:the\s+)?([A-Z][\p{L}'’-]*(?:\s+(?:(?:de|da|do|am|an|der|la|le|of|the)\s+)?[A-Z0-9][\p{L}'’-]*)*)/gu)) {
        const name = m[1].replace(/['’]s$/, '');
        if (isNameStop(name) || asked.has(name.toLowerCase())) continue;
        out.push({ text: name, phrase: m[0], index: (m.index ?? 0) + m[0].indexOf(m[1]) });
      }
      for (const m of s.matchAll(PLACE_NOUN)) if (!asked.has(m[0].replace(/^the\s+/i, '').toLowerCase())) out.push({ text: m[0].replace(/^the\s+/i, ''), phrase: m[0], index: m.index ?? 0 });
      return out.sort((x, y) => x.index - y.index);
    }
    case 'name': {
      const out: Value[] = [];
      // a title in quotes; an apostrophe inside a word ("it's", "what's") opens or closes none
      for (const m of s.matchAll(/["“]([^"”]{2,80})["”]|(?<![\p{L}\p{N}])['‘]([^'’]{2,80})['’](?![\p{L}\p{N}])/gu)) out.push({ text: m[1] ?? m[2], phrase: m[0], index: m.index ?? 0 });
      for (const n of capitalizedNames(s)) if (!asked.has(n.text.toLowerCase())) out.push({ text: n.text, phrase: n.text, index: n.index });
      for (const m of s.matchAll(/\b(?:named|called|name is|name was|name's)\s+(?:(?:it|him|her|them)\s+)?([A-Z][\p{L}'’-]*(?:\s+[A-Z][\p{L}'’-]*)*)/gu)) out.unshift({ text: m[1], phrase: m[0], index: m.index ?? 0, raw: 'named' });
      return out;
    }
    default:
      return [];
  }
}

/** "7 years" rather than "365 weeks": a duration in the units it was said in. */
function durationText(phrase: string, minutes: number): string {
  const m = /^(\d+(?:[.,]\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|forty-five|fifty|half an?)\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|years?)\b(\s+and\s+a\s+half)?$/i.exec(phrase.trim());
  if (m && /^(?:days?|weeks?|months?|years?)$/i.test(m[2])) {
    const n = /^\d/.test(m[1]) ? Number(m[1].replace(',', '.')) : /^half/i.test(m[1]) ? 0.5 : quantityValue(m[1]) ?? NaN;
    if (Number.isFinite(n)) {
      const total = n + (m[3] ? 0.5 : 0);
      const unit = m[2].toLowerCase().replace(/s$/, '');
      return `${Number.isInteger(total) ? total : total.toFixed(1)} ${unit}${total === 1 ? '' : 's'}`;
    }
  }
  return humanMinutes(minutes);
}

/** A sentence that only reacts ("Thanks, Ana!", "Sounds great!", "Wow, same here!"). */
export function isFiller(s: string): boolean {
  const t = s.trim().replace(/[!?.…]+$/, '');
  return /^(?:(?:oh|ah|aw+|wow|yeah|yes|yep|yup|no|nope|ok(?:ay)?|sure|great|awesome|nice|cool|haha|lol|hey|hi|hello|thanks?(?: you| so much)?|congrats|congratulations|amazing|totally|definitely|absolutely|same here|me too|good luck|take care|bye|see you|sounds (?:great|good|fun|amazing|awesome|lovely)|that's (?:great|awesome|amazing|so cool|cool|wonderful|lovely)|glad to hear(?: it)?|you too|of course|no worries|right|true|exactly|indeed)[\s,!.]*)+(?:\s*[A-Z][a-z]+)?$/i.test(t);
}

/** "I just opened …", "I've finished …", "the café is open", "I'm currently learning …": news of the day it is told. */
const REPORTED_NOW = /\b(?:just|finally|today|tonight|this (?:morning|afternoon|evening)|currently|right now)\b|\b(?:i've|we've|i have|we have|(?:he|she|it)(?:'s| has))\s+(?:just\s+|finally\s+|recently\s+|now\s+)?(?!been\b|got to\b|always\b|never\b|ever\b)[a-z]+(?:ed|en|wn|un|ught|ade|ot|ound|one)\b|\b(?:is|are)\s+(?:now\s+|finally\s+|officially\s+)?(?:open|done|finished|out|live|official|over)\b/i;
const NOT_REPORT = /\?\s*$|\b(?:would|will|'ll|’ll|going to|gonna|plan(?:ning)? to|want(?:ed)? to|hop(?:e|ing) to|can't wait|wish|might|maybe|someday|one day)\b/i;

/**
 * A sentence that tells something as news of the day it is said, with no date of its own: the
 * day of its message dates it ("around" that day), for a question that asks when. Null when it
 * states a date, asks, or tells a plan or a wish.
 */
export function reportedOn(s: string, at: string): Value | null {
  if (NOT_REPORT.test(s) || findDates(s, at).length) return null;
  if (!REPORTED_NOW.test(s)) return null;
  return { text: `around ${longDate(at.slice(0, 10))} (when it was said)`, phrase: '', index: 0, raw: at.slice(0, 10), implicit: 'said' };
}

/** Words before a duration that make it a span up to now ("I've been rowing for about six weeks"). */
const ONGOING_BEFORE = /(?:(?:\bbeen|\b(?:have|has)\s+(?:had|known|lived|owned|kept)|['’]ve\s+(?:had|known|lived|owned|kept))\b[^.!?]{0,50}?\bfor|\b(?:for|over|in) the (?:past|last))\s+(?:about|around|almost|nearly|over|just under|just over|roughly|more than|less than|close to)?\s*$/i;

/**
 * When something that still goes on began: a span up to the day it is told ("Seven years now",
 * "I've been playing professionally for just under a year") counted back from its message's day;
 * the month for spans of months or years, the day for shorter ones.
 */
export function ongoingSince(s: string, at: string): Value | null {
  for (const d of findDurations(s)) {
    const i = s.indexOf(d.phrase);
    const after = s.slice(i + d.phrase.length);
    if ((!/^\s+now\b/i.test(after) && !ONGOING_BEFORE.test(s.slice(0, i))) || /^\s+(?:ago|before|earlier|later|until|till)\b/i.test(after)) continue;
    const days = d.minutes / 1440;
    if (days < 1) continue;
    const day = at.slice(0, 10);
    if (days >= 28) {
      const start = addMonths(day, -Math.round(days / 30.44));
      return { text: `since about ${formatDate(start, 'MMMM yyyy')}`, phrase: d.phrase, index: i, raw: start, implicit: 'span' };
    }
    const start = addDays(day, -Math.round(days));
    return { text: `since about ${longDate(start)}`, phrase: d.phrase, index: i, raw: start, implicit: 'span' };
  }
  return null;
}
