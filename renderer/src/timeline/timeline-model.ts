// Pure geometry of the session timeline: session extents, density bins, hit-testing, and the
// zoom transform of the visible domain.
// Times are wall-clock strings handled as UTC milliseconds (see shared/dates/wall-clock.ts).
import { zoomIdentity, type ZoomTransform } from 'd3-zoom';
import { wallToMs } from '../../../shared/dates/wall-clock';
import type { SessionInfo } from '../../../shared/types';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** The closest zoom: a few hours across the whole width. */
export const MIN_SPAN = 2 * HOUR;

export interface SessionMark {
  session: SessionInfo;
  start: number;
  end: number;
}

export function toMarks(sessions: SessionInfo[]): SessionMark[] {
  return sessions
    .map((session) => {
      const start = wallToMs(session.start);
      const end = Math.max(start, wallToMs(session.end));
      return { session, start, end };
    })
    .filter((m) => Number.isFinite(m.start))
    .sort((a, b) => a.start - b.start);
}

/** The whole memory with a margin, never narrower than two days. */
export function fullDomain(marks: SessionMark[]): [number, number] {
  if (marks.length === 0) {
    const now = Date.now();
    return [now - 30 * DAY, now];
  }
  return spanDomain(marks[0].start, Math.max(...marks.map((m) => m.end)));
}

/** The memory from its first to its last message (the overview's figures), with a margin. */
export function spanDomain(first: number, last: number): [number, number] {
  let lo = first;
  let hi = last;
  if (hi - lo < 2 * DAY) {
    const mid = (lo + hi) / 2;
    lo = mid - DAY;
    hi = mid + DAY;
  }
  const pad = (hi - lo) * 0.03;
  return [lo - pad, hi + pad];
}

const BIN_SIZES = [HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 7 * DAY, 30.44 * DAY, 91.3 * DAY, 365.25 * DAY];

/** A bin width that gives bars of at least `minPx` pixels. */
export function binSize(span: number, width: number, minPx = 4): number {
  const target = (span / Math.max(1, width)) * minPx;
  return BIN_SIZES.find((b) => b >= target) ?? BIN_SIZES[BIN_SIZES.length - 1];
}

export interface Bin {
  start: number;
  end: number;
  messages: number;
}

/**
 * Messages per time bin over the visible domain. A session's messages are spread evenly over
 * its duration, so a long session does not look like a spike at its start.
 */
export function densityBins(marks: SessionMark[], domain: [number, number], width: number): Bin[] {
  const size = binSize(domain[1] - domain[0], width);
  const first = Math.floor(domain[0] / size) * size;
  const count = Math.min(5000, Math.ceil((domain[1] - first) / size) + 1);
  const bins: Bin[] = Array.from({ length: count }, (_, i) => ({ start: first + i * size, end: first + (i + 1) * size, messages: 0 }));
  for (const m of marks) {
    if (m.end < first || m.start > domain[1]) continue;
    const n = m.session.messageCount;
    const dur = m.end - m.start;
    if (dur <= 0) {
      const i = Math.floor((m.start - first) / size);
      if (i >= 0 && i < count) bins[i].messages += n;
      continue;
    }
    const i0 = Math.max(0, Math.floor((m.start - first) / size));
    const i1 = Math.min(count - 1, Math.floor((m.end - first) / size));
    for (let i = i0; i <= i1; i++) {
      const overlap = Math.min(m.end, bins[i].end) - Math.max(m.start, bins[i].start);
      if (overlap > 0) bins[i].messages += (n * overlap) / dur;
    }
  }
  return bins;
}

/**
 * Messages per time bin from messages per day (a span with too many sessions to load): each
 * day's messages spread over the day, as a session's are over its duration.
 */
export function densityFromDays(days: [string, number][], domain: [number, number], width: number): Bin[] {
  const marks = days.map(([date, n]) => {
    const start = wallToMs(`${date}T00:00:00`);
    return { start, end: start + DAY - 1, session: { messageCount: n } as SessionInfo };
  });
  return densityBins(marks, domain, width);
}

/** The session under x (pixels), with `slack` pixels of tolerance; the largest wins a tie. */
export function sessionAt(
  marks: SessionMark[],
  x: number,
  toPx: (t: number) => number,
  slack = 3,
): SessionMark | null {
  let best: SessionMark | null = null;
  let bestDist = Infinity;
  for (const m of marks) {
    const x0 = toPx(m.start);
    const x1 = Math.max(toPx(m.end), x0 + 2);
    const dist = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
    if (dist > slack) continue;
    if (dist < bestDist || (dist === bestDist && best && m.session.messageCount > best.session.messageCount)) {
      best = m;
      bestDist = dist;
    }
  }
  return best;
}

// ---- zoom and pan (d3-zoom): the visible domain as a transform of the whole memory
//
// The zoom behaviour's base scale maps the limits (the whole memory) onto [0, width]; its
// transform k × base gives the visible domain. Zoomed all the way out, the view is 1.5× the
// memory; all the way in, MIN_SPAN. The view may leave the memory by a quarter of its own span.

/** How far out the view may zoom: this many times the whole memory. */
export const MAX_ZOOM_OUT = 1.5;

/** d3-zoom's scale extent for these limits. */
export function scaleExtentFor(limits: [number, number]): [number, number] {
  const span = limits[1] - limits[0];
  return [1 / MAX_ZOOM_OUT, Math.max(1, span / MIN_SPAN)];
}

/** The visible domain of a zoom transform over a plot `width` pixels wide. */
export function domainOf(transform: ZoomTransform, limits: [number, number], width: number): [number, number] {
  const w = Math.max(1, width);
  const span = limits[1] - limits[0];
  const at = (px: number) => limits[0] + (transform.invertX(px) / w) * span;
  return [at(0), at(w)];
}

/** The zoom transform that shows `domain` over a plot `width` pixels wide. */
export function transformFor(domain: [number, number], limits: [number, number], width: number): ZoomTransform {
  const w = Math.max(1, width);
  const k = (limits[1] - limits[0]) / Math.max(1, domain[1] - domain[0]);
  const x0 = ((domain[0] - limits[0]) / (limits[1] - limits[0])) * w;
  return zoomIdentity.translate(-k * x0, 0).scale(k);
}

/** Keeps a view near the memory: at most a quarter of its own span beyond either end. */
export function clampDomain(d: [number, number], limits: [number, number]): [number, number] {
  const span = d[1] - d[0];
  const lo = limits[0] - span * 0.25;
  const hi = limits[1] + span * 0.25;
  if (d[0] < lo) return [lo, lo + span];
  if (d[1] > hi) return [hi - span, hi];
  return d;
}

/** d3-zoom's constrain: the transform whose domain is clamped to the memory. */
export function constrainTransform(limits: [number, number]) {
  return (transform: ZoomTransform, extent: [[number, number], [number, number]]): ZoomTransform => {
    const width = extent[1][0] - extent[0][0];
    const domain = domainOf(transform, limits, width);
    const clamped = clampDomain(domain, limits);
    return clamped === domain ? transform : transformFor(clamped, limits, width);
  };
}
