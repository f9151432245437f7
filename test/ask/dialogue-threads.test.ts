// News asked about: one person tells news ("I baked a cake for my brother!"), the other asks a
// follow-up question ("What flavour?"), and the details come in the first one's answer, which
// shares few words with a later question about the news. Ask reads that answer as being about the
// news and what the follow-up asked — but not when the answer says no ("Nope, never been to one"),
// and not for a date (the news tells its own time). The pool is given in the order Ask builds it:
// the news (the best search hit), then the answer to the follow-up (added as its neighbour).
import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../electron/node/engine/ask/analyze';
import { answerFromMessages } from '../../electron/node/engine/ask/answer';
import { planQuestion } from '../../electron/node/engine/timeline/planner';
import type { AskEvidenceMessage, MessageRow } from '../../shared/types';
import { fakeMemory } from '../timeline/fixtures';

const MEMORY = fakeMemory();
const analyse = (question: string) => analyzeQuestion(question, planQuestion({ question, now: '2024-04-01T12:00:00' }, MEMORY));

type Turn = [speaker: 'Lena' | 'Omar', text: string];
/** A session: its turns in order, each a message; the pool lists them in the search order given. */
function pool(turns: Turn[], order: number[]): AskEvidenceMessage[] {
  const rows: MessageRow[] = turns.map(([speaker, text], i) => ({
    id: i + 1, sourceId: 1, conversationId: 1, sessionId: 1, sessionIndex: 1, responseIndex: i, turnIndex: i, speaker, role: 'user', text,
    timestamp: `2024-03-03T19:${String(10 + i).padStart(2, '0')}:00`, tzOffsetMin: null, dayName: 'Sunday', week: '2024-W09', date: '2024-03-03',
    time: `19:${10 + i}`, externalId: `D1:${i + 1}`, conversationTitle: 'Lena and Omar', iri: `urn:m${i + 1}`,
  }));
  return order.map((i, rank) => ({ ref: `m${rank + 1}`, message: rows[i], route: 'search', score: 1 - rank * 0.1, why: 'full-text match' }));
}

const CAKE: Turn[] = [
  ['Omar', 'I spent the weekend fixing my bike and baking bread.'],
  ['Lena', 'I baked a cake for my brother yesterday, it was his birthday.'],
  ['Omar', 'Yum! What flavour did you go for?'],
  ['Lena', 'Lemon with a blueberry glaze, his favourite since we were kids.'],
  ['Omar', 'My grandmother used to bake on Sundays, mostly apple pies.'],
];
const POETRY: Turn[] = [
  ['Lena', 'I finally finished the poetry book you lent me, what a slow ending.'],
  ['Omar', 'Ha! Have you ever been to a poetry reading? I went to one about migration last week.'],
  ['Lena', 'Nope, never been to one, but it sounds lovely.'],
  ['Omar', 'The poet read about leaving home, it was moving.'],
];

describe('news asked about: the answer to the follow-up question holds the details', () => {
  it('a question about the news is answered by what the follow-up question drew out', () => {
    const a = answerFromMessages(analyse("What flavour was Lena's cake?"), pool(CAKE, [1, 3, 0, 2, 4]));
    expect(a?.judged?.answered).toBe(true);
    expect(a?.text).toMatch(/Lemon with a blueberry glaze/);
  });

  it('the one who only asked is not answered with the details', () => {
    const a = answerFromMessages(analyse("What flavour was Omar's cake?"), pool(CAKE, [1, 3, 0, 2, 4]));
    expect(a?.judged).toEqual({ answered: false, why: 'Lena says this about their own life, not about Omar' });
  });

  it('a reply that says no is not the story the other one asked about', () => {
    const a = answerFromMessages(analyse('What was the poetry reading Lena went to about?'), pool(POETRY, [1, 2, 3, 0]));
    expect(a?.text ?? '').not.toMatch(/never been/);
  });
});
