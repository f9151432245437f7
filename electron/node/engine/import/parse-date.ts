// Dates as exports write them (shared/dates/parse-date-with.ts), with chrono-node loaded by the
// first date written in words (common/chrono.ts): most exports write epoch numbers or ISO-8601
// (ChatGPT, Claude, DeepSeek…), and an import of one then never loads it.
import { parseDateValueWith } from '../../../../shared/dates/parse-date-with';
import type { WallClock } from '../../../../shared/dates/wall-clock';
import { chrono } from '../common/chrono';

const lazyChrono = {
  get strict() {
    return chrono().strict;
  },
};

/**
 * A date written as text ('1:56 pm on 8 May, 2023', '2023/05/20 (Sat) 02:21', ISO-8601…)
 * or a number (epoch seconds, or milliseconds when too large for seconds). Null when the
 * text does not name a full calendar day.
 */
export function parseDateValue(value: unknown): WallClock | null {
  return parseDateValueWith(lazyChrono, value);
}
