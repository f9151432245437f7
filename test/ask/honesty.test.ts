// Honest answers (issue 13): every answer says how sure it is — 'answered' (a value of the kind
// asked for, about whom it asks), 'related' (messages share words but none says it: never quoted
// as the answer) or 'not_found' — and reads as plain words: second person about the one asking,
// no IRIs, camelCase or scores. A small conversation written here, and the demo memory.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import type { AskTurn } from '../../shared/types';
import { conversationEngine, demoEngine } from './support';

const CONVERSATION = {
  speaker_a: 'Noor',
  speaker_b: 'Teo',
  session_1_date_time: '6:10 pm on 6 May, 2024',
  session_1: [
    { speaker: 'Noor', dia_id: 'D1:1', text: 'Hey Teo! I ran my first half marathon yesterday, it took me two hours.' },
    { speaker: 'Teo', dia_id: 'D1:2', text: 'That half marathon sounds amazing, Noor! Raising money for the animal shelter is so rewarding.' },
    { speaker: 'Noor', dia_id: 'D1:3', text: 'Thanks! After the half marathon I realised I love running with a crowd.' },
    { speaker: 'Teo', dia_id: 'D1:4', text: 'I adopted a grey cat named Miso last week.' },
  ],
  session_2_date_time: '9:30 am on 20 May, 2024',
  session_2: [
    { speaker: 'Teo', dia_id: 'D2:1', text: 'Congrats on the new job at the bakery!' },
    { speaker: 'Noor', dia_id: 'D2:2', text: 'I start at the bakery on Monday, I will bake sourdough every morning.' },
    { speaker: 'Teo', dia_id: 'D2:3', text: 'Busy week here too: I just launched my ceramics shop online.' },
    { speaker: 'Noor', dia_id: 'D2:4', text: "Wow! I've been learning to throw pots for about four months now." },
    { speaker: 'Teo', dia_id: 'D2:5', text: 'Thanks, Noor! Our camping trip was lovely. We roasted marshmallows and told stories by the fire.' },
  ],
  qa: [],
};

describe('answered, related, not found', () => {
  let engine: Engine;
  let source: number;
  const ask = (question: string) => engine.askEngine.answer({ question, sourceIds: [source], llm: false, now: '2024-06-01T10:00:00' });

  beforeAll(async () => {
    ({ engine, source } = await conversationEngine('honesty', CONVERSATION));
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  /** A 'related' or 'not found' answer quotes no message as if it were the answer. */
  function expectNoClaim(t: Omit<AskTurn, 'id' | 'seq' | 'conversationId'>) {
    expect(t.answer.text).not.toMatch(/“/);
    expect(t.answer.citations).toEqual([]);
    expect(t.answer.computation).toBeUndefined();
  }

  it('answered: a value of the kind asked for, about the one asked about, and how it was found', async () => {
    const when = await ask('When did Noor run her first half marathon?');
    expect(when.answer.status).toBe('answered');
    expect(when.answer.text).toMatch(/May 5, 2024/);
    expect(when.answer.how).toMatch(/\S/);
    const realised = await ask('What did Noor realise after the half marathon?');
    expect(realised.answer.status).toBe('answered');
    expect(realised.answer.text).toContain('I love running with a crowd');
  });

  it('answered: news told without a date is dated by its message, a span up to then counted back; never for someone else', async () => {
    const launched = await ask('When did Teo launch his ceramics shop?');
    expect(launched.answer.status).toBe('answered');
    expect(launched.answer.text).toMatch(/^around Monday, May 20, 2024 \(when it was said\)/);
    expect(launched.answer.computation?.detail).toMatch(/states no date/);
    const started = await ask('When did Noor start learning to throw pots?');
    expect(started.answer.status).toBe('answered');
    expect(started.answer.text).toMatch(/^since about January 2024/);
    const swapped = await ask('When did Noor launch her ceramics shop?');
    expect(swapped.answer.status).not.toBe('answered');
    expectNoClaim(swapped);
  });

  it('answered: a thing of the kind asked for (WordNet: a cat is an animal, as pets are); not for someone else', async () => {
    const pet = await ask('What kind of pet did Teo adopt?');
    expect(pet.answer.status).toBe('answered');
    expect(pet.answer.text).toMatch(/^cat — “I adopted a grey cat named Miso/);
    const swapped = await ask('What kind of pet did Noor adopt?');
    expect(swapped.answer.status).not.toBe('answered');
    expectNoClaim(swapped);
  });

  it('answered: a thing asked about is quoted with the statements around it in its short message, not the greeting', async () => {
    const camping = await ask('What did Teo do on the camping trip?');
    expect(camping.answer.status).toBe('answered');
    expect(camping.answer.text).toMatch(/^“Our camping trip was lovely\. We roasted marshmallows and told stories by the fire\.”/);
  });

  it("related: the other person's words about their own life do not answer a question about someone else", async () => {
    const t = await ask('What did Teo realise after the half marathon?');
    expect(t.answer.status).toBe('related');
    expect(t.answer.text).toMatch(/does not say this directly/);
    expectNoClaim(t);
    // the messages are still there, to read as related ones
    expect(t.evidence.messages.length).toBeGreaterThan(0);
  });

  it("related: words said to the listener about them (their name called, 'congrats') are not about the speaker", async () => {
    const race = await ask('What did Teo think about his half marathon?');
    expect(race.answer.status).toBe('related');
    expectNoClaim(race);
    const job = await ask('Where is Teo starting his new job?');
    expect(job.answer.status).not.toBe('answered');
    // the one it is about is answered
    const noor = await ask('What will Noor bake every morning?');
    expect(noor.answer.status).toBe('answered');
    expect(noor.answer.text).toMatch(/sourdough/);
  });

  it('not found: nothing in the memory shares the question', async () => {
    const t = await ask('Which violin teacher did Teo hire?');
    expect(t.answer.status).toBe('not_found');
    expect(t.answer.route).toBe('none');
    expect(t.answer.text).toMatch(/^Nothing in your memory answers this question/);
    expectNoClaim(t);
  });
});

describe('plain words on the demo memory (with its graph)', () => {
  const QUESTIONS: string[] = fs
    .readFileSync(new URL('../../resources/demo/demo-questions.jsonl', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).question);
  let engine: Engine;
  const turns = new Map<string, Omit<AskTurn, 'id' | 'seq' | 'conversationId'>>();
  beforeAll(async () => {
    engine = await demoEngine(undefined, { demoGraph: true });
    for (const q of QUESTIONS) turns.set(q, await engine.askEngine.answer({ question: q, now: '2026-11-06T12:00:00', llm: false }));
  }, 180_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('no IRIs, camelCase property names or internal scores in what the person reads', () => {
    for (const [q, t] of turns) {
      const text = `${t.answer.text} ${t.answer.how}`;
      expect(text, q).not.toMatch(/https?:\/\/|urn:|\b[a-z]+:[A-Z]\w+/);
      expect(text, q).not.toMatch(/\b[a-z]+[A-Z][a-z]+\w*\b/);
      expect(text, q).not.toMatch(/\b(?:score|match|rank)\s+\d|\d\.\d{2}\b(?!\s*(?:km|kg|€|%))/);
    }
  });

  it('about the one asking: "you" and "your", never their name in the third person', () => {
    for (const [q, t] of turns) {
      if (!/\b(?:I|my|me)\b/.test(q) || t.answer.status !== 'answered') continue;
      // the person's name may only appear inside a quoted message
      const outsideQuotes = t.answer.text.replace(/“[^”]*”/g, '');
      expect(outsideQuotes, q).not.toMatch(/\bMaya\b/);
    }
    expect(turns.get('What is my favourite band?')!.answer.text).toBe('Your favourite band is Nightjar Parade.');
    // an entity's facts answer with the one asked for, not a list of property names
    expect(turns.get('Where did Lena and I go for the long weekend at the end of October?')!.answer.text).toBe('Porto (Long weekend in Porto with Lena)');
  });

  it('every demo question is answered, and says how', () => {
    for (const [q, t] of turns) {
      expect(t.answer.status, q).toBe('answered');
      expect(t.answer.how, q).toMatch(/\S/);
    }
  });
});
