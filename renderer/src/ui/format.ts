// Formatting of wall-clock times, counts and durations. Wall-clock strings have no zone: the
// date toolkit (shared/dates) reads them as calendar days, so no local zone or DST shift creeps in.
import { formatDate as formatDay, isDate } from '../../../shared/dates/calendar';
import { countOf } from '../../../shared/text/plural';

export { nounFor } from '../../../shared/text/plural';

export function formatDate(wall: string | null | undefined): string {
  if (!wall) return '—';
  return isDate(wall) ? formatDay(wall, 'MMM d, yyyy') : wall;
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
    return `${formatDay(from, 'MMM d')} – ${formatDay(to, 'MMM d, yyyy')}`;
  }
  return `${formatDate(from)} – ${formatDate(to)}`;
}

export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return n.toLocaleString('en-US');
}

export function formatCompact(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  if (n < 10_000) return n.toLocaleString('en-US');
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
