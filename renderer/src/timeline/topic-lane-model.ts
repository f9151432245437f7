// Geometry of the timeline's topic lane: one row per top topic, one mark per session the topic
// labels, placed by the timeline's own scale (`toPx`), so the lane follows whatever the scale
// does (zoom, pan, compressed gaps). Pure, for the canvas and its tests.
import type { TopicLane } from '../../../shared/types';
import type { SessionMark } from './timeline-model';

/** Rows shown at most; the lane's height follows the rows it has. */
export const LANE_ROWS = 6;
export const ROW_H = 13;

export interface LaneMark {
  row: number;
  sessionId: number;
  x0: number;
  x1: number;
  /** 1 for a session's first label … 5 for its fifth: drawn fainter. */
  rank: number;
}

/** Opacity of a mark by its rank in the session's labels. */
export function rankAlpha(rank: number): number {
  return rank <= 1 ? 1 : rank === 2 ? 0.8 : rank === 3 ? 0.62 : 0.42;
}

/** The marks in view (x in pixels, within [-2, width + 2]). */
export function laneMarks(lane: TopicLane, marks: Map<number, SessionMark>, toPx: (t: number) => number, width: number, rows = LANE_ROWS): LaneMark[] {
  const out: LaneMark[] = [];
  for (const c of lane.cells) {
    if (c.topic >= rows) continue;
    const m = marks.get(c.sessionId);
    if (!m) continue;
    const x0 = toPx(m.start);
    const x1 = Math.max(x0 + 3, toPx(m.end));
    if (x1 < -2 || x0 > width + 2) continue;
    out.push({ row: c.topic, sessionId: c.sessionId, x0, x1, rank: c.rank });
  }
  return out;
}

/** The topic row under a y (pixels from the lane's top), or null. */
export function rowAt(y: number, rows: number): number | null {
  const r = Math.floor(y / ROW_H);
  return r >= 0 && r < rows ? r : null;
}

/** Sessions a topic labels (lane row), in the lane's order. */
export function sessionsOfRow(lane: TopicLane, row: number): number[] {
  return [...new Set(lane.cells.filter((c) => c.topic === row).map((c) => c.sessionId))];
}
