// Offline answers from messages (issue 13): a photo a message shares is read with it (its
// description, as the export gives it), a sentence told on the day a question names answers with
// fewer of its words, and a quote that only speaks to the listener is not about the speaker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { conversationEngine } from './support';

const CONVERSATION = {
  speaker_a: 'Noor',
  speaker_b: 'Teo',
  session_1_date_time: '6:10 pm on 6 May, 2024',
  session_1: [
    { speaker: 'Teo', dia_id: 'D1:1', text: 'Hey Noor! How was the weekend with the kids?' },
    { speaker: 'Noor', dia_id: 'D1:2', text: 'The kids loved the clay class on Saturday, they made this!', blip_caption: 'a photo of a mug shaped like an owl' },
    { speaker: 'Teo', dia_id: 'D1:3', text: 'So cute! I went to the craft fair and got some great advice there.' },
    { speaker: 'Noor', dia_id: 'D1:4', text: 'Way to go, Teo! Making plans after the fair takes guts. Keep it up!' },
  ],
  session_2_date_time: '9:30 am on 20 May, 2024',
  session_2: [
    { speaker: 'Teo', dia_id: 'D2:1', text: 'Since we last talked I received something special in the mail!', blip_caption: 'a photo of a certificate of completion of a pottery course' },
    { speaker: 'Noor', dia_id: 'D2:2', text: 'Congrats! Things have been rough here.' },
    { speaker: 'Noor', dia_id: 'D2:3', text: 'My old street was hit by a nasty storm last week. Lots of homes were damaged.' },
    { speaker: 'Teo', dia_id: 'D2:4', text: 'Oh no, I hope everyone is safe.' },
  ],
  qa: [],
};

describe('photos shared, the day asked about, words to the listener', () => {
  let engine: Engine;
  let source: number;
  const ask = (question: string) => engine.askEngine.answer({ question, sourceIds: [source], llm: false, now: '2024-06-01T10:00:00' });

  beforeAll(async () => {
    ({ engine, source } = await conversationEngine('photos', CONVERSATION));
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('a photo shared with a sentence is quoted with it: what "they made this!" shows', async () => {
    const t = await ask("What did Noor's kids make in the clay class?");
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toContain('they made this!');
    expect(t.answer.text).toContain('a mug shaped like an owl');
  });

  it("a photo's description makes its sentence about the question (weighed less than the speaker's own words)", async () => {
    const t = await ask('What did Teo receive a certificate for?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toContain('completion of a pottery course');
  });

  it('a sentence told on the day the question names answers it with fewer of its words', async () => {
    const t = await ask("What natural disaster affected Noor's old neighbourhood on 20 May, 2024?");
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toContain('nasty storm');
    // another day: the same sentence shares too few of the question's words
    const other = await ask("What natural disaster affected Noor's old neighbourhood on 10 May, 2024?");
    expect(other.answer.status).not.toBe('answered');
  });

  it('a quote with no "I" that speaks to the listener is about them, also when the question mentions advice', async () => {
    const t = await ask('What plans does Noor have after receiving advice at the fair?');
    expect(t.answer.status).not.toBe('answered');
    expect(t.answer.text).not.toContain('Way to go');
  });
});
