// Reads the many ways exports write a date into a wall clock (parse-date-with.ts, with chrono-node).
import * as chrono from 'chrono-node';
import type { WallClock } from './wall-clock';
import { parseDateValueWith } from './parse-date-with';

/**
 * A date written as text ('1:56 pm on 8 May, 2023', '2023/05/20 (Sat) 02:21', ISO-8601…)
 * or a number (epoch seconds, or milliseconds when too large for seconds). Null when the
 * text does not name a full calendar day.
 */
export function parseDateValue(value: unknown): WallClock | null {
  return parseDateValueWith(chrono, value);
}
