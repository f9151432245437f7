// Rows and turns as the engine sends them, for the workbench's tests (model and component
// tests beside the renderer code). Each test overrides what it is about.
import type { AskTurn, MessageRow } from '../../shared/types';

export const messageRow = (id: number, over: Partial<MessageRow> = {}): MessageRow => ({
  id,
  sourceId: 1,
  conversationId: 1,
  sessionId: 3,
  sessionIndex: 13,
  responseIndex: id,
  turnIndex: 0,
  speaker: 'Maya',
  role: 'user',
  text: `message ${id}`,
  timestamp: '2026-10-12T08:20:00',
  tzOffsetMin: 120,
  dayName: 'Monday',
  week: '2026-W42',
  date: '2026-10-12',
  time: '08:20:00',
  externalId: null,
  conversationTitle: 'Training',
  iri: `https://engram.local/memory/post/${id}`,
  ...over,
});

export const TEMPLATE_QUERY = 'SELECT ?x ?label WHERE { ?x rdfs:label ?label }';

/** A turn answered from the graph (a template's SPARQL), with search tried too. */
export function askTurn(over: Partial<AskTurn> = {}): AskTurn {
  return {
    id: 7,
    conversationId: 2,
    seq: 1,
    question: 'When is the charity run I signed up for?',
    rewrite: 'When is the charity run I signed up for?',
    rewritten: false,
    now: '2026-11-22T09:30:21',
    classification: { intent: 'date', timeline: 'content', routes: ['graph', 'search'], why: ["'when' → the date of an event"] },
    plan: {
      search: { query: 'charity run', k: 25, hybrid: false },
      sparql: { query: TEMPLATE_QUERY, origin: 'template', template: 'event-date', explanation: ['events with dates'] },
    },
    results: {
      search: { total: 25 },
      sparql: {
        kind: 'select',
        vars: ['x', 'label'],
        rows: [
          { x: { type: 'uri', value: 'https://engram.local/memory/entity/a' }, label: { type: 'literal', value: 'A' } },
          { x: { type: 'uri', value: 'https://engram.local/memory/entity/b' }, label: { type: 'literal', value: 'B' } },
          { x: { type: 'uri', value: 'https://engram.local/memory/entity/c' }, label: { type: 'literal', value: 'C' } },
        ],
        ranked: [2, 0],
        truncated: false,
        elapsedMs: 51.3,
      },
    },
    answer: {
      text: 'Sunday, October 11, 2026 [t1, t2]',
      status: 'answered',
      how: 'Computed from your knowledge graph.',
      route: 'graph',
      source: 'computed',
      citations: ['t1', 't2'],
      computation: { kind: 'date', value: 'Sunday, October 11, 2026', detail: "the date of 'Spree Charity 10K'", refs: ['t1', 't4'] },
    },
    evidence: {
      messages: [{ ref: 'm1', message: messageRow(1), route: 'graph', score: 3, why: "source of 'Spree Charity 10K'" }],
      triples: [
        {
          ref: 't1',
          s: { iri: 'https://engram.local/memory/entity/spree-charity-10k', label: 'Spree Charity 10K' },
          p: { iri: 'https://schema.org/startDate', label: 'start date' },
          o: { type: 'literal', value: '2026-10-11', datatype: 'http://www.w3.org/2001/XMLSchema#date' },
          origins: ['extraction'],
        },
      ],
    },
    warnings: [],
    timings: { plan: 159.2, search: 50.2, sparql: 82.6, evidence: 21.1, answer: 0, total: 287.2 },
    createdAt: '2026-11-22T09:30:21.510Z',
    updatedAt: '2026-11-22T09:30:21.510Z',
    ...over,
  };
}
