// Reads the many ways exports write a date into a wall clock, with the chrono-node it is given
// (parse-date.ts gives the one it imports; Node code that must not load chrono-node before it is
// needed gives a lazily loaded one).
import type * as Chrono from 'chrono-node';
import { parseIsoWallClock, wallClockOf, wallClockOfEpochMs, type WallClock } from './wall-clock';

// LongMemEval writes "2023/05/20 (Sat) 02:21"; chrono stops at the weekday in brackets.
const SLASHED_WITH_WEEKDAY = /^(\d{4})\/(\d{1,2})\/(\d{1,2})\s*(?:\([A-Za-z]+\))?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date written as text ('1:56 pm on 8 May, 2023', '2023/05/20 (Sat) 02:21', ISO-8601…)
 * or a number (epoch seconds, or milliseconds when too large for seconds). Null when the
 * text does not name a full calendar day.
 */
export function parseDateValueWith(chrono: Pick<typeof Chrono, 'strict'>, value: unknown): WallClock | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return wallClockOfEpochMs(value > 1e11 ? value : value * 1000);
  }
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  if (/^\d{9,13}(\.\d+)?$/.test(text)) return parseDateValueWith(chrono, Number(text));
  const iso = parseIsoWallClock(text);
  if (iso) return iso;
  const slashed = SLASHED_WITH_WEEKDAY.exec(text);
  if (slashed) {
    const [, y, mo, d, h, mi, s = '0'] = slashed;
    return wallClockOf(+y, +mo, +d, +h, +mi, +s);
  }
  const [result] = chrono.strict.parse(text, new Date(2000, 0, 1));
  const start = result?.start;
  if (!start || !start.isCertain('year') || !start.isCertain('month') || !start.isCertain('day')) return null;
  const offset = start.isCertain('timezoneOffset') ? (start.get('timezoneOffset') ?? null) : null;
  return wallClockOf(
    start.get('year')!,
    start.get('month')!,
    start.get('day')!,
    start.get('hour') ?? 0,
    start.get('minute') ?? 0,
    start.get('second') ?? 0,
    offset,
  );
}
