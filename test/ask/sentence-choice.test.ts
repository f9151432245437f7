// Which sentence of the retrieved messages answers, and whether it does: mechanisms measured on
// LoCoMo's dev split (BENCHMARKS.md), tested here on a conversation written for them.
//  - the noun asked for said with which one it is ("what workshop" ← "a glass blowing workshop");
//  - a list gathered from several messages, each item judged on its own;
//  - "taking your advice, I'm …" is the speaker's own news, not about the one spoken to;
//  - "I'll always remember the trip when we saw …" tells what happened, it is no wish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { conversationEngine } from './support';

const CONVERSATION = {
  speaker_a: 'Ines',
  speaker_b: 'Teo',
  session_1_date_time: '10:00 am on 3 March, 2024',
  session_1: [
    { speaker: 'Ines', dia_id: 'D1:1', text: 'Hi Teo! I got so much out of the writing circle I attended on Tuesday.' },
    { speaker: 'Teo', dia_id: 'D1:2', text: 'Nice! Anything else going on?' },
    { speaker: 'Ines', dia_id: 'D1:3', text: 'Last Friday I went to a glass blowing workshop downtown and it was really eye-opening. The heat was intense.' },
    { speaker: 'Teo', dia_id: 'D1:4', text: 'Sounds like a blast. Any trips planned?' },
    { speaker: 'Ines', dia_id: 'D1:5', text: "I'll always remember our sailing trip last year when we saw a pod of dolphins. It was so peaceful lying on the deck and watching the sea sparkle in the sun." },
    { speaker: 'Teo', dia_id: 'D1:6', text: 'I have tried sports like climbing and rowing, they keep me sane.' },
    { speaker: 'Ines', dia_id: 'D1:7', text: "I'm going to a pottery conference this month. I can't wait to learn new glazes." },
  ],
  session_2_date_time: '6:00 pm on 20 March, 2024',
  session_2: [
    { speaker: 'Ines', dia_id: 'D2:1', text: 'Guess what, I tried fencing at the club last weekend. My arms still hurt!' },
    { speaker: 'Teo', dia_id: 'D2:2', text: 'Ha, that is brave. How was the rest of your week?' },
    { speaker: 'Ines', dia_id: 'D2:3', text: 'I also tried archery with my cousin, we hit the target twice.' },
    { speaker: 'Teo', dia_id: 'D2:4', text: "Taking your advice from the networking event, I'm rewriting my business plan and my pitch." },
    { speaker: 'Ines', dia_id: 'D2:5', text: 'Good luck! So much has happened - I went to the pottery conference two days ago and it was really inspiring.' },
    { speaker: 'Teo', dia_id: 'D2:6', text: "Guess what I did this week? I took the first step towards my big goal - I signed up for the city marathon! It's a big commitment, but I think I'm ready." },
    { speaker: 'Ines', dia_id: 'D2:7', text: 'I love discovering new cities - here is a pic from one of my trips.' },
    { speaker: 'Teo', dia_id: 'D2:8', text: 'Nice pic! Where are you headed next?' },
    { speaker: 'Ines', dia_id: 'D2:9', text: "It's Lisbon, I'm stoked for my work trip there next month!" },
    { speaker: 'Teo', dia_id: 'D2:10', text: 'Thanks! And I passed the marathon medical check last Friday!' },
  ],
  session_3_date_time: '8:00 pm on 2 April, 2024',
  session_3: [
    { speaker: 'Ines', dia_id: 'D3:1', text: 'Evenings are calm lately. I also enjoy jasmine tea, it is a great way to unwind.' },
    { speaker: 'Teo', dia_id: 'D3:2', text: 'Sounds cozy. The children keep me busy: my son Milo turns five tomorrow.' },
    { speaker: 'Ines', dia_id: 'D3:3', text: 'Ha! For focus at work, oolong tea is totally worth it.' },
    { speaker: 'Teo', dia_id: 'D3:4', text: 'And our daughter Ava, our youngest child, started school this week.' },
    { speaker: 'Ines', dia_id: 'D3:5', text: "I've been reading fantasy novels lately, the dragons are the best part." },
    { speaker: 'Teo', dia_id: 'D3:6', text: 'Oh, for that soup: you can use oat milk or cashew paste instead of cream, and check the labels for sugar.' },
    { speaker: 'Ines', dia_id: 'D3:7', text: 'Thanks! Back in the club days I won two chess tournaments in one season.' },
    { speaker: 'Ines', dia_id: 'D3:8', text: 'And I won my fifth chess tournament on Sunday! The final game took three hours.' },
    { speaker: 'Ines', dia_id: 'D3:9', text: 'Last night I hosted a cooking evening and taught my friends three vegan recipes on the terrace!' },
    { speaker: 'Teo', dia_id: 'D3:10', text: 'Which one did they like?' },
    { speaker: 'Ines', dia_id: 'D3:11', text: 'Lentil shepherd pie is at the top of my list. It is hearty and cheap.' },
  ],
  qa: [],
};

describe('which sentence answers', () => {
  let engine: Engine;
  let source: number;
  const ask = (question: string) => engine.askEngine.answer({ question, sourceIds: [source], llm: false, now: '2024-04-01T10:00:00' });

  beforeAll(async () => {
    ({ engine, source } = await conversationEngine('sentence-choice', CONVERSATION));
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('"what workshop": the workshop said with which one it is, not another thing attended', async () => {
    const t = await ask('What workshop did Ines attend recently?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^glass blowing workshop — “Last Friday I went to a glass blowing workshop/);
  });

  it('a list is gathered from the messages of the one asked about, though the best-matching sentence is by the other', async () => {
    const t = await ask('What sports has Ines tried?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toContain('I tried fencing at the club');
    expect(t.answer.text).toContain('I also tried archery');
    expect(t.answer.text).not.toContain('climbing and rowing');
  });

  it('"taking your advice, I\'m …" is the speaker\'s own plan, not the listener\'s', async () => {
    const t = await ask('What plans does Ines have after receiving advice at the networking event?');
    expect(t.answer.status).not.toBe('answered');
    expect(t.answer.text).not.toMatch(/“/);
  });

  it('"I\'ll always remember … when we saw …" answers what was seen', async () => {
    const t = await ask('What did Ines and her family see during their sailing trip last year?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^“I'll always remember our sailing trip last year when we saw a pod of dolphins\./);
  });

  it('"which city": a name WordNet lists as a city, though no preposition comes before it', async () => {
    const t = await ask('Which city is Ines excited to have a work trip to?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toContain("It's Lisbon");
  });

  it('"when did she go": the day she tells she went, not the plan to go', async () => {
    const t = await ask('When did Ines go to the pottery conference?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^Monday, March 18, 2024 — “.*I went to the pottery conference two days ago/);
  });

  it('news after a lead-in ("Guess what I did this week?") is dated by the lead-in, which is quoted', async () => {
    const t = await ask('When did Teo sign up for a marathon?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^[^(]*2024 — “Guess what I did this week\? I took the first step towards my big goal - I signed up for the city marathon!/);
    expect(t.answer.text).not.toMatch(/^around/);
  });

  it('"what types of tea": each sort said in a message is an item, though the question\'s verb is in none', async () => {
    const t = await ask('What types of tea has Ines sampled?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toContain('jasmine tea');
    expect(t.answer.text).toContain('oolong tea');
  });

  it('a sort the question names itself is not picked out as the value from another sort', async () => {
    const t = await ask('Which two mystery novels does Ines enjoy reading?');
    expect(t.answer.text).not.toMatch(/^fantasy novels —/);
  });

  it('"what are the names of his children" asks for a list', async () => {
    const t = await ask("What are the names of Teo's children?");
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toContain('Milo');
    expect(t.answer.text).toContain('Ava');
  });

  it('what the one asked about suggests is said to the one it is for', async () => {
    const t = await ask('What substitute does Teo suggest for cream in the soup?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toContain('oat milk or cashew paste');
  });

  it('"how many … has she won" ← "I won my fifth …": the count so far, said as an ordinal', async () => {
    const t = await ask('How many chess tournaments has Ines won?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^5 — “And I won my fifth chess tournament on Sunday!/);
  });

  it('"what is her favourite dish" ← "X is at the top of my list": what is said to be a favourite', async () => {
    const t = await ask('What is Ines\'s favorite dish from the cooking evening she hosted?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^Lentil shepherd pie — “Lentil shepherd pie is at the top of my list\./);
  });
});
