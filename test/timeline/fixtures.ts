// Test data for the timeline: a fake planner memory and small temporal-memory style logs.
import type { PlannerMemory } from '../../electron/node/engine/timeline/planner';

/** Session starts of the fake memory; "now" in the tests is Wednesday 2026-11-18 15:30. */
export const STARTS = [
  '2026-05-03T10:00:00', // 1 Sun
  '2026-06-01T09:00:00', // 2 Mon
  '2026-06-14T20:00:00', // 3 Sun
  '2026-08-02T11:00:00', // 4 Sun
  '2026-09-15T08:30:00', // 5 Tue
  '2026-10-20T14:00:00', // 6 Tue
  '2026-11-02T10:00:00', // 7 Mon
  '2026-11-08T09:00:00', // 8 Sun
  '2026-11-14T16:00:00', // 9 Sat
  '2026-11-16T21:00:00', // 10 Mon
  '2026-11-18T08:00:00', // 11 Wed
  '2026-11-18T11:00:00', // 12 Wed
];
export const NOW = '2026-11-18T15:30:00';

export function fakeMemory(opts: { starts?: string[]; speakers?: string[]; hasRoles?: boolean; numbering?: 'memory' | 'source' } = {}): PlannerMemory {
  const starts = opts.starts ?? STARTS;
  const sessions = starts.map((start, i) => ({ id: 100 + i, sourceId: 1, index: i + 1, start, end: start.replace(/T(\d\d)/, (_m, h: string) => `T${String(Math.min(23, Number(h) + 1)).padStart(2, '0')}`) }));
  const dates = new Set(starts.map((s) => s.slice(0, 10)));
  return {
    numbering: opts.numbering ?? 'memory',
    ...(opts.numbering === 'source' ? { sourceIds: [1] } : {}),
    sessions,
    hasData: (from, to) => [...dates].some((d) => d >= from && d <= to),
    speakers: opts.speakers ?? ['Ann', 'ChatGPT'],
    hasRoles: opts.hasRoles ?? true,
    sessionsOfSpeaker: (name) => (name === 'Ann' ? sessions.map((s) => s.index) : [2, 3]),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "01:56:04 AM on Monday 08 May, 2023", as temporal-memory logs write times. */
export function logTime(d: Date): string {
  const h = d.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(h12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'} on ${DAYS[d.getUTCDay()]} ${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]}, ${d.getUTCFullYear()}`;
}

/**
 * A temporal-memory style log (the project's own text): sessions given as [start ISO, turns],
 * each turn [speaker, text], responses 30 seconds apart, numbered across the log.
 */
export function temporalLog(a: string, b: string, sessions: [string, [string, string][]][]): Record<string, unknown> {
  const log: Record<string, unknown> = { speaker_a: a, speaker_b: b };
  let n = 0;
  sessions.forEach(([start, turns], i) => {
    const t0 = Date.parse(`${start}Z`);
    log[`session_${i + 1}`] = turns.map(([speaker, text], k) => ({
      speaker,
      dia_id: `D${i + 1}:${k + 1}`,
      text,
      date_time: logTime(new Date(t0 + k * 30_000)),
      response_number: String(n++),
    }));
  });
  return log;
}

export const GARDEN_LOG = temporalLog('Ann', 'Ben', [
  ['2026-10-05T09:00:00', [
    ['Ann', 'Morning Ben! I planted tulip bulbs in the garden yesterday.'],
    ['Ben', 'Tulips are lovely. Which colours did you choose?'],
    ['Ann', 'Mostly red ones, and a few yellow.'],
  ]],
  ['2026-10-12T18:30:00', [
    ['Ben', 'I started learning the violin this week.'],
    ['Ann', 'Wow, how are the lessons going?'],
    ['Ben', 'My teacher says my bowing is improving.'],
    ['Ann', 'Keep practising every evening!'],
  ]],
  ['2026-11-02T10:00:00', [
    ['Ann', 'We adopted a rescue dog called Pepper.'],
    ['Ben', 'Congratulations! What breed is Pepper?'],
    ['Ann', 'A beagle mix who loves long walks.'],
  ]],
  ['2026-11-16T20:00:00', [
    ['Ben', 'The violin recital is next Friday.'],
    ['Ann', 'I will come and listen, good luck!'],
  ]],
  ['2026-11-18T08:00:00', [
    ['Ann', 'Pepper dug up half of the tulip bed this morning.'],
    ['Ben', 'Oh no, the garden! Can the bulbs be saved?'],
  ]],
]);

export const TRAVEL_LOG = temporalLog('Cleo', 'Dev', [
  ['2026-09-01T12:00:00', [
    ['Cleo', 'Booked the train to Lisbon for October.'],
    ['Dev', 'Great, Lisbon is beautiful in autumn.'],
  ]],
  ['2026-10-20T12:00:00', [
    ['Cleo', 'Back from Lisbon, the pastel de nata was amazing.'],
    ['Dev', 'Did you visit the castle?'],
  ]],
]);
