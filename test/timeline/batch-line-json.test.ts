// The batch's shortcuts must give what they stand for: a line read by hand as the schema reads
// it, and an output line's JSON as JSON.stringify writes it.
import { describe, expect, it } from 'vitest';
import { batchQuestionSchema, quickQuestion } from '../../electron/node/engine/common/jsonl-batch';
import { batchLineJson, type BatchOutput } from '../../electron/node/engine/timeline/batch';

const LINES: unknown[] = [
  { question: 'What did we discuss yesterday?' },
  { id: 'a', question: 'x', now: '2026-01-02T03:04:05', source: 'a.json' },
  { id: 3, question: 'x', source: 7 },
  { id: 'b', question: 'Yes.', context: [{ speaker: 'Ann', text: 'Hi' }, { text: 'no speaker' }], extra: true },
  { question: 'x', context: [] },
  { question: 'q', context: [{ speaker: 'A', text: 't', more: 1 }] },
  // not valid: the schema decides
  { question: '' },
  { question: 'x'.repeat(10_001) },
  { question: 'x'.repeat(10_000) },
  { question: 5 },
  { id: null, question: 'x' },
  { id: true, question: 'x' },
  { question: 'x', now: 'x'.repeat(61) },
  { question: 'x', now: 'x'.repeat(60) },
  { question: 'x', now: 5 },
  { question: 'x', source: null },
  { question: 'x', context: {} },
  { question: 'x', context: [null] },
  { question: 'x', context: [[]] },
  { question: 'x', context: [{ speaker: null, text: 't' }] },
  { question: 'x', context: [{ speaker: 'a' }] },
  { question: 'x', context: Array.from({ length: 501 }, () => ({ text: 't' })) },
  { question: 'x', context: Array.from({ length: 500 }, () => ({ text: 't' })) },
  [],
  null,
  'question',
  42,
];

describe('quickQuestion', () => {
  it('reads a line exactly as the schema does, or leaves it to the schema', () => {
    let quick = 0;
    for (const raw of LINES) {
      const parsed = batchQuestionSchema.safeParse(raw);
      const line = quickQuestion(raw);
      if (line) {
        quick++;
        expect(parsed.success).toBe(true);
        expect(line).toEqual(parsed.data);
      }
      if (parsed.success && !line) throw new Error(`a valid line was left to the schema: ${JSON.stringify(raw).slice(0, 80)}`);
    }
    expect(quick).toBe(9);
  });
});

describe('batchLineJson', () => {
  it('writes the bytes JSON.stringify writes, with messages seen again and changed', () => {
    const json = batchLineJson();
    const m = (id: string, session: number, external: string | null = null) => ({ id, source: 'a "quoted" \u2028 name.json', session, response_index: 2, external_id: external });
    const outs: BatchOutput[] = [
      { id: '1', rewrite: 'r', classification: 'time', plan: { chain: [], why: 'é\n' }, messages: [m('1', 1), m('2', 1, 'x')] },
      { id: '2', rewrite: undefined, classification: 'time', plan: { a: 1 }, messages: [m('2', 1, 'x'), m('1', 3)] },
      { id: '3', messages: [] },
      { id: '4', error: 'line 4: bad' },
      { id: '5', plan: { a: 1 }, messages: [m('1', 3, 'y')] },
    ];
    for (const out of outs) expect(json(out)).toBe(JSON.stringify(out));
  });
});
