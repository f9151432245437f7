// Ask on a person's own assistant chat (a ChatGPT export, no model), with the everyday facts
// people mention there: what a bill came to in a month, a total over several messages, a number
// in the unit asked for, a race time, and what was done or chosen when an exchange with the
// assistant closes. Amounts the assistant repeats or suggests are not the person's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { chatGptConversation, engineOnChatGptExport } from '../support/chatgpt-export';

const conversation = chatGptConversation;

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

const EXPORT = [
  conversation('water-1', 'Water bill', at('2025-03-10T09:00:00'), [
    ['user', 'My water bill for January was 41 euros and for February 37 euros. Is that a lot for two people?'],
    ['assistant', 'That is about average for two people. A water-saving shower head could cut it by a fifth.'],
  ]),
  conversation('water-2', 'Water bill again', at('2025-04-12T09:00:00'), [
    ['user', 'March water came to 45 euros.'],
    ['assistant', 'March is often higher; 45 € is still within the usual range.'],
  ]),
  conversation('piano', 'Piano practice', at('2025-03-20T20:00:00'), [
    ['user', 'I want to get back into piano. I can practise 25 minutes a day.'],
    ['assistant', 'Split it: 10 minutes of scales and 15 minutes of one piece, and record yourself once a week.'],
  ]),
  conversation('race', 'Lisbon 10k', at('2025-04-07T18:00:00'), [
    ['user', 'I ran the Lisbon 10k yesterday in 52:18! Very happy with it.'],
    ['assistant', 'Congratulations, that is a great time. Take two easy days now.'],
  ]),
  conversation('printer', 'Printer streaks', at('2025-04-15T10:00:00'), [
    ['user', 'My printer leaves grey streaks on every page.'],
    ['assistant', 'Run the head cleaning from the maintenance menu twice, then print a nozzle check.'],
    ['user', 'The head cleaning sorted it out, thanks!'],
  ]),
  conversation('film', 'Film night', at('2025-04-20T19:00:00'), [
    ['user', 'I loved Arrival. Which film should I watch next?'],
    ['assistant', 'Try Contact or Annihilation if you want more thoughtful science fiction.'],
    ['user', 'Annihilation it is.'],
  ]),
  conversation('climbing', 'Climbing', at('2025-04-25T18:00:00'), [
    ['user', "I've been to the climbing gym twice this month."],
    ['assistant', 'Nice! Two sessions a week is a good rhythm to start with.'],
  ]),
  conversation('lamp', 'Desk lamp', at('2025-04-27T18:00:00'), [
    ['user', 'I need a new desk lamp. Budget about 60 euros.'],
    ['assistant', 'Look for an LED lamp with a dimmer and a warm colour temperature around 3000 K.'],
  ]),
  conversation('sisters', 'Sisters', at('2025-04-26T18:00:00'), [
    ['user', 'Both of my sisters love bouldering at the climbing gym.'],
    ['assistant', 'Maybe you can all go together some time.'],
  ]),
];

describe('Ask on a person’s own assistant chat', () => {
  let engine: Engine;
  const ask = (question: string) => engine.askEngine.answer({ question, llm: false, now: '2025-05-01T10:00:00' });

  beforeAll(async () => {
    engine = await engineOnChatGptExport('engram-personal-chat-', EXPORT);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('a bill in a month: the amount said with that month, not the other one in the sentence', async () => {
    const t = await ask('How much was my water bill in February?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^€37 — /);
  });

  it('a total: the person’s amounts on the topic over several messages, summed, each listed; the assistant’s repeat is not counted', async () => {
    const t = await ask('How much did I pay for water in total?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^€123 in total, from 3 amounts:/);
    expect(t.answer.text).toMatch(/• €41 \+ €37 — “My water bill for January/);
    expect(t.answer.text).toMatch(/• €45 — “March water came to 45 euros\.”/);
    expect(t.answer.computation).toMatchObject({ kind: 'sum', value: '€123', detail: '€41 + €37 + €45 = €123' });
  });

  it('a budget is not what was paid', async () => {
    const t = await ask('How much did I spend on the desk lamp?');
    expect(t.answer.text).not.toMatch(/€60/);
    expect(t.answer.status).not.toBe('answered');
  });

  it('"how many minutes": the person’s own span in minutes, not the assistant’s numbers', async () => {
    const t = await ask('How many minutes a day can I practise piano?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^25 minutes — “I can practise 25 minutes a day\.”/);
  });

  it('"my time in the race" is the result time', async () => {
    const t = await ask('What was my time in the Lisbon 10k?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^52:18 — /);
  });

  it('what was done or chosen is said when the exchange with the assistant closes', async () => {
    const fixed = await ask('How did I fix the printer streaks?');
    expect(fixed.answer.status).toBe('answered');
    expect(fixed.answer.text).toMatch(/^“The head cleaning sorted it out, thanks!”/);
    const next = await ask('Which film am I watching next?');
    expect(next.answer.status).toBe('answered');
    expect(next.answer.text).toMatch(/Annihilation it is\./);
    expect(next.answer.text).not.toMatch(/I loved Arrival/);
  });

  it('"how many times": a number of times, not another number the sentence holds', async () => {
    const t = await ask('How many times have I been to the climbing gym?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^2 — “I've been to the climbing gym twice/);
    // "both of my sisters" is no number of visits
    const sisters = await ask('How many times have my sisters been bouldering?');
    expect(sisters.answer.text).not.toMatch(/^2 — /);
    expect(sisters.answer.status).not.toBe('answered');
  });
});
