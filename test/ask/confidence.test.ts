// When the graph's reading of a template's rows is not an answer (ask/confidence.ts): the rows
// must give a value of the kind asked for, name the question's words, and say more than the
// question itself does.
import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../electron/node/engine/ask/analyze';
import { expectedAnswer } from '../../electron/node/engine/ask/answer-type';
import { graphConfidence } from '../../electron/node/engine/ask/confidence';
import type { AskSparqlResults } from '../../shared/types';
import { planQuestion } from '../../electron/node/engine/timeline/planner';
import { fakeMemory } from '../timeline/fixtures';

const MEMORY = fakeMemory();
const analyse = (question: string) => analyzeQuestion(question, planQuestion({ question, now: '2026-11-06T12:00:00' }, MEMORY));

function rows(label: string): AskSparqlResults {
  return { kind: 'select', vars: ['x', 'label'], rows: [{ x: { type: 'uri', value: 'urn:x' }, label: { type: 'literal', value: label } }], ranked: [0], truncated: false, elapsedMs: 1 };
}

describe('graph answers that are no answer', () => {
  it('an answer that is only a name the question gives is refused; a value it does not give is kept', () => {
    const question = "What activity did Maria's colleague, Rob, invite her to?";
    const a = analyse(question);
    const own = graphConfidence('entity-facts', a, expectedAnswer(question), rows('activity invite colleague'), { text: 'Maria', refs: [], entities: [] }, []);
    expect(own.ok).toBe(false);
    expect(own.why).toMatch(/what the question names itself/);
    const other = graphConfidence('entity-facts', a, expectedAnswer(question), rows('activity invite colleague'), { text: 'beginner yoga class', refs: [], entities: [] }, []);
    expect(other).toEqual({ ok: true, why: '' });
  });
});

describe('a relation the question only names in passing', () => {
  it('"for my sister\'s birthday" is about the birthday: the sister\'s name is no answer; "my sister\'s name" is', () => {
    const ask = (question: string) => {
      const a = analyse(question);
      return { a, c: graphConfidence('my-attribute', a, expectedAnswer(question), rows('Lena'), { text: 'Your sister is Lena.', refs: [], entities: [] }, []) };
    };
    const picked = ask("What did I pick for my sister's birthday?");
    expect(picked.a.attribute?.phrase).toMatch(/sister/);
    expect(picked.c.ok).toBe(false);
    expect(picked.c.why).toMatch(/asks about the birthday of 'my sister'/);
    expect(ask("What is my sister's name?").c.ok).toBe(true);
    expect(ask('Who is my sister?').c.ok).toBe(true);
  });
});
