// Timeline geometry: density spreads a session over its duration; zoom stays within limits.
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../shared/types';
import { DAY, HOUR, MIN_SPAN, densityBins, fullDomain, sessionAt, toMarks, zoomDomain } from './timeline-model';
import { msToWall, wallToMs } from '../ui/format';

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

  it('finds the session under the pointer', () => {
    const domain: [number, number] = [wallToMs('2024-03-01T00:00:00'), wallToMs('2024-03-03T00:00:00')];
    const toPx = (t: number) => ((t - domain[0]) / (domain[1] - domain[0])) * 960;
    expect(sessionAt(marks, toPx(wallToMs('2024-03-02T12:00:00')), toPx)?.session.id).toBe(2);
    expect(sessionAt(marks, toPx(wallToMs('2024-03-01T20:00:00')), toPx)).toBeNull();
  });

  it('zooms from years down to a couple of hours, never beyond', () => {
    const limits: [number, number] = [wallToMs('2020-01-01'), wallToMs('2025-01-01')];
    let d = limits;
    for (let i = 0; i < 200; i++) d = zoomDomain(d, 0.5, wallToMs('2023-06-01T12:00:00'), limits);
    expect(d[1] - d[0]).toBe(MIN_SPAN);
    expect(MIN_SPAN).toBeLessThanOrEqual(2 * HOUR);
    for (let i = 0; i < 200; i++) d = zoomDomain(d, 2, d[0], limits);
    expect(d[1] - d[0]).toBeGreaterThan(4 * 365 * DAY);
    expect(msToWall(wallToMs('2024-03-01T09:05:07'))).toBe('2024-03-01T09:05:07');
  });
});
