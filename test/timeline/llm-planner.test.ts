// The study's LLM path as an alternative planner, against the Ollama protocol double.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OllamaClient } from '../../electron/node/engine/llm/ollama';
import { llmPrompt, planWithLlm } from '../../electron/node/engine/timeline/llm-planner';
import { planQuestion } from '../../electron/node/engine/timeline/planner';
import { OllamaDouble } from '../support/ollama-double';
import { fakeMemory, NOW } from './fixtures';

let double: OllamaDouble;
beforeEach(async () => {
  double = await OllamaDouble.start();
});
afterEach(async () => {
  await double.close();
});

const memory = fakeMemory();
const client = () => new OllamaClient({ host: double.url, timeoutMs: 2_000, idleTimeoutMs: 1_000, checkTimeoutMs: 500 });
const input = { question: 'Can you summarize what we discussed?', context: [{ speaker: 'Ann', text: 'We talked two sessions ago.' }], now: NOW };
const rules = () => planQuestion(input, memory);

describe('LLM planner', () => {
  it('takes a valid chain, rewrite and classification from the model', async () => {
    double.script([{ reply: JSON.stringify({ rewrite: 'What did we discuss two sessions ago?', classification: 'meta', chain: [{ op: 'f_value', column: 'Session_Index', values: [11] }] }) }]);
    const p = await planWithLlm(client(), input, memory, rules());
    expect(p.planner).toBe('llm');
    expect(p.rewrite).toBe('What did we discuss two sessions ago?');
    expect(p.plan.chain).toEqual([{ op: 'f_value', column: 'Session_Index', values: [11] }]);
    expect(p.plan.rank).toBeUndefined();
    const sent = double.requestsTo('/api/chat')[0].body;
    expect(sent.format).toMatchObject({ type: 'object' });
    expect(sent.messages[1].content).toContain('Ann: We talked two sessions ago.');
    expect(sent.messages[1].content).toContain('The memory has 12 sessions (12 before now)');
  });

  it('ranks by the content the model names', async () => {
    double.script([{ reply: JSON.stringify({ classification: 'both', chain: [{ op: 'f_value', column: 'Date', values: ['2026-06-14'] }], content: 'garden tulips' }) }]);
    const p = await planWithLlm(client(), { question: 'What did Ann plant on June 14?', now: NOW }, memory, planQuestion({ question: 'What did Ann plant on June 14?', now: NOW }, memory));
    expect(p.plan.rank).toEqual({ query: 'garden tulips', limit: 4 });
  });

  it.each([
    ['not JSON at all', /LLM plan rejected/],
    [JSON.stringify({ classification: 'meta', chain: [{ op: 'f_value', column: 'Text', values: ['x'] }] }), /LLM plan rejected/],
    [JSON.stringify({ classification: 'meta', chain: [{ op: 'f_value', column: 'Date', values: ['last week'] }] }), /LLM plan rejected.*not a date/],
  ])('keeps the rules’ plan when the answer is unusable: %s', async (reply, why) => {
    double.script([{ reply }]);
    const fallback = rules();
    const p = await planWithLlm(client(), input, memory, fallback);
    expect(p.planner).toBe('rules');
    expect(p.plan).toEqual(fallback.plan);
    expect(p.explanation.at(-1)).toMatch(why);
  });

  it('keeps the rules’ plan when Ollama is not there', async () => {
    await double.close();
    const p = await planWithLlm(client(), input, memory, rules());
    expect(p.planner).toBe('rules');
    expect(p.explanation.at(-1)).toMatch(/LLM planner unavailable/);
  });

  it('describes the memory and the protocol in the prompt', () => {
    const [system, user] = llmPrompt(input, memory);
    expect(system.content).toMatch(/f_between/);
    expect(system.content).toMatch(/"N sessions ago" is Session_Index \(last \+ 1 − N\)/);
    expect(user.content).toMatch(/Session_Index 12: 2026-11-18 11:00:00 \(the last one\)/);
  });
});
