// Sentences of a message and the values of a kind they state: the dates (resolved against the
// message's own time), clock and race times, durations, amounts of money, counts, frequencies,
// numbers, people, places, days of the week, names. The answer from messages is a sentence that
// holds a value of the kind the question asks for, with that value picked out.
import type { AnswerKind } from './answer-type';
import { dateText, findAmounts, findDates, findDurations, formatMoney, humanMinutes } from './compute';

const ABBREVIATIONS = /\b(?:Dr|Mr|Mrs|Ms|St|Prof|Jr|Sr|vs|etc|approx|e\.g|i\.e|No|Nr|ca)\.$/i;

/** Sentences of a message (abbreviations like "Dr." and single initials do not end one). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const piece of text.split(/(?<=[.!?])\s+|\n+/)) {
    current = current ? `${current} ${piece}` : piece;
    if (ABBREVIATIONS.test(current.trim()) || /\b[A-Z]\.$/.test(current.trim())) continue;
    if (current.trim().length > 1) out.push(current.trim());
    current = '';
  }
  if (current.trim().length > 1) out.push(current.trim());
  return out.length ? out : [text.trim()];
}

export interface Value {
  /** As a person reads it ("Saturday, October 31, 2026", "53:48", "€55", "6", "Jonas"). */
  text: string;
  /** The words of the sentence it comes from. */
  phrase: string;
  /** Where the phrase starts in the sentence. */
  index: number;
  /** For dates: 'YYYY-MM-DD…'; for amounts: the number; for counts: the number. */
  raw?: string | number;
  currency?: string;
}

const WORD_NUMBER: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  forty: 40, fifty: 50, hundred: 100, dozen: 12, both: 2, couple: 2, several: 3, few: 3, once: 1, twice: 2,
};
const NUMBER_RE = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|a hundred|a dozen|a couple(?: of)?|a few|several|both)\b/gi;
const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)days?';
const WEEKDAY_RUN = new RegExp(`\\b${WEEKDAY}(?:(?:\\s*,\\s*|\\s+(?:and|or|to|through|till|until|-|–)\\s+|\\s*[-–/]\\s*)${WEEKDAY})*(?:\\s+(?:evenings?|mornings?|nights?|afternoons?))?`, 'gi');
const FREQUENCY = /\b(?:once|twice|thrice|(?:\d+|one|two|three|four|five|six|seven|a few|several|many|a couple of)\s+times?|every\s+(?:other\s+)?(?:day|night|morning|evening|week|weekend|month|year|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|daily|nightly|weekly|monthly|yearly|annually|each (?:day|week|month|year)|(?:most|some) (?:days|weekends|evenings|mornings))(?:\s+(?:a|per|each|every)\s+(?:day|week|month|year|weekend))?(?:\s+or\s+(?:once|twice|\w+ times)(?:\s+(?:a|per)\s+(?:day|week|month|year))?)?/gi;
const CLOCK = /\b(?:[01]?\d|2[0-3])[:.][0-5]\d(?::[0-5]\d)?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?(?!\s*(?:per|\/|a)\s*(?:km|mile|mi)\b)(?![.:]?\d)|\b(?:1[0-2]|0?[1-9])\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)|\b(?:noon|midnight)\b/gi;
const RACE = /\b\d{1,2}:[0-5]\d(?::[0-5]\d)?\b(?!\s*(?:per|\/|a)\s*(?:km|mile|mi)\b)/g;
const RELATION = /\b(?:my|his|her|their|our)\s+(?:(?:best|close|old|new|little|big|older|younger)\s+)?(?:mom|mum|mother|dad|father|parents?|sister|brother|siblings?|sis|bro|son|daughter|kids?|children|husband|wife|partner|boyfriend|girlfriend|fiancée?|friends?|buddies|buddy|pals?|colleagues?|coworkers?|co-workers?|boss|manager|team|neighbou?rs?|cousins?|aunt|uncle|grandma|grandmother|grandpa|grandfather|grandparents|family|fam|mentors?|teacher|coach|therapist|doctor|roommates?|classmates?|students?|dog|cat)\b(?:\s+[A-Z][\p{L}'-]+)*/gu;
/** Names that are places, venues or organisations rather than people. */
const NOT_A_PERSON = /\b(?:Theat(?:er|re)|Park|Street|Str|Road|Avenue|Square|Platz|Market|Station|Museum|Gallery|Bar|Café|Cafe|Restaurant|Hotel|Hall|Club|Center|Centre|Gym|Fitness|Boulders|Airport|Terminal|University|College|School|Church|Hospital|Clinic|Studio|Shop|Store|Company|Inc|Ltd|GmbH|Festival|Conference|Bridge|Lake|River|Valley|Mountains?|Island|City|Beach|Instagram|Facebook|YouTube|Twitter|TikTok)\b/;
const NAME_STOP = new Set('I I\'m I’m I\'ve I\'d I\'ll Every Each All Some Any Not Please Sorry Here There Now Even Still Anyway Actually Honestly Perhaps Probably Definitely Totally Absolutely Btw BTW By With From As After Before During Since Until Our Your His Her Their Its She He They You Me Us Them Him Whose Plus Also Only Once Twice Lately Recently Soon Later Earlier The A An My We It This That These Those And But So On In At For To Of Or If When Then Yes No Oh Hey Hi Hello Thanks Thank Wow Yeah Yep Sure Great Awesome Nice Cool Good Well Also Just Really Maybe Sounds Haha Lol Ok Okay Congrats Congratulations Aww Omg What Who Where Which How Why Do Did Does Is Are Was Were Have Has Had Can Could Will Would Should Let Last Next Today Tomorrow Yesterday Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Mon Tue Wed Thu Fri Sat Sun Dr Mr Mrs Ms'.split(' '));
const PLACE_NOUN = /\b(?:the\s+)?(?:beach|mountains?|forest|woods|lake|river|park|museum|gallery|library|church|school|university|college|gym|studio|office|cafe|café|restaurant|bar|pub|market|mall|store|shop|zoo|aquarium|theat(?:er|re)|cinema|stadium|hospital|clinic|airport|station|island|coast|countryside|city|town|village|camp(?:site|ground)?|trail|canyon|desert|waterfall|falls|garden|farm|vineyard|home|abroad)\b/gi;

const capitalizedNames = (s: string): { text: string; index: number }[] => {
  const out: { text: string; index: number }[] = [];
  for (const m of s.matchAll(/\b[A-Z][\p{L}'’-]*(?:\s+(?:(?:de|da|do|del|van|von|am|an|der|la|le|of|the)\s+)?[A-Z][\p{L}'’-]*)*/gu)) {
    const words = m[0].split(/\s+/);
    // a sentence's first word is capitalized anyway; names of one stop word are not names
    while (words.length && NAME_STOP.has(words[0].replace(/['’]s$/, ''))) words.shift();
    if (!words.length) continue;
    const text = words.join(' ').replace(/['’]s$/, '');
    const index = (m.index ?? 0) + m[0].indexOf(words[0]);
    if (index === 0 && words.length === 1 && /^[A-Z][a-z]+$/.test(text) && !/^[A-Z][a-z]+[A-Z]/.test(text)) {
      // a capitalized first word could be a name ("Jonas came too") or not ("Bouldering is fun"): keep names only when used like one later
      if (!/^\s*(?:[A-Z][\p{L}'’-]*\s+)?(?:and|said|says|came|went|was|is|has|had|looked|helped|gave|told|invited|joined|brought|will|,)/u.test(s.slice(m[0].length))) continue;
    }
    out.push({ text, index });
  }
  return out;
};

function numberOf(word: string): number {
  const w = word.toLowerCase().replace(/^a\s+/, '').replace(/\s+of$/, '');
  if (/^\d/.test(w)) return Number(w.replace(/,/g, ''));
  return WORD_NUMBER[w] ?? NaN;
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
      return findAmounts(s).map((a) => ({ text: formatMoney(a.amount, a.currency), phrase: a.phrase ?? '', index: s.indexOf(a.phrase ?? ''), raw: a.amount, currency: a.currency }));
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
        // "my daughter's birthday" is about her birthday; "his dad" when the question asks about the dad is no answer
        if (/^['’]s\b/.test(s.slice((m.index ?? 0) + m[0].length))) continue;
        if (m[0].split(/\s+/).slice(1).every((w) => asked.has(w.toLowerCase()) || /^(?:best|close|old|new|little|big|older|younger)$/i.test(w))) continue;
        out.push({ text: m[0], phrase: m[0], index: m.index ?? 0 });
      }
      return out.sort((x, y) => x.index - y.index);
    }
    case 'place': {
      const out: Value[] = [];
      for (const m of s.matchAll(/\b(?:in|at|to|from|near|around|across|through|into|visit(?:ed|ing)?|moved to|went to|go to|trip to)\s+(?:the\s+)?([A-Z][\p{L}'’-]*(?:\s+(?:(?:de|da|do|am|an|der|la|le|of|the)\s+)?[A-Z0-9][\p{L}'’-]*)*)/gu)) {
        const name = m[1].replace(/['’]s$/, '');
        if (NAME_STOP.has(name) || asked.has(name.toLowerCase())) continue;
        out.push({ text: name, phrase: m[0], index: (m.index ?? 0) + m[0].indexOf(m[1]) });
      }
      for (const m of s.matchAll(PLACE_NOUN)) if (!asked.has(m[0].replace(/^the\s+/i, '').toLowerCase())) out.push({ text: m[0].replace(/^the\s+/i, ''), phrase: m[0], index: m.index ?? 0 });
      return out.sort((x, y) => x.index - y.index);
    }
    case 'name': {
      const out: Value[] = [];
      for (const m of s.matchAll(/["“‘']([^"”’']{2,80})["”’']/g)) out.push({ text: m[1], phrase: m[0], index: m.index ?? 0 });
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
    const n = /^\d/.test(m[1]) ? Number(m[1].replace(',', '.')) : /^an?$/i.test(m[1]) ? 1 : /^half/i.test(m[1]) ? 0.5 : WORD_NUMBER[m[1].toLowerCase()] ?? (m[1].toLowerCase() === 'forty-five' ? 45 : NaN);
    if (Number.isFinite(n)) {
      const total = n + (m[3] ? 0.5 : 0);
      const unit = m[2].toLowerCase().replace(/s$/, '');
      return `${Number.isInteger(total) ? total : total.toFixed(1)} ${unit}${total === 1 ? '' : 's'}`;
    }
  }
  return humanMinutes(minutes);
}

/** A sentence that only reacts ("Thanks, Caroline!", "Sounds great!", "Wow, same here!"). */
export function isFiller(s: string): boolean {
  const t = s.trim().replace(/[!?.…]+$/, '');
  return /^(?:(?:oh|ah|aw+|wow|yeah|yes|yep|yup|no|nope|ok(?:ay)?|sure|great|awesome|nice|cool|haha|lol|hey|hi|hello|thanks?(?: you| so much)?|congrats|congratulations|amazing|totally|definitely|absolutely|same here|me too|good luck|take care|bye|see you|sounds (?:great|good|fun|amazing|awesome|lovely)|that's (?:great|awesome|amazing|so cool|cool|wonderful|lovely)|glad to hear(?: it)?|you too|of course|no worries|right|true|exactly|indeed)[\s,!.]*)+(?:\s*[A-Z][a-z]+)?$/i.test(t);
}
