// Pure geometry of the session timeline: session extents, density bins, hit-testing, and the
// zoom transform of the visible domain.
// Times are wall-clock strings handled as UTC milliseconds (see shared/dates/wall-clock.ts).
import { scaleLinear, scaleUtc } from 'd3-scale';
import { zoomIdentity, type ZoomTransform } from 'd3-zoom';
import { wallToMs } from '../../../shared/dates/wall-clock';
import { activityPeriods, COMPRESSED_GAP_DAYS } from '../../../shared/dates/activity';
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
 * A span's messages per day as marks (a span with too many sessions to load): each day's
 * messages spread over the day, as a session's are over its duration.
 */
export function dayMarks(days: [string, number][]): SessionMark[] {
  return days.map(([date, n]) => {
    const start = wallToMs(`${date}T00:00:00`);
    return { start, end: start + DAY - 1, session: { messageCount: n } as SessionInfo };
  });
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

// ---- compressed gaps: a piecewise-linear axis
//
// Months without a conversation between two sources (or two bursts of use) would take most of
// the width. The axis keeps every period with conversations at its real scale (one axis
// millisecond per real one, so zooming in to hours shows real hours) and shows each gap longer
// than GAP_MIN as a short break. The axis is a d3 polylinear scale (real knots → axis knots):
// zoom, brush, density and hit-testing all work on axis positions, and convert back to real
// times only to read a time or select a range.

/** Gaps of no conversation longer than this are compressed. */
export const GAP_MIN = COMPRESSED_GAP_DAYS * DAY;
/** Room kept at real scale on each side of a gap, so sessions never touch a break. */
const GAP_MARGIN = 2 * DAY;

export interface TimeBreak {
  /** The real gap that is compressed (no session in it). */
  start: number;
  end: number;
  /** Where it lies on the axis (much shorter than end - start). */
  axisStart: number;
  axisEnd: number;
}

export interface TimeWarp {
  toAxis(t: number): number;
  fromAxis(u: number): number;
  breaks: TimeBreak[];
}

export const IDENTITY_WARP: TimeWarp = { toAxis: (t) => t, fromAxis: (u) => u, breaks: [] };

/** The compressed axis for these sessions (identity when no gap is long enough). */
export function compressGaps(marks: SessionMark[], minGap = GAP_MIN): TimeWarp {
  return warpOfPeriods(activityPeriods(marks.map((m) => [m.start, m.end] as const), minGap));
}

/**
 * The compressed axis for periods of activity (shared/dates/activity.ts: sessions merged across
 * pauses up to GAP_MIN), given by the engine for a whole memory or made from the sessions known.
 */
export function warpOfPeriods(periods: [number, number][]): TimeWarp {
  if (periods.length < 2) return IDENTITY_WARP;
  const active = periods.reduce((s, [a, b]) => s + (b - a) + 2 * GAP_MARGIN, 0);
  // A break is short but visible: about 6 % of the active time, at least two days, whole days.
  const shown = (gap: number) => Math.min(gap, Math.max(2 * DAY, Math.round((active * 0.06) / DAY) * DAY));
  const realKnots: number[] = [periods[0][0]];
  const axisKnots: number[] = [periods[0][0]];
  const breaks: TimeBreak[] = [];
  for (let i = 1; i < periods.length; i++) {
    const start = periods[i - 1][1] + GAP_MARGIN;
    const end = periods[i][0] - GAP_MARGIN;
    const axisStart = axisKnots[axisKnots.length - 1] + (start - realKnots[realKnots.length - 1]);
    const axisEnd = axisStart + shown(end - start);
    realKnots.push(start, end);
    axisKnots.push(axisStart, axisEnd);
    breaks.push({ start, end, axisStart, axisEnd });
  }
  // A last stretch at real scale: outside the knots the scale goes on with its end segments'
  // slope (1), so the view may pan past the ends at real speed.
  const last = periods[periods.length - 1][1] + GAP_MARGIN;
  axisKnots.push(axisKnots[axisKnots.length - 1] + (last - realKnots[realKnots.length - 1]));
  realKnots.push(last);
  const scale = scaleLinear().domain(realKnots).range(axisKnots);
  return { toAxis: (t) => scale(t), fromAxis: (u) => scale.invert(u), breaks };
}

/** Sessions placed on the axis (for density, hit-testing and the domain, which work on axis positions). */
export function warpMarks(marks: SessionMark[], warp: TimeWarp): SessionMark[] {
  if (!warp.breaks.length) return marks;
  return marks.map((m) => ({ ...m, start: warp.toAxis(m.start), end: warp.toAxis(m.end) }));
}

export interface AxisTick {
  /** Real time of the tick. */
  time: number;
  x: number;
  label: string;
}

/**
 * Ticks over the visible axis: each stretch at real scale between breaks gets d3's time ticks
 * for its own width, so every period with conversations is labelled in its own terms.
 */
export function warpedTicks(warp: TimeWarp, domain: [number, number], width: number, spacing = 120): AxisTick[] {
  const px = (u: number) => ((u - domain[0]) / (domain[1] - domain[0])) * width;
  // Stretches of the axis between the breaks, clipped to the view.
  const stretches: [number, number][] = [];
  let from = domain[0];
  for (const b of warp.breaks) {
    if (b.axisEnd <= domain[0] || b.axisStart >= domain[1]) continue;
    if (b.axisStart > from) stretches.push([from, b.axisStart]);
    from = Math.max(from, b.axisEnd);
  }
  if (from < domain[1]) stretches.push([from, domain[1]]);
  const out: AxisTick[] = [];
  for (const [a, b] of stretches) {
    const w = px(b) - px(a);
    if (w < 40) continue;
    const real = scaleUtc().domain([new Date(warp.fromAxis(a)), new Date(warp.fromAxis(b))]).range([px(a), px(b)]);
    const format = real.tickFormat();
    // Clear of a break's label (at the break), close to the view's own edges.
    const lo = px(a) + (a === domain[0] ? 24 : 44);
    const hi = px(b) - (b === domain[1] ? 24 : 44);
    const before = out.length;
    for (const t of real.ticks(Math.max(1, Math.floor(w / spacing)))) {
      const x = real(t);
      if (x < lo || x > hi) continue;
      out.push({ time: t.getTime(), x, label: format(t) });
    }
    // A short period whose round ticks all fall near its edges still gets one label: the day
    // at its middle (every period with conversations says when it is).
    if (out.length === before) {
      const day = new Date(Math.round(real.invert((px(a) + px(b)) / 2).getTime() / DAY) * DAY);
      out.push({ time: day.getTime(), x: real(day), label: format(day) });
    }
  }
  return out;
}

/** "3 months", "2 years": how long a break is, for its label. */
export function gapLabel(ms: number): string {
  const days = ms / DAY;
  if (days < 60) return `${Math.round(days / 7)} weeks`;
  if (days < 548) return `${Math.round(days / 30.44)} months`;
  const years = days / 365.25;
  return `${years < 10 ? years.toFixed(1).replace(/\.0$/, '') : Math.round(years)} years`;
}
