import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PREFIXES, GRAPHS, sparqlPrefixes } from '../../shared/rdf';

const oxigraph = createRequire(import.meta.url)('oxigraph');

const TTL = readFileSync(new URL('../../resources/ontology/pcm.ttl', import.meta.url), 'utf8');
const PCM = PREFIXES.pcm;
const ONTOLOGY_IRI = 'https://w3id.org/pcm';

type Row = Map<string, { value: string; termType: string; language?: string }>;

let store: any;
/** SELECT over the ontology's named graph, or ASK when the query starts with ASK. */
function query(body: string): Row[] {
  return store.query(`${sparqlPrefixes()}\n${body}`, { use_default_graph_as_union: true }) as Row[];
}
function ask(body: string): boolean {
  return store.query(`${sparqlPrefixes()}\n${body}`, { use_default_graph_as_union: true }) as boolean;
}
function values(body: string, v = 'x'): string[] {
  return query(body).map((r) => r.get(v)!.value);
}
const short = (iri: string) => {
  for (const [p, ns] of Object.entries(PREFIXES)) if (iri.startsWith(ns)) return `${p}:${iri.slice(ns.length)}`;
  return iri;
};

beforeAll(() => {
  store = new oxigraph.Store();
  store.load(TTL, { format: 'text/turtle', to_graph_name: oxigraph.namedNode(GRAPHS.ontology) });
});

describe('PCM ontology (resources/ontology/pcm.ttl)', () => {
  it('parses as Turtle and loads into the ontology named graph', () => {
    const quads = oxigraph.parse(TTL, { format: 'text/turtle' });
    expect(quads.length).toBeGreaterThan(500);
    expect(store.size).toBe(quads.length);
    const inGraph = store.match(null, null, null, oxigraph.namedNode(GRAPHS.ontology));
    expect(inGraph.length).toBe(quads.length);
  });

  it('declares its prefixes exactly as shared/rdf.ts does', () => {
    const declared = [...TTL.matchAll(/^@prefix\s+([A-Za-z][\w-]*):\s*<([^>]*)>\s*\.\s*$/gm)];
    expect(declared.length).toBeGreaterThan(10);
    for (const [, prefix, iri] of declared) {
      expect(PREFIXES[prefix], `prefix ${prefix}: is not in shared/rdf.ts`).toBe(iri);
    }
  });

  it('has an ontology header with version, title and competency questions per LongMemEval category', () => {
    const header = query(`SELECT ?v ?t WHERE { <${ONTOLOGY_IRI}> a owl:Ontology ; owl:versionInfo ?v ; dcterms:title ?t }`);
    expect(header).toHaveLength(1);
    expect(header[0].get('v')!.value).toBe('1.2.0');
    const notes = values(`SELECT ?x WHERE { <${ONTOLOGY_IRI}> skos:note ?x }`);
    for (const category of [
      'user facts',
      'assistant facts',
      'preferences',
      'multi-session aggregation',
      'knowledge updates',
      'temporal reasoning',
    ]) {
      const note = notes.find((n) => n.toLowerCase().includes(`(${category})`));
      expect(note, `competency questions for ${category}`).toBeDefined();
      expect((note!.match(/\?/g) ?? []).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('has a reasonable size: 80–150 classes, 60–150 object/datatype properties', () => {
    const classes = values('SELECT DISTINCT ?x WHERE { ?x a owl:Class }');
    const props = values('SELECT DISTINCT ?x WHERE { { ?x a owl:ObjectProperty } UNION { ?x a owl:DatatypeProperty } }');
    expect(classes.length).toBeGreaterThanOrEqual(80);
    expect(classes.length).toBeLessThanOrEqual(150);
    expect(props.length).toBeGreaterThanOrEqual(60);
    expect(props.length).toBeLessThanOrEqual(150);
  });

  it('gives every class, property and individual an English label and a comment', () => {
    const terms = values(`SELECT DISTINCT ?x WHERE {
      VALUES ?t { owl:Class owl:ObjectProperty owl:DatatypeProperty owl:AnnotationProperty owl:NamedIndividual }
      ?x a ?t }`);
    expect(terms.length).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const t of terms) {
      const ok = ask(`ASK { <${t}> rdfs:label ?l ; rdfs:comment ?c . FILTER(langMatches(lang(?l), "en") && STRLEN(?c) > 5) }`);
      if (!ok) missing.push(short(t));
    }
    expect(missing).toEqual([]);
  });

  it('declares every term it uses in the pcm: namespace', () => {
    const used = values(`SELECT DISTINCT ?x WHERE {
      { ?x ?p ?o } UNION { ?s ?x ?o } UNION { ?s ?p ?x }
      FILTER(isIRI(?x) && STRSTARTS(STR(?x), "${PCM}")) }`);
    expect(used.length).toBeGreaterThan(30);
    const undeclared = used.filter((x) => !ask(`ASK { <${x}> a ?t }`));
    expect(undeclared.map(short)).toEqual([]);
  });

  it('mentions only declared terms in its comments', () => {
    const text = values('SELECT ?x WHERE { ?s ?p ?x FILTER(isLiteral(?x)) }').join('\n');
    const prefixes = Object.keys(PREFIXES).filter((p) => !['mem', 'rdf', 'rdfs', 'owl', 'xsd'].includes(p));
    const re = new RegExp(`\\b(${prefixes.join('|')}):([A-Za-z][A-Za-z0-9_]*)`, 'g');
    const undeclared = new Set<string>();
    for (const m of text.matchAll(re)) {
      if (!ask(`ASK { <${PREFIXES[m[1]]}${m[2]}> a ?t }`)) undeclared.add(m[0]);
    }
    expect([...undeclared]).toEqual([]);
  });

  it('defines the pcm: gap terms', () => {
    const classes = [
      'Preference', 'ProblemEvent', 'ServiceEvent', 'Pet', 'Plant', 'Clothing', 'Collection',
      'SocialMediaAccount', 'DailyRoutine', 'FoodHabit', 'DressingHabit', 'AIAssistant',
    ];
    for (const c of classes) expect(ask(`ASK { pcm:${c} a owl:Class }`), `pcm:${c}`).toBe(true);
    const objectProps = ['affects', 'hasPet', 'hasSocialAccount', 'wears', 'grows', 'hasCollection', 'hasPreference', 'preferenceObject', 'supersedes'];
    for (const p of objectProps) expect(ask(`ASK { pcm:${p} a owl:ObjectProperty }`), `pcm:${p}`).toBe(true);
    const dataProps = ['petSpecies', 'plantSpecies', 'sentiment', 'collectionSize', 'validFrom'];
    for (const p of dataProps) expect(ask(`ASK { pcm:${p} a owl:DatatypeProperty }`), `pcm:${p}`).toBe(true);
    expect(ask('ASK { pcm:ProblemEvent rdfs:subClassOf schema:Event . pcm:ServiceEvent rdfs:subClassOf schema:Event }')).toBe(true);
    expect(ask('ASK { pcm:Clothing rdfs:subClassOf+ schema:Product }')).toBe(true);
    expect(ask('ASK { pcm:SocialMediaAccount rdfs:subClassOf sioc:UserAccount }')).toBe(true);
  });

  it('puts DailyRoutine, FoodHabit and DressingHabit under ob:Habit', () => {
    const subs = values('SELECT ?x WHERE { ?x rdfs:subClassOf ob:Habit }').map(short);
    expect(subs).toEqual(expect.arrayContaining(['pcm:DailyRoutine', 'pcm:FoodHabit', 'pcm:DressingHabit']));
  });

  it('reaches schema:Action from the schema.org Action subtypes', () => {
    expect(ask('ASK { schema:TravelAction rdfs:subClassOf schema:MoveAction . schema:MoveAction rdfs:subClassOf schema:Action }')).toBe(true);
    for (const c of ['TravelAction', 'BuyAction', 'EatAction', 'DrinkAction', 'ReadAction', 'WatchAction', 'ListenAction', 'ExerciseAction', 'CookAction', 'WriteAction', 'JoinAction', 'ReplaceAction']) {
      expect(ask(`ASK { schema:${c} rdfs:subClassOf+ schema:Action }`), `schema:${c}`).toBe(true);
    }
    for (const c of ['EatAction', 'DrinkAction', 'ReadAction', 'WatchAction', 'ListenAction']) {
      expect(ask(`ASK { schema:${c} rdfs:subClassOf schema:ConsumeAction }`), `schema:${c}`).toBe(true);
    }
    expect(ask('ASK { ob:Travel rdfs:subClassOf ob:Activity }')).toBe(true);
  });

  it('has no subclass cycles and only declared classes as superclasses', () => {
    expect(ask('ASK { ?c rdfs:subClassOf+ ?c }')).toBe(false);
    const undeclared = values('SELECT DISTINCT ?x WHERE { ?c rdfs:subClassOf ?x FILTER NOT EXISTS { ?x a owl:Class } }');
    expect(undeclared.map(short)).toEqual([]);
  });

  it('gives every property a domain or a range, pointing at declared classes or XSD datatypes', () => {
    const props = values('SELECT DISTINCT ?x WHERE { { ?x a owl:ObjectProperty } UNION { ?x a owl:DatatypeProperty } }');
    const bare = props.filter((p) => !ask(`ASK { { <${p}> rdfs:domain ?d } UNION { <${p}> rdfs:range ?r } }`));
    expect(bare.map(short)).toEqual([]);
    const badDomain = values('SELECT DISTINCT ?x WHERE { ?p rdfs:domain ?x FILTER NOT EXISTS { ?x a owl:Class } }');
    expect(badDomain.map(short)).toEqual([]);
    const badObjectRange = values('SELECT DISTINCT ?x WHERE { ?p a owl:ObjectProperty ; rdfs:range ?x FILTER NOT EXISTS { ?x a owl:Class } }');
    expect(badObjectRange.map(short)).toEqual([]);
    const badDataRange = values(`SELECT DISTINCT ?x WHERE { ?p a owl:DatatypeProperty ; rdfs:range ?x
      FILTER(!STRSTARTS(STR(?x), "${PREFIXES.xsd}")) }`);
    expect(badDataRange.map(short)).toEqual([]);
  });

  it('declares the time, schedule and status terms the extraction relies on', () => {
    for (const p of ['startDate', 'endDate', 'startTime', 'duration', 'repeatFrequency']) {
      expect(ask(`ASK { schema:${p} a owl:DatatypeProperty }`), `schema:${p}`).toBe(true);
    }
    expect(ask('ASK { schema:duration rdfs:range xsd:duration }')).toBe(true);
    expect(ask('ASK { schema:byDay rdfs:domain schema:Schedule ; rdfs:range schema:DayOfWeek }')).toBe(true);
    expect(ask('ASK { schema:actionStatus rdfs:range schema:ActionStatusType }')).toBe(true);
    for (const s of ['CompletedActionStatus', 'PotentialActionStatus', 'ActiveActionStatus']) {
      expect(ask(`ASK { schema:${s} a schema:ActionStatusType }`), `schema:${s}`).toBe(true);
    }
    const days = values('SELECT ?x WHERE { ?x a schema:DayOfWeek }');
    expect(days).toHaveLength(7);
  });

  it('declares the relationship, provenance and conversation terms', () => {
    for (const p of ['friendOf', 'spouseOf', 'childOf', 'parentOf', 'siblingOf', 'colleagueOf', 'employedBy']) {
      expect(ask(`ASK { rel:${p} a owl:ObjectProperty }`), `rel:${p}`).toBe(true);
    }
    expect(ask('ASK { rel:friendOf rdfs:subPropertyOf+ foaf:knows }')).toBe(true);
    for (const t of ['prov:Entity', 'sioc:Post', 'sioc:Thread', 'sioc:Container', 'foaf:Person', 'schema:Person']) {
      expect(ask(`ASK { ${t} a owl:Class }`), t).toBe(true);
    }
    for (const t of ['prov:wasDerivedFrom', 'sioc:has_creator', 'sioc:has_container', 'sioc:reply_of']) {
      expect(ask(`ASK { ${t} a owl:ObjectProperty }`), t).toBe(true);
    }
    for (const t of ['sioc:content', 'dcterms:created', 'foaf:name']) {
      expect(ask(`ASK { ${t} a owl:DatatypeProperty }`), t).toBe(true);
    }
  });
});
