// Periods of activity: time spans (sessions) merged wherever the pause between them is at most
// `minGap`. The timeline compresses the longer pauses; the engine computes the periods of a
// whole memory (ChatStore.activityPeriods) so the workbench need not load every session.

/** Pauses longer than this many days are compressed on the timeline (its periods are merged across shorter ones). */
export const COMPRESSED_GAP_DAYS = 21;

/** Spans as [start, end] in ms, sorted by start, merged across pauses of at most `minGap` ms. */
export function activityPeriods(spans: Iterable<readonly [number, number]>, minGap: number): [number, number][] {
  const periods: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = periods[periods.length - 1];
    if (last && start - last[1] <= minGap) last[1] = Math.max(last[1], end);
    else periods.push([start, Math.max(start, end)]);
  }
  return periods;
}
