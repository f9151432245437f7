// The pure parts of extraction: ontology index and catalog, prompt filling, chunking, literal
// checks, answer parsing, validation (refine), coverage strategies and rank fusion.
import { describe, expect, it } from 'vitest';
import { MEMORY_BASE, PREFIXES } from '../../shared/rdf';
import type { MessageRow } from '../../shared/types';
import { chunkKeyOf, planSessionChunks, renderMessages } from '../../electron/node/engine/extraction/chunks';
import { coverageOf, numericTokens, parseAnswersJsonl } from '../../electron/node/engine/extraction/coverage';
import { ENTITY_NAMESPACE, MSG_NAMESPACE, prefixLines } from '../../electron/node/engine/extraction/extract-chunk';
import { judgeLiteral, lexicallyValid } from '../../electron/node/engine/extraction/literals';
import { loadOntology } from '../../electron/node/engine/extraction/ontology';
import { fillPrompt, loadPrompt, parsePrompt } from '../../electron/node/engine/extraction/prompt';
import { labelFromLocalName } from '../../electron/node/engine/extraction/text';
import { normalizeLabel } from '../../shared/text/words';
import { numberLines, parseAnswer, refine, turtleOf, type KnownEntity } from '../../electron/node/engine/extraction/validate';
import { reciprocalRankFusion } from '../../electron/node/engine/embeddings/fusion';
import { GENID_BASE } from '../../electron/node/engine/stores/graph/rdf-io';

const { schema, rdfs, prov, foaf, xsd, pcm } = PREFIXES;
const ontology = loadOntology();

describe('ontology index (resources/ontology/pcm.ttl)', () => {
  it('parses the ontology and knows its classes, properties and individuals', () => {
    expect(ontology.version).toBe('1.2.0');
    expect(ontology.classes.size).toBeGreaterThan(80);
    expect(ontology.properties.size).toBeGreaterThan(60);
    expect(ontology.classes.has(`${schema}TravelAction`)).toBe(true);
    expect(ontology.properties.get(`${schema}agent`)?.kind).toBe('object');
    expect(ontology.properties.get(`${schema}startDate`)?.kind).toBe('datatype');
    expect(ontology.individuals.has(`${schema}Monday`)).toBe(true);
    expect(ontology.declares(`${prov}wasDerivedFrom`)).toBe(true);
    expect(ontology.declares(`${rdfs}label`)).toBe(true);
    expect(ontology.declares(`${schema}Spaceship`)).toBe(false);
    expect(ontology.datatypeRange(`${schema}startDate`)).toEqual([`${xsd}date`]);
  });

  it('knows the class hierarchy (compatible types for entity matching)', () => {
    expect(ontology.ancestors(`${schema}Restaurant`).has(`${schema}Place`) || ontology.ancestors(`${schema}Restaurant`).has(`${schema}Organization`)).toBe(true);
    expect(ontology.compatibleTypes([`${foaf}Person`], [`${schema}Person`])).toBe(true);
    expect(ontology.compatibleTypes([`${foaf}Person`], [`${schema}City`])).toBe(false);
    expect(ontology.compatibleTypes([], [`${schema}City`])).toBe(true);
  });

  it('generates the catalog: one line per class and property, no conversation structure', () => {
    const c = ontology.catalog();
    expect(c).toMatch(/^schema:TravelAction \(class, sub of schema:\w+\): /m);
    expect(c).toMatch(/^schema:agent \(link, /m);
    expect(c).toMatch(/^schema:startDate \(value, .*xsd:date\)/m);
    expect(c).toMatch(/^Values: .*schema:CompletedActionStatus/m);
    expect(c).not.toMatch(/pcm:inSession|sioc:Post/);
    expect(c.split('\n').length).toBeGreaterThan(200);
  });
});

describe('prompts', () => {
  it('reads the version from the header and fills every slot', () => {
    const p = loadPrompt('extract-turtle', 1);
    expect(p.ref).toBe('extract-turtle.v1');
    const text = fillPrompt(p, {
      prefixes: '@prefix schema: <https://schema.org/> .',
      namespace: ENTITY_NAMESPACE,
      primary_agent_iri: `${MEMORY_BASE}person/maya`,
      primary_agent_name: 'Maya',
      ontology_catalog: 'CATALOG',
      known_entities: '(none)',
      messages: '[msg:m1] 2026-09-14 20:05 Monday | Maya: hello {{namespace}}',
    });
    expect(text).toContain(`@prefix ent: <${ENTITY_NAMESPACE}> .`);
    expect(text).toContain('whose IRI is <https://engram.local/memory/person/maya>');
    expect(text).not.toMatch(/\{\{(?!namespace\}\})/); // only the one inside a message is left
    expect(() => fillPrompt(p, { prefixes: '' })).toThrow(/no value/);
  });

  it('rejects a prompt file without a header', () => {
    expect(() => parsePrompt('no header')).toThrow(/header/);
    expect(parsePrompt('---\nid: x\nversion: 2\nplaceholders: a\n---\nhi {{a}}').ref).toBe('x.v2');
  });

  it('declares every prefix the prompt needs, msg: and ent: included', () => {
    const lines = prefixLines();
    for (const p of Object.keys(PREFIXES)) expect(lines).toContain(`@prefix ${p}: <${PREFIXES[p]}> .`);
    expect(lines).toContain(`@prefix msg: <${MSG_NAMESPACE}> .`);
    expect(lines).toContain(`@prefix ent: <${ENTITY_NAMESPACE}> .`);
  });
});

function msg(id: number, role: MessageRow['role'], text = `text ${id}`): MessageRow {
  return {
    id, sourceId: 1, conversationId: 1, sessionId: 7, sessionIndex: 1, responseIndex: id, turnIndex: id, speaker: role === 'assistant' ? 'Assistant' : 'Maya',
    role, text, timestamp: '2026-09-14T20:05:00', tzOffsetMin: null, dayName: 'Monday', week: '2026-W38', date: '2026-09-14', time: '20:05:00',
    externalId: null, conversationTitle: 't', iri: `${MEMORY_BASE}post/p${id}`,
  };
}

describe('chunks', () => {
  const session = [msg(1, 'user'), msg(2, 'assistant'), msg(3, 'user'), msg(4, 'assistant'), msg(5, 'user'), msg(6, 'assistant'), msg(7, 'system'), msg(8, 'user'), msg(9, 'assistant')];

  it('groups the person’s messages, keeps the assistant’s between them as context', () => {
    const plans = planSessionChunks(session, 2, false);
    expect(plans.map((p) => p.targetIds)).toEqual([[1, 3], [5, 8]]);
    expect(plans.map((p) => p.messageIds)).toEqual([[1, 2, 3], [4, 5, 6, 8]]);
    expect(plans[0].key).toBe(chunkKeyOf([`${MEMORY_BASE}post/p1`, `${MEMORY_BASE}post/p3`]));
  });

  it('keys are stable and skip covered messages (resume)', () => {
    const again = planSessionChunks(session, 2, false);
    expect(again.map((p) => p.key)).toEqual(planSessionChunks(session, 2, false).map((p) => p.key));
    const rest = planSessionChunks(session, 2, false, new Set([1, 2, 3]));
    expect(rest.map((p) => p.targetIds)).toEqual([[5, 8]]);
    expect(rest[0].key).toBe(again[1].key);
  });

  it('takes the assistant’s messages as targets when asked', () => {
    const plans = planSessionChunks(session, 3, true);
    expect(plans.map((p) => p.targetIds)).toEqual([[1, 2, 3], [4, 5, 6], [8, 9]]);
  });

  it('renders one line per message with short msg ids', () => {
    const r = renderMessages([msg(1, 'user', 'line one\nline two'), msg(2, 'assistant', 'x'.repeat(1000))], new Set([1]));
    const lines = r.text.split('\n');
    expect(lines[0]).toBe('[msg:m1] 2026-09-14 20:05 Monday | Maya: line one / line two');
    expect(lines[1].length).toBeLessThan(500);
    expect(r.ids.get('m2')).toBe(`${MEMORY_BASE}post/p2`);
  });
});

describe('literals', () => {
  it('checks lexical forms', () => {
    expect(lexicallyValid('2026-09-23', `${xsd}date`)).toBe(true);
    expect(lexicallyValid('2026-02-30', `${xsd}date`)).toBe(false);
    expect(lexicallyValid('next Friday', `${xsd}date`)).toBe(false);
    expect(lexicallyValid('2026-10-20T08:30:00', `${xsd}dateTime`)).toBe(true);
    expect(lexicallyValid('2026-10-20 08:30', `${xsd}dateTime`)).toBe(false);
    expect(lexicallyValid('120.00', `${xsd}decimal`)).toBe(true);
    expect(lexicallyValid('€120', `${xsd}decimal`)).toBe(false);
    expect(lexicallyValid('152', `${xsd}integer`)).toBe(true);
    expect(lexicallyValid('1.5', `${xsd}integer`)).toBe(false);
    expect(lexicallyValid('true', `${xsd}boolean`)).toBe(true);
    expect(lexicallyValid('yes', `${xsd}boolean`)).toBe(false);
    expect(lexicallyValid('PT35M', `${xsd}duration`)).toBe(true);
    expect(lexicallyValid('P1W', `${xsd}duration`)).toBe(true);
    expect(lexicallyValid('35 minutes', `${xsd}duration`)).toBe(false);
  });

  it('retypes fitting plain strings, rejects the rest', () => {
    expect(judgeLiteral('2026-09-23', `${xsd}string`, undefined, [`${xsd}date`], 'schema:startDate')).toEqual({ ok: true, retype: `${xsd}date` });
    expect(judgeLiteral('next week', `${xsd}string`, undefined, [`${xsd}date`], 'schema:startDate').ok).toBe(false);
    expect(judgeLiteral('12', `${xsd}integer`, undefined, [`${xsd}date`], 'schema:startDate').ok).toBe(false);
    expect(judgeLiteral('10 km', `${xsd}string`, undefined, [`${xsd}string`], 'schema:distance').ok).toBe(true);
    expect(judgeLiteral('2026-09-23', `${xsd}date`, undefined, [`${xsd}dateTime`], 'schema:startTime').ok).toBe(true);
  });
});

describe('parsing the answer', () => {
  const prefixes = prefixLines();

  it('takes the Turtle out of code fences and chatter, prefixes may be left out', () => {
    const r = parseAnswer('Here is the Turtle:\n```turtle\nent:lena a foaf:Person ; rdfs:label "Lena" .\n```\nDone!', prefixes);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.quads).toHaveLength(2);
    expect(turtleOf('<think>hmm</think>\nent:a rdfs:label "A" .')).toBe('ent:a rdfs:label "A" .');
  });

  it('reports syntax errors at the line of the model’s own text', () => {
    const r = parseAnswer('ent:a a foaf:Person ;\n  rdfs:label "A" .\nent:b rdfs:label "B" "C" .', prefixes);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.line).toBe(3);
      expect(r.error.message).toMatch(/line 3/);
    }
    expect(numberLines('a\nb')).toBe('1| a\n2| b');
  });
});

describe('refine (validation beyond syntax)', () => {
  const targets = [
    { iri: `${MEMORY_BASE}post/p1`, text: 'I booked a trip to Porto with Lena.' },
    { iri: `${MEMORY_BASE}post/p2`, text: 'The hotel costs 120 euros.' },
  ];
  const msgIds = new Map([
    ['m1', targets[0].iri],
    ['m2', targets[1].iri],
  ]);
  const run = (turtle: string, candidates: KnownEntity[] = [], existing: string[] = []) => {
    const parsed = parseAnswer(turtle, prefixLines());
    if (!parsed.ok) throw new Error(parsed.error.message);
    return refine({ quads: parsed.quads, chunkKey: 'abc123', ontology, msgNamespace: MSG_NAMESPACE, msgIds, targets, candidates, existing: new Set(existing) });
  };
  const has = (quads: { subject: { value: string }; predicate: { value: string }; object: { value: string } }[], s: string, p: string, o?: string) =>
    quads.some((q) => q.subject.value === s && q.predicate.value === p && (o === undefined || q.object.value === o));

  it('drops and reports terms the ontology does not declare', () => {
    const { quads, report } = run(`ent:trip a schema:TravelAction, schema:Spaceship ; rdfs:label "Trip" ; pcm:madeUp "x" ; schema:toLocation schema:Atlantis ; prov:wasDerivedFrom msg:m1 .
      schema:TravelAction rdfs:label "Hijacked" .
      <http://example.org/x> rdfs:label "outside" .`);
    expect(report.unknownTerms).toEqual(['pcm:madeUp', 'schema:Atlantis', 'schema:Spaceship']);
    expect(report.dropped.map((d) => d.reason)).toEqual(
      expect.arrayContaining(['unknown class schema:Spaceship', 'unknown property pcm:madeUp', 'unknown term schema:Atlantis', 'statement about the ontology term schema:TravelAction', 'subject <http://example.org/x> is outside the memory']),
    );
    expect(has(quads, `${ENTITY_NAMESPACE}trip`, `${PREFIXES.rdf}type`, `${schema}TravelAction`)).toBe(true);
    expect(quads).toHaveLength(3);
  });

  it('maps msg: ids to posts, drops unknown ones, adds labels and provenance', () => {
    const { quads, report } = run(`ent:hotel-ribeira a schema:Hotel ; schema:price 120 .
      ent:trip-to-porto a schema:TravelAction ; rdfs:label "Trip to Porto" ; prov:wasDerivedFrom msg:m1 .
      ent:ghost rdfs:label "Ghost" ; prov:wasDerivedFrom msg:m9 .`);
    expect(has(quads, `${ENTITY_NAMESPACE}trip-to-porto`, `${prov}wasDerivedFrom`, targets[0].iri)).toBe(true);
    expect(has(quads, `${ENTITY_NAMESPACE}hotel-ribeira`, `${rdfs}label`, 'Hotel ribeira')).toBe(true);
    // the hotel's provenance is inferred: the post that mentions "hotel"
    expect(has(quads, `${ENTITY_NAMESPACE}hotel-ribeira`, `${prov}wasDerivedFrom`, targets[1].iri)).toBe(true);
    expect(report.dropped.map((d) => d.reason)).toContain('msg:m9 is not a message of this chunk');
    expect(report.addedLabels).toBe(1);
    expect(report.addedProvenance).toBeGreaterThanOrEqual(2);
  });

  it('rejects literals that break their datatype and retypes fitting strings', () => {
    const { quads, report } = run(`ent:run a schema:ExerciseAction ; rdfs:label "Run" ;
      schema:startTime "next Friday"^^xsd:dateTime ; schema:endTime "2026-10-11T10:00:00" ; schema:price "cheap"^^xsd:decimal .`);
    expect(report.dropped.map((d) => d.reason)).toEqual(
      expect.arrayContaining(['"next Friday" is not a valid xsd:dateTime', '"cheap" is not a valid xsd:decimal']),
    );
    expect(report.retypedLiterals).toBe(1);
    expect(quads.find((q) => q.predicate.value === `${schema}endTime`)?.object).toMatchObject({ datatype: { value: `${xsd}dateTime` } });
  });

  it('reuses a known entity with the same label and a compatible type; not across types', () => {
    const lena = `${ENTITY_NAMESPACE}lena-vogel`;
    const porto = `${ENTITY_NAMESPACE}porto`;
    const { quads, report } = run(
      `ent:lena-2 a foaf:Person ; rdfs:label "lena  Vogel" . ent:porto-city a schema:City ; rdfs:label "The Porto" .
       ent:porto-person a foaf:Person ; rdfs:label "Porto" .
       ent:trip a schema:TravelAction ; rdfs:label "Trip" ; schema:participant ent:lena-2 ; schema:toLocation ent:porto-city .`,
      [
        { iri: lena, label: 'Lena Vogel', types: [`${schema}Person`] },
        { iri: porto, label: 'Porto', types: [`${schema}City`] },
      ],
      [lena, porto],
    );
    expect(report.reconciled.map((r) => [r.from.split('/').pop(), r.to.split('/').pop()])).toEqual([
      ['lena-2', 'lena-vogel'],
      ['porto-city', 'porto'],
    ]);
    expect(has(quads, `${ENTITY_NAMESPACE}trip`, `${schema}participant`, lena)).toBe(true);
    expect(has(quads, `${ENTITY_NAMESPACE}trip`, `${schema}toLocation`, porto)).toBe(true);
    expect(has(quads, `${ENTITY_NAMESPACE}porto-person`, `${rdfs}label`, 'Porto')).toBe(true);
    // the reused entity gets provenance from this chunk too
    expect(has(quads, lena, `${prov}wasDerivedFrom`)).toBe(true);
    expect(quads.some((q) => q.subject.value.endsWith('lena-2'))).toBe(false);
  });

  it('merges actions and events only on specific labels', () => {
    const run1 = `${ENTITY_NAMESPACE}morning-run-1`;
    const race = `${ENTITY_NAMESPACE}spree-charity-10k`;
    const { report } = run(
      `ent:morning-run-2 a schema:ExerciseAction ; rdfs:label "Morning run" . ent:race-2 a schema:SportsEvent ; rdfs:label "Spree Charity 10K" .`,
      [
        { iri: run1, label: 'Morning run', types: [`${schema}ExerciseAction`] },
        { iri: race, label: 'Spree Charity 10K', types: [`${schema}SportsEvent`] },
      ],
      [run1, race],
    );
    expect(report.reconciled.map((r) => r.to)).toEqual([race]);
  });

  it('skolemizes blank nodes with chunk-stable IRIs', () => {
    const { quads } = run(`ent:swim a pcm:ExerciseHabit ; rdfs:label "Swim" ; schema:eventSchedule [ a schema:Schedule ; schema:byDay schema:Monday ] .`);
    const sched = quads.find((q) => q.predicate.value === `${schema}eventSchedule`)!.object.value;
    expect(sched).toBe(`${GENID_BASE}abc123-1`);
    expect(quads.some((q) => q.subject.value === sched && q.predicate.value === `${rdfs}label`)).toBe(false);
    expect(ontology.classes.has(`${pcm}ExerciseHabit`)).toBe(true);
  });
});

describe('text helpers', () => {
  it('normalises labels', () => {
    expect(normalizeLabel('The Café  Lisboa!')).toBe('cafe lisboa');
    expect(labelFromLocalName('trip-to-porto-2026-10')).toBe('Trip to porto 2026 10');
  });
});

describe('coverage strategies', () => {
  const literals = [
    'Spree Charity 10K',
    'I bought Asics Novablast shoes for 120 euros last Wednesday.',
    '2026-10-11',
    'Lichtblick Kinderhilfe',
    'francesinha',
    '55',
  ];
  const report = coverageOf(
    [
      { question: 'exact', answer: 'spree charity 10k' },
      { question: 'substring (answer inside a literal)', answer: 'Asics Novablast' },
      { question: 'substring (literal inside the answer)', answer: 'She ate francesinha twice' },
      { question: 'numeric (date)', answer: 'Sunday, October 11, 2026' },
      { question: 'numeric (number)', answer: '€120' },
      { question: 'words', answer: 'Novablast shoes from Asics, bought in a shop' },
      { question: 'not covered', answer: 'Hotel Ribeira' },
      { question: 'numeric needs all numbers in one literal', answer: '120 euros and 55 minutes' },
    ],
    literals,
  );
  const item = (q: string) => report.items.find((i) => i.question === q)!;

  it('applies each strategy as the issue describes', () => {
    expect(item('exact').matched).toEqual(expect.arrayContaining(['exact', 'substring', 'words']));
    expect(item('substring (answer inside a literal)').matched).toContain('substring');
    expect(item('substring (literal inside the answer)').matched).toContain('substring');
    expect(item('numeric (date)').matched).toContain('numeric');
    expect(item('numeric (number)').matched).toContain('numeric');
    expect(item('words').matched).toEqual(['words']);
    expect(item('not covered').matched).toEqual([]);
    expect(item('numeric needs all numbers in one literal').matched).not.toContain('numeric');
  });

  it('counts per strategy and overall', () => {
    expect(report.questions).toBe(8);
    expect(report.literals).toBe(6);
    expect(report.covered).toBe(6 + (item('numeric needs all numbers in one literal').matched.length ? 1 : 0));
    expect(report.byStrategy.numeric).toBe(3); // "10k" in the exact one is a number too
  });

  it('reads numbers and dates', () => {
    expect([...numericTokens('1,200.50 and 3', 'answer')]).toEqual(['n:1200.5', 'n:3']);
    expect([...numericTokens('2026-10-11', 'literal')]).toEqual(['d:2026-10-11', 'md:10-11']);
    expect([...numericTokens('on October 11', 'answer')]).toEqual(['md:10-11']);
  });

  it('reads answers as JSONL and names a bad line', () => {
    expect(parseAnswersJsonl('{"question":"q","answer":3}\n\n{"question":"r","answer":"x"}\n')).toEqual([
      { question: 'q', answer: 3 },
      { question: 'r', answer: 'x' },
    ]);
    expect(() => parseAnswersJsonl('{"question":"q"}\n', 'a.jsonl')).toThrow(/a.jsonl: line 1 has no "answer"/);
  });
});

describe('reciprocal rank fusion', () => {
  it('rewards ids ranked well in both lists', () => {
    const fused = reciprocalRankFusion([
      [{ id: 1, score: 9 }, { id: 2, score: 5 }, { id: 3, score: 1 }],
      [{ id: 2, score: 0.9 }, { id: 4, score: 0.8 }],
    ]);
    expect(fused.map((h) => h.id)).toEqual([2, 1, 4, 3]);
  });
});
