// Ask turns on screen: citations as links, the routes tried and the one that answered, rows
// most relevant first, the state of an edited query.
import { describe, expect, it } from 'vitest';
import type { AskTurn } from '../../../../shared/types';
import { askTurn as turn, messageRow as message, TEMPLATE_QUERY } from '../../../../test/support/workbench-fixtures';
import {
  localizeDates,
  answerHow,
  answerSegments,
  citedRefs,
  localName,
  objectText,
  planParts,
  rankedRows,
  relativeDay,
  replaceTurn,
  routeChips,
  sparqlEditState,
  timingLines,
  turnTime,
} from './ask-model';

describe('the answer', () => {
  it('splits citations out of the text, one link per ref', () => {
    expect(answerSegments('Sunday, October 11, 2026 [t1, t2]', ['t1'])).toEqual([
      { kind: 'text', text: 'Sunday, October 11, 2026 ' },
      { kind: 'ref', ref: 't1', known: true },
      { kind: 'ref', ref: 't2', known: false },
    ]);
    expect(answerSegments('“I paid €120.” (Maya) [m2] and more [m1]', ['m1', 'm2'])).toEqual([
      { kind: 'text', text: '“I paid €120.” (Maya) ' },
      { kind: 'ref', ref: 'm2', known: true },
      { kind: 'text', text: ' and more ' },
      { kind: 'ref', ref: 'm1', known: true },
    ]);
    // Brackets that are not citations stay text.
    expect(answerSegments('Pixel [dog] is 3', [])).toEqual([{ kind: 'text', text: 'Pixel [dog] is 3' }]);
    expect(answerSegments('', [])).toEqual([]);
  });

  it('says how the answer was made', () => {
    expect(answerHow(turn().answer)).toBe('computed from the evidence');
    expect(answerHow({ ...turn().answer, source: 'evidence' })).toBe('quoted from a message');
    expect(answerHow({ ...turn().answer, source: 'llm', model: 'qwen3:8b' })).toBe('written by qwen3:8b');
    expect(answerHow({ ...turn().answer, source: 'none' })).toBe('no answer');
  });

  it('collects the refs the answer and its computation cite', () => {
    expect([...citedRefs(turn())].sort()).toEqual(['t1', 't2', 't4']);
  });
});

describe('routes', () => {
  it('lists the routes tried, the answering one marked, each with what it found', () => {
    expect(routeChips(turn())).toEqual([
      { route: 'graph', answered: true, detail: '3 rows · template event-date' },
      { route: 'search', answered: false, detail: '25 hits' },
    ]);
  });

  it('describes a timeline route and a failed query', () => {
    const t = turn({
      classification: { intent: 'time', timeline: 'meta', routes: ['timeline', 'graph'], why: [] },
      results: { timeline: { total: 12, sessionIds: [21], sql: '' }, sparql: { kind: 'select', vars: [], rows: [], ranked: [], truncated: false, elapsedMs: 0, error: 'refused' } },
      answer: { text: '12 messages in 1 session', status: 'answered', how: "Counted from the timeline's messages.", route: 'timeline', source: 'evidence', citations: [] },
    });
    expect(routeChips(t)).toEqual([
      { route: 'timeline', answered: true, detail: '12 messages in 1 session' },
      { route: 'graph', answered: false, detail: 'query failed' },
    ]);
  });

  it('names the parts of the plan', () => {
    expect(planParts(turn())).toEqual(['search', 'SPARQL']);
  });
});

describe('SPARQL rows and edits', () => {
  it('puts the most relevant rows first, then the rest in the query order', () => {
    expect(rankedRows(turn().results.sparql!).map((r) => r.index)).toEqual([2, 0, 1]);
    const odd = { ...turn().results.sparql!, ranked: [5, 1, 1] };
    expect(rankedRows(odd).map((r) => r.index)).toEqual([1, 0, 2]);
  });

  it('knows when the query was edited and what to go back to', () => {
    const t = turn();
    expect(sparqlEditState(t, TEMPLATE_QUERY)).toEqual({ dirty: false, edited: false, generated: TEMPLATE_QUERY });
    expect(sparqlEditState(t, `${TEMPLATE_QUERY} LIMIT 1`)).toEqual({ dirty: true, edited: true, generated: TEMPLATE_QUERY });
    const rerun = turn({ plan: { sparql: { query: 'SELECT ?y WHERE { ?y ?p ?o }', origin: 'person', template: 'event-date', generated: TEMPLATE_QUERY, explanation: [] } } });
    expect(sparqlEditState(rerun, 'SELECT ?y WHERE { ?y ?p ?o }')).toEqual({ dirty: false, edited: true, generated: TEMPLATE_QUERY });
    expect(sparqlEditState(turn({ plan: {} }), 'x')).toEqual({ dirty: false, edited: false, generated: null });
  });
});

describe('small things', () => {
  it('reads triple objects and IRIs for people', () => {
    expect(objectText({ type: 'uri', value: 'https://schema.org/SportsEvent', label: 'Sports event' })).toBe('Sports event');
    expect(objectText({ type: 'uri', value: 'https://engram.local/memory/entity/pixel' })).toBe('pixel');
    expect(objectText({ type: 'literal', value: '2026-10-11' })).toBe('2026-10-11');
    expect(localName('http://www.w3.org/2000/01/rdf-schema#label')).toBe('label');
  });

  it('times a turn', () => {
    expect(turnTime(turn())).toBe('287 ms');
    expect(turnTime(turn({ timings: { total: 1520 } }))).toBe('1.52 s');
    expect(turnTime(turn({ timings: {} }))).toBeNull();
    expect(timingLines(turn())).toEqual(['plan 159 ms', 'sparql 83 ms', 'search 50 ms', 'evidence 21 ms']);
  });

  it('dates conversations relative to today', () => {
    const now = new Date(2026, 10, 22, 12, 0);
    expect(relativeDay(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe('today 09:05');
    expect(relativeDay(new Date(2026, 10, 21, 18, 30).toISOString(), now)).toBe('yesterday 18:30');
    expect(relativeDay(new Date(2026, 9, 3, 8, 0).toISOString(), now)).toBe('Oct 3');
    expect(relativeDay(new Date(2025, 9, 3, 8, 0).toISOString(), now)).toBe('Oct 3, 2025');
    expect(relativeDay('nonsense', now)).toBe('');
  });

  it('replaces a re-run turn in place and adds a new one in order', () => {
    const a = turn({ id: 1, seq: 1 });
    const b = turn({ id: 2, seq: 2 });
    const b2 = turn({ id: 2, seq: 2, question: 'edited' });
    expect(replaceTurn([a, b], b2).map((t) => t.question)).toEqual([a.question, 'edited']);
    expect(replaceTurn([b], a).map((t) => t.id)).toEqual([1, 2]);
  });
});

describe('localizeDates', () => {
  it("writes the answer's dates in the person's locale, and leaves other text alone", () => {
    const text = 'Sunday, October 11, 2026 (Spree Charity 10K); paid on September 23, 2026. 53:48';
    expect(localizeDates(text, 'en-US')).toBe(text);
    // (the punctuation between weekday and day is the ICU data's)
    expect(localizeDates(text, 'en-GB')).toMatch(/^Sunday,? 11 October 2026 \(Spree Charity 10K\); paid on 23 September 2026\. 53:48$/);
    expect(localizeDates(text, 'de-DE')).toMatch(/^Sonntag, 11\. Oktober 2026 \(Spree Charity 10K\); paid on 23\. September 2026\. 53:48$/);
  });
});
