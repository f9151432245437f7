// The demo memory's questions (resources/demo/demo-questions.jsonl), asked offline: without a
// graph the messages answer (values computed from what they state); with the demo's hand-written
// graph (what extraction would give) the graph answers most of them. The evidence holds the
// messages the true answers cite.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import type { AskTurn } from '../../shared/types';
import { demoEngine } from './support';

interface DemoQuestion {
  question: string;
  answer: string;
  kind: string;
  evidence: string[];
}

const QUESTIONS: DemoQuestion[] = fs
  .readFileSync(new URL('../../resources/demo/demo-questions.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const NOW = '2026-11-22T10:00:00';

let engine: Engine;
const turns = new Map<string, Omit<AskTurn, 'id' | 'seq' | 'conversationId'>>();

beforeAll(async () => {
  engine = await demoEngine();
  for (const q of QUESTIONS) turns.set(q.question, await engine.askEngine.answer({ question: q.question, now: NOW, llm: false }));
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

const turn = (q: string) => turns.get(q)!;

describe('the demo questions, offline and without a graph', () => {
  it('the evidence holds a cited message for nearly every question (top 10)', () => {
    const hits = QUESTIONS.filter((q) => turn(q.question).evidence.messages.slice(0, 10).some((e) => q.evidence.includes(e.message.externalId ?? '')));
    expect(hits.length).toBeGreaterThanOrEqual(32);
  });

  it('every turn says what it tried and why the graph did not answer', () => {
    for (const q of QUESTIONS) {
      const t = turn(q.question);
      expect(t.classification.routes.length, q.question).toBeGreaterThan(0);
      expect(t.answer.text.length, q.question).toBeGreaterThan(0);
      if (t.classification.routes.includes('graph')) expect(t.warnings, q.question).toContain('The graph has no extracted facts yet (run extraction to use it): answered from the messages.');
    }
  });

  it('time: dates stated relative to a message are resolved against it', () => {
    expect(turn('When is the charity run I signed up for?').answer.computation).toMatchObject({ kind: 'date', value: 'Sunday, October 11, 2026' });
    const shoes = turn('On what date did I buy my new running shoes?');
    expect(shoes.answer.computation).toMatchObject({ kind: 'date', value: 'Wednesday, September 23, 2026' });
    expect(shoes.answer.computation!.detail).toBe("'last Wednesday' in a message of 2026-09-29 → 2026-09-23");
    expect(turn('When was my appointment with the orthopedist?').answer.computation!.value).toBe('Tuesday, October 20, 2026, 08:30');
  });

  it('time: days between two events, each dated by its own message', () => {
    const t = turn('How many days passed between buying the running shoes and the charity run?');
    expect(t.answer).toMatchObject({ route: 'search', source: 'computed' });
    expect(t.answer.computation).toMatchObject({ kind: 'days-between', value: '18 days' });
    const cited = t.answer.computation!.refs.map((r) => t.evidence.messages.find((e) => e.ref === r)!.message.externalId);
    expect(cited).toContain('charity-10k-015');
  });

  it('amounts and durations are picked out of the best sentence', () => {
    expect(turn('How much did I pay for my new running shoes?').answer.computation!.value).toBe('€120');
    expect(turn('How much money did I raise for Lichtblick Kinderhilfe?').answer.computation!.value).toBe('€640');
    expect(turn('How far was my long run on Sunday, September 27, and how long did it take?').answer.computation!.value).toBe('57 minutes');
  });

  it('update: a number stated several times → the most recent statement', () => {
    const t = turn('How many followers does my plant account have?');
    expect(t.answer.computation).toMatchObject({ kind: 'latest', value: '1,250' });
  });

  it('preference and content answers quote the message', () => {
    expect(turn('How do I take my coffee?').answer.text).toMatch(/^“One flat white with oat milk in the morning/);
    expect(turn('Which food do I dislike?').answer.text).toMatch(/cilantro/);
    expect(turn('Who looked after Pixel while I was in Porto?').answer.text).toMatch(/Frau Keller/);
  });
});

describe("the demo questions with the demo's hand-written graph (as after extraction)", () => {
  let withGraph: Engine;
  const answers = new Map<string, Omit<AskTurn, 'id' | 'seq' | 'conversationId'>>();
  beforeAll(async () => {
    withGraph = await demoEngine(undefined, { demoGraph: true });
    for (const q of QUESTIONS) answers.set(q.question, await withGraph.askEngine.answer({ question: q.question, now: NOW, llm: false }));
  }, 120_000);
  afterAll(async () => {
    await withGraph?.close();
  });
  const a = (q: string) => answers.get(q)!;

  it('the graph answers most of them, with triples from the extraction graph and the messages behind them', () => {
    const byGraph = QUESTIONS.filter((q) => a(q.question).answer.route === 'graph');
    expect(byGraph.length).toBeGreaterThanOrEqual(22);
    for (const q of byGraph) {
      const t = a(q.question);
      expect(t.evidence.triples.length, q.question).toBeGreaterThan(0);
      expect(t.evidence.triples.some((x) => x.origins.includes('extraction')), q.question).toBe(true);
    }
    const hits = QUESTIONS.filter((q) => a(q.question).evidence.messages.slice(0, 10).some((e) => q.evidence.includes(e.message.externalId ?? '')));
    expect(hits.length).toBeGreaterThanOrEqual(34);
  });

  it('time, count, update, preference and entity questions, answered from the graph', () => {
    expect(a('When is the charity run I signed up for?').answer.computation?.value).toBe('Sunday, October 11, 2026');
    expect(a('How many days passed between buying the running shoes and the charity run?').answer.computation).toMatchObject({ kind: 'days-between', value: '18 days' });
    expect(a('How much money did I raise for Lichtblick Kinderhilfe?').answer.text).toMatch(/^€640 /);
    expect(a('How much did the Porto trip cost me in total?').answer.text).toMatch(/^€480 /);
    expect(a('Which gym do I go to now?').answer.computation).toMatchObject({ kind: 'latest', value: 'Ostkreuz Boulders' });
    expect(a('How many postcards are in my collection?').answer.computation).toMatchObject({ kind: 'latest', value: '152' });
    expect(a('What book am I reading on the train now?').answer.text).toMatch(/^Piranesi/);
    expect(a('What is my favourite band?').answer.text).toMatch(/Nightjar Parade/);
    expect(a("What is my dog's name and breed?").answer.text).toMatch(/^Your dog is Pixel \(dog, beagle/);
    expect(a('Who went with me to the Nightjar Parade concert?').answer.text).toMatch(/^Jonas/);
    expect(a('How long is my commute?').answer.computation).toMatchObject({ kind: 'duration', value: '35 minutes' });
    expect(a('Which restaurant did the assistant recommend for vegetarian food in Porto?').answer.text).toBe('Tasca Verde');
  });
});

describe('a time question on the demo memory', () => {
  it('goes to the timeline and answers with the sessions of the day', async () => {
    const t = await engine.askEngine.answer({ question: 'What did we talk about on October 16, 2026?', now: NOW, llm: false });
    expect(t.classification).toMatchObject({ intent: 'time', routes: ['timeline'] });
    expect(t.plan.timeline!.plan.chain).toEqual([expect.objectContaining({ column: 'Date', values: ['2026-10-16'] })]);
    expect(t.results.timeline!.total).toBeGreaterThan(0);
    expect(t.answer).toMatchObject({ route: 'timeline' });
    expect(t.answer.text).toMatch(/^\d+ messages in \d+ sessions?: .*Leaking washing machine on Friday, October 16, 2026/);
    // time questions list their evidence in time order
    const stamps = t.evidence.messages.map((e) => e.message.timestamp);
    expect(stamps).toEqual([...stamps].sort());
  });
});
