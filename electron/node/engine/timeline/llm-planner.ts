// The study's LLM path, as an alternative planner (never a dependency): with Ollama
// configured, an LLM rewrites the follow-up, classifies the question and writes the chain
// (Alonso et al. 2024). Every answer is checked: the chain must parse as table operations on
// known columns with valid values, or the deterministic plan is kept and the explanation says
// why. The benchmark can compare both planners on the same batch.
import { z } from 'zod';
import { timelineOpSchema } from '../../../../shared/api';
import type { PlannedQuestion, QuestionKind, TimelineOp, TimelinePlan } from '../../../../shared/types';
import { mediumDate } from '../../../../shared/dates/calendar';
import type { LlmMessage, OllamaClient } from '../llm/ollama';
import { checkPlan } from './plan';
import type { PlanInput, PlannerMemory } from './planner';

const answerSchema = z.object({
  rewrite: z.string().max(2000).optional(),
  classification: z.enum(['meta', 'content', 'both']),
  chain: z.array(timelineOpSchema).max(20),
  content: z.string().max(2000).optional(),
});

/** JSON schema for Ollama's structured output (kept small: models follow small schemas better). */
const ANSWER_FORMAT = {
  type: 'object',
  properties: {
    rewrite: { type: 'string' },
    classification: { type: 'string', enum: ['meta', 'content', 'both'] },
    chain: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          op: { type: 'string', enum: ['f_value', 'f_between'] },
          column: { type: 'string', enum: ['Response_Index', 'Session_Index', 'Speaker', 'Role', 'Day_Name', 'Week', 'Date', 'Time', 'Month', 'Year'] },
          values: { type: 'array', items: { type: ['string', 'number'] } },
          range: { type: 'array', items: { type: ['string', 'number'] }, minItems: 2, maxItems: 2 },
        },
        required: ['op', 'column'],
      },
    },
    content: { type: 'string' },
  },
  required: ['classification', 'chain'],
};

export function llmPrompt(input: PlanInput, memory: PlannerMemory): LlmMessage[] {
  const past = memory.sessions.filter((s) => s.start <= input.now);
  const recent = past.slice(-5).map((s, i) => `  Session_Index ${s.index}: ${s.start.replace('T', ' ')}${i === past.slice(-5).length - 1 ? ' (the last one)' : ''}`);
  const system = [
    'You plan table operations over a chat log, as in chain-of-table.',
    'The table has one row per message with columns: Response_Index (0-based position in the conversation), Session_Index (1-based session number),',
    'Speaker, Role (user/assistant), Day_Name (Monday…Sunday), Week (YYYY-Www), Date (YYYY-MM-DD), Time (HH:MM:SS), Month (YYYY-MM), Year.',
    'Operations: {"op":"f_value","column":C,"values":[…]} keeps rows whose column is one of the values;',
    '{"op":"f_between","column":C,"range":[min,max]} keeps rows whose column is in the inclusive range. The chain applies them in order.',
    'Questions are asked in a new session after the last one: "N sessions ago" is Session_Index (last + 1 − N); "last time" is the last session.',
    'Reply with JSON: {"rewrite": the question made self-contained using the dialogue (or the question itself),',
    '"classification": "meta" (only time/session/speaker), "content" (only a topic) or "both",',
    '"chain": the operations for the time/session/speaker part ([] when there is none), "content": the topic words (empty for meta)}.',
  ].join('\n');
  const user = [
    `Now: ${input.now.replace('T', ' ')} (${mediumDate(input.now.slice(0, 10))}).`,
    `The memory has ${memory.sessions.length} sessions (${past.length} before now); the latest:`,
    ...recent,
    memory.speakers.length ? `Speakers: ${memory.speakers.slice(0, 20).join(', ')}.` : '',
    input.context?.length ? `Dialogue so far:\n${input.context.map((t) => `  ${t.speaker || 'someone'}: ${t.text}`).join('\n')}` : '',
    `Question: ${input.question}`,
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Plans with the LLM; falls back to `fallback` (the deterministic plan) when the answer is unusable. */
export async function planWithLlm(
  client: OllamaClient,
  input: PlanInput,
  memory: PlannerMemory,
  fallback: PlannedQuestion,
  opts: { signal?: AbortSignal; rankLimit?: number } = {},
): Promise<PlannedQuestion> {
  let raw: string;
  try {
    raw = (await client.chat(llmPrompt(input, memory), { format: ANSWER_FORMAT, stream: false, signal: opts.signal })).text;
  } catch (e) {
    return { ...fallback, explanation: [...fallback.explanation, `LLM planner unavailable (${(e as Error).message.split('\n')[0]}): the rules' plan is used`] };
  }
  let answer: z.infer<typeof answerSchema>;
  let chain: TimelineOp[];
  try {
    const json = JSON.parse(raw.slice(raw.indexOf('{'), raw.lastIndexOf('}') + 1)) as unknown;
    answer = answerSchema.parse(json);
    chain = answer.chain as TimelineOp[];
    const plan: TimelinePlan = { ...fallback.plan, chain };
    chain = checkPlan(plan).chain;
  } catch (e) {
    return { ...fallback, explanation: [...fallback.explanation, `LLM plan rejected (${(e as Error).message.split('\n')[0].slice(0, 200)}): the rules' plan is used`] };
  }
  const classification: QuestionKind = answer.classification;
  const content = (answer.content ?? '').trim();
  const plan: TimelinePlan = {
    version: 1,
    now: input.now,
    ...(memory.sourceIds ? { sourceIds: memory.sourceIds } : {}),
    sessionNumbering: memory.numbering,
    chain,
    ...(classification !== 'meta' && content ? { rank: { query: content, limit: opts.rankLimit ?? fallback.plan.rank?.limit ?? 4 } } : {}),
  };
  const rewrite = answer.rewrite?.trim() || input.question;
  return {
    question: input.question,
    rewrite,
    rewritten: rewrite !== input.question,
    classification,
    plan,
    explanation: [`Planned by the LLM (${client.settings.model})`, ...chain.map((op) => `${op.op}(${op.column}, ${JSON.stringify(op.op === 'f_value' ? op.values : op.range)})`)],
    planner: 'llm',
  };
}
