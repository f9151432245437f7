// Shared pieces of the Ask tests: the demo memory in a temp engine (with the ontology), and a
// small hand-made graph over its messages written the way extraction writes one (an
// extraction chunk's named graph, entities with labels, types, dates and provenance).
import fs from 'node:fs';
import path from 'node:path';
import { GRAPHS, MEMORY_BASE, PREFIXES } from '../../shared/rdf';
import type { Engine } from '../../electron/node/engine/engine';
import { finished, importFiles, openEngine, tempDir } from '../support/temp-engine';

export const ME = `${MEMORY_BASE}person/maya`;
export const ENT = `${MEMORY_BASE}entity/`;

/** The demo's hand-written knowledge graph, which Import demo loads (resources/demo/demo-graph.ttl). */
export const DEMO_GRAPH = GRAPHS.extraction('demo-by-hand');

/**
 * The demo memory in a temp engine with the ontology. Its hand-written graph is dropped unless
 * asked for, so that a test controls exactly which facts the graph holds.
 */
export async function demoEngine(dir = tempDir('engram-ask-'), opts: { demoGraph?: boolean } = {}): Promise<Engine> {
  const engine = await openEngine(dir, { withoutOntology: false, autoGraph: false });
  if (!engine.chat.listSources().length) {
    const job = await finished(engine, engine.importDemo());
    if (job.state !== 'done') throw new Error(`demo import ${job.state}: ${job.error}`);
  }
  if (!opts.demoGraph) await engine.graph.request({ op: 'dropGraphs', graphs: [DEMO_GRAPH] });
  return engine;
}

/**
 * A conversation written for a test, in LoCoMo's format, imported into a temp engine with the
 * ontology and no automatic graph: the engine and its one source.
 */
export async function conversationEngine(name: string, conversation: object): Promise<{ engine: Engine; source: number }> {
  const dir = tempDir(`engram-${name}-`);
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(conversation));
  const engine = await openEngine(path.join(dir, 'data'), { withoutOntology: false, autoGraph: false });
  await importFiles(engine, file);
  return { engine, source: engine.chat.listSources()[0].id };
}

/** The post IRI of a demo message by its id in demo-memory.json. */
export function postOf(engine: Engine, externalId: string): string {
  for (const source of engine.chat.listSources()) {
    for (const m of engine.chat.iterateSourceMessages(source.id)) if (m.externalId === externalId) return m.iri;
  }
  throw new Error(`no demo message ${externalId}`);
}

/** Extraction-like Turtle about Maya (the demo's person), with provenance to real demo messages. */
export function mayaTurtle(engine: Engine): string {
  const p = (id: string) => `<${postOf(engine, id)}>`;
  const pre = Object.entries({ ...PREFIXES, ent: ENT })
    .map(([k, v]) => `@prefix ${k}: <${v}> .`)
    .join('\n');
  return `${pre}
@prefix maya: <${MEMORY_BASE}person/> .
maya:maya pcm:hasPreference ent:pref-nightjar, ent:pref-cilantro ;
  pcm:hasPet ent:pixel ;
  schema:memberOf ent:kiez-fitness, ent:ostkreuz-boulders ;
  ob:hasHabit ent:commute ;
  pcm:hasSocialAccount ent:maya-grows-sep, ent:maya-grows-oct .

ent:spree-charity-10k a schema:SportsEvent ; rdfs:label "Spree Charity 10K run" ; schema:agent maya:maya ;
  schema:startDate "2026-10-11"^^xsd:date ; schema:location ent:treptower-park ; prov:wasDerivedFrom ${p('charity-10k-001')} .
ent:treptower-park a schema:Park ; rdfs:label "Treptower Park" .
ent:charity-gala a schema:SocialEvent ; rdfs:label "Lichtblick charity gala" ; schema:attendee maya:maya ;
  schema:startDate "2026-11-06"^^xsd:date ; prov:wasDerivedFrom ${p('charity-10k-029')} .

ent:buy-running-shoes a schema:BuyAction ; rdfs:label "Bought Asics Novablast 4 running shoes" ; schema:agent maya:maya ;
  schema:object ent:asics-novablast-4 ; schema:price 120.00 ; schema:priceCurrency "EUR" ;
  schema:startTime "2026-09-23"^^xsd:date ; schema:actionStatus schema:CompletedActionStatus ; prov:wasDerivedFrom ${p('charity-10k-015')} .
ent:asics-novablast-4 a pcm:Clothing ; rdfs:label "Asics Novablast 4 running shoes" .
ent:buy-postcards a schema:BuyAction ; rdfs:label "Bought 12 postcards in Porto" ; schema:agent maya:maya ;
  schema:object ent:porto-postcards ; schema:price 18 ; schema:priceCurrency "EUR" ; schema:startTime "2026-10-30"^^xsd:date .
ent:porto-postcards a schema:Product ; rdfs:label "Porto postcards" .

ent:jazz-night a schema:MusicEvent ; rdfs:label "Jazz night at B-Flat" ; schema:attendee maya:maya ; schema:startDate "2026-09-05"^^xsd:date .
ent:nightjar-parade-concert a schema:MusicEvent ; rdfs:label "Nightjar Parade concert" ;
  schema:attendee maya:maya, ent:jonas ; schema:participant ent:ines ; schema:performer ent:nightjar-parade ;
  schema:startDate "2026-10-23"^^xsd:date ; schema:location ent:columbia-theater ; prov:wasDerivedFrom ${p('concert-001')}, ${p('concert-015')} .
ent:nightjar-parade a schema:MusicGroup ; rdfs:label "Nightjar Parade" .
ent:columbia-theater a schema:MusicVenue ; rdfs:label "Columbia Theater" .
ent:jonas a foaf:Person, schema:Person ; rdfs:label "Jonas" ; foaf:name "Jonas" .
ent:ines a foaf:Person, schema:Person ; rdfs:label "Ines" ; foaf:name "Ines" .

ent:pref-nightjar a pcm:Preference ; rdfs:label "Maya loves Nightjar Parade" ; pcm:sentiment "loves" ;
  pcm:preferenceCategory "music" ; pcm:preferenceObject ent:nightjar-parade ; prov:wasDerivedFrom ${p('concert-003')} .
ent:pref-cilantro a pcm:Preference ; rdfs:label "Maya dislikes cilantro" ; pcm:sentiment "dislikes" ;
  pcm:preferenceCategory "food" ; pcm:preferenceObject ent:cilantro ; prov:wasDerivedFrom ${p('routine-013')} .
ent:cilantro a skos:Concept ; rdfs:label "Cilantro" .

ent:pixel a pcm:Pet ; rdfs:label "Pixel" ; pcm:petSpecies "dog" ; pcm:petBreed "beagle" ; prov:wasDerivedFrom ${p('routine-007')} .

ent:kiez-fitness a schema:ExerciseGym ; rdfs:label "Kiez Fitness" ; schema:price 39 ;
  pcm:validFrom "2025-01-01"^^xsd:date ; pcm:validUntil "2026-10-31"^^xsd:date ; prov:wasDerivedFrom ${p('gym-001')} .
ent:ostkreuz-boulders a schema:ExerciseGym ; rdfs:label "Ostkreuz Boulders" ; schema:price 55 ;
  pcm:validFrom "2026-10-01"^^xsd:date ; pcm:supersedes ent:kiez-fitness ; prov:wasDerivedFrom ${p('gym-016')} .
ent:switch-gym a schema:ReplaceAction ; rdfs:label "Switched from Kiez Fitness to Ostkreuz Boulders" ; schema:agent maya:maya ;
  schema:replacee ent:kiez-fitness ; schema:replacer ent:ostkreuz-boulders ; schema:startTime "2026-09-30"^^xsd:date .

ent:commute a pcm:DailyRoutine ; rdfs:label "Commute to work by S-Bahn" ; schema:duration "PT35M"^^xsd:duration ;
  ob:modeOfTransport "train" ; prov:wasDerivedFrom ${p('routine-005')} .

ent:maya-grows-sep a pcm:SocialMediaAccount ; rdfs:label "@maya.grows (September)" ; pcm:platform "Instagram" ;
  pcm:followerCount 1180 ; pcm:validFrom "2026-09-15"^^xsd:date ; prov:wasDerivedFrom ${p('plants-009')} .
ent:maya-grows-oct a pcm:SocialMediaAccount ; rdfs:label "@maya.grows" ; pcm:platform "Instagram" ;
  pcm:followerCount 1250 ; pcm:validFrom "2026-10-03"^^xsd:date ; pcm:supersedes ent:maya-grows-sep ; prov:wasDerivedFrom ${p('plants-021')} .

ent:porto-trip a schema:TravelAction, ob:Travel ; rdfs:label "Porto trip" ; schema:agent maya:maya ; schema:participant ent:lena ;
  schema:toLocation ent:porto ; schema:startDate "2026-10-29"^^xsd:date ; schema:endDate "2026-11-02"^^xsd:date .
ent:porto a schema:City ; rdfs:label "Porto" .
ent:lena a foaf:Person, schema:Person ; rdfs:label "Lena" ; foaf:name "Lena" .
ent:porto-flight a schema:PayAction ; rdfs:label "Porto trip flight" ; schema:agent maya:maya ; schema:price 164 ; schema:priceCurrency "EUR" .
ent:porto-apartment a schema:PayAction ; rdfs:label "Porto trip apartment (my half)" ; schema:agent maya:maya ; schema:price 170 ; schema:priceCurrency "EUR" .
ent:douro-day-trip a schema:PayAction ; rdfs:label "Douro day trip from Porto" ; schema:agent maya:maya ; schema:price 79 ; schema:priceCurrency "EUR" ;
  schema:startTime "2026-10-31"^^xsd:date ; prov:wasDerivedFrom ${p('porto-trip-026')} .

ent:rec-tasca-verde a schema:Recommendation ; rdfs:label "Assistant recommends Tasca Verde for vegetarian food" ;
  schema:author <${MEMORY_BASE}agent/assistant> ; schema:itemReviewed ent:tasca-verde ; prov:wasDerivedFrom ${p('porto-trip-004')} .
ent:tasca-verde a schema:Restaurant ; rdfs:label "Tasca Verde" ; schema:containedInPlace ent:porto .

ent:frau-keller a foaf:Person, schema:Person ; rdfs:label "Frau Keller" ; rel:neighborOf maya:maya ;
  schema:description "Maya's neighbour; looked after Pixel during the Porto trip" ; prov:wasDerivedFrom ${p('lena-chat-044')} .
`;
}

export async function writeMayaGraph(engine: Engine, chunk = 'a1b2c3d4'): Promise<void> {
  await engine.graph.request({
    op: 'replaceGraph',
    graph: GRAPHS.extraction(chunk),
    data: mayaTurtle(engine),
    format: 'turtle',
    asEdit: false,
    label: 'test extraction',
    respectRemovals: true,
  });
}

export { tempDir };
