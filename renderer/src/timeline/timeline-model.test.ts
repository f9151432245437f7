// Timeline geometry: density spreads a session over its duration; the zoom transform stands for
// the visible domain, from years down to hours, and never wanders far from the memory.
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../shared/types';
import { zoomIdentity } from 'd3-zoom';
import {
  DAY,
  HOUR,
  MAX_ZOOM_OUT,
  MIN_SPAN,
  clampDomain,
  compressGaps,
  constrainTransform,
  dayMarks,
  densityBins,
  domainOf,
  fullDomain,
  gapLabel,
  scaleExtentFor,
  sessionAt,
  spanDomain,
  toMarks,
  transformFor,
  warpedTicks,
  warpMarks,
  warpOfPeriods,
} from './timeline-model';
import { msToWall, wallToMs } from '../../../shared/dates/wall-clock';

const session = (id: number, start: string, end: string, messageCount: number): SessionInfo => ({
  id,
  conversationId: 1,
  sourceId: 1,
  ordinal: id,
  index: id,
  externalId: null,
  start,
  end,
  messageCount,
  conversationTitle: `c${id}`,
  speakers: [],
});

describe('timeline model', () => {
  const marks = toMarks([
    session(2, '2024-03-02T10:00:00', '2024-03-02T14:00:00', 40),
    session(1, '2024-03-01T09:00:00', '2024-03-01T09:30:00', 10),
  ]);

  it('sorts sessions and pads the domain', () => {
    expect(marks.map((m) => m.session.id)).toEqual([1, 2]);
    const [lo, hi] = fullDomain(marks);
    expect(lo).toBeLessThan(wallToMs('2024-03-01T09:00:00'));
    expect(hi).toBeGreaterThan(wallToMs('2024-03-02T14:00:00'));
  });

  it('keeps every message in the density bins', () => {
    const domain = fullDomain(marks);
    for (const width of [100, 800, 3000]) {
      const total = densityBins(marks, domain, width).reduce((s, b) => s + b.messages, 0);
      expect(total).toBeCloseTo(50, 6);
    }
    const hourly = densityBins(marks, [wallToMs('2024-03-02T00:00:00'), wallToMs('2024-03-03T00:00:00')], 2000);
    const busy = hourly.filter((b) => b.messages > 0);
    expect(busy.length).toBeGreaterThanOrEqual(4); // the 4-hour session spreads over its hours
  });

  it('pads the memory from its first and last message as from its sessions', () => {
    expect(spanDomain(wallToMs('2024-03-01T09:00:00'), wallToMs('2024-03-02T14:00:00'))).toEqual(fullDomain(marks));
    // A memory of one hour is shown as two days around it.
    const [lo, hi] = spanDomain(wallToMs('2024-03-01T09:00:00'), wallToMs('2024-03-01T10:00:00'));
    expect(hi - lo).toBeGreaterThanOrEqual(2 * DAY);
    expect(lo).toBeLessThan(wallToMs('2024-03-01T09:00:00'));
  });

  it('spreads messages per day over their days (a span with too many sessions to draw)', () => {
    const days: [string, number][] = [['2024-03-01', 30], ['2024-03-04', 90]];
    const domain: [number, number] = [wallToMs('2024-02-28T00:00:00'), wallToMs('2024-03-06T00:00:00')];
    const bins = densityBins(dayMarks(days), domain, 700);
    expect(bins.reduce((n, b) => n + b.messages, 0)).toBeCloseTo(120, 6);
    const on = (wall: string) => bins.filter((b) => b.start <= wallToMs(wall) && b.end > wallToMs(wall)).reduce((n, b) => n + b.messages, 0);
    expect(on('2024-03-04T12:00:00')).toBeGreaterThan(on('2024-03-01T12:00:00'));
    expect(on('2024-03-02T12:00:00')).toBe(0);
  });

  it('compresses the same pauses from the memory\'s periods as from all its sessions', () => {
    const all = toMarks([
      session(1, '2023-01-02T10:00:00', '2023-01-02T11:00:00', 5),
      session(2, '2023-01-20T10:00:00', '2023-01-20T11:00:00', 5),
      session(3, '2023-06-01T10:00:00', '2023-06-01T12:00:00', 5),
      session(4, '2024-02-01T10:00:00', '2024-02-01T10:30:00', 5),
    ]);
    // The engine's periods (ChatStore.activityPeriods): sessions merged across pauses of three weeks at most.
    const periods: [number, number][] = [
      [all[0].start, all[1].end],
      [all[2].start, all[2].end],
      [all[3].start, all[3].end],
    ];
    const fromSessions = compressGaps(all);
    const fromPeriods = warpOfPeriods(periods);
    expect(fromPeriods.breaks).toHaveLength(2);
    expect(fromPeriods.breaks).toEqual(fromSessions.breaks);
    for (const m of all) expect(fromPeriods.toAxis(m.start)).toBeCloseTo(fromSessions.toAxis(m.start), 6);
  });

  it('finds the session under the pointer', () => {
    const domain: [number, number] = [wallToMs('2024-03-01T00:00:00'), wallToMs('2024-03-03T00:00:00')];
    const toPx = (t: number) => ((t - domain[0]) / (domain[1] - domain[0])) * 960;
    expect(sessionAt(marks, toPx(wallToMs('2024-03-02T12:00:00')), toPx)?.session.id).toBe(2);
    expect(sessionAt(marks, toPx(wallToMs('2024-03-01T20:00:00')), toPx)).toBeNull();
  });

  const limits: [number, number] = [wallToMs('2020-01-01T00:00:00'), wallToMs('2025-01-01T00:00:00')];

  it('reads a zoom transform as the visible domain, and back', () => {
    expect(domainOf(zoomIdentity, limits, 1000)).toEqual(limits);
    const week: [number, number] = [wallToMs('2023-06-01T00:00:00'), wallToMs('2023-06-08T00:00:00')];
    for (const width of [300, 1000, 2560]) {
      const t = transformFor(week, limits, width);
      const [a, b] = domainOf(t, limits, width);
      expect(a).toBeCloseTo(week[0], -1);
      expect(b).toBeCloseTo(week[1], -1);
      // The same domain at another width: another transform, the same view.
      expect(t.k).toBeCloseTo((limits[1] - limits[0]) / (7 * DAY), 6);
    }
    expect(msToWall(wallToMs('2024-03-01T09:05:07'))).toBe('2024-03-01T09:05:07');
  });

  it('zooms from 1.5 times the memory down to a couple of hours, never beyond', () => {
    const [kMin, kMax] = scaleExtentFor(limits);
    const width = 1200;
    const widest = domainOf(zoomIdentity.scale(kMin), limits, width);
    expect((widest[1] - widest[0]) / (limits[1] - limits[0])).toBeCloseTo(MAX_ZOOM_OUT, 9);
    const closest = domainOf(zoomIdentity.scale(kMax), limits, width);
    expect(closest[1] - closest[0]).toBeCloseTo(MIN_SPAN, -1);
    expect(MIN_SPAN).toBeLessThanOrEqual(2 * HOUR);
  });

  it('keeps the view within a quarter of its span of the memory', () => {
    const span = 30 * DAY;
    expect(clampDomain([limits[0] - span, limits[0]], limits)).toEqual([limits[0] - span / 4, limits[0] + (3 * span) / 4]);
    expect(clampDomain([limits[1], limits[1] + span], limits)).toEqual([limits[1] - (3 * span) / 4, limits[1] + span / 4]);
    const inside: [number, number] = [limits[0] + span, limits[0] + 2 * span];
    expect(clampDomain(inside, limits)).toBe(inside);
    // As d3-zoom's constrain: a pan far past the end comes back to the edge, at the same zoom.
    const width = 800;
    const constrain = constrainTransform(limits);
    const extent: [[number, number], [number, number]] = [
      [0, 0],
      [width, 60],
    ];
    const far = transformFor([limits[1] + 100 * DAY, limits[1] + 100 * DAY + span], limits, width);
    const [a, b] = domainOf(constrain(far, extent), limits, width);
    expect(b - a).toBeCloseTo(span, -1);
    expect(b).toBeCloseTo(limits[1] + span / 4, -1);
    const ok = transformFor(inside, limits, width);
    expect(constrain(ok, extent)).toBe(ok);
  });
});

describe('compressed gaps', () => {
  const at = (wall: string, hours = 1) => ({ start: wallToMs(wall), end: wallToMs(wall) + hours * HOUR });
  const marksOf = (...spans: { start: number; end: number }[]) => spans.map((s, i) => ({ ...s, session: { id: i + 1, messageCount: 10 } as SessionInfo }));

  it('keeps periods at real scale and shows a long gap as a short break', () => {
    // Two sources three years apart, each a month of conversations.
    const marks = marksOf(at('2022-03-01T10:00:00'), at('2022-03-20T10:00:00'), at('2025-06-01T10:00:00'), at('2025-06-15T10:00:00'));
    const warp = compressGaps(marks);
    expect(warp.breaks).toHaveLength(1);
    const [b] = warp.breaks;
    expect(b.end - b.start).toBeGreaterThan(3 * 365 * DAY - 30 * DAY);
    // The break is short: a few days of axis for three years of nothing.
    expect(b.axisEnd - b.axisStart).toBeLessThanOrEqual(7 * DAY);
    expect(b.axisEnd - b.axisStart).toBeGreaterThanOrEqual(2 * DAY);
    // Within a period, one hour is one hour; across the gap, the axis is continuous and monotonic.
    const t = wallToMs('2025-06-10T10:00:00');
    expect(warp.toAxis(t + HOUR) - warp.toAxis(t)).toBeCloseTo(HOUR, 3);
    expect(warp.toAxis(wallToMs('2022-03-05T00:00:00') + HOUR) - warp.toAxis(wallToMs('2022-03-05T00:00:00'))).toBeCloseTo(HOUR, 3);
    expect(warp.fromAxis(warp.toAxis(t))).toBeCloseTo(t, 0);
    // Past the ends, real speed (so panning beyond the memory behaves as before).
    const end = wallToMs('2025-07-30T00:00:00');
    expect(warp.toAxis(end + DAY) - warp.toAxis(end)).toBeCloseTo(DAY, 3);
    // Each period gets room: more than a third of the axis each.
    const axis = warpMarks(marks, warp);
    const span = axis[3].end - axis[0].start;
    expect((axis[1].end - axis[0].start) / span).toBeGreaterThan(0.3);
    expect(gapLabel(b.end - b.start)).toBe('3.2 years');
  });

  it('leaves sessions weeks apart alone', () => {
    const marks = marksOf(at('2026-09-01T10:00:00'), at('2026-09-15T10:00:00'), at('2026-10-02T10:00:00'));
    const warp = compressGaps(marks);
    expect(warp.breaks).toEqual([]);
    expect(warp.toAxis(123)).toBe(123);
    expect(warpMarks(marks, warp)).toBe(marks);
  });

  it('labels each period with its own ticks, none inside a break', () => {
    const marks = marksOf(at('2022-03-01T10:00:00'), at('2022-03-20T10:00:00'), at('2025-06-01T10:00:00'), at('2025-06-15T10:00:00'));
    const warp = compressGaps(marks);
    const axis = warpMarks(marks, warp);
    const domain = fullDomain(axis);
    const ticks = warpedTicks(warp, domain, 1000);
    const [b] = warp.breaks;
    expect(ticks.some((t) => t.label.includes('Mar') || /^\d+$/.test(t.label))).toBe(true);
    expect(ticks.filter((t) => new Date(t.time).getUTCFullYear() === 2025).length).toBeGreaterThan(1);
    expect(ticks.filter((t) => new Date(t.time).getUTCFullYear() === 2022).length).toBeGreaterThan(1);
    for (const t of ticks) expect(t.time < b.start || t.time > b.end).toBe(true);
    expect(ticks.map((t) => t.x)).toEqual([...ticks.map((t) => t.x)].sort((x, y) => x - y));
  });

  it('gives a period of a few days one label even when its round ticks fall at its edges', () => {
    const marks = marksOf(at('2023-04-03T09:00:00'), at('2023-04-07T09:00:00'), at('2026-09-14T20:00:00'), at('2026-11-05T18:00:00'));
    const warp = compressGaps(marks);
    const domain = fullDomain(warpMarks(marks, warp));
    const ticks = warpedTicks(warp, domain, 600);
    const early = ticks.filter((t) => new Date(t.time).getUTCFullYear() === 2023);
    expect(early).toHaveLength(1);
    expect(early[0].x).toBeLessThan(warpedTicks(warp, domain, 600).find((t) => new Date(t.time).getUTCFullYear() === 2026)!.x);
  });
});
