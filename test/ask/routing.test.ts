// Routing: what a question asks for (intent) and which stores are asked (routes), read from the
// question and the timeline planner's reading of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeQuestion, periodOfPlan, topicWords } from '../../electron/node/engine/ask/analyze';
import { attributeOf, conceptOf, verbOf } from '../../electron/node/engine/ask/lexicon';
import type { Engine } from '../../electron/node/engine/engine';
import { demoEngine } from './support';

let engine: Engine;
const NOW = '2026-11-22T10:00:00';
const read = (question: string) => analyzeQuestion(question, engine.timeline.plan({ question, now: NOW }));

beforeAll(async () => {
  engine = await demoEngine();
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

const CASES: [string, string, string[]][] = [
  ['What did we talk about last Friday?', 'time', ['timeline']],
  ['Summarize our last session.', 'time', ['timeline']],
  ['What did Lena and I talk about last week regarding Porto?', 'time', ['timeline', 'search']],
  ['Who did I talk to most in the past two weeks?', 'who-most', ['graph']],
  ['How many days passed between buying the running shoes and the charity run?', 'between', ['graph', 'search']],
  ['How many charity events did I go to?', 'count', ['graph', 'search']],
  ['How much did I pay for my new running shoes?', 'amount', ['graph', 'search']],
  ['How long is my commute?', 'duration', ['graph', 'search']],
  ['When is the charity run I signed up for?', 'date', ['graph', 'search']],
  ['What is my favourite band?', 'preference', ['graph', 'search']],
  ['How do I take my coffee?', 'preference', ['graph', 'search']],
  ['Which food do I dislike?', 'preference', ['graph', 'search']],
  ['Which gym do I go to now?', 'update', ['graph', 'search']],
  ['How many followers does my plant account have?', 'update', ['graph', 'search']],
  ['Who went with me to the Nightjar Parade concert?', 'who-with', ['graph', 'search']],
  ['Which restaurant did the assistant recommend for vegetarian food in Porto?', 'recommended', ['graph', 'search']],
  ['What did I buy in March?', 'list', ['graph', 'search']],
  ['List all the trips I took.', 'list', ['graph', 'search']],
  ['When was the third concert I went to?', 'ordinal', ['graph', 'search']],
  ['What did I do after the charity run?', 'before-after', ['graph', 'search']],
  ["What is my dog's name and breed?", 'entity', ['graph', 'search']],
  ['Who is Frau Keller?', 'entity', ['graph', 'search']],
  ['What did the orthopedist diagnose?', 'content', ['search']],
  ['Tell me about the washing machine repair in October', 'content', ['search', 'timeline']],
];

describe('routing', () => {
  for (const [question, intent, routes] of CASES) {
    it(`${question} → ${intent} (${routes.join(' + ')})`, () => {
      const a = read(question);
      expect({ intent: a.intent, routes: a.routes }).toEqual({ intent, routes });
      expect(a.why.length).toBeGreaterThan(0);
    });
  }

  it('"now" in an update question is the current value, not a filter on today', () => {
    const a = read('Which days do I run on now?');
    expect(a.aboutNow).toBe(true);
    expect(a.period).toBeNull();
  });

  it('a named period becomes the templates\' date filter', () => {
    const a = read('What did I buy in October?');
    expect(a.period).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodOfPlan(engine.timeline.plan({ question: 'who did I talk to most in the past two weeks?', now: NOW }))).toMatchObject({ from: '2026-11-08', to: '2026-11-22' });
  });

  it('"the second concert" is an ordinal, not the second day of a month', () => {
    const a = read('When was the second concert I went to?');
    expect(a.ordinal).toBe(2);
    expect(a.period).toBeNull();
  });

  it('reads concepts (type-first), verbs and "my X" from the lexicon', () => {
    expect(conceptOf('how many charity events')).toMatchObject({ phrase: 'charity events', keywords: ['charit'] });
    expect(conceptOf('list my concerts')!.classes).toEqual(['https://schema.org/MusicEvent']);
    expect(verbOf('What did I buy in March?')!.action).toBe('https://schema.org/BuyAction');
    expect(verbOf('Which books did I read this year?')!.action).toBe('https://schema.org/ReadAction');
    expect(attributeOf('how many followers does my plant account have')).toMatchObject({ numeric: true, holder: '?account' });
    expect(attributeOf("what is my dog's name")!.path).toMatch(/hasPet/);
  });

  it('topic words: stop and question words out, stemmed as the full-text index stems', () => {
    // "buying" goes with "buy" (a purchase word Ask reads as the intent); "charity" → "chariti" is Porter2's stem
    expect(topicWords('How many days passed between buying the running shoes and the charity run?')).toEqual(['pass', 'run', 'shoe', 'chariti']);
    expect(topicWords('Which parties did I go to?')).toEqual(topicWords('the party'));
  });
});
