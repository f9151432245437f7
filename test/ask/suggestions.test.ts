// The Ask tab's suggested questions (ask/suggestions.ts): made from the memory (its favourites'
// categories, its topics) and kept only when Ask answers them, with evidence.
import { describe, expect, it } from 'vitest';
import { askSuggestions, type SuggestionSources } from '../../electron/node/engine/ask/suggestions';
import type { AskAnswer, TopicSummary } from '../../shared/types';
import { demoEngine } from './support';

const answered = (text: string): AskAnswer => ({ text, status: 'answered', how: '', route: 'search', source: 'computed', citations: ['m1'] });
const related: AskAnswer = { text: 'Your memory does not say this directly.', status: 'related', how: '', route: 'none', source: 'none', citations: [] };
const topic = (label: string): TopicSummary => ({ iri: `urn:t:${label}`, key: label, label, sessions: 3, mentions: 5, top3: 2, first: '2026-01-01T10:00:00', last: '2026-02-01T10:00:00' });

function sources(answers: Record<string, AskAnswer>, over: Partial<SuggestionSources> = {}): SuggestionSources & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    answer: async (q) => {
      asked.push(q);
      return answers[q] ?? related;
    },
    select: async () => [],
    ownerIris: [],
    topics: () => [topic('pottery'), topic('garden')],
    ...over,
  };
}

describe('suggested questions', () => {
  it('keeps only the questions Ask answers with evidence, the fallback wording when the first is not', async () => {
    const src = sources({
      // last week has no conversation: "No messages in that period" cites nothing
      'What did we talk about last week?': { ...answered('No messages in that period.'), citations: [] },
      'What did we talk about in the last session?': answered('4 messages in 1 session'),
      'When did we talk about pottery?': answered('We talked about pottery in 3 sessions'),
      'How often did we talk about garden?': answered('You talked about garden in 3 sessions'),
    });
    expect(await askSuggestions(src)).toEqual(['What did we talk about in the last session?', 'When did we talk about pottery?', 'How often did we talk about garden?']);
    // who-most and the trip were tried and dropped (related)
    expect(src.asked).toContain('Who did I talk to most?');
    expect(src.asked).toContain('How much did I spend on my last trip?');
  });

  it('asks a favourite by the category of the owner’s preferences in the graph, and stops at the maximum', async () => {
    const queries: string[] = [];
    const src = sources(
      {
        'What did we talk about last week?': answered('2 sessions'),
        'Who did I talk to most in the past two weeks?': answered('You talked most with Lena'),
        'What is my favourite music?': answered('Your favourite music is Nightjar Parade.'),
        'How much did I spend on my last trip?': answered('You spent €480'),
        'When did we talk about pottery?': answered('We talked about pottery'),
      },
      {
        ownerIris: ['urn:me'],
        select: async (q) => {
          queries.push(q);
          return [{ category: { type: 'literal', value: 'Music' } }, { category: { type: 'literal', value: '<bad>' } }];
        },
      },
    );
    expect(await askSuggestions(src)).toEqual([
      'What did we talk about last week?',
      'Who did I talk to most in the past two weeks?',
      'What is my favourite music?',
      'How much did I spend on my last trip?',
    ]);
    expect(queries[0]).toContain('VALUES ?me { <urn:me> }');
    expect(src.asked).not.toContain('When did we talk about pottery?');
  });

  it('on the demo memory, offline: every suggestion is answered', async () => {
    const engine = await demoEngine(undefined, { demoGraph: true });
    try {
      const now = '2026-11-06T12:00:00';
      const suggested = await engine.askSuggestions({ now });
      expect(suggested.length).toBe(4);
      expect(suggested).toContain('How much did I spend on my last trip?');
      expect(suggested.some((q) => /^What is my favourite \w+\?$/.test(q))).toBe(true);
      for (const q of suggested) expect((await engine.askEngine.answer({ question: q, now, llm: false })).answer.status).toBe('answered');
    } finally {
      await engine.close();
    }
  }, 120_000);
});
