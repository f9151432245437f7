// The timeline's topic lane: the memory's top topics as rows across time, one mark per session a
// topic labels (stronger for the session's first labels), drawn on the timeline's own scale.
// Clicking a row (its name or a mark) selects that topic's sessions; the arrow opens the topic's
// page (Entities tab).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApp } from '../state/app-store';
import { afterFirstScreen } from '../state/first-screen';
import { Icon } from '../ui/icons';
import { cssVar, useColorScheme } from '../ui/use-color-scheme';
import type { SessionMark } from './timeline-model';
import { LANE_ROWS, ROW_H, laneMarks, rankAlpha, rowAt, sessionsOfRow } from './topic-lane-model';
import { useTopicLane } from './topic-lane-store';

const ROW_COLORS = ['#6366f1', '#14b8a6', '#f59e0b', '#ec4899', '#0ea5e9', '#84cc16'];

declare global {
  interface Window {
    /** The lane's last draw, for the benchmark (scripts/bench/topics.ts) and the e2e specs. */
    __engramTopicLane?: { drawMs: number; marks: number; draws: number };
  }
}

export function TopicLane(props: { marks: SessionMark[]; toPx: (t: number) => number; width: number }) {
  const { marks, toPx, width } = props;
  const lane = useTopicLane((s) => s.lane);
  const selected = useTopicLane((s) => s.selected);
  const error = useTopicLane((s) => s.error);
  const graphVersion = useApp((s) => s.graphVersion);
  const openInEntities = useApp((s) => s.openInEntities);
  const scheme = useColorScheme();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hoverRow, setHoverRow] = useState<number | null>(null);

  // Topics complete the timeline: asked once the first screen is up (a large lane takes a while).
  useEffect(() => afterFirstScreen(() => void useTopicLane.getState().load()), [graphVersion, marks.length]);

  const byId = useMemo(() => new Map(marks.map((m) => [m.session.id, m])), [marks]);
  // Until the lane arrives (after the first screen), its rows are held empty at the height the
  // memory's topic count gives, so the tabs below do not move under the person's pointer.
  const expected = useApp((s) => (lane || error ? 0 : Math.min(LANE_ROWS, s.stats?.topics ?? 0)));
  const rows = lane ? Math.min(LANE_ROWS, lane.topics.length) : expected;
  const height = rows * ROW_H + 2;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !lane || width <= 0 || !rows) return;
    const t0 = performance.now();
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const grid = cssVar('--border');
    for (let r = 0; r < rows; r++) {
      const isSel = lane.topics[r]?.key === selected;
      if (isSel || r === hoverRow) {
        ctx.fillStyle = cssVar(isSel ? '--accent-soft' : '--bg-subtle');
        ctx.fillRect(0, r * ROW_H, width, ROW_H);
      }
      ctx.fillStyle = grid;
      ctx.fillRect(0, (r + 1) * ROW_H, width, 1);
    }
    const drawn = laneMarks(lane, byId, toPx, width, rows);
    for (const m of drawn) {
      ctx.globalAlpha = rankAlpha(m.rank);
      ctx.fillStyle = ROW_COLORS[m.row % ROW_COLORS.length];
      ctx.fillRect(m.x0, m.row * ROW_H + 2, m.x1 - m.x0, ROW_H - 4);
    }
    ctx.globalAlpha = 1;
    const prev = window.__engramTopicLane;
    window.__engramTopicLane = { drawMs: performance.now() - t0, marks: drawn.length, draws: (prev?.draws ?? 0) + 1 };
  }, [lane, byId, toPx, width, rows, height, selected, hoverRow, scheme]);

  if (!rows) return null;
  if (!lane) return <div className="topic-lane" style={{ height }} aria-busy="true" data-testid="topic-lane-pending" />;
  const choose = (row: number) => {
    const topic = lane.topics[row];
    if (topic) void useTopicLane.getState().selectTopic(topic, sessionsOfRow(lane, row));
  };
  return (
    <div className="topic-lane" data-testid="topic-lane" style={{ height }}>
      <canvas
        ref={canvasRef}
        onPointerMove={(e) => setHoverRow(rowAt(e.nativeEvent.offsetY, rows))}
        onPointerLeave={() => setHoverRow(null)}
        onClick={(e) => {
          const r = rowAt(e.nativeEvent.offsetY, rows);
          if (r !== null) choose(r);
        }}
      />
      <div className="topic-lane-labels">
        {lane.topics.slice(0, rows).map((t, r) => (
          <div key={t.key} className={`topic-lane-label ${t.key === selected ? 'selected' : ''}`} style={{ top: r * ROW_H, height: ROW_H }}>
            <button className="topic-lane-name" onClick={() => choose(r)} title={`${t.label}: ${t.sessions} sessions, ${t.mentions} mentions — select its sessions`} data-testid="topic-row" data-topic={t.label}>
              <span className="topic-lane-swatch" style={{ background: ROW_COLORS[r % ROW_COLORS.length] }} />
              {t.label}
            </button>
            <button className="topic-lane-open" onClick={() => openInEntities(t.iri)} title={`Open the page of "${t.label}"`} aria-label={`Open topic ${t.label}`} data-testid="topic-open">
              <Icon name="chevronRight" size={11} />
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
