// Every offline SPARQL template, run on a small hand-made extraction graph over the demo memory:
// the template the router picks, the rows, the value computed from them, the evidence triples
// (with their origin) and the messages the entities were extracted from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/node/engine/engine';
import { checkReadOnly } from '../../electron/node/engine/ask/sparql-safety';
import { TEMPLATE_IDS } from '../../electron/node/engine/ask/templates';
import { runAskQuery } from '../../electron/node/engine/ask/graph-route';
import { GRAPHS } from '../../shared/rdf';
import { demoEngine, writeMayaGraph } from './support';

let engine: Engine;
const NOW = '2026-11-22T10:00:00';
const used = new Set<string>();

async function ask(question: string, now = NOW) {
  const t = await engine.askEngine.answer({ question, now, llm: false });
  if (t.plan.sparql?.template) used.add(t.plan.sparql.template);
  // whatever wrote it, the query passed the safety gate and ran without error
  if (t.plan.sparql) {
    expect(() => checkReadOnly(t.plan.sparql!.query, 500)).not.toThrow();
    expect(t.results.sparql?.error).toBeUndefined();
  }
  return t;
}

beforeAll(async () => {
  engine = await demoEngine();
  await writeMayaGraph(engine);
}, 120_000);

afterAll(async () => {
  await engine?.close();
});

describe('offline SPARQL templates on an extraction-like graph', () => {
  it("list-class: 'list all the concerts I went to' → MusicEvent instances in date order", async () => {
    const t = await ask('List all the concerts I went to.');
    expect(t.classification.intent).toBe('list');
    expect(t.plan.sparql).toMatchObject({ origin: 'template', template: 'list-class' });
    expect(t.plan.sparql!.query).toMatch(/VALUES (\?\w+)Class \{ schema:MusicEvent \} \1 rdfs:subClassOf\* \1Class/);
    expect(t.answer).toMatchObject({ route: 'graph', source: 'graph' });
    expect(t.answer.text).toBe('• Jazz night at B-Flat (2026-09-05)\n• Nightjar Parade concert (2026-10-23)');
    expect(t.evidence.triples.length).toBeGreaterThan(0);
    expect(t.evidence.triples.every((x) => x.origins.includes('extraction'))).toBe(true);
  });

  it("count-class: 'how many charity events' → COUNT(DISTINCT) with the person as agent or attendee", async () => {
    const t = await ask('How many charity events did I go to?');
    expect(t.classification.intent).toBe('count');
    expect(t.plan.sparql!.template).toBe('count-class');
    expect(t.plan.sparql!.query).toMatch(/COUNT\(DISTINCT \?x\)/);
    expect(t.answer.computation).toMatchObject({ kind: 'count', value: '2' });
    expect(t.answer.text).toMatch(/^2:\n• Spree Charity 10K run.*\n• Lichtblick charity gala/);
  });

  it("did-verb: 'what did I buy in October' → BuyActions of the person within the timeline's period", async () => {
    const t = await ask('What did I buy in October?');
    expect(t.plan.sparql!.template).toBe('did-verb');
    expect(t.plan.sparql!.query).toMatch(/"2026-10-01".*"2026-10-31"/s);
    expect(t.answer.text).toBe('Porto postcards (2026-10-30, €18)');
  });

  it("event-date: 'when is the charity run' → the event's date, spelled out", async () => {
    const t = await ask('When is the charity run I signed up for?');
    expect(t.plan.sparql!.template).toBe('event-date');
    expect(t.answer.computation).toMatchObject({ kind: 'date', value: 'Sunday, October 11, 2026' });
    expect(t.answer.route).toBe('graph');
    // the message the event was extracted from is evidence, first
    expect(t.evidence.messages[0]).toMatchObject({ route: 'graph', why: "source of 'Spree Charity 10K run'" });
    expect(t.evidence.messages[0].message.externalId).toBe('charity-10k-001');
  });

  it("days-between: 'how many days between X and Y' → two dated subqueries, the difference computed in code", async () => {
    const t = await ask('How many days were there between buying my running shoes and the charity run?');
    expect(t.classification.intent).toBe('between');
    expect(t.plan.sparql!.template).toBe('days-between');
    expect(t.plan.sparql!.query.match(/\{ SELECT/g)).toHaveLength(2);
    expect(t.answer.computation).toMatchObject({ kind: 'days-between', value: '18 days', detail: '2026-10-11 − 2026-09-23 = 18 days' });
  });

  it("before-after: 'what did I do after the charity run' → a subquery for the pivot's date", async () => {
    const t = await ask('What did I do after the charity run?');
    expect(t.classification.intent).toBe('before-after');
    expect(t.plan.sparql!.template).toBe('before-after');
    expect(t.answer.text).toMatch(/^Nightjar Parade concert \(2026-10-23\) \(after Spree Charity 10K run, 2026-10-11\)/);
  });

  it("nth-event: 'the second concert' → the n-th in date order, picked in code", async () => {
    const t = await ask('When was the second concert I went to?');
    expect(t.classification.intent).toBe('ordinal');
    expect(t.plan.sparql!.template).toBe('nth-event');
    expect(t.answer.computation).toMatchObject({ kind: 'nth', value: 'Nightjar Parade concert (Friday, October 23, 2026)' });
  });

  it("who-most: 'who did I talk to most in the past two weeks' → messages per person in the period", async () => {
    const t = await ask('Who did I talk to most in the past two weeks?', '2026-10-30T10:00:00');
    expect(t.classification).toMatchObject({ intent: 'who-most', routes: ['graph'] });
    expect(t.plan.sparql!.template).toBe('who-most');
    expect(t.plan.sparql!.query).toMatch(/"2026-10-16".*"2026-10-30"/s);
    expect(t.answer.computation).toMatchObject({ kind: 'ranking', value: 'Lena (12 messages), Tobi (6 messages)' });
    expect(t.evidence.messages[0].message.speaker).toBe('Lena');
    expect(t.evidence.messages[0].why).toBe('a message by Lena in the period');
  });

  it("who-with: 'who went with me to …' → attendees and participants, without the person", async () => {
    const t = await ask('Who went with me to the Nightjar Parade concert?');
    expect(t.plan.sparql!.template).toBe('who-with');
    expect(t.answer.text).toBe('Ines; Jonas (Nightjar Parade concert)');
  });

  it("preference: 'favourite band' (category words widen it) and 'dislike' (sentiment filter)", async () => {
    const band = await ask('What is my favourite band?');
    expect(band.plan.sparql!.template).toBe('preference');
    expect(band.answer.text).toBe('Your favourite band is Nightjar Parade.');
    const food = await ask('Which food do I dislike?');
    expect(food.plan.sparql!.query).toMatch(/IN \("dislikes", "avoids"\)/);
    expect(food.answer.text).toBe('You dislike cilantro.');
  });

  it("my-attribute: 'my dog' → pcm:hasPet with its details", async () => {
    const t = await ask("What is my dog's name and breed?");
    expect(t.plan.sparql!.template).toBe('my-attribute');
    expect(t.answer.text).toBe('Your dog is Pixel (dog, beagle).');
  });

  it('my-attribute, update: a number that changed → the latest statement (superseded ones dropped)', async () => {
    const t = await ask('How many followers does my plant account have?');
    expect(t.classification.intent).toBe('update');
    expect(t.plan.sparql!.template).toBe('my-attribute');
    expect(t.answer.computation).toMatchObject({ kind: 'latest', value: '1250' });
    expect(t.answer.text).toMatch(/^1250, since 2026-10-03 \(before: 1180\)/);
  });

  it("current-of-class: 'which gym do I go to now' → replaced and superseded gyms dropped", async () => {
    const t = await ask('Which gym do I go to now?');
    expect(t.classification.intent).toBe('update');
    expect(t.plan.sparql!.template).toBe('current-of-class');
    expect(t.answer.computation).toMatchObject({ kind: 'latest', value: 'Ostkreuz Boulders' });
    expect(t.answer.text).toMatch(/Ostkreuz Boulders, since 2026-10-01 \(before: Kiez Fitness\)/);
  });

  it("duration-of: 'how long is my commute' → an ISO 8601 duration read in code", async () => {
    const t = await ask('How long is my commute?');
    expect(t.plan.sparql!.template).toBe('duration-of');
    expect(t.answer.computation).toMatchObject({ kind: 'duration', value: '35 minutes', detail: 'PT35M read as ISO 8601' });
  });

  it("amount-of: 'in total' → prices summed per currency in code", async () => {
    const t = await ask('How much did the Porto trip cost me in total?');
    expect(t.plan.sparql!.template).toBe('amount-of');
    expect(t.answer.computation).toMatchObject({ kind: 'sum' });
    expect(t.answer.computation).toMatchObject({ kind: 'sum', value: '€413' });
    expect(t.answer.computation!.detail).toMatch(/^€\d+ \+ €\d+ \+ €\d+ = €413$/);
    const one = await ask('How much did I pay for my new running shoes?');
    expect(one.answer.computation).toMatchObject({ kind: 'value', value: '€120' });
  });

  it("recommended: 'which restaurant did the assistant recommend' → the item of a schema:Recommendation", async () => {
    const t = await ask('Which restaurant did the assistant recommend for vegetarian food in Porto?');
    expect(t.plan.sparql!.template).toBe('recommended');
    expect(t.answer.text).toBe('Tasca Verde');
  });

  it("entity-facts: 'who is X' → the extracted entity's facts (only from extraction or the person's graph)", async () => {
    const t = await ask('Who is Frau Keller?');
    expect(t.plan.sparql!.template).toBe('entity-facts');
    expect(t.answer.text).toMatch(/^Frau Keller: .*looked after Pixel/);
    // labels are read from the fact graphs named in the query (every graph of an extraction,
    // the automatic graphs, the person's): the rows those graphs' IRIs, tested one by one, give
    const named = /VALUES \?g \{ ([^}]*) \}/.exec(t.plan.sparql!.query)?.[1].trim().split(/\s+/) ?? [];
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((g) => /\/graph\/(extract|auto)\/|\/graph\/user>$/.test(g))).toBe(true);
    const byIri = t.plan.sparql!.query.replace(
      /VALUES \?g \{[^}]*\}\n(\s*GRAPH \?g \{ \?x rdfs:label \?label \}\n)/,
      `$1  FILTER(STRSTARTS(STR(?g), "${GRAPHS.extraction('')}") || STRSTARTS(STR(?g), "${GRAPHS.auto('')}") || ?g = <${GRAPHS.user}>)\n`,
    );
    expect(byIri).not.toBe(t.plan.sparql!.query);
    const rows = (r: { rows: Record<string, { value: string }>[] }) => r.rows.map((x) => JSON.stringify(x)).sort();
    const scanned = await runAskQuery(engine.graph, byIri);
    expect(rows(scanned).length).toBeGreaterThan(0);
    expect(rows(t.results.sparql!)).toEqual(rows(scanned));
  });

  it('every template was exercised', () => {
    expect([...used].sort()).toEqual([...TEMPLATE_IDS].sort());
  });
});
