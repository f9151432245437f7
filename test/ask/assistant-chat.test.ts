// Ask on an assistant chat (a ChatGPT export, no model): the person asked the assistant
// something once; asked again in Engram, the answer is the assistant's reply — even when the
// reply shares no word with the question — and advice the person asked for is the assistant's,
// not the person's own description of the problem. A loose match stays 'related'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { chatGptConversation, engineOnChatGptExport } from '../support/chatgpt-export';

const conversation = chatGptConversation;

const EXPORT = [
  conversation('c-porto', 'Porto in October', Date.UTC(2025, 8, 2, 18) / 1000, [
    ['user', "I'm going to Porto for a week in October."],
    ['assistant', 'Great choice! The Ribeira district is lovely in autumn.'],
    ['user', "How's the weather there in October?"],
    ['assistant', 'Usually mild: 18–22 °C by day, with a few rainy afternoons, so pack a light jacket.'],
  ]),
  conversation('c-basil', 'Basil plant', Date.UTC(2025, 8, 9, 8) / 1000, [
    ['user', 'My basil leaves are turning yellow and drooping. Is it dying?'],
    ['assistant', 'Probably overwatering: let the soil dry out between waterings and give it more sun.'],
    ['user', 'Thanks!'],
  ]),
  conversation('c-games', 'Games night', Date.UTC(2025, 8, 20, 19) / 1000, [
    ['user', 'List three board games that work well with two players.'],
    ['assistant', 'Patchwork, Jaipur and Lost Cities.'],
    ['user', 'Perfect, thanks.'],
  ]),
  conversation('c-garden', 'Garden beds', Date.UTC(2025, 8, 14, 17) / 1000, [
    ['user', 'How deep should a raised bed be?'],
    ['assistant', 'At least 30 cm; 45 cm for carrots.'],
  ]),
  conversation('c-rent', 'Rent', Date.UTC(2025, 7, 14, 9) / 1000, [
    ['user', 'Add up my August rent payments: 700 and 750.'],
    ['assistant', 'Your August rent total is 1,450.'],
  ]),
  conversation('c-budget', 'Spreadsheet formulas', Date.UTC(2025, 8, 12, 20) / 1000, [
    ['user', 'Which formula sums a column only when the next column says paid?'],
    ['assistant', 'Use SUMIF: =SUMIF(B:B, "paid", A:A).'],
  ]),
];

describe('Ask on an assistant chat', () => {
  let engine: Engine;
  const ask = (question: string) => engine.askEngine.answer({ question, llm: false, now: '2025-10-01T10:00:00' });

  beforeAll(async () => {
    engine = await engineOnChatGptExport('engram-assistant-chat-', EXPORT);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('a question the person asked before is answered by the reply it got', async () => {
    const t = await ask('What is the weather like in Porto in October?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/18–22 °C/);
  });

  it('advice asked for is the assistant’s reply, not the person’s own account of the problem', async () => {
    const t = await ask('What should I do about my yellow basil leaves?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/overwatering/);
    expect(t.answer.text).not.toMatch(/turning yellow/);
    // "fix" asks for help with the basil; it is not a word the answer must have
    const fix = await ask('How can I fix my basil?');
    expect(fix.answer.status).toBe('answered');
    expect(fix.answer.text).toMatch(/overwatering/);
  });

  it('a request without a question mark is answered by the reply; "you" is the assistant', async () => {
    const t = await ask('Which board games for two players did you list?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/Patchwork, Jaipur and Lost Cities/);
  });

  it('"what did you recommend / tell me about X": X is the topic, the assistant’s reply the answer', async () => {
    const recommended = await ask('What did you recommend for my basil?');
    expect(recommended.answer.status).toBe('answered');
    expect(recommended.answer.text).toMatch(/overwatering/);
    // the period's own messages are about something else: they are not the answer
    const told = await ask('What did you tell me about the weather in August?');
    expect(told.answer.status).toBe('answered');
    expect(told.answer.text).toMatch(/^Nothing in August 2025 is about it; from Tuesday, September 2, 2025: “.*18–22 °C/);
    expect(told.answer.text).not.toMatch(/rent/);
  });

  it('a conversation named by its title: its messages, and the plan says how it was read', async () => {
    const t = await ask('What did we say in the Basil plant chat?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/My basil leaves are turning yellow/);
    expect(t.answer.text).toMatch(/overwatering/);
    expect(t.answer.text).not.toMatch(/Porto|Patchwork|SUMIF|rent/);
    expect(t.plan.timeline?.explanation.join('\n')).toMatch(/I read 'Basil plant chat' as the conversation “Basil plant”/);
    // a topic inside a named conversation is ranked within it
    const within = await ask('What did you say about the weather in the Porto in October chat?');
    expect(within.answer.text).toMatch(/18–22 °C/);
  });

  it('the reply to the person’s own question about their things answers "my X" questions', async () => {
    const t = await ask('How deep should my raised bed be for carrots?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^45 cm — “At least 30 cm; 45 cm for carrots\.”/);
  });

  it('"my first question" / "your last answer" in a named chat: that side’s turn, its evidence saying why once', async () => {
    const first = await ask('What was my first question in the Porto in October chat?');
    expect(first.answer.status).toBe('answered');
    expect(first.answer.text).toMatch(/I'm going to Porto for a week in October/);
    expect(first.answer.text).not.toMatch(/weather|Ribeira/);
    const last = await ask('What was your last answer in the Porto in October chat?');
    expect(last.answer.text).toMatch(/18–22 °C/);
    expect(last.answer.text).not.toMatch(/Ribeira/);
    const why = first.evidence.messages.find((e) => e.route === 'timeline')?.why ?? '';
    expect(why.match(/my first question/g)).toHaveLength(1);
  });

  it('"what did I ask about X" quotes the person’s own question', async () => {
    const t = await ask('What did I ask about the spreadsheet column?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/Which formula sums a column/);
    expect(t.answer.text).not.toMatch(/SUMIF/);
  });

  it('"when did I ask about X": the day of the message', async () => {
    const t = await ask('When did I ask about my basil?');
    expect(t.answer.status).toBe('answered');
    expect(t.answer.text).toMatch(/^On Tuesday, September 9, 2025: “My basil leaves/);
  });

  it('a question nothing asked or answered stays related, with no quote as the answer', async () => {
    const t = await ask('What colour did I paint my bedroom?');
    expect(t.answer.status).not.toBe('answered');
    expect(t.answer.text).not.toMatch(/“/);
  });
});
