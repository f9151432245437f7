// What Ask computes in code rather than asking a model for (the PCM study found raw dates and
// counts among the main failures of NL→SPARQL): differences between dates, ISO 8601 durations,
// counts and sums, the latest value of a fact that changed, the n-th of a series; and, from
// message text, the dates, durations and amounts a sentence states (relative dates resolved
// against the time of the message that says them).
import { chrono, type Chrono } from '../common/chrono';
import { quantityValue } from '../../../../shared/text/numbers';
import { daysBetween, isDate, longDate, MONTH_NAMES, shiftMonth, weekdayBefore, ymd } from '../../../../shared/dates/calendar';

// ---- ISO 8601 durations

export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function parseIsoDuration(text: string): Duration | null {
  const m = /^(-)?P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/.exec(text.trim());
  if (!m || text.trim() === 'P' || /T$/.test(text.trim())) return null;
  const n = (i: number) => (m[i] ? Number(m[i].replace(',', '.')) : 0);
  return { years: n(2), months: n(3), weeks: n(4), days: n(5), hours: n(6), minutes: n(7), seconds: n(8) };
}

const plural = (n: number, unit: string) => `${Number.isInteger(n) ? n : Number(n.toFixed(2))} ${unit}${n === 1 ? '' : 's'}`;

/** "1 hour 30 minutes", "35 minutes", "2 weeks". */
export function humanDuration(d: Duration): string {
  const parts: string[] = [];
  if (d.years) parts.push(plural(d.years, 'year'));
  if (d.months) parts.push(plural(d.months, 'month'));
  if (d.weeks) parts.push(plural(d.weeks, 'week'));
  if (d.days) parts.push(plural(d.days, 'day'));
  if (d.hours) parts.push(plural(d.hours, 'hour'));
  if (d.minutes) parts.push(plural(d.minutes, 'minute'));
  if (d.seconds) parts.push(plural(d.seconds, 'second'));
  return parts.join(' ') || '0 minutes';
}

export function humanMinutes(total: number): string {
  if (total >= 10080 && total % 10080 === 0) return plural(total / 10080, 'week');
  if (total >= 1440 && total % 1440 === 0) return plural(total / 1440, 'day');
  const h = Math.floor(total / 60);
  const m = Math.round(total - h * 60);
  return [h ? plural(h, 'hour') : '', m || !h ? plural(m, 'minute') : ''].filter(Boolean).join(' ');
}

// ---- dates

/** Days from a to b with a sentence that shows the arithmetic. */
export function dayDifference(a: string, b: string): { days: number; value: string; detail: string } {
  const [first, second] = a <= b ? [a.slice(0, 10), b.slice(0, 10)] : [b.slice(0, 10), a.slice(0, 10)];
  const days = daysBetween(first, second);
  const weeks = days >= 14 && days % 7 === 0 ? ` (${days / 7} weeks)` : '';
  return { days, value: `${plural(days, 'day')}${weeks}`, detail: `${second} − ${first} = ${plural(days, 'day')}` };
}

// ---- amounts

export interface Amount {
  amount: number;
  /** ISO 4217 when known ('EUR', 'USD', 'GBP'), else ''. */
  currency: string;
  phrase?: string;
}

const SYMBOLS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY' };
const CURRENCY_SIGN: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', JPY: '¥' };

export function formatMoney(amount: number, currency: string): string {
  const n = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  const sign = CURRENCY_SIGN[currency.toUpperCase()];
  return sign ? `${sign}${n}` : currency ? `${n} ${currency}` : n;
}

/** Sums per currency: "€480" or "€120 + $30". */
export function sumAmounts(values: Amount[]): { total: Map<string, number>; value: string; detail: string } {
  const total = new Map<string, number>();
  for (const v of values) total.set(v.currency.toUpperCase(), Math.round(((total.get(v.currency.toUpperCase()) ?? 0) + v.amount) * 100) / 100);
  const value = [...total].map(([cur, n]) => formatMoney(n, cur)).join(' + ');
  const detail = `${values.map((v) => formatMoney(v.amount, v.currency)).join(' + ')} = ${value}`;
  return { total, value, detail };
}

/** Amounts of money a text states ("€35", "120 euros", "$1,200.50", "EUR 55"). */
export function findAmounts(text: string): Amount[] {
  const out: Amount[] = [];
  const num = (s: string) => Number(s.replace(/,(?=\d{3}\b)/g, '').replace(',', '.'));
  for (const m of text.matchAll(/([€$£¥])\s?(\d{1,3}(?:,\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)/g)) out.push({ amount: num(m[2]), currency: SYMBOLS[m[1]], phrase: m[0] });
  // the symbol after the number, as much of Europe writes it ("about 70 €", "12,50€")
  for (const m of text.matchAll(/(?<![\d.,€$£¥]\s?)(\d{1,3}(?:[.\s]\d{3})*(?:,\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s?([€£¥])/g)) {
    const european = /,\d{1,2}$/.test(m[1]) || /\.\d{3}/.test(m[1]);
    out.push({ amount: european ? Number(m[1].replace(/[.\s]/g, '').replace(',', '.')) : num(m[1]), currency: SYMBOLS[m[2]], phrase: m[0] });
  }
  for (const m of text.matchAll(/(\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)\s?(euros?|eur|dollars?|usd|pounds?|gbp)\b/gi)) {
    const unit = m[2].toLowerCase();
    out.push({ amount: num(m[1]), currency: unit.startsWith('e') ? 'EUR' : unit.startsWith('d') || unit === 'usd' ? 'USD' : 'GBP', phrase: m[0] });
  }
  return out;
}

// ---- durations in text

const UNIT_MINUTES: Record<string, number> = { second: 1 / 60, sec: 1 / 60, minute: 1, min: 1, hour: 60, hr: 60, day: 1440, week: 10080, month: 43200, year: 525600 };

/** Durations a text states ("35 minutes", "an hour and a half", "1h 20m", "57 min"). */
export function findDurations(text: string): { minutes: number; phrase: string }[] {
  const out: { minutes: number; phrase: string }[] = [];
  const re = /\b(\d+(?:[.,]\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|forty-five|fifty|half an?)\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|years?)\b(\s+and\s+a\s+half)?/gi;
  for (const m of text.matchAll(re)) {
    const raw = m[1].toLowerCase();
    const n = /^\d/.test(raw) ? Number(raw.replace(',', '.')) : raw.startsWith('half') ? 0.5 : quantityValue(raw) ?? NaN;
    let unit = m[2].toLowerCase().replace(/s$/, '');
    if (unit === 'h') unit = 'hour';
    const per = UNIT_MINUTES[unit] ?? UNIT_MINUTES[unit.slice(0, 3)];
    if (!Number.isFinite(n) || !per) continue;
    out.push({ minutes: (n + (m[3] ? 0.5 : 0)) * per, phrase: m[0] });
  }
  return out;
}

// ---- dates in text

export interface TextDate {
  /** 'YYYY-MM-DD' (with 'THH:MM' when the text gives a time). */
  date: string;
  phrase: string;
  /** The text names the day (not only a weekday or a relative day). */
  explicit: boolean;
  /** How much the text says: a day, a month ("last month", "in May") or a year ("last year", "in 2022"). */
  precision: 'day' | 'month' | 'year';
  /** "summer 2022" for a season the text names (date: its first month). */
  season?: string;
}

const SEASON_MONTHS: Record<string, [number, number]> = { spring: [3, 5], summer: [6, 8], autumn: [9, 11], fall: [9, 11], winter: [12, 2] };

/** A date of a text as a person reads it, at its precision: "Sunday, May 7, 2023", "June 2023", "2022". */
export function dateText(d: Pick<TextDate, 'date' | 'precision' | 'season'>): string {
  if (d.season) return d.season;
  if (d.precision === 'year') return d.date.slice(0, 4);
  if (d.precision === 'month') return `${MONTH_NAMES[Number(d.date.slice(5, 7)) - 1]} ${d.date.slice(0, 4)}`;
  return longDate(d.date);
}

// chrono reads "Tue", "Tuesday", not "Tues" / "Thurs" / "Weds"
const WEEKDAY_SHORT = /\b(Tues|Thurs?|Weds)\b\.?/gi;
const WEEKDAY_FULL: Record<string, string> = { tues: 'Tuesday', thur: 'Thursday', thurs: 'Thursday', weds: 'Wednesday' };
const PAST_TENSE = /\b(?:was|were|did|had|went|got|took|made|ran|came|saw|met|won|ate|left|began|felt|found|gave|told|bought|brought|[a-z]{3,}ed)\b/i;

const FUTURE = /\b(will|going to|gonna|planned|plan to|booked|signed up|registered|upcoming|next|tomorrow|appointment (?:is|on)|scheduled|on the calendar|coming up|tickets? for|(?:is|are) on|wants? to|wanna|hop(?:e|es|ing) to|(?:would|'d|’d) (?:like|love) to|planning (?:to|on)|aim(?:s|ing)? to|intend(?:s|ing)? to|can't wait)\b/i;

/**
 * Dates a sentence states, resolved against the wall-clock time of the message that says them
 * ("last Wednesday" in a message of Tuesday 29 September 2026 → 2026-09-23). Bare durations
 * ("in 57 minutes") are not dates.
 */
/**
 * A month counted from the message's own month ("next month" on 31 August → September, "two
 * months ago" in May → March): whole calendar months, not 30-day steps from the day (which run
 * past the end of a short month). Null for any other phrase.
 */
function monthCounted(phrase: string, at: string): string | null {
  const t = phrase.trim().toLowerCase();
  let n: number | null = null;
  const rel = /^(?:the\s+)?(next|last|previous|past|coming|this)\s+month$/.exec(t);
  if (rel) n = rel[1] === 'this' ? 0 : rel[1] === 'next' || rel[1] === 'coming' ? 1 : -1;
  const ago = /^(.+?)\s+months?\s+ago$/.exec(t);
  if (ago) n = -(quantityValue(ago[1]) ?? NaN);
  const ahead = /^in\s+(.+?)\s+months?$/.exec(t);
  if (ahead) n = quantityValue(ahead[1]) ?? NaN;
  if (n === null || !Number.isInteger(n)) return null;
  const [y, m] = shiftMonth(Number(at.slice(0, 4)), Number(at.slice(5, 7)), n);
  return ymd(y, m, 1);
}

/**
 * The year a season named relative to a day begins in: "last summer" said in December is the
 * summer just past (same year), said in July the one of the year before; "next winter" said in
 * March begins in December; a winter said in January or February began the year before.
 */
function seasonYear(rel: 'last' | 'this' | 'next', season: string, at: string): number {
  const y = Number(at.slice(0, 4));
  const month = Number(at.slice(5, 7));
  const [from, to] = SEASON_MONTHS[season];
  const wraps = from > to;
  if (rel === 'this') return wraps && month <= to ? y - 1 : y;
  if (rel === 'next') return month < from ? y : y + 1;
  // the latest one that has ended
  if (wraps) return month <= to ? y - 2 : y - 1;
  return month > to ? y : y - 1;
}

/** A number right after a month that a unit follows is a quantity, not the month's year or day ("for September 92 euros"). */
const QUANTITY_UNIT = /^\s*(?:%|percent|euros?|dollars?|pounds|bucks|quid|eur|usd|gbp|chf|€|\$|£|km|kms|kilomet\w*|miles?|kg|kilos?|lbs?|minutes?|mins?|hours?|hrs?|times|people|pages|steps|calories|kcal)(?![\p{L}])/iu;
type ChronoResult = Pick<Chrono.ParsedResult, 'index' | 'text' | 'start'>;

/** The month alone when chrono read the quantity after it as a year or a day. */
function monthWithoutQuantity(r: Chrono.ParsedResult, text: string, ref: Date, forwardDate: boolean): ChronoResult {
  const m = new RegExp(`^(${MONTH_NAMES.join('|')})\\s+\\d{1,4}$`, 'i').exec(r.text.trim());
  if (!m || !QUANTITY_UNIT.test(text.slice(r.index + r.text.length))) return r;
  const month = chrono().parse(m[1], ref, { forwardDate })[0];
  return month ? { index: r.index, text: m[1], start: month.start } : r;
}

export function findDates(raw: string, at: string): TextDate[] {
  // "a few weeks back" says what "a few weeks ago" says
  const text = raw.replace(WEEKDAY_SHORT, (w, d: string) => WEEKDAY_FULL[d.toLowerCase()] ?? w).replace(/\b(days?|weeks?|months?|years?) back\b/gi, '$1 ago');
  const ref = new Date(Number(at.slice(0, 4)), Number(at.slice(5, 7)) - 1, Number(at.slice(8, 10)), Number(at.slice(11, 13) || 12), Number(at.slice(14, 16) || 0));
  const forwardDate = FUTURE.test(text);
  const past = !forwardDate && PAST_TENSE.test(text);
  const day = at.slice(0, 10);
  const out: TextDate[] = [];
  let results: Chrono.ParsedResult[] = [];
  try {
    results = chrono().parse(text, ref, { forwardDate });
  } catch {
    return out;
  }
  for (const found of results) {
    const r = monthWithoutQuantity(found, text, ref, forwardDate);
    const t = r.text.trim();
    if (/^(?:in\s+)?(?:\d+|a|an|one|two|three)\s+(?:seconds?|minutes?|mins?|hours?)$/i.test(t) || /^in \d+ minutes/i.test(t)) continue;
    if (/^\d{1,2}(?::\d{2})?$/.test(t)) continue;
    // "now", "right now": the time of the message itself, not a date it states
    if (/^(?:right\s+|just\s+)?now$/i.test(t)) continue;
    // "four days after the race" counts from the race, not from the message: not a date here
    if (/^(?:\w+|\d+)\s+(?:days?|weeks?|months?|years?)\s+(?:after|before|later|earlier)$/i.test(t)) continue;
    if (/^\s*(?:after|before)\s+(?:the|my|our|that|his|her)\b/i.test(text.slice(r.index + r.text.length, r.index + r.text.length + 14))) continue;
    // "for four years", "for two months": how long, not when
    if (/^for\s/i.test(t)) continue;
    const s = r.start;
    const hasDay = s.isCertain('day') || s.isCertain('weekday') || /\b(yesterday|today|tonight|tomorrow)\b/i.test(t) || (/\b(ago|last|next|this)\b/i.test(t) && /\b(days?|weeks?|weekends?|nights?|mornings?|evenings?|afternoons?)\b/i.test(t));
    // "a year ago" / "two months ago": about that month
    const precision: TextDate['precision'] = hasDay ? 'day' : s.isCertain('month') || /\b(?:years?|months?)\s+ago\b/i.test(t) ? 'month' : 'year';
    if (precision === 'year' && !/\b(?:years?|(?:19|20)\d{2})\b/i.test(t)) continue;
    let d = s.date();
    // "we went on Saturday" (past tense, a bare weekday): the Saturday before, not the next one
    if (past && s.isCertain('weekday') && !s.isCertain('day') && !/\b(?:next|this|coming)\b/i.test(t) && ymd(d.getFullYear(), d.getMonth() + 1, d.getDate()) > day) d = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 7, d.getHours(), d.getMinutes());
    let date = precision === 'day' ? ymd(d.getFullYear(), d.getMonth() + 1, d.getDate()) : precision === 'month' ? (monthCounted(t, at) ?? ymd(d.getFullYear(), d.getMonth() + 1, 1)) : ymd(d.getFullYear(), 1, 1);
    if (precision === 'day' && s.isCertain('hour')) date += `T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    out.push({ date, phrase: r.text, explicit: s.isCertain('day') && s.isCertain('month'), precision });
  }
  // what chrono leaves: "in 2022", "last summer", "the summer of 2021"
  for (const m of text.matchAll(/\b(?:in|since|during|of|back in)\s+((?:19|20)\d{2})\b/gi)) {
    if (out.some((x) => x.phrase.includes(m[1]))) continue;
    out.push({ date: `${m[1]}-01-01`, phrase: m[0], explicit: false, precision: 'year' });
  }
  for (const m of text.matchAll(/\b(?:(last|this|next)\s+(spring|summer|autumn|fall|winter)|(?:the\s+)?(spring|summer|autumn|fall|winter)\s+of\s+((?:19|20)\d{2}))\b/gi)) {
    const season = (m[2] ?? m[3]).toLowerCase();
    const year = m[4] ? Number(m[4]) : seasonYear(m[1].toLowerCase() as 'last' | 'this' | 'next', season, at);
    const [from] = SEASON_MONTHS[season];
    out.push({ date: ymd(year, from, 1), phrase: m[0], explicit: false, precision: 'month', season: `${season} ${year}` });
  }
  // "two weekends ago": the Saturday of the weekend that many weeks before the last one
  for (const m of text.matchAll(/\b(\w+|a couple of|a few)\s+weekends\s+ago\b/gi)) {
    const n = /^a couple of$/i.test(m[1]) ? 2 : /^a few$/i.test(m[1]) ? 3 : /^\d+$/.test(m[1]) ? Number(m[1]) : quantityValue(m[1]);
    if (!n || n < 1 || n > 12) continue;
    out.push({ date: weekdayBefore(day, 6, n - 1), phrase: m[0], explicit: false, precision: 'day' });
  }
  // "in early May", "by late March": the month (the last one by then, unless the text looks ahead)
  for (const m of text.matchAll(new RegExp(`\\b(?:early|mid|late)[- ]?(${MONTH_NAMES.join('|')})\\b(?!\\s+\\d)`, 'gi'))) {
    if (out.some((x) => x.phrase.includes(m[0]) || m[0].includes(x.phrase))) continue;
    const month = MONTH_NAMES.findIndex((n) => n.toLowerCase() === m[1].toLowerCase()) + 1;
    const y = Number(at.slice(0, 4));
    const year = !forwardDate && month > Number(at.slice(5, 7)) ? y - 1 : forwardDate && month < Number(at.slice(5, 7)) ? y + 1 : y;
    out.push({ date: ymd(year, month, 1), phrase: m[0], explicit: false, precision: 'month' });
  }
  return out;
}

// ---- the latest value of something that changed

export interface Candidate {
  value: string;
  label: string;
  /** When it became true (pcm:validFrom) or was said (the message's time). */
  since?: string;
  until?: string;
  superseded: boolean;
  ref?: string;
}

/**
 * The current value among candidates: those replaced by a newer one, or whose validity ended
 * before today, are dropped; of the rest, the most recent wins. Returns the ordered list too.
 */
export function latestValue(cands: Candidate[], today: string): { current: Candidate | null; ordered: Candidate[]; detail: string } {
  const live = cands.filter((x) => !x.superseded && !(x.until && x.until.slice(0, 10) < today));
  const byTime = (xs: Candidate[]) => [...xs].sort((a, b) => (b.since ?? '').localeCompare(a.since ?? ''));
  const current = byTime(live.length ? live : cands)[0] ?? null;
  const ordered = current ? [current, ...byTime(cands.filter((x) => x !== current))] : [];
  const dropped = cands.length - live.length;
  const detail = current
    ? `${cands.length} value${cands.length === 1 ? '' : 's'}${dropped ? `, ${dropped} replaced or ended` : ''}; the most recent${current.since ? ` (since ${current.since.slice(0, 10)})` : ''} is ${current.label}`
    : 'no value';
  return { current, ordered, detail };
}

/** The n-th (1-based; −1 = last) of rows in date order. */
export function nth<T extends { date?: string }>(rows: T[], n: number): T | null {
  const dated = rows.filter((r) => r.date).sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0));
  if (!dated.length) return null;
  return n < 0 ? dated[dated.length + n] ?? null : dated[n - 1] ?? null;
}

/** A literal as a person reads it: dates spelled out, durations in words, numbers as they are. */
export function readableValue(value: string, datatype?: string): string {
  if (datatype?.endsWith('#duration') || /^P(?:\d|T\d)/.test(value)) {
    const d = parseIsoDuration(value);
    if (d) return humanDuration(d);
  }
  if ((datatype?.endsWith('#date') || datatype?.endsWith('#dateTime')) && isDate(value)) return longDate(value);
  return value;
}
