// The demo memory lives in the present (import/demo-shift.ts): imported against a clock, its
// last session falls in the past week, by whole weeks so weekdays stay true; the dates its
// messages state and its hand-written graph's dates move with it; importing it again later
// keeps the move its stored messages have.
import { afterAll, describe, expect, it } from 'vitest';
import { demoShiftDays, shiftDatesInText, shiftLiteral } from '../../electron/node/engine/import/demo-shift';
import type { Engine } from '../../electron/node/engine/engine';
import { dayName, daysBetween } from '../../shared/dates/calendar';
import { finished, openEngine, tempDir } from '../support/temp-engine';

const XSD = 'http://www.w3.org/2001/XMLSchema#';

describe('the shift', () => {
  it('is whole weeks that put the last day in the seven days before today', () => {
    expect(demoShiftDays('2026-11-05', '2026-11-06')).toBe(0);
    expect(demoShiftDays('2026-11-05', '2026-11-12')).toBe(0);
    expect(demoShiftDays('2026-11-05', '2026-11-13')).toBe(7);
    expect(demoShiftDays('2026-11-05', '2026-11-24')).toBe(14);
    expect(demoShiftDays('2026-11-05', '2027-03-01')).toBe(112);
    // a clock before the demo: moved back
    expect(demoShiftDays('2026-11-05', '2026-11-05')).toBe(-7);
    for (const today of ['2026-11-24', '2027-01-03', '2026-12-31', '2028-02-29']) {
      const d = demoShiftDays('2026-11-05', today);
      const gap = daysBetween('2026-11-05', today) - d;
      expect(gap, today).toBeGreaterThanOrEqual(1);
      expect(gap, today).toBeLessThanOrEqual(7);
      expect(d % 7).toBe(0);
    }
  });

  it('moves the dates a text states, written as they were', () => {
    expect(shiftDatesInText('I signed up for the Spree Charity 10K on Sunday October 11.', 14, 2026)).toBe('I signed up for the Spree Charity 10K on Sunday October 25.');
    expect(shiftDatesInText('I have Oct 29 to Nov 2 off', 14, 2026)).toBe('I have Nov 12 to Nov 16 off');
    expect(shiftDatesInText('Lead UX Designer from November 1, 2026.', 63, 2026)).toBe('Lead UX Designer from January 3, 2027.');
    expect(shiftDatesInText('Saturday, Oct 31 works', 7, 2026)).toBe('Saturday, Nov 7 works');
    expect(shiftDatesInText('nothing dated here, May I?', 14, 2026)).toBe('nothing dated here, May I?');
    expect(shiftDatesInText('at the end of October', 14, 2026)).toBe('at the end of October');
    expect(shiftLiteral('2026-10-20T08:30:00', `${XSD}dateTime`, 14, 2026)).toBe('2026-11-03T08:30:00');
    expect(shiftLiteral('Last day there: October 31.', `${XSD}string`, 14, 2026)).toBe('Last day there: November 14.');
    expect(shiftLiteral('480.00', `${XSD}decimal`, 14, 2026)).toBe('480.00');
  });
});

describe('importing the demo against a clock', () => {
  let engine: Engine;
  const dir = tempDir('engram-demo-shift-');
  afterAll(async () => {
    await engine?.close();
  });

  it('puts its last session in the past week and moves the messages, their dates and the graph together', async () => {
    engine = await openEngine(dir, { withoutOntology: false, autoGraph: false, clock: () => new Date('2026-11-24T09:00:00') });
    const job = await finished(engine, engine.importDemo());
    expect(job.state).toBe('done');
    const [source] = engine.chat.listSources();
    const lastDay = source.lastAt!.slice(0, 10);
    expect(daysBetween(lastDay, '2026-11-24')).toBeGreaterThanOrEqual(1);
    expect(daysBetween(lastDay, '2026-11-24')).toBeLessThanOrEqual(7);
    expect(lastDay).toBe('2026-11-19');
    const first = [...engine.chat.iterateSourceMessages(source.id)].find((m) => m.externalId === 'charity-10k-001')!;
    // 14 days later, the same weekday, and the date it states moved too
    expect(first.timestamp.slice(0, 10)).toBe('2026-09-28');
    expect(dayName(first.date)).toBe('Monday');
    expect(first.text).toContain('Sunday October 25');
    const r = await engine.graph.request({ op: 'query', sparql: 'SELECT ?d WHERE { ?x <http://www.w3.org/2000/01/rdf-schema#label> "Spree Charity 10K" ; <https://schema.org/startDate> ?d }', limit: 10 });
    expect(r.kind === 'select' && r.rows.map((row) => row.d.value)).toEqual(['2026-10-25']);
    const turn = await engine.askEngine.answer({ question: 'When is the charity run I signed up for?', now: '2026-11-24T09:00:00', llm: false });
    expect(turn.answer.text).toContain('October 25, 2026');
  });

  it('imported again later, keeps the move its stored messages have', async () => {
    await engine.close();
    engine = await openEngine(dir, { withoutOntology: false, autoGraph: false, clock: () => new Date('2027-02-10T09:00:00') });
    const job = await finished(engine, engine.importDemo());
    expect(job.state).toBe('done');
    expect(engine.chat.listSources()).toHaveLength(1);
    expect(engine.chat.listSources()[0].lastAt!.slice(0, 10)).toBe('2026-11-19');
    const r = await engine.graph.request({ op: 'query', sparql: 'SELECT ?d WHERE { ?x <http://www.w3.org/2000/01/rdf-schema#label> "Spree Charity 10K" ; <https://schema.org/startDate> ?d }', limit: 10 });
    expect(r.kind === 'select' && r.rows.map((row) => row.d.value)).toEqual(['2026-10-25']);
  });
});
