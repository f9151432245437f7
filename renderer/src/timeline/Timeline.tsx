// The session timeline under the header: message density over time and one mark per session.
// Wheel zooms (years down to hours) and dragging the axis pans, with d3-zoom; dragging the plot
// brushes a range, with d3-brush; a click selects a session; hovering shows a session's first
// lines. The selection lives in the app store (and so in the URL) and filters the tabs.
// Long gaps without conversations are compressed into short breaks (timeline-model.ts,
// compressGaps): everything here works on positions of that axis, and reads real times back
// only for labels and selections.
import { brushX, type BrushBehavior, type D3BrushEvent } from 'd3-brush';
import { scaleLinear } from 'd3-scale';
import { pointer, select as d3select } from 'd3-selection';
import { zoom as d3zoom, zoomTransform, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TimeSelection } from '../state/route';
import { useApp } from '../state/app-store';
import { msToWall, wallToMs } from '../../../shared/dates/wall-clock';
import { formatCount, formatDateTime, formatRange, plural } from '../ui/format';
import { Icon } from '../ui/icons';
import { cssVar, useColorScheme } from '../ui/use-color-scheme';
import { useSize } from '../ui/use-size';
import { SessionHoverCard } from './SessionHoverCard';
import { usePlan } from '../plan/plan-store';
import { TimelineQuestion } from './question/TimelineQuestion';
import { TopicLane } from './TopicLane';
import { useTopicLane } from './topic-lane-store';
import {
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
  type SessionMark,
} from './timeline-model';
import { loadTimeline } from '../state/memory';

const DENSITY_TOP = 8;
const DENSITY_H = 44;
const LANE_Y = DENSITY_TOP + DENSITY_H + 5;
const LANE_H = 10;
const PLOT_H = LANE_Y + LANE_H + 5;
const AXIS_H = 20;
const SOURCE_COLORS = ['#6366f1', '#14b8a6', '#f59e0b', '#ec4899', '#0ea5e9', '#84cc16', '#f97316', '#a855f7'];

/** How long the view must rest before the sessions of its span are asked for. */
const LOAD_DELAY_MS = 150;

export function Timeline() {
  const sessions = useApp((s) => s.sessions);
  const span = useApp((s) => s.timelineSpan);
  const stats = useApp((s) => s.stats);
  const sources = useApp((s) => s.sources);
  const selection = useApp((s) => s.selection);
  const select = useApp((s) => s.select);
  const scheme = useColorScheme();
  // Sessions of the plan on screen (question box, Ask): lit up apart from the selection.
  const planSessionIds = usePlan((s) => s.result?.sessionIds);
  const planSessions = useMemo(() => new Set(planSessionIds ?? []), [planSessionIds]);
  const topicsShown = useTopicLane((s) => s.shown);

  // Sessions of the span on screen (state/memory.ts loadTimeline), one mark each; too many (a
  // large memory seen whole): none, the span is drawn by day.
  const known = useMemo(() => toMarks(sessions), [sessions]);
  // Pauses compressed: those of the whole memory (from the engine), else between the sessions known.
  const periods = useApp((s) => s.timelinePeriods);
  const warp = useMemo(() => (periods ? warpOfPeriods(periods) : compressGaps(known)), [periods, known]);
  /** The warp by value (a new list of the same sessions makes an equal one). */
  const warpKey = warp.breaks.map((b) => `${b.start}-${b.end}`).join(',');
  // Sessions on the axis (gaps compressed): density, hit-testing and zoom work on these.
  const knownOnAxis = useMemo(() => warpMarks(known, warp), [known, warp]);
  const byDay = span?.truncated === true;
  const marks = useMemo(() => (byDay ? [] : knownOnAxis), [byDay, knownOnAxis]);
  const daysOnAxis = useMemo(() => (byDay ? warpMarks(dayMarks(span!.days), warp) : null), [byDay, span, warp]);
  // The whole memory: from the overview (first and last message), else from the sessions known.
  const first = stats?.firstAt ?? null;
  const last = stats?.lastAt ?? null;
  const limits = useMemo(
    () => (first && last ? spanDomain(warp.toAxis(wallToMs(first)), warp.toAxis(wallToMs(last))) : fullDomain(knownOnAxis)),
    [first, last, warp, knownOnAxis],
  );
  const limitsKey = `${limits[0]}:${limits[1]}`;
  // The visible part of the memory: set from d3-zoom's events (directly only before layout).
  const [domain, setDomain] = useState<[number, number]>(limits);

  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const { width } = useSize(wrapRef);

  const scale = useMemo(() => scaleLinear().domain(domain).range([0, Math.max(1, width)]), [domain, width]);
  const toPx = useCallback((u: number) => scale(u), [scale]);
  const bins = useMemo(() => densityBins(daysOnAxis ?? marks, domain, width), [daysOnAxis, marks, domain, width]);
  const ticks = useMemo(() => warpedTicks(warp, domain, Math.max(1, width)), [warp, domain, width]);
  const breaks = useMemo(
    () => warp.breaks.map((b) => ({ ...b, x0: scale(b.axisStart), x1: scale(b.axisEnd) })).filter((b) => b.x1 > 0 && b.x0 < width),
    [warp, scale, width],
  );
  const sourceColor = useMemo(() => {
    const byId = new Map(sources.map((s, i) => [s.id, SOURCE_COLORS[i % SOURCE_COLORS.length]]));
    return (id: number) => byId.get(id) ?? SOURCE_COLORS[0];
  }, [sources]);

  const [hover, setHover] = useState<{ mark: SessionMark | null; x: number } | null>(null);
  // While a brush is drawn (by d3-brush, in the SVG over the plot): no hover.
  const [brushing, setBrushing] = useState(false);
  const brushRef = useRef<SVGGElement>(null);

  const selectedRange = useMemo((): [number, number] | null => {
    if (!selection) return null;
    if (selection.kind === 'range') return [warp.toAxis(wallToMs(selection.from)), warp.toAxis(wallToMs(selection.to))];
    const m = knownOnAxis.find((mk) => mk.session.id === selection.sessionId);
    return m ? [m.start, m.end] : null;
  }, [selection, knownOnAxis, warp]);

  // ---- the sessions of the span on screen, asked for once the view rests (with a margin on
  // each side, so that a short pan needs nothing new); again when the memory changes. The view
  // is on the axis (pauses compressed): its span is asked for in real time.
  const loaded = useRef<{ from: number; to: number; width: number; stats: unknown; warpKey: string } | null>(null);
  useEffect(() => {
    const l = loaded.current;
    const w = domain[1] - domain[0];
    const inside = l && l.stats === stats && l.warpKey === warpKey && domain[0] >= l.from && domain[1] <= l.to && w > l.width / 4;
    if (inside) return;
    const t = setTimeout(() => {
      const pad = w * 0.5;
      loaded.current = { from: domain[0] - pad, to: domain[1] + pad, width: w, stats, warpKey };
      void loadTimeline({ from: msToWall(Math.floor(warp.fromAxis(domain[0] - pad))), to: msToWall(Math.ceil(warp.fromAxis(domain[1] + pad))) });
    }, LOAD_DELAY_MS);
    return () => clearTimeout(t);
  }, [domain, stats, warp, warpKey]);

  // ---- drawing
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(PLOT_H * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${PLOT_H}px`;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, PLOT_H);

    const grid = cssVar('--border');
    const density = cssVar('--timeline-density');
    const densitySel = cssVar('--timeline-density-sel');
    const accent = cssVar('--accent');
    const accentSoft = cssVar('--accent-soft');

    ctx.strokeStyle = grid;
    ctx.lineWidth = 1;
    for (const t of ticks) {
      const x = Math.round(t.x) + 0.5;
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x, PLOT_H);
      ctx.stroke();
    }

    if (selectedRange) {
      const x0 = toPx(selectedRange[0]);
      const x1 = Math.max(x0 + 2, toPx(selectedRange[1]));
      ctx.fillStyle = accentSoft;
      ctx.fillRect(x0, 0, x1 - x0, PLOT_H);
      ctx.fillStyle = accent;
      ctx.fillRect(Math.round(x0), 0, 1, PLOT_H);
      ctx.fillRect(Math.round(x1) - 1, 0, 1, PLOT_H);
    }

    // The plan's sessions: a soft column over the plot, a bar under the lane (drawn below).
    const planColor = cssVar('--plan');
    if (planSessions.size > 0) {
      ctx.fillStyle = cssVar('--plan-soft');
      for (const m of marks) {
        if (!planSessions.has(m.session.id)) continue;
        const x0 = toPx(m.start);
        const x1 = Math.max(x0 + 4, toPx(m.end));
        if (x1 < 0 || x0 > width) continue;
        ctx.fillRect(x0 - 1, 0, x1 - x0 + 2, PLOT_H);
      }
    }

    const max = Math.max(1, ...bins.map((b) => b.messages));
    for (const b of bins) {
      if (b.messages <= 0) continue;
      const x0 = toPx(b.start);
      const x1 = toPx(b.end);
      if (x1 < 0 || x0 > width) continue;
      const h = Math.max(2, Math.sqrt(b.messages / max) * DENSITY_H);
      const inSel = selectedRange && b.end > selectedRange[0] && b.start < selectedRange[1];
      ctx.fillStyle = inSel ? densitySel : density;
      const w = Math.max(1, x1 - x0 - (x1 - x0 > 4 ? 1 : 0));
      roundedBar(ctx, x0, DENSITY_TOP + DENSITY_H - h, w, h);
    }

    // Too many sessions to draw one by one: each day with messages, in the lane.
    if (byDay) {
      ctx.globalAlpha = 0.7;
      ctx.fillStyle = SOURCE_COLORS[0];
      for (const b of bins) {
        if (b.messages <= 0) continue;
        const x0 = toPx(b.start);
        const x1 = Math.max(x0 + 1, toPx(b.end) - 1);
        if (x1 < 0 || x0 > width) continue;
        ctx.fillRect(x0, LANE_Y, x1 - x0, LANE_H);
      }
      ctx.globalAlpha = 1;
    }

    const selectedId = selection?.kind === 'session' ? selection.sessionId : null;
    for (const m of marks) {
      const x0 = toPx(m.start);
      const x1 = Math.max(x0 + 3, toPx(m.end));
      if (x1 < 0 || x0 > width) continue;
      const isSel = m.session.id === selectedId;
      const isHover = hover?.mark?.session.id === m.session.id;
      ctx.globalAlpha = isSel || isHover ? 1 : 0.7;
      ctx.fillStyle = sourceColor(m.session.sourceId);
      ctx.fillRect(x0, LANE_Y, x1 - x0, LANE_H);
      if (planSessions.has(m.session.id)) {
        ctx.globalAlpha = 1;
        ctx.fillStyle = planColor;
        ctx.fillRect(x0 - 1, LANE_Y + LANE_H + 1.5, x1 - x0 + 2, 3);
        ctx.fillRect(x0 - 1, LANE_Y - 4.5, x1 - x0 + 2, 3);
      }
      if (isSel || isHover) {
        ctx.globalAlpha = 1;
        ctx.strokeStyle = isSel ? accent : cssVar('--text');
        ctx.lineWidth = 1.5;
        ctx.strokeRect(x0 - 1, LANE_Y - 1.5, x1 - x0 + 2, LANE_H + 3);
      }
    }
    ctx.globalAlpha = 1;

    // Compressed gaps: a hatched band with jagged edges, so that it reads as a cut in time.
    if (breaks.length) {
      ctx.save();
      ctx.fillStyle = cssVar('--bg-subtle') || 'rgba(127,127,127,0.08)';
      ctx.strokeStyle = grid;
      for (const b of breaks) {
        const w = Math.max(6, b.x1 - b.x0);
        ctx.fillRect(b.x0, 0, w, PLOT_H);
        ctx.beginPath();
        for (const edge of [b.x0, b.x0 + w]) {
          for (let y = 0; y <= PLOT_H; y += 6) ctx.lineTo(edge + ((y / 6) % 2 ? 2.5 : -2.5), y);
          ctx.moveTo(b.x0 + w, 0);
        }
        ctx.stroke();
        ctx.beginPath();
        for (let x = b.x0 - PLOT_H; x < b.x0 + w; x += 7) {
          ctx.moveTo(Math.max(b.x0, x), Math.max(0, b.x0 - x));
          ctx.lineTo(Math.min(b.x0 + w, x + PLOT_H), Math.min(PLOT_H, b.x0 + w - x));
        }
        ctx.globalAlpha = 0.5;
        ctx.stroke();
        ctx.globalAlpha = 1;
      }
      ctx.restore();
    }

    if (hover && !brushing) {
      ctx.fillStyle = cssVar('--text-faint');
      ctx.fillRect(Math.round(hover.x), 0, 1, PLOT_H);
    }
  }, [width, bins, marks, byDay, ticks, breaks, scale, toPx, selectedRange, selection, hover, brushing, scheme, sourceColor, planSessions]);

  // ---- zoom and pan: d3-zoom on the body (wheel anywhere, drag on the axis only)
  const zoomRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const axisRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef({ limits, width });
  viewRef.current = { limits, width };

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const behavior = d3zoom<HTMLDivElement, unknown>()
      // Dragging pans from the axis only: on the plot, dragging brushes. Shift or a sideways
      // wheel pans (below); a plain wheel zooms around the pointer.
      .filter((event: Event) => {
        if (event.type === 'wheel') {
          const w = event as WheelEvent;
          return !(w.shiftKey || Math.abs(w.deltaX) > Math.abs(w.deltaY));
        }
        const target = event.target as Node | null;
        return !!target && !!axisRef.current?.contains(target) && !(event as MouseEvent).button;
      })
      .wheelDelta((event: WheelEvent) => (-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0025)) / Math.LN2)
      .on('zoom', (event: D3ZoomEvent<HTMLDivElement, unknown>) => {
        const { limits: l, width: w } = viewRef.current;
        const next = domainOf(event.transform, l, w);
        if (Number.isFinite(next[0]) && Number.isFinite(next[1])) setDomain(next);
      });
    zoomRef.current = behavior;
    const selection = d3select(el).call(behavior).on('dblclick.zoom', null);
    const onWheelPan = (e: WheelEvent) => {
      if (!(e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY))) return;
      e.preventDefault();
      const d = (e.shiftKey ? e.deltaY : e.deltaX) || e.deltaY;
      const t = zoomTransform(el);
      behavior.transform(selection, t.translate(-d / t.k, 0));
    };
    el.addEventListener('wheel', onWheelPan, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheelPan);
      selection.on('.zoom', null);
    };
  }, []);

  /** Shows `target` (through d3-zoom, so that its transform and the view agree). */
  const showDomain = useCallback(
    (target: [number, number]) => {
      const el = wrapRef.current;
      const behavior = zoomRef.current;
      if (!el || !behavior || width <= 0) return setDomain(target);
      behavior.transform(d3select(el), transformFor(target, limits, width));
    },
    [limits, width],
  );

  // The limits and the width shape the zoom; the view keeps its domain when they change, and
  // a new extent of the memory (import, delete) shows the whole memory again.
  const shownLimits = useRef(limitsKey);
  useEffect(() => {
    const reset = shownLimits.current !== limitsKey;
    shownLimits.current = limitsKey;
    const behavior = zoomRef.current;
    if (!behavior || width <= 0) {
      if (reset) setDomain(limits);
      return;
    }
    const extent: [[number, number], [number, number]] = [
      [0, 0],
      [width, PLOT_H + AXIS_H],
    ];
    behavior.extent(extent).scaleExtent(scaleExtentFor(limits)).constrain(constrainTransform(limits));
    showDomain(reset ? limits : domain);
  }, [width, limitsKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // ---- brushing a range: d3-brush over the plot; a click without a drag selects a session
  const onBrushEnd = useRef<(event: D3BrushEvent<unknown>) => void>(() => {});
  onBrushEnd.current = (event) => {
    setBrushing(false);
    const px = event.selection as [number, number] | null;
    const plot = plotRef.current;
    if (px && px[1] - px[0] >= 3) {
      const a = warp.fromAxis(scale.invert(px[0]));
      const b = warp.fromAxis(scale.invert(px[1]));
      select({ kind: 'range', from: msToWall(Math.floor(a / 1000) * 1000), to: msToWall(Math.ceil(b / 1000) * 1000) });
    } else if (plot) {
      const hit = sessionAt(marks, xOfEvent(event.sourceEvent, plot), toPx);
      select(hit ? { kind: 'session', sessionId: hit.session.id } : null);
    }
    // The chosen range is drawn from the selection; the brush itself goes.
    if (brushRef.current && brushBehavior.current) d3select(brushRef.current).call(brushBehavior.current.move, null);
  };
  const brushBehavior = useRef<BrushBehavior<unknown> | null>(null);
  useEffect(() => {
    const g = brushRef.current;
    if (!g || width <= 0) return;
    const behavior = brushX<unknown>()
      .extent([
        [0, 0],
        [width, PLOT_H],
      ])
      .on('start', (event: D3BrushEvent<unknown>) => {
        if (event.sourceEvent) setBrushing(true);
      })
      // Only a person's gesture ends a brush; clearing it afterwards (no source event) does not.
      .on('end', (event: D3BrushEvent<unknown>) => event.sourceEvent && onBrushEnd.current(event));
    brushBehavior.current = behavior;
    d3select(g).call(behavior);
    return () => {
      d3select(g).on('.brush', null).selectAll('*').remove();
    };
  }, [width]);

  const onPlotMove = (e: React.PointerEvent) => {
    if (brushing || !plotRef.current) return;
    const x = xOfEvent(e.nativeEvent, plotRef.current);
    setHover({ mark: sessionAt(marks, x, toPx), x });
  };

  const zoomBy = (factor: number) => {
    const el = wrapRef.current;
    if (el && zoomRef.current) zoomRef.current.scaleBy(d3select(el), 1 / factor);
  };
  const zoomToSelection = () => {
    if (!selectedRange) return;
    const span = Math.max(selectedRange[1] - selectedRange[0], 4 * 3_600_000);
    const pad = span * 0.15;
    showDomain([selectedRange[0] - pad, selectedRange[0] - pad + span + 2 * pad]);
  };

  return (
    <div className="timeline" data-testid="timeline">
      <div className="timeline-head">
        <span className="timeline-title">
          <Icon name="clock" size={13} /> Timeline
        </span>
        <span className="faint tnum">{formatRange(msToWall(warp.fromAxis(domain[0])), msToWall(warp.fromAxis(domain[1])))}</span>
        <span className="faint" title={byDay ? 'Zoom in to see the sessions one by one' : undefined}>
          · {plural(stats?.sessions ?? sessions.length, 'session')}
        </span>
        <TimelineQuestion />
        <span className="spacer" />
        <span className="faint timeline-hint">Scroll to zoom · drag to select · drag the axis to pan</span>
        <button className={`btn small ${topicsShown ? 'active' : ''}`} onClick={() => useTopicLane.getState().setShown(!topicsShown)} title="Show the top topics as rows across time" aria-pressed={topicsShown} data-testid="timeline-topics-toggle">
          Topics
        </button>
        <button className="icon-btn small" onClick={() => zoomBy(0.5)} title="Zoom in" aria-label="Zoom in">
          <Icon name="plus" size={14} />
        </button>
        <button className="icon-btn small" onClick={() => zoomBy(2)} title="Zoom out" aria-label="Zoom out">
          <Icon name="minus" size={14} />
        </button>
        <button className="icon-btn small" onClick={zoomToSelection} disabled={!selectedRange} title="Zoom to the selection" aria-label="Zoom to selection">
          <Icon name="cursor" size={13} />
        </button>
        <button className="icon-btn small" onClick={() => showDomain(limits)} title="Show the whole memory" aria-label="Fit">
          <Icon name="fit" size={14} />
        </button>
      </div>
      <div ref={wrapRef} className="timeline-body">
        <div
          ref={plotRef}
          className="timeline-plot"
          style={{ height: PLOT_H }}
          onPointerMove={onPlotMove}
          onPointerLeave={() => setHover(null)}
          onDoubleClick={() => showDomain(limits)}
          data-testid="timeline-plot"
          data-plan-sessions={planSessionIds?.length ? [...planSessionIds].sort((a, b) => a - b).join(',') : undefined}
        >
          <canvas ref={canvasRef} />
          <svg className="timeline-brush" width={Math.max(0, width)} height={PLOT_H} data-testid="timeline-brush">
            <g ref={brushRef} />
          </svg>
          {(stats ? stats.sessions === 0 : known.length === 0) && <div className="timeline-empty">Sessions appear here once conversations are imported</div>}
          {hover?.mark && !brushing && <SessionHoverCard mark={hover.mark} x={hover.x} width={width} />}
        </div>
        <div ref={axisRef} className="timeline-axis" style={{ height: AXIS_H }} data-testid="timeline-axis">
          {ticks.map((t) => (
            <span key={t.time} className="tick" style={{ left: t.x }} data-time={t.time}>
              {t.label}
            </span>
          ))}
          {breaks.map((b) => (
            <span
              key={b.start}
              className="tick timeline-break"
              style={{ left: (b.x0 + b.x1) / 2 }}
              title={`No conversation from ${formatRange(msToWall(b.start), msToWall(b.end))}: compressed`}
              data-testid="timeline-break"
            >
              ⋯ {gapLabel(b.end - b.start)} ⋯
            </span>
          ))}
        </div>
        {topicsShown && <TopicLane marks={marks} toPx={toPx} width={width} />}
      </div>
    </div>
  );
}

/** The x of a mouse, pointer or touch event within the plot (d3's pointer, for a touch its first finger). */
function xOfEvent(event: unknown, plot: HTMLElement): number {
  const touch = (event as TouchEvent | undefined)?.changedTouches?.[0];
  return pointer(touch ?? event, plot)[0];
}

function roundedBar(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) {
  const r = Math.min(2, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x, y + h);
  ctx.lineTo(x, y + r);
  ctx.quadraticCurveTo(x, y, x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.quadraticCurveTo(x + w, y, x + w, y + r);
  ctx.lineTo(x + w, y + h);
  ctx.closePath();
  ctx.fill();
}

/** One line describing a selection, for chips and headings. */
export function describeSelection(selection: TimeSelection, sessions: { id: number; index: number; start: string; conversationTitle: string }[]): string {
  if (selection.kind === 'range') return formatRange(selection.from, selection.to);
  const s = sessions.find((x) => x.id === selection.sessionId);
  return s ? `Session ${s.index} · ${formatDateTime(s.start)}` : `Session #${selection.sessionId}`;
}
