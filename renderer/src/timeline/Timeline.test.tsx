// @vitest-environment happy-dom
// The session timeline as a person uses it (the canvas itself is not drawn here: happy-dom has
// no 2D context): hovering a session shows its card, a click selects it, a drag on the plot
// brushes a range (d3-brush) that becomes the selection, the wheel and the buttons zoom
// (d3-zoom) within the memory, Fit shows the whole memory again.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { scaleUtc } from 'd3-scale';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionInfo, Stats, TimelineMarks } from '../../../shared/types';
import { fakeEngram, giveLayout, wheelAt } from '../../../test/support/dom';
import { useApp } from '../state/app-store';
import { msToWall, wallToMs } from '../../../shared/dates/wall-clock';
import { Timeline } from './Timeline';
import { fullDomain, toMarks } from './timeline-model';

const WIDTH = 1000;
const undoLayout = giveLayout({ width: WIDTH, height: 80 });
afterAll(undoLayout);
const engram = fakeEngram({
  sessionPreview: ({ sessionId }: { sessionId: number }) => [
    { id: sessionId * 10, speaker: 'Maya', role: 'user', text: `first line of session ${sessionId}` },
  ],
});

const session = (id: number, start: string, end: string, messageCount: number): SessionInfo => ({
  id,
  conversationId: id,
  sourceId: 1,
  ordinal: id,
  index: id,
  start,
  end,
  messageCount,
  speakers: ['Maya', 'Assistant'],
  conversationTitle: `Conversation ${id}`,
  externalId: null,
});
// Three sessions over a month; the second one is long (a whole day).
const sessions = [
  session(1, '2026-10-01T09:00:00', '2026-10-01T10:00:00', 12),
  session(2, '2026-10-12T00:00:00', '2026-10-13T00:00:00', 40),
  session(3, '2026-10-30T18:00:00', '2026-10-30T19:00:00', 8),
];
/** Pixels of the whole-memory view, as the timeline lays it out. */
const whole = fullDomain(toMarks(sessions));
const scale = scaleUtc().domain(whole.map((t) => new Date(t))).range([0, WIDTH]);
const xOf = (wall: string) => scale(new Date(wallToMs(wall)));
const timeAt = (x: number) => scale.invert(x).getTime();

const plot = () => screen.getByTestId('timeline-plot');
const overlay = () => plot().querySelector('.timeline-brush .overlay') as Element;
const body = () => screen.getByTestId('timeline').querySelector('.timeline-body')!;
const headRange = () => screen.getByTestId('timeline').querySelector('.timeline-head .tnum')!.textContent;

async function drag(fromX: number, toX: number) {
  fireEvent.mouseDown(overlay(), { clientX: fromX, clientY: 20, button: 0, view: window });
  for (let i = 1; i <= 4; i++) fireEvent.mouseMove(window, { clientX: fromX + ((toX - fromX) * i) / 4, clientY: 20, view: window });
  fireEvent.mouseUp(window, { clientX: toX, clientY: 20, view: window });
  // d3 swallows the click that ends a drag until the next task, as a browser would see it.
  await new Promise((r) => setTimeout(r, 0));
}

describe('Timeline', () => {
  beforeEach(() => {
    useApp.setState({ sessions, sources: [{ id: 1 } as never], selection: null, stats: null, timelineSpan: null, timelinePeriods: null });
    delete engram.handlers.timelineMarks;
    engram.calls.length = 0;
  });

  it('shows the whole memory with its sessions, and a session card on hover', async () => {
    render(<Timeline />);
    expect(screen.getByTestId('timeline').textContent).toContain('3 sessions');
    expect(headRange()).toMatch(/Sep 30.*Oct 31, 2026|Oct \d+.*Oct \d+, 2026/);
    fireEvent.pointerMove(plot(), { clientX: xOf('2026-10-12T12:00:00'), clientY: 55 });
    const card = await screen.findByTestId('session-hover');
    expect(card.textContent).toContain('Session 2');
    expect(card.textContent).toContain('40 messages');
    expect(await screen.findByText('first line of session 2')).toBeTruthy();
    // Between sessions: no card.
    fireEvent.pointerMove(plot(), { clientX: xOf('2026-10-22T12:00:00'), clientY: 55 });
    expect(screen.queryByTestId('session-hover')).toBeNull();
  });

  it('a click selects the session under the pointer; a click on nothing clears it', () => {
    render(<Timeline />);
    const x = xOf('2026-10-30T18:30:00');
    fireEvent.mouseDown(overlay(), { clientX: x, clientY: 55, button: 0, view: window });
    fireEvent.mouseUp(window, { clientX: x, clientY: 55, view: window });
    expect(useApp.getState().selection).toEqual({ kind: 'session', sessionId: 3 });
    const empty = xOf('2026-10-20T12:00:00');
    fireEvent.mouseDown(overlay(), { clientX: empty, clientY: 55, button: 0, view: window });
    fireEvent.mouseUp(window, { clientX: empty, clientY: 55, view: window });
    expect(useApp.getState().selection).toBeNull();
  });

  it('brushing the plot selects that range, to the second', async () => {
    render(<Timeline />);
    await drag(300, 650);
    const selection = useApp.getState().selection;
    expect(selection).toEqual({ kind: 'range', from: msToWall(Math.floor(timeAt(300) / 1000) * 1000), to: msToWall(Math.ceil(timeAt(650) / 1000) * 1000) });
    // Dragging leftwards selects the same kind of range; the brush itself is cleared.
    useApp.setState({ selection: null });
    await drag(650, 300);
    expect(useApp.getState().selection).toEqual(selection);
    expect((plot().querySelector('.timeline-brush .selection') as SVGElement).style.display).toBe('none');
    // A drag of a pixel or two is a click, not a range.
    await drag(xOf('2026-10-01T09:30:00'), xOf('2026-10-01T09:30:00') + 2);
    expect(useApp.getState().selection).toEqual({ kind: 'session', sessionId: 1 });
  });

  it('zooms with the wheel around the pointer and with the buttons, within the memory; Fit shows it all again', () => {
    render(<Timeline />);
    const all = headRange();
    const at = xOf('2026-10-12T12:00:00');
    act(() => {
      for (let i = 0; i < 8; i++) wheelAt(body(), { deltaY: -400, clientX: at, clientY: 30 });
    });
    // Zoomed in to hours around Oct 12.
    expect(headRange()).toMatch(/^Oct 12, 2026 \d\d:\d\d–\d\d:\d\d$/);
    act(() => {
      for (let i = 0; i < 40; i++) wheelAt(body(), { deltaY: -400, clientX: at, clientY: 30 });
    });
    // Never closer than two hours.
    const [from, to] = headRange()!.replace('Oct 12, 2026 ', '').split('–');
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    expect(minutes(to) - minutes(from)).toBeGreaterThanOrEqual(119);
    fireEvent.click(screen.getByRole('button', { name: 'Fit' }));
    expect(headRange()).toBe(all);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    // At most 1.5 times the memory: zooming out further changes nothing.
    const widest = headRange();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(headRange()).toBe(widest);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(headRange()).not.toBe(widest);
  });

  it('shows the whole memory again when its extent changes (an import)', () => {
    render(<Timeline />);
    act(() => {
      for (let i = 0; i < 8; i++) wheelAt(body(), { deltaY: -400, clientX: xOf('2026-10-12T12:00:00') });
    });
    expect(headRange()).toMatch(/^Oct 12, 2026/);
    act(() => useApp.setState({ sessions: [...sessions, session(4, '2026-12-20T10:00:00', '2026-12-20T11:00:00', 5)] }));
    expect(headRange()).toMatch(/^Sep \d+ – Dec \d+, 2026$/);
    expect(screen.getByTestId('timeline').textContent).toContain('4 sessions');
  });

  it('pans with a sideways or shifted wheel and by dragging the axis, keeping the zoom', async () => {
    render(<Timeline />);
    const at = xOf('2026-10-12T12:00:00');
    act(() => {
      for (let i = 0; i < 3; i++) wheelAt(body(), { deltaY: -400, clientX: at });
    });
    // The axis ticks: where each one is; a pan moves them, a zoom would space them otherwise.
    const ticks = () => [...screen.getByTestId('timeline-axis').querySelectorAll<HTMLElement>('.tick')].map((t) => ({ time: t.getAttribute('data-time') ?? undefined, left: parseFloat(t.style.left) }));
    /** How far the ticks both views show moved (one number when the zoom is unchanged). */
    type Tick = { time?: string; left: number };
    const shifts = (a: Tick[], b: Tick[]) => [...new Set(a.flatMap((t) => b.filter((u) => u.time === t.time).map((u) => Math.round(u.left - t.left))))];
    const zoomed = ticks();
    act(() => wheelAt(body(), { deltaY: 200, shiftKey: true, clientX: at }));
    // Later times come in from the right: every tick moved left by the 200 px, none spread out.
    expect(shifts(zoomed, ticks())).toEqual([-200]);
    act(() => wheelAt(body(), { deltaY: 0, deltaX: -200, clientX: at }));
    expect(ticks()).toEqual(zoomed);
    // Dragging the axis to the left shows later times; the same drag on the plot brushes instead.
    const axis = screen.getByTestId('timeline-axis');
    fireEvent.mouseDown(axis, { clientX: 600, clientY: 70, button: 0, view: window });
    fireEvent.mouseMove(window, { clientX: 500, clientY: 70, view: window });
    fireEvent.mouseUp(window, { clientX: 500, clientY: 70, view: window });
    await new Promise((r) => setTimeout(r, 0));
    const panned = ticks();
    expect(shifts(zoomed, panned)).toEqual([-100]);
    await drag(600, 500);
    expect(ticks()).toEqual(panned);
    expect(useApp.getState().selection).toMatchObject({ kind: 'range' });
  });

  it('asks for the sessions of the span on screen once the view rests, and draws a dense span by day', async () => {
    // A large memory: the overview gives its extent and size, no session is known yet.
    useApp.setState({ sessions: [], stats: { sessions: 9000, firstAt: '2026-10-01T09:00:00', lastAt: '2026-10-30T19:00:00' } as Stats });
    const spans: { from: string; to: string; limit: number }[] = [];
    engram.handlers.timelineMarks = ((args: { from: string; to: string; limit: number }): TimelineMarks => {
      spans.push(args);
      // The whole month holds too many sessions; a span of hours around Oct 12 holds session 2.
      const wide = wallToMs(args.to) - wallToMs(args.from) > 3 * 86_400_000;
      return wide
        ? { total: 9000, truncated: true, sessions: [], days: [['2026-10-05', 120], ['2026-10-12', 300]] }
        : { total: 1, truncated: false, sessions: [sessions[1]], days: [] };
    }) as never;
    render(<Timeline />);
    await waitFor(() => expect(spans).toHaveLength(1));
    // The visible month with half its width on each side, at most the timeline's limit.
    expect(spans[0].limit).toBe(2000);
    expect(spans[0].from < '2026-10-01T09:00:00' && spans[0].from > '2026-09-01').toBe(true);
    expect(spans[0].to > '2026-10-30T19:00:00' && spans[0].to < '2026-12-01').toBe(true);
    await waitFor(() => expect(useApp.getState().timelineSpan?.truncated).toBe(true));
    // Counted from the overview; drawn by day: no session to hover.
    expect(screen.getByTestId('timeline').textContent).toContain('9,000 sessions');
    fireEvent.pointerMove(plot(), { clientX: xOf('2026-10-12T12:00:00'), clientY: 55 });
    expect(screen.queryByTestId('session-hover')).toBeNull();

    // A small pan stays inside the span loaded: nothing new is asked for.
    act(() => wheelAt(body(), { deltaY: 40, shiftKey: true, clientX: 500 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(spans).toHaveLength(1);
    act(() => wheelAt(body(), { deltaY: -40, shiftKey: true, clientX: 500 }));

    // Zoomed in to hours around Oct 12: that span is asked for and its session drawn.
    const at = xOf('2026-10-12T12:00:00');
    act(() => {
      for (let i = 0; i < 8; i++) wheelAt(body(), { deltaY: -400, clientX: at, clientY: 30 });
    });
    await waitFor(() => expect(spans).toHaveLength(2));
    expect(spans[1].from >= '2026-10-11' && spans[1].to <= '2026-10-14').toBe(true);
    await waitFor(() => expect(useApp.getState().sessions.map((x) => x.id)).toEqual([2]));
    fireEvent.pointerMove(plot(), { clientX: 500, clientY: 55 });
    expect((await screen.findByTestId('session-hover')).textContent).toContain('Session 2');
  });

  it('compresses the pauses of the whole memory (its periods from the engine), not only of the sessions loaded', async () => {
    // Two periods a year apart; only the October sessions are known (the span on screen).
    useApp.setState({
      stats: { sessions: 40, firstAt: '2025-09-01T10:00:00', lastAt: '2026-10-30T19:00:00' } as Stats,
      timelinePeriods: [
        [wallToMs('2025-09-01T10:00:00'), wallToMs('2025-09-20T12:00:00')],
        [wallToMs('2026-10-01T09:00:00'), wallToMs('2026-10-30T19:00:00')],
      ],
    });
    const spans: { from: string; to: string }[] = [];
    engram.handlers.timelineMarks = ((args: { from: string; to: string }): TimelineMarks => {
      spans.push(args);
      return { total: 3, truncated: false, sessions, days: [] };
    }) as never;
    render(<Timeline />);
    // The year without a conversation is one short break on the axis.
    const breaks = screen.getAllByTestId('timeline-break');
    expect(breaks).toHaveLength(1);
    expect(breaks[0].textContent).toMatch(/1 years?|1[0-2] months/);
    expect(headRange()).toMatch(/2025.*2026/);
    // The span asked for is in real time: from before the first period to after the last.
    await waitFor(() => expect(spans).toHaveLength(1));
    expect(spans[0].from < '2025-09-01T10:00:00').toBe(true);
    expect(spans[0].to > '2026-10-30T19:00:00').toBe(true);
    expect(screen.getByTestId('timeline').textContent).toContain('40 sessions');
  });
});
