// A ranked chain over many sessions: instead of listing thousands of session ids to the search
// index's filter (0.1–0.2 ms per id at a million messages), the ranking is read without them and
// the hits in the sessions kept (SearchIndex.searchAmong). The hits must be the best of the
// sessions' hits as the index scores them, and nearly all of those the filter finds (a filtered
// search scores a fraction of a percent differently).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelinePlan } from '../../shared/types';
import type { Engine } from '../../electron/node/engine/engine';
import type { TextHit } from '../../electron/node/engine/stores/search-index';
import { Timeline } from '../../electron/node/engine/timeline/timeline';
import { importFiles, openEngine, tempDir } from '../support/temp-engine';

const SESSIONS = 2000;
const TURNS = 6;
const NOW = '2031-01-01T00:00:00';
const VOCABULARY =
  'garden budget meeting deadline recipe violin marathon kitchen pottery camping bakery puppy chess yoga library museum painting harbor lantern orchard tractor meadow canyon glacier pebble'.split(' ');
const FILLER = 'the a we then it so and but very quite later again maybe really just also still almost'.split(' ');

/** A LoCoMo-shaped log whose turns differ in words and length (few equal scores). */
function conversation(): object {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: Record<string, unknown> = { speaker_a: 'Ana', speaker_b: 'Ben', qa: [] };
  const day = Date.UTC(2025, 0, 1);
  for (let s = 1; s <= SESSIONS; s++) {
    const d = new Date(day + (s - 1) * 86_400_000);
    out[`session_${s}_date_time`] = `10:00 am on ${d.getUTCDate()} ${d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })}, ${d.getUTCFullYear()}`;
    out[`session_${s}`] = Array.from({ length: TURNS }, (_, t) => {
      const words = Array.from({ length: 4 + Math.floor(next() * 40) }, () => (next() < 0.25 ? VOCABULARY[Math.floor(next() * VOCABULARY.length)] : FILLER[Math.floor(next() * FILLER.length)]));
      return { speaker: t % 2 ? 'Ben' : 'Ana', dia_id: `D${s}:${t + 1}`, text: `${words.join(' ')} s${s}t${t}` };
    });
  }
  return out;
}

let engine: Engine;

beforeAll(async () => {
  const dir = tempDir('engram-sessions-search-');
  const file = path.join(dir, 'log.json');
  fs.writeFileSync(file, JSON.stringify(conversation()));
  engine = await openEngine(path.join(dir, 'data'), { autoGraph: false });
  expect((await importFiles(engine, file)).state).toBe('done');
  await engine.search.settled(); // the full-text index the import's end builds
}, 180_000);

afterAll(async () => {
  await engine?.close();
});

/** The same hits up to which of equal scores make the cut: the same scores in order, the same messages above the last score. */
function expectSameHits(got: TextHit[], want: TextHit[]) {
  expect(got.map((h) => h.score)).toEqual(want.map((h) => h.score));
  const last = want[want.length - 1]?.score ?? 0;
  const above = (hits: TextHit[]) => hits.filter((h) => h.score > last).map((h) => h.id).sort((x, y) => x - y);
  expect(above(got)).toEqual(above(want));
}

describe('search in many sessions', () => {
  const sessionIds = () => [...new Set(engine.chat.chainRows({ version: 1, now: NOW, sessionNumbering: 'memory', chain: [] }).rows.map((r) => r.sessionId))];

  it('keeps, from the unfiltered ranking, the hits the filter gives', async () => {
    const all = sessionIds();
    expect(all.length).toBe(SESSIONS);
    const cases: { query: string; sessions: number[]; limit: number; share?: number }[] = [
      { query: 'garden budget', sessions: all.filter((_, i) => i % 9 === 0), limit: 300 },
      { query: 'violin', sessions: all.filter((_, i) => i % 5 !== 0), limit: 2000 },
      // a share that says more than it is: read deeper until enough hits are in the sessions
      { query: 'marathon kitchen', sessions: all.filter((_, i) => i % 20 === 3), limit: 400, share: 1 },
      // fewer hits in the sessions than asked for: the whole ranking read, every hit kept
      { query: 'glacier', sessions: all.slice(0, 40), limit: 5000 },
    ];
    for (const c of cases) {
      const inSessions = new Set(c.sessions);
      // every hit of the query, best first, kept when in the sessions
      const hits = await engine.search.search(c.query, {}, 1_000_000);
      const sessionOf = new Map(engine.chat.getMessages(hits.map((h) => h.id)).map((m) => [m.id, m.sessionId]));
      const every = hits.filter((h) => inSessions.has(sessionOf.get(h.id)!));
      const want = every.slice(0, c.limit);
      expect(want.length).toBeGreaterThan(0);
      const got = await engine.search.searchAmong(c.query, { sessions: inSessions }, c.limit, { share: c.share ?? c.sessions.length / SESSIONS });
      expectSameHits(got, want);
      // what the index's filter finds (its scores differ by a fraction of a percent, so the last few may differ)
      const listed = await engine.search.search(c.query, { sessionIds: c.sessions }, c.limit);
      expect(got.length).toBe(listed.length);
      const listedIds = new Set(listed.map((h) => h.id));
      expect(got.filter((h) => listedIds.has(h.id)).length).toBeGreaterThanOrEqual(Math.floor(0.95 * listed.length));
    }
  });

  it('a ranked chain of more sessions than are listed reads the ranking without them, and ranks as with them', async () => {
    const plan = (chain: TimelinePlan['chain'], query: string): TimelinePlan => ({ version: 1, now: NOW, sessionNumbering: 'memory', chain, rank: { query, limit: 8 } });
    const plans = [
      // more than 5,000 rows (ranked from the sessions the search finds), most sessions but not all
      plan([{ op: 'f_between', column: 'Session_Index', range: [150, SESSIONS] }], 'orchard lantern'),
      // about three sessions in seven
      plan([{ op: 'f_value', column: 'Day_Name', values: ['Monday', 'Tuesday', 'Wednesday'] }], 'pottery'),
      plan([{ op: 'f_value', column: 'Speaker', values: ['Ana'] }, { op: 'f_between', column: 'Session_Index', range: [1, 1900] }], 'chess yoga'),
    ];
    // (a memory this small lists its sessions: the reading path is taken whatever it costs)
    const reading = new Timeline(engine.chat, engine.search, { sessionSearch: { listedMost: 0, rowsPerListedId: Infinity } });
    const search = engine.search;
    const real = search.search.bind(search);
    for (const p of plans) {
      expect(engine.timeline.select(p).rows.length).toBeGreaterThan(5000);
      const listing = await engine.timeline.execute(p);
      const scopes: object[] = [];
      search.search = (q, s, limit) => (scopes.push(s ?? {}), real(q, s, limit));
      let got;
      try {
        got = await reading.execute(p);
      } finally {
        search.search = real;
      }
      // no session listed to the filter
      expect(scopes).toEqual([]);
      expect(got.rows.length).toBeGreaterThan(0);
      expect(got.rows.map((r) => r.score)).toEqual(listing.rows.map((r) => r.score));
      expect(got.sql).toBe(listing.sql);
    }
  });

  it('a ranked chain of up to 5,000 rows over a run of ids searches that range instead of listing the ids', async () => {
    const p: TimelinePlan = { version: 1, now: NOW, sessionNumbering: 'memory', chain: [{ op: 'f_between', column: 'Session_Index', range: [101, 700] }], rank: { query: 'harbor meadow', limit: 10 } };
    const rows = engine.timeline.select(p).rows;
    expect(rows.length).toBeGreaterThan(2000);
    expect(rows.length).toBeLessThanOrEqual(5000);
    const listing = await engine.timeline.rank(p, rows);
    const reading = new Timeline(engine.chat, engine.search, { sessionSearch: { listedMost: 0 } });
    const search = engine.search;
    const real = search.search.bind(search);
    const scopes: object[] = [];
    search.search = (q, s, limit) => (scopes.push(s ?? {}), real(q, s, limit));
    let got;
    try {
      got = await reading.rank(p, rows);
    } finally {
      search.search = real;
    }
    expect(scopes).toEqual([]);
    expect(got.length).toBeGreaterThan(0);
    // the same rows; the scores within a fraction of a percent (a list and a range filter score alike but not exactly)
    expect(got.map((r) => r.id)).toEqual(listing.map((r) => r.id));
    got.forEach((r, i) => expect(Math.abs(r.score! - listing[i].score!) / listing[i].score!).toBeLessThan(0.01));
  });
});
