// Formatting of wall-clock times, counts and durations. Wall-clock strings have no zone: the
// date toolkit (shared/dates) reads them as calendar days, so no local zone or DST shift creeps in.
import { isDate, MONTH_ABBREVIATIONS } from '../../../shared/dates/calendar';
import { countOf, formatNumber } from '../../../shared/text/plural';

export { nounFor } from '../../../shared/text/plural';

export function formatDate(wall: string | null | undefined): string {
  if (!wall) return '—';
  return isDate(wall) ? `${monthDay(wall)}, ${wall.slice(0, 4)}` : wall;
}

export function formatTime(wall: string): string {
  return wall.length >= 16 ? wall.slice(11, 16) : '';
}

export function formatDateTime(wall: string | null | undefined): string {
  if (!wall) return '—';
  const time = formatTime(wall);
  return time ? `${formatDate(wall)} ${time}` : formatDate(wall);
}

/** 'Mar 3 – Apr 9, 2024', 'Mar 3, 2024 09:00–11:30', … */
export function formatRange(from: string | null | undefined, to: string | null | undefined): string {
  if (!from || !to) return '—';
  if (from.slice(0, 10) === to.slice(0, 10)) {
    const t1 = formatTime(from);
    const t2 = formatTime(to);
    return t1 && t2 && t1 !== t2 ? `${formatDate(from)} ${t1}–${t2}` : formatDate(from);
  }
  if (isDate(from) && isDate(to) && from.slice(0, 4) === to.slice(0, 4)) {
    return `${monthDay(from)} – ${formatDate(to)}`;
  }
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/**
 * 'Mar 3' of a date or wall clock (date-fns's 'MMM d', written out: dates are on every row of the
 * first screen, and date-fns's formatter is large code to compile for so little).
 */
function monthDay(date: string): string {
  return `${MONTH_ABBREVIATIONS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return formatNumber(n);
}

export function formatCompact(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  if (n < 10_000) return formatNumber(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** "1 source", "2 sources": by the language's plural rules (shared/text/plural.ts). */
export function plural(n: number, one: string, many?: string): string {
  return countOf(n, one, many);
}

/** The message of an error for the person: ApiErrors are written for them already. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
