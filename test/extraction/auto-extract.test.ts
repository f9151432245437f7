// The automatic extraction's patterns on sentences written for these tests (general English, not
// taken from any dataset): people with roles, pets, places, events with dates resolved against
// the message date, purchases, jobs, memberships, belongings, preferences, habits, plans; the
// same IRI for the same thing, aliases, two people of one name kept apart; validation; skipped
// messages; superseding by a model's chunk.
import { describe, expect, it } from 'vitest';
import { OWNER_IRI, PREFIXES } from '../../shared/rdf';
import { extractSource, unreadable, type AutoMessage } from '../../electron/node/engine/extraction/auto/extract';
import { resolveTime, recurrenceIn } from '../../electron/node/engine/extraction/auto/dates';
import { autoLine, partition, reify, unreify } from '../../electron/node/engine/extraction/auto/supersede';
import { loadOntology } from '../../electron/node/engine/extraction/ontology';
import { parseRdf } from '../../electron/node/engine/stores/graph/rdf-io';

const { schema, pcm, rel, rdf, rdfs, foaf, prov, ob, xsd } = PREFIXES;
const ontology = loadOntology();
const POST = 'https://engram.local/memory/post/';

let n = 0;
function msg(text: string, at = '2026-03-11T10:00:00', speaker = 'Sam', role = 'user'): AutoMessage {
  n++;
  return { id: n, iri: `${POST}m${n}`, speaker, role, text, timestamp: at };
}

type Q = { s: string; p: string; o: string; lit: boolean; dt?: string };

function run(messages: AutoMessage[], owner: string | null = 'Sam', sourceKey = 'src1') {
  const r = extractSource({ sourceKey, messages, ownerSpeaker: owner }, ontology);
  const quads: Q[] = parseRdf(r.triples.map((t) => `${t.line} .`).join('\n'), 'n-triples').map((q) => ({
    s: q.subject.value,
    p: q.predicate.value,
    o: q.object.value,
    lit: q.object.termType === 'Literal',
    dt: q.object.termType === 'Literal' ? q.object.datatype.value : undefined,
  }));
  const label = (iri: string) => quads.find((q) => q.s === iri && q.p === `${rdfs}label`)?.o;
  const typesOf = (iri: string) => quads.filter((q) => q.s === iri && q.p === `${rdf}type`).map((q) => q.o);
  const objects = (s: string, p: string) => quads.filter((q) => q.s === s && q.p === p).map((q) => q.o);
  const subjectsOfType = (t: string) => [...new Set(quads.filter((q) => q.p === `${rdf}type` && q.o === t).map((q) => q.s))];
  return { r, quads, label, typesOf, objects, subjectsOfType };
}

describe('automatic extraction: people and pets', () => {
  it('names people by their role, links them to the speaker, and keeps Mum and my mother one person', () => {
    const g = run([msg('My sister Ana moved to Lisbon last year.'), msg('I called my mum yesterday.'), msg('My mother sent me a parcel.')]);
    const [ana] = g.objects(OWNER_IRI, `${rel}siblingOf`);
    expect(g.label(ana)).toBe('Ana');
    expect(g.typesOf(ana)).toEqual(expect.arrayContaining([`${foaf}Person`, `${schema}Person`]));
    const mothers = g.objects(OWNER_IRI, `${rel}childOf`);
    expect(mothers).toHaveLength(1);
    expect(g.label(mothers[0])).toBe("Sam's mother");
    // both messages are its provenance
    expect(g.objects(mothers[0], `${prov}wasDerivedFrom`)).toHaveLength(2);
  });

  it('never merges two people who share a first name when their roles say otherwise', () => {
    const g = run([msg('My sister Ana lives in Porto.'), msg('My colleague Ana gave a great talk at work.')]);
    const sister = g.objects(OWNER_IRI, `${rel}siblingOf`)[0];
    const colleague = g.objects(OWNER_IRI, `${rel}colleagueOf`)[0];
    expect(sister).toBeDefined();
    expect(colleague).toBeDefined();
    expect(sister).not.toBe(colleague);
    expect(g.label(sister)).toBe('Ana');
    expect(g.label(colleague)).toBe('Ana');
  });

  it('gives the same person the same IRI in another message and another source of the owner', () => {
    const a = run([msg('My best friend Jonas is coming over.')], 'Sam', 'srcA');
    const b = run([msg('I went hiking with my best friend Jonas.', '2026-04-01T09:00:00', 'Me')], 'Me', 'srcB');
    expect(a.objects(OWNER_IRI, `${rel}closeFriendOf`)).toEqual(b.objects(OWNER_IRI, `${rel}closeFriendOf`));
    // two logs between other people never share their people
    const c = run([msg('My best friend Jonas is coming over.', undefined, 'Kim')], null, 'srcC');
    const d = run([msg('My best friend Jonas is coming over.', undefined, 'Kim')], null, 'srcD');
    expect(c.objects(`https://engram.local/memory/person/kim`, `${rel}closeFriendOf`)).not.toEqual(d.objects(`https://engram.local/memory/person/kim`, `${rel}closeFriendOf`));
  });

  it('reads pets with species, breed, name and age', () => {
    const g = run([msg('My dog Biscuit is a sweetheart.'), msg('We adopted a 2-year-old tabby cat named Pepper.')]);
    const pets = g.objects(OWNER_IRI, `${pcm}hasPet`);
    const byName = Object.fromEntries(pets.map((p) => [g.label(p), p]));
    expect(Object.keys(byName).sort()).toEqual(['Biscuit', 'Pepper']);
    expect(g.objects(byName.Biscuit, `${pcm}petSpecies`)).toEqual(['dog']);
    expect(g.objects(byName.Pepper, `${pcm}petSpecies`)).toEqual(['cat']);
    expect(g.objects(byName.Pepper, `${pcm}petBreed`)).toEqual(['tabby']);
    expect(g.objects(byName.Pepper, `${foaf}age`)).toEqual(['2']);
    expect(g.typesOf(byName.Pepper)).toEqual([`${pcm}Pet`]);
  });

  it("reads the speaker's own age", () => {
    const g = run([msg("I'm 34 years old now.")]);
    expect(g.objects(OWNER_IRI, `${foaf}age`)).toEqual(['34']);
  });

  it('does not take a painting of a horse or a run for office for a pet or a run', () => {
    const g = run([msg('Here is my horse painting from last week.'), msg('I decided to run for office again.')]);
    expect(g.objects(OWNER_IRI, `${pcm}hasPet`)).toEqual([]);
    expect(g.subjectsOfType(`${schema}ExerciseAction`)).toEqual([]);
  });
});

describe('automatic extraction: events, dates, purchases, work, memberships', () => {
  it('dates events against the message date and keeps the words as said', () => {
    const g = run([msg('Last Friday I went to a jazz concert in Vienna.', '2026-03-11T10:00:00')]); // a Wednesday
    const [concert] = g.subjectsOfType(`${schema}MusicEvent`);
    expect(g.label(concert)).toBe('Jazz concert');
    expect(g.objects(concert, `${schema}attendee`)).toEqual([OWNER_IRI]);
    expect(g.objects(concert, `${schema}startDate`)).toEqual(['2026-03-06']);
    expect(g.objects(concert, `${rdfs}comment`)).toEqual(['last friday, said on 2026-03-11']);
    const [vienna] = g.objects(concert, `${schema}location`);
    expect(g.label(vienna)).toBe('Vienna');
  });

  it('an intention with a verb of no class ("planning to go to New York") writes nothing of its own and stops nothing else', () => {
    const g = run([msg("Oh, sorry, we're planning to go to New York. Last Friday I went to a jazz concert in Vienna.", '2026-03-11T10:00:00')]);
    expect(g.subjectsOfType(`${schema}MusicEvent`)).toHaveLength(1);
    expect(g.quads.some((q) => q.p === `${rdfs}label` && /new york/i.test(q.o))).toBe(false);
  });

  it('reads a purchase with its price, currency and seller', () => {
    const g = run([msg('I bought new hiking boots for $140 at Trailhead yesterday.', '2026-03-11T10:00:00')]);
    const [buy] = g.subjectsOfType(`${schema}BuyAction`);
    expect(g.objects(buy, `${schema}price`)).toEqual(['140']);
    expect(g.quads.find((q) => q.s === buy && q.p === `${schema}price`)!.dt).toBe(`${xsd}decimal`);
    expect(g.objects(buy, `${schema}priceCurrency`)).toEqual(['USD']);
    expect(g.label(g.objects(buy, `${schema}seller`)[0])).toBe('Trailhead');
    expect(g.objects(buy, `${schema}startTime`)).toEqual(['2026-03-10']);
    const [boots] = g.objects(buy, `${schema}object`);
    expect(g.typesOf(boots)).toEqual([`${pcm}Clothing`]);
    expect(g.objects(OWNER_IRI, `${schema}owns`)).toEqual([boots]);
  });

  it('reads a job, an employer and a membership', () => {
    const g = run([msg('I work as a data analyst at Northwind.'), msg('I joined a climbing club in January.')]);
    const [job] = g.objects(OWNER_IRI, `${schema}hasOccupation`);
    expect(g.label(job)).toBe('Data analyst');
    expect(g.label(g.objects(OWNER_IRI, `${schema}worksFor`)[0])).toBe('Northwind');
    const [club] = g.objects(OWNER_IRI, `${schema}memberOf`);
    expect(g.label(club)).toBe('Climbing club');
    expect(g.typesOf(club)).toEqual([`${schema}SportsOrganization`]);
  });

  it('reads preferences, favourites and habits with their schedule', () => {
    const g = run([msg("I love Thai food but I don't like olives."), msg('My favourite band is The Lumens.'), msg('I go swimming every Monday.')]);
    const prefs = g.objects(OWNER_IRI, `${pcm}hasPreference`);
    const bySentiment = Object.fromEntries(prefs.map((p) => [g.objects(p, `${pcm}sentiment`)[0] + ':' + g.label(g.objects(p, `${pcm}preferenceObject`)[0]), p]));
    expect(Object.keys(bySentiment).sort()).toEqual(['dislikes:Olives', 'loves:Thai food', 'prefers:Lumens']);
    expect(g.objects(bySentiment['prefers:Lumens'], `${pcm}preferenceCategory`)).toEqual(['band']);
    const [habit] = g.objects(OWNER_IRI, `${ob}hasHabit`);
    expect(g.typesOf(habit)).toEqual([`${pcm}ExerciseHabit`]);
    const [schedule] = g.objects(habit, `${schema}eventSchedule`);
    expect(g.objects(schedule, `${schema}byDay`)).toEqual([`${schema}Monday`]);
    expect(g.objects(schedule, `${schema}repeatFrequency`)).toEqual(['P1W']);
  });

  it('reads plans as potential actions with their date, and a change of plan', () => {
    const g = run([msg("I'm going to visit Kraków next Saturday.", '2026-03-11T10:00:00'), msg("We're going to cook paella instead.", '2026-03-12T10:00:00')]);
    const plans = g.subjectsOfType(`${schema}TravelAction`);
    expect(plans).toHaveLength(1);
    expect(g.objects(plans[0], `${schema}actionStatus`)).toEqual([`${schema}PotentialActionStatus`]);
    expect(g.objects(plans[0], `${schema}startTime`)).toEqual(['2026-03-14']);
    const [change] = g.subjectsOfType(`${schema}ReplaceAction`);
    expect(g.label(change)).toBe('Cook paella');
  });
});

describe('automatic extraction: validation and unreadable messages', () => {
  it('writes only declared terms, labelled individuals, literals of at most 8 words and provenance on every individual', () => {
    const g = run([
      msg('My sister Ana moved to Lisbon last year and I bought her a lovely ceramic vase for €35 at the Saturday market.'),
      msg('I love long walks on the beach with my dog Rex every evening when the weather is nice.'),
    ]);
    expect(g.quads.length).toBeGreaterThan(10);
    for (const q of g.quads) {
      expect(ontology.declares(q.p), q.p).toBe(true);
      if (q.p === `${rdf}type`) expect(ontology.classes.has(q.o), q.o).toBe(true);
      if (q.lit) expect(q.o.split(/\s+/).length, q.o).toBeLessThanOrEqual(8);
    }
    const individuals = new Set(g.quads.filter((q) => q.p === `${rdf}type`).map((q) => q.s));
    for (const s of individuals) {
      expect(g.label(s), s).toBeTruthy();
      expect(g.objects(s, `${prov}wasDerivedFrom`).length, s).toBeGreaterThan(0);
    }
    expect(g.r.report.dropped).toEqual([]);
  });

  it('skips and counts messages it cannot read, and never reads the assistant', () => {
    const g = run([
      msg('x'.repeat(7000)),
      msg('\u0000\u0001binary\u0002data\u0003'),
      msg('Ich habe heute mit meiner Schwester in Berlin zu Mittag gegessen und es war sehr schön.'),
      msg('Мы ходили в кино вчера вечером с друзьями.'),
      msg('My brother Tom bought a guitar.', undefined, 'Assistant', 'assistant'),
      msg('My brother Tom visited me.'),
    ]);
    expect(g.r.skipped).toEqual({ 'too long': 1, 'not text': 1, 'not English': 2 });
    expect(g.r.read).toBe(1);
    expect(unreadable('Shopping list: tomatoes, basil, olive oil, bread, cheese, coffee')).toBeNull();
    expect(unreadable('Wir sind gestern mit der Familie in den Park und dann zu Oma gefahren')).toBe('not English');
  });
});

describe('automatic extraction: dates and recurrences', () => {
  const wed = new Date(2026, 2, 11, 10); // Wednesday 11 March 2026
  it('resolves days, months and years against the message date', () => {
    expect(resolveTime('yesterday', wed, true)).toMatchObject({ day: '2026-03-10', said: 'yesterday, said on 2026-03-11' });
    expect(resolveTime('last Tues', wed, true)).toMatchObject({ day: '2026-03-10' });
    expect(resolveTime('next Friday', wed, false)).toMatchObject({ day: '2026-03-13', future: true });
    expect(resolveTime('on Oct 17', wed, true)).toMatchObject({ day: '2025-10-17' });
    expect(resolveTime('this month', wed, true)).toMatchObject({ month: '2026-03' });
    expect(resolveTime('three years ago', wed, true)).toMatchObject({ year: '2023' });
    expect(resolveTime('last week', wed, true)).toEqual({ said: 'last week, said on 2026-03-11', future: false });
  });
  it('reads how often', () => {
    expect(recurrenceIn('i run every saturday')).toMatchObject({ frequency: 'P1W', days: ['Saturday'] });
    expect(recurrenceIn('we meet twice a month')).toMatchObject({ frequency: 'P1M', count: 2 });
    expect(recurrenceIn('nothing here')).toBeNull();
  });
});

describe('superseding by a model', () => {
  it('hides the individuals derived only from extracted messages, keeps them as records, and restores them', () => {
    const g = extractSource({ sourceKey: 's', ownerSpeaker: 'Sam', messages: [msg('My sister Ana loves opera.'), msg('I bought a red bike for 300 euros.'), msg('Ana came to visit me.')] }, ontology);
    const lines = g.triples.map((t) => autoLine(t.line));
    const posts = [...new Set(g.triples.flatMap((t) => t.posts))].sort();
    // a model extracted the purchase's message
    const bikePost = g.triples.find((t) => t.line.includes('BuyAction'))!.posts[0];
    const { visible, hidden } = partition(lines, new Set([bikePost]));
    expect(hidden.some((l) => l.line.includes('BuyAction'))).toBe(true);
    expect(hidden.every((l) => !l.line.includes(`<${rel}siblingOf>`))).toBe(true); // Ana is named in other messages too
    expect(visible.length + hidden.length).toBe(lines.length);
    // kept as records no query mistakes for facts, and given back whole
    const graph = 'https://engram.local/memory/graph/auto-superseded/s';
    const records = reify(hidden, graph);
    expect(records).toContain(`<${pcm}SupersededStatement>`);
    expect(records).not.toMatch(new RegExp(`^<[^>]*> <${rdf}type> <${schema}BuyAction> \\.$`, 'm'));
    const back = unreify(parseRdf(records, 'n-triples'));
    expect(new Set(back.map((l) => l.line))).toEqual(new Set(hidden.map((l) => l.line)));
    expect(posts.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the hand-labelled sample (test/fixtures/auto-graph-labels.jsonl)', () => {
  it('holds at least 200 judged triples of the dev split, each with its messages and a reason, and meets 85% precision', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const lines = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/auto-graph-labels.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThanOrEqual(200);
    for (const l of lines) {
      expect([26, 30, 41]).toContain(l.conv);
      expect(['right', 'wrong']).toContain(l.label);
      expect(l.dia.length).toBeGreaterThan(0);
      expect(l.reason.length).toBeGreaterThan(5);
      expect(l.triple).toMatch(/^\S+ \S+ .+$/);
    }
    expect(new Set(lines.map((l) => `${l.conv} ${l.triple}`)).size).toBe(lines.length);
    expect(lines.filter((l) => l.label === 'right').length / lines.length).toBeGreaterThanOrEqual(0.85);
  });
});
