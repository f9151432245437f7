// Time cues on both sides of retrieval.
// - A "when" question is answered by the message that mentions the event, and people date
//   events relative to the conversation ("yesterday", "last week", "two years ago"): such a
//   message carries a time expression far more often than an average message does.
// - A question that names a date or a month ("on 3 June, 2023", "in March 2023") points at
//   the messages written then.
import { addDays, endOfMonth, MONTH_PATTERN, monthNumber, ymd } from '../../../../shared/dates/calendar';

const MONTH_RE = `(${MONTH_PATTERN})`;

const TIME_EXPRESSION = new RegExp(
  '\\b(' +
    [
      'yesterday', 'today', 'tonight', 'tomorrow', 'ago', 'lately', 'recently', 'soon',
      'last (?:night|week|weekend|month|year|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|fall|autumn|winter)',
      'next (?:week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|fall|autumn|winter)',
      'this (?:morning|afternoon|evening|week|weekend|month|year|spring|summer|fall|autumn|winter|past)',
      'the other day', 'a while back', 'since', 'years?', 'months?', 'weeks?', 'weekends?',
      'monday|tuesday|wednesday|thursday|friday|saturday|sunday',
      'january|february|march|april|june|july|august|september|october|november|december',
      '(?:19|20)\\d\\d',
    ].join('|') +
    ')\\b',
  'i',
);

/** Does the message date something ("last week", "two years ago", "in May")? */
export function hasTimeExpression(text: string): boolean {
  return TIME_EXPRESSION.test(text);
}

/** Does the question ask for a time ("When did…", "How long ago…", "What year…")? */
export function asksForTime(question: string): boolean {
  return /\b(when|how long|how many (?:years|months|weeks|days)|what (?:year|month|day|date|time)|which (?:year|month|day|date))\b/i.test(
    question,
  );
}

export interface DateWindow {
  /** Inclusive 'YYYY-MM-DD' bounds, when the year is known. */
  from?: string;
  to?: string;
  /** 1–12 when only a month is named ("in June"): matches that month of any year. */
  month?: number;
  /** With `month`: the day of a date named without its year ("on July 3rd"). */
  day?: number;
  /** The words that named the window, removed from the text query (they rarely occur in messages). */
  phrase: string;
}

/** A month's name as the regex matched it ("sept", "june") → 1–12. */
const monthIndex = (token: string) => monthNumber(token)!;

/**
 * The date window a question names, if any: a day ("3 June, 2023", "May 3, 2023"),
 * a month of a year ("March 2023", "in June 2023"), a month alone ("in June") or a year ("in 2022").
 * The words before the date shape it: "as of / by / until December 2023" means everything up to
 * then, "since / after" everything from then, "the week before 16 November" the week up to it.
 */
export function dateWindow(question: string): DateWindow | null {
  const found = findDate(question);
  if (!found) return null;
  const { window: w, index } = found;
  const before = question.slice(Math.max(0, index - 24), index).toLowerCase();
  if (/\b(as of|by|until|till|up to|through)\s*$/.test(before)) return { to: w.to, phrase: w.phrase };
  // A day is where an event "the week before / the Saturday after" it was talked about, give or take a week.
  const isDay = w.from !== undefined && w.from === w.to;
  if (isDay && /\bbefore\s*$/.test(before)) return { from: addDays(w.from!, -7), to: w.to, phrase: w.phrase };
  if (isDay && /\bafter\s*$/.test(before)) return { from: w.from, to: addDays(w.to!, 7), phrase: w.phrase };
  if (/\b(since|after|from)\s*$/.test(before)) return { from: w.from, phrase: w.phrase };
  return w;
}

function findDate(question: string): { window: DateWindow; index: number } | null {
  let m = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE},?\\s+((?:19|20)\\d\\d)\\b`, 'i').exec(question);
  if (m) return { window: day(Number(m[3]), monthIndex(m[2]), Number(m[1]), m[0]), index: m.index };
  m = new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d\\d)\\b`, 'i').exec(question);
  if (m) return { window: day(Number(m[3]), monthIndex(m[1]), Number(m[2]), m[0]), index: m.index };
  m = new RegExp(`\\b${MONTH_RE},?\\s+((?:19|20)\\d\\d)\\b`, 'i').exec(question);
  if (m) {
    const y = Number(m[2]);
    const mo = monthIndex(m[1]);
    return { window: { from: ymd(y, mo, 1), to: endOfMonth(ymd(y, mo, 1)), phrase: m[0] }, index: m.index };
  }
  // A day without its year ("on July 3rd", "on 3 July"): that day of any year.
  m = new RegExp(`\\b${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!,?\\s*\\d)`, 'i').exec(question);
  if (m && Number(m[2]) <= 31) return { window: { month: monthIndex(m[1]), day: Number(m[2]), phrase: m[0] }, index: m.index };
  m = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_RE}\\b(?!,?\\s*\\d)`, 'i').exec(question);
  if (m && Number(m[1]) <= 31) return { window: { month: monthIndex(m[2]), day: Number(m[1]), phrase: m[0] }, index: m.index };
  // A bare month needs a preposition: "may" alone is a verb.
  m = new RegExp(`\\b(?:in|during|of|since)\\s+(?:early\\s+|late\\s+|mid\\s+)?${MONTH_RE}\\b`, 'i').exec(question);
  if (m) return { window: { month: monthIndex(m[1]), phrase: m[0] }, index: m.index };
  m = /\b(?:in|during|of|since)\s+((?:19|20)\d\d)\b/i.exec(question);
  if (m) return { window: { from: `${m[1]}-01-01`, to: `${m[1]}-12-31`, phrase: m[0] }, index: m.index };
  return null;
}

function day(y: number, mo: number, d: number, phrase: string): DateWindow {
  const iso = ymd(y, mo, d);
  return { from: iso, to: iso, phrase };
}

/** Is this wall-clock timestamp inside the window? */
export function inWindow(timestamp: string, w: DateWindow): boolean {
  if (w.month) return Number(timestamp.slice(5, 7)) === w.month && (w.day === undefined || Number(timestamp.slice(8, 10)) === w.day);
  const date = timestamp.slice(0, 10);
  if (w.from && date < w.from) return false;
  if (w.to && date > w.to) return false;
  return true;
}
