// Offline NL→SPARQL: deterministic templates for the common shapes of questions, grounded in
// the PCM ontology and written the type-first way (docs/ask.md):
//  - the concept is an ontology class, instances of its subclasses count (rdfs:subClassOf*);
//  - "how many" is COUNT(DISTINCT …); "before / after X" is a subquery for X's date;
//  - sparse properties (dates, places, prices, labels) are OPTIONAL;
//  - results are ordered by date when time matters;
//  - the person is the primary agent (schema:agent / attendee / participant, or linked from them).
// The text is meant to be read and edited by the person: prefixed names, one pattern per line,
// a comment saying what each block does. Values computed from the rows (differences of dates,
// durations, sums, the latest value, the n-th) are computed in code (compute.ts), not here.
import { GRAPHS, PREFIXES, compactIri } from '../../../../shared/rdf';
import type { Analysis } from './analyze';
import type { AnswerKind } from './answer-type';
import { stemPattern } from '../../../../shared/text/stem';
import { topicWords } from './analyze';
import { conceptOf, DATE_PROPS, PEOPLE_PROPS } from './lexicon';

const { schema } = PREFIXES;

export type TemplateId =
  | 'list-class'
  | 'count-class'
  | 'did-verb'
  | 'event-date'
  | 'days-between'
  | 'before-after'
  | 'nth-event'
  | 'who-most'
  | 'who-with'
  | 'preference'
  | 'my-attribute'
  | 'current-of-class'
  | 'duration-of'
  | 'amount-of'
  | 'recommended'
  | 'entity-facts';

export interface TemplateContext {
  /** IRI of the person whose memory it is (the owner, or the person "I" is read as). */
  me: string;
  /** Every IRI that is that person (the owner and the speakers mapped to them: owl:sameAs). */
  meAll?: string[];
  meName: string;
  /** Entities the dialogue already named ("who else…" leaves them out). */
  exclude: string[];
  /** The entity the previous turn was about (follow-ups: "who else was there?"). */
  focus: string[];
  /** The question names the person it is about (not "I"): `me` is that person. */
  subjectNamed?: boolean;
  /** The sources in scope (their IRIs): entities derived from other sources' messages are left out. */
  sources?: string[];
  /**
   * The named graphs holding extracted or the person's facts (isFactLabelGraph), when known:
   * labels are read from these only, not from every graph's labels.
   */
  factGraphs?: string[];
}

export interface TemplateQuery {
  id: TemplateId;
  sparql: string;
  explanation: string[];
}

const USED_PREFIXES = ['rdf', 'rdfs', 'xsd', 'schema', 'pcm', 'ob', 'foaf', 'rel', 'oc', 'prov', 'sioc', 'dcterms', 'skos'];

function prologue(body: string): string {
  const used = USED_PREFIXES.filter((p) => new RegExp(`(^|[\\s(){}.;,/^|!])${p}:`, 'm').test(body));
  return `${used.map((p) => `PREFIX ${p}: <${PREFIXES[p]}>`).join('\n')}\n${body}`;
}

const c = (iri: string) => compactIri(iri);
const str = (s: string) => `"${s.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;

/** A label filter: any of the keywords (stems, "citi" finding "city" too) in any of the texts, case-insensitive. */
function keywordFilter(texts: string[], keywords: string[]): string {
  if (!keywords.length) return '';
  const haystack = texts.length === 1 ? `STR(${texts[0]})` : `CONCAT(${texts.map((t) => `COALESCE(STR(${t}), "")`).join(', " ", ')})`;
  const pattern = keywords.map((k) => k.replace(/[^\p{L}\p{N} ]/gu, '')).filter(Boolean).map(stemPattern).join('|');
  return pattern ? `  FILTER(REGEX(${haystack}, ${str(pattern)}, "i"))\n` : '';
}

function typeFirst(v: string, classes: string[], typeVar = `${v}Type`): string {
  // The class as a VALUES binding, not a constant: Oxigraph evaluates `?t rdfs:subClassOf* C`
  // from every term of the store (the path's zero-length case), 1 s at 200k messages.
  if (classes.length === 1) return `  ${v} a ${typeVar} . VALUES ${typeVar}Class { ${c(classes[0])} } ${typeVar} rdfs:subClassOf* ${typeVar}Class .\n`;
  return `  ${v} a ${typeVar} . VALUES ?class { ${classes.map(c).join(' ')} } ${typeVar} rdfs:subClassOf* ?class .\n`;
}

function datePattern(v: string, out = '?date'): string {
  const [startDate, startTime, endDate, endTime] = DATE_PROPS;
  return (
    `  OPTIONAL { ${v} ${c(startDate)} ?startDate }\n` +
    `  OPTIONAL { ${v} ${c(startTime)} ?startTime }\n` +
    `  OPTIONAL { ${v} ${c(endDate)}|${c(endTime)} ?endDate }\n` +
    `  BIND(COALESCE(?startDate, ?startTime, ?endDate) AS ${out})\n`
  );
}

function periodFilter(dateVar: string, a: Analysis): string {
  if (!a.period) return '';
  return `  # ${a.period.phrase || 'the period'}\n  FILTER(BOUND(${dateVar}) && SUBSTR(STR(${dateVar}), 1, 10) >= ${str(a.period.from)} && SUBSTR(STR(${dateVar}), 1, 10) <= ${str(a.period.to)})\n`;
}

function mePattern(v: string): string {
  const [agent, attendee, participant] = PEOPLE_PROPS;
  return `  # the person takes part (agent, attendee, participant) or is linked to it\n  { ${v} ${c(agent)} ?me } UNION { ${v} ${c(attendee)} ?me } UNION { ${v} ${c(participant)} ?me } UNION { ?me ?link ${v} }\n`;
}

function meValues(ctx: TemplateContext): string {
  const all = ctx.meAll?.length ? ctx.meAll : [ctx.me];
  return `  VALUES ?me { ${all.map((i) => `<${i}>`).join(' ')} }   # ${ctx.meName}\n`;
}

/** Leaves out the person themself: every IRI that is them (the owner and their speakers). */
function notMe(v: string, ctx: TemplateContext): string {
  const all = ctx.meAll?.length ? ctx.meAll : [ctx.me];
  return `  FILTER(${v} NOT IN (${all.map((i) => `<${i}>`).join(', ')}))   # ${ctx.meName}\n`;
}

function excludeFilter(v: string, ctx: TemplateContext): string {
  return ctx.exclude.length ? `  FILTER(${v} NOT IN (${ctx.exclude.map((i) => `<${i}>`).join(', ')}))\n` : '';
}

/** The question is about a person: "I / my", or a person it names. */
function selfReferenced(a: Analysis, ctx?: TemplateContext): boolean {
  return !!ctx?.subjectNamed || /\b(i|me|my|we|us|our)\b/i.test(a.question);
}

/**
 * Only entities of the sources in scope: derived from one of their messages, or stated by the
 * person without a message (their own additions).
 */
function scopeFilter(v: string, ctx: TemplateContext): string {
  if (!ctx.sources?.length) return '';
  return (
    `  # the sources asked about: entities derived from their messages (or the person's own, with no message)\n` +
    `  FILTER(NOT EXISTS { ${v} prov:wasDerivedFrom ?anyPost } || EXISTS { ${v} prov:wasDerivedFrom/sioc:has_container/sioc:has_parent ?source . VALUES ?source { ${ctx.sources.map((i) => `<${i}>`).join(' ')} } })\n`
  );
}

// ---- the templates

function listClass(a: Analysis, ctx: TemplateContext, count: boolean): TemplateQuery | null {
  const concept = a.concept;
  if (!concept) return null;
  const mine = selfReferenced(a, ctx) && !concept.classes.some((x) => x.endsWith('Person'));
  const pattern =
    typeFirst('?x', concept.classes) +
    `  ?x rdfs:label ?label .\n` +
    (mine ? mePattern('?x') : '') +
    keywordFilter(['?label'], a.keywords) +
    excludeFilter('?x', ctx) +
    scopeFilter('?x', ctx);
  const explanation = [
    `'${concept.phrase}' → ${concept.classes.map(c).join(' or ')} and its subclasses (rdfs:subClassOf*)`,
    ...(mine ? [`'I / my' → ${ctx.meName} takes part (schema:agent, attendee, participant) or is linked to it`] : []),
    ...(a.keywords.length ? [`topic words ${a.keywords.map((k) => `'${k}'`).join(', ')} → label filter`] : []),
  ];
  if (count) {
    const body =
      `# How many ${concept.phrase}: distinct instances, each listed with its date\n` +
      `SELECT ?count ?x ?label ?date WHERE {\n` +
      meValues(ctx) +
      `  { SELECT (COUNT(DISTINCT ?x) AS ?count) WHERE {\n` +
      indent(meValues(ctx) + pattern + (a.period ? datePattern('?x') + periodFilter('?date', a) : ''), 2) +
      `  } }\n` +
      pattern +
      datePattern('?x') +
      periodFilter('?date', a) +
      `}\nORDER BY ?date ?label`;
    return { id: 'count-class', sparql: prologue(body), explanation: [...explanation, "'how many' → COUNT(DISTINCT ?x)"] };
  }
  const body =
    `# ${concept.phrase}: instances in date order\n` +
    `SELECT DISTINCT ?x ?label ?date ?endDate ?place ?price ?currency WHERE {\n` +
    meValues(ctx) +
    pattern +
    datePattern('?x') +
    `  OPTIONAL { ?x schema:location|schema:toLocation ?p . ?p rdfs:label ?place }\n` +
    `  # what it cost, when that is stated\n  OPTIONAL { ?x schema:price ?price . OPTIONAL { ?x schema:priceCurrency ?currency } }\n` +
    periodFilter('?date', a) +
    `}\nORDER BY ?date ?label`;
  return { id: a.intent === 'ordinal' ? 'nth-event' : 'list-class', sparql: prologue(body), explanation };
}

function indent(s: string, n: number): string {
  const pad = ' '.repeat(n);
  return s
    .split('\n')
    .map((l) => (l ? pad + l : l))
    .join('\n');
}

function didVerb(a: Analysis, ctx: TemplateContext): TemplateQuery | null {
  const v = a.verb;
  if (!v) return null;
  const objectPath = v.objectProps.map(c).join('|');
  const objectClass = a.concept ? typeFirst('?object', a.concept.classes, '?objectType') : '';
  const body =
    `# What ${ctx.meName} ${v.past}: ${c(v.action)} actions with their object, date and price\n` +
    `SELECT DISTINCT ?x ?label ?object ?objectLabel ?date ?price ?currency WHERE {\n` +
    meValues(ctx) +
    typeFirst('?x', [v.action]) +
    `  ?x schema:agent ?me .\n` +
    `  OPTIONAL { ?x rdfs:label ?label }\n` +
    `  OPTIONAL { ?x ${objectPath} ?object . OPTIONAL { ?object rdfs:label ?objectLabel } }\n` +
    objectClass +
    datePattern('?x') +
    `  OPTIONAL { ?x schema:price ?price }\n  OPTIONAL { ?x schema:priceCurrency ?currency }\n` +
    keywordFilter(['?label', '?objectLabel'], a.keywords) +
    periodFilter('?date', a) +
    scopeFilter('?x', ctx) +
    `}\nORDER BY ?date`;
  return {
    id: 'did-verb',
    sparql: prologue(body),
    explanation: [
      `'${v.phrase}' → ${c(v.action)} (and subclasses) with ${ctx.meName} as schema:agent`,
      `what it was about → ${v.objectProps.map(c).join(' or ')}`,
      ...(a.period ? [`'${a.period.phrase}' → dates from ${a.period.from} to ${a.period.to}`] : []),
    ],
  };
}

function eventDate(a: Analysis, ctx: TemplateContext): TemplateQuery {
  const classes = a.concept && !a.concept.keywords ? a.concept.classes : [`${schema}Event`, `${schema}Action`];
  const keywords = a.keywords;
  const eventsFirst = /\bwhen\s+(?:is|was|will|are|were)\b|\bsince the\b|\bhow long ago (?:is|was)\b/i.test(a.question) && classes.includes(`${schema}Event`);
  const body =
    `# When: events and actions about ${keywords.map((k) => `'${k}'`).join(', ') || 'the topic'}, with their dates and places\n` +
    `SELECT DISTINCT ?x ?label ?date ?endDate ?place WHERE {\n` +
    typeFirst('?x', classes) +
    `  ?x rdfs:label ?label .\n` +
    keywordFilter(['?label'], keywords) +
    scopeFilter('?x', ctx) +
    datePattern('?x') +
    `  OPTIONAL { ?x schema:location|schema:toLocation ?p . ?p rdfs:label ?place }\n` +
    (ctx.focus.length ? `  # the entity of the previous turn first\n  BIND(?x IN (${ctx.focus.map((i) => `<${i}>`).join(', ')}) AS ?focus)\n` : '') +
    (eventsFirst ? `  # 'when is / was the …': the event itself before the actions about it\n  BIND(EXISTS { ?x a ?t . ?t rdfs:subClassOf* schema:Event } AS ?isEvent)\n` : '') +
    `}\nORDER BY ${ctx.focus.length ? 'DESC(?focus) ' : ''}${eventsFirst ? 'DESC(?isEvent) ' : ''}?date`;
  return {
    id: 'event-date',
    sparql: prologue(body),
    explanation: [`events and actions (${classes.map(c).join(', ')}, with subclasses) whose label has the topic words`, 'dates: schema:startDate, startTime or endDate (OPTIONAL: not every event has one)'],
  };
}

/** Classes whose instances carry dates of their own (events, actions, trips, appointments). */
function isDated(classes: string[]): boolean {
  return classes.some((iri) => /(Event|Action|Travel|Activity|Appointment)$/.test(iri));
}

function datedSubquery(v: string, phrase: string, ctx?: TemplateContext): { body: string; keywords: string[]; classes: string[] } {
  const concept = conceptOf(phrase);
  const typed = concept && !concept.keywords && isDated(concept.classes);
  const keywords = topicWords(phrase, typed ? [concept.phrase] : []);
  const classes = typed ? concept.classes : [`${schema}Event`, `${schema}Action`];
  const label = `${v}Label`;
  const date = `${v}Date`;
  const body =
    `  { SELECT ${v} ${label} ${date} WHERE {\n` +
    indent(typeFirst(v, classes) + `  ${v} rdfs:label ${label} .\n` + keywordFilter([label], keywords.length ? keywords : topicWords(phrase)) + (ctx ? scopeFilter(v, ctx) : ''), 2) +
    `      OPTIONAL { ${v} schema:startDate ?${v.slice(1)}Start } OPTIONAL { ${v} schema:startTime ?${v.slice(1)}Time }\n` +
    `      BIND(COALESCE(?${v.slice(1)}Start, ?${v.slice(1)}Time) AS ${date}) FILTER(BOUND(${date}))\n` +
    `  } }\n`;
  return { body, keywords, classes };
}

function daysBetween(a: Analysis, ctx: TemplateContext): TemplateQuery | null {
  if (!a.pair) return null;
  const x = datedSubquery('?a', a.pair[0], ctx);
  const y = datedSubquery('?b', a.pair[1], ctx);
  const body =
    `# The dates of '${a.pair[0]}' and of '${a.pair[1]}' (the difference is computed in code)\n` +
    `SELECT ?a ?aLabel ?aDate ?b ?bLabel ?bDate WHERE {\n` +
    `  # '${a.pair[0]}'\n` +
    x.body +
    `  # '${a.pair[1]}'\n` +
    y.body +
    `}\nORDER BY ?aDate ?bDate`;
  return {
    id: 'days-between',
    sparql: prologue(body),
    explanation: [`one subquery per event: '${a.pair[0]}' and '${a.pair[1]}' (label words, dated)`, 'the best-matching pair is picked and the days between them computed in code'],
  };
}

function beforeAfter(a: Analysis, ctx: TemplateContext): TemplateQuery | null {
  if (!a.pivot) return null;
  const pivot = datedSubquery('?pivot', a.pivot.text, ctx);
  // the concept of what is asked for, not of the pivot ("which concerts did I go to after the charity run")
  const outer = conceptOf(a.question.replace(a.pivot.text, ' '));
  const classes = outer && !outer.keywords && isDated(outer.classes) ? outer.classes : [`${schema}Event`, `${schema}Action`];
  const cmp = a.pivot.dir === 'before' ? '<' : '>';
  const body =
    `# What came ${a.pivot.dir} '${a.pivot.text}'\n` +
    `SELECT DISTINCT ?x ?label ?date ?pivot ?pivotLabel ?pivotDate WHERE {\n` +
    meValues(ctx) +
    `  # the date of '${a.pivot.text}'\n` +
    pivot.body +
    typeFirst('?x', classes) +
    `  ?x rdfs:label ?label .\n` +
    (selfReferenced(a, ctx) ? mePattern('?x') : '') +
    scopeFilter('?x', ctx) +
    datePattern('?x') +
    `  FILTER(BOUND(?date) && STR(?date) ${cmp} STR(?pivotDate) && ?x != ?pivot)\n` +
    `}\nORDER BY ${a.pivot.dir === 'before' ? 'DESC(?date)' : '?date'}`;
  return {
    id: 'before-after',
    sparql: prologue(body),
    explanation: [`a subquery finds the date of '${a.pivot.text}'`, `then ${classes.map(c).join(' / ')} dated ${a.pivot.dir} it, nearest first`],
  };
}

function whoMost(a: Analysis, ctx: TemplateContext): TemplateQuery {
  const body =
    `# Who ${ctx.meName} talked with most${a.period ? ` (${a.period.phrase})` : ''}: messages per person\n` +
    `SELECT ?person ?name (COUNT(?post) AS ?messages) (MAX(?created) AS ?last) WHERE {\n` +
    `  ?post a sioc:Post ; sioc:has_creator ?person ; dcterms:created ?created .\n` +
    `  ?person foaf:name ?name .\n` +
    notMe('?person', ctx) +
    `  # people, not the assistant\n  FILTER NOT EXISTS { ?person a prov:SoftwareAgent }\n` +
    (a.period ? `  FILTER(SUBSTR(STR(?created), 1, 10) >= ${str(a.period.from)} && SUBSTR(STR(?created), 1, 10) <= ${str(a.period.to)})\n` : '') +
    `}\nGROUP BY ?person ?name\nORDER BY DESC(?messages)`;
  return {
    id: 'who-most',
    sparql: prologue(body),
    explanation: [
      'messages (sioc:Post) grouped by who wrote them (sioc:has_creator), without the person and the assistant',
      a.period ? `'${a.period.phrase}' → written from ${a.period.from} to ${a.period.to} (wall clock)` : 'no period named: the whole memory',
    ],
  };
}

function whoWith(a: Analysis, ctx: TemplateContext): TemplateQuery {
  const classes = a.concept && !a.concept.keywords ? a.concept.classes : [`${schema}Event`, `${schema}Action`];
  const useFocus = ctx.focus.length > 0 && (a.keywords.length === 0 || /\b(there|that|it)\b/i.test(a.question));
  const body =
    `# Who took part in ${useFocus ? 'the event of the previous answer' : `events about ${a.keywords.map((k) => `'${k}'`).join(', ') || 'the topic'}`}\n` +
    `SELECT DISTINCT ?x ?label ?date ?person ?name ?role WHERE {\n` +
    (useFocus
      ? `  VALUES ?x { ${ctx.focus.map((i) => `<${i}>`).join(' ')} }\n  ?x rdfs:label ?label .\n`
      : typeFirst('?x', classes) + `  ?x rdfs:label ?label .\n` + keywordFilter(['?label'], a.keywords) + scopeFilter('?x', ctx)) +
    `  VALUES ?role { schema:attendee schema:participant schema:agent }\n` +
    `  ?x ?role ?person .\n  ?person rdfs:label|foaf:name ?name .\n` +
    notMe('?person', ctx) +
    excludeFilter('?person', ctx) +
    datePattern('?x') +
    `}\nORDER BY ?date ?name`;
  return {
    id: 'who-with',
    sparql: prologue(body),
    explanation: [
      useFocus ? 'the event the previous answer was about' : `events and actions whose label has ${a.keywords.map((k) => `'${k}'`).join(', ')}`,
      'their attendees, participants and agents, without the person',
      ...(ctx.exclude.length ? ["'else' → people already named in the conversation left out"] : []),
    ],
  };
}

function preference(a: Analysis, ctx: TemplateContext): TemplateQuery {
  const sentiments = a.sentiment === 'negative' ? ['dislikes', 'avoids'] : a.sentiment === 'positive' ? ['loves', 'likes', 'prefers'] : [];
  // "favourite band": the category words (band → music) widen the label filter
  const widen: Record<string, string[]> = { band: ['music', 'band'], song: ['music'], album: ['music'], food: ['food', 'cuisine', 'dish'], drink: ['drink', 'coffee', 'tea'], coffee: ['coffee'], book: ['book', 'read'], film: ['film', 'movie'], movie: ['film', 'movie'], sport: ['sport', 'exercise'] };
  const keywords = [...new Set(a.keywords.flatMap((k) => widen[k] ?? [k]))];
  const body =
    `# ${ctx.meName}'s preferences${keywords.length ? ` about ${keywords.map((k) => `'${k}'`).join(', ')}` : ''}, current ones first\n` +
    `SELECT DISTINCT ?x ?label ?sentiment ?object ?objectLabel ?category ?validFrom ?superseded WHERE {\n` +
    meValues(ctx) +
    `  ?me pcm:hasPreference ?x .\n` +
    `  OPTIONAL { ?x rdfs:label ?label }\n  OPTIONAL { ?x pcm:sentiment ?sentiment }\n` +
    `  OPTIONAL { ?x pcm:preferenceObject ?object . OPTIONAL { ?object rdfs:label ?objectLabel } }\n` +
    `  OPTIONAL { ?x pcm:preferenceCategory ?category }\n  OPTIONAL { ?x pcm:validFrom ?validFrom }\n` +
    `  BIND(EXISTS { ?newer pcm:supersedes ?x } AS ?superseded)\n` +
    (sentiments.length ? `  FILTER(!BOUND(?sentiment) || LCASE(STR(?sentiment)) IN (${sentiments.map(str).join(', ')}))\n` : '') +
    keywordFilter(['?label', '?objectLabel', '?category'], keywords) +
    scopeFilter('?x', ctx) +
    `}\nORDER BY ?superseded DESC(?validFrom)`;
  return {
    id: 'preference',
    sparql: prologue(body),
    explanation: [
      `${ctx.meName} pcm:hasPreference → pcm:Preference with its sentiment, object and category`,
      ...(sentiments.length ? [`'${a.sentiment === 'negative' ? 'dislike' : 'like / favourite'}' → sentiment ${sentiments.join(', ')}`] : []),
      'preferences superseded by a newer one (pcm:supersedes) come last',
    ],
  };
}

/** The property path of an attribute, with `?me` and `?value` (lexicon.ts writes full IRIs). */
function compactPath(path: string): string {
  return path.replace(/<([^>]+)>/g, (_, iri: string) => c(iri));
}

function myAttribute(a: Analysis, ctx: TemplateContext): TemplateQuery | null {
  const at = a.attribute;
  if (!at) return null;
  const details = at.details.map((p, i) => `  OPTIONAL { ?value ${c(p)} ?detail${i + 1} }\n`).join('');
  const detailVars = at.details.map((_, i) => `?detail${i + 1}`).join(' ');
  const h = at.holder ?? '?value';
  const body =
    `# ${at.phrase}: what links ${ctx.meName} to it, with when each value was stated\n` +
    `SELECT DISTINCT ?value ?label ${detailVars}${at.holder ? ` ${at.holder}` : ''} ?validFrom ?validUntil ?said ?superseded ?me WHERE {\n` +
    meValues(ctx) +
    `  ${compactPath(at.path)} .\n` +
    (at.valueClass ? typeFirst('?value', [at.valueClass]) : '') +
    `  OPTIONAL { ?value rdfs:label ?label }\n` +
    details +
    `  OPTIONAL { ${h} pcm:validFrom ?validFrom }\n  OPTIONAL { ${h} pcm:validUntil ?validUntil }\n` +
    `  # when it was said: the message it was extracted from\n` +
    `  OPTIONAL { ${h} prov:wasDerivedFrom ?post . ?post dcterms:created ?said }\n` +
    `  # replaced by a newer value (pcm:supersedes, or the old side of a schema:ReplaceAction)\n` +
    `  BIND(EXISTS { { ?newer pcm:supersedes ${h} } UNION { ?switch schema:replacee ${h} } } AS ?superseded)\n` +
    `}\nORDER BY ?superseded DESC(?validFrom) DESC(?said)`;
  return {
    id: 'my-attribute',
    sparql: prologue(body),
    explanation: [
      `'${at.phrase}' → ${compactPath(at.path)}`,
      'values replaced later (pcm:supersedes, schema:replacee) are marked; the latest current value is picked in code',
    ],
  };
}

function currentOfClass(a: Analysis, ctx: TemplateContext): TemplateQuery | null {
  const concept = a.concept;
  if (!concept) return null;
  const body =
    `# The current ${concept.phrase}: instances linked to ${ctx.meName}, replaced ones marked\n` +
    `SELECT DISTINCT ?value ?label ?validFrom ?validUntil ?said ?superseded WHERE {\n` +
    meValues(ctx) +
    typeFirst('?value', concept.classes) +
    `  OPTIONAL { ?value rdfs:label ?label }\n` +
    `  { ?me ?link ?value } UNION { ?action schema:agent ?me ; ?role ?value }\n` +
    `  OPTIONAL { ?value pcm:validFrom ?validFrom }\n  OPTIONAL { ?value pcm:validUntil ?validUntil }\n` +
    `  OPTIONAL { ?value prov:wasDerivedFrom ?post . ?post dcterms:created ?said }\n` +
    `  BIND(EXISTS { { ?newer pcm:supersedes ?value } UNION { ?switch schema:replacee ?value } } AS ?superseded)\n` +
    `}\nORDER BY ?superseded DESC(?validFrom) DESC(?said)`;
  return {
    id: 'current-of-class',
    sparql: prologue(body),
    explanation: [
      `'${concept.phrase}' → ${concept.classes.map(c).join(' / ')} linked to ${ctx.meName} (directly or through one of their actions)`,
      "'now' → replaced values (pcm:supersedes, schema:replacee) are marked; the latest current one is picked in code",
    ],
  };
}

function durationOf(a: Analysis, ctx: TemplateContext): TemplateQuery {
  const body =
    `# How long: durations (ISO 8601, read in code) of things about ${a.keywords.map((k) => `'${k}'`).join(', ') || 'the topic'}\n` +
    `SELECT DISTINCT ?x ?label ?duration ?distance ?date WHERE {\n` +
    `  ?x rdfs:label ?label .\n` +
    keywordFilter(['?label'], a.keywords) +
    scopeFilter('?x', ctx) +
    `  { ?x schema:duration ?duration } UNION { ?x schema:eventSchedule ?schedule . ?schedule schema:duration ?duration }\n` +
    `  OPTIONAL { ?x schema:distance ?distance }\n` +
    datePattern('?x') +
    `}\nORDER BY DESC(?date)`;
  return { id: 'duration-of', sparql: prologue(body), explanation: ['things whose label has the topic words and that have a schema:duration (or a schedule with one)'] };
}

function amountOf(a: Analysis, ctx: TemplateContext): TemplateQuery {
  const body =
    `# How much: prices of ${ctx.meName}'s actions and things about ${a.keywords.map((k) => `'${k}'`).join(', ') || 'the topic'} (summed in code)\n` +
    `SELECT DISTINCT ?x ?label ?price ?currency ?isGoal ?object ?objectLabel ?date WHERE {\n` +
    meValues(ctx) +
    `  ?x schema:price ?price .\n  OPTIONAL { ?x rdfs:label ?label }\n  OPTIONAL { ?x schema:priceCurrency ?currency }\n` +
    `  # a goal's amount is a target, not what was paid or raised\n  BIND(EXISTS { ?x a pcm:Goal } AS ?isGoal)\n` +
    `  OPTIONAL { ?x schema:object ?object . OPTIONAL { ?object rdfs:label ?objectLabel } }\n` +
    keywordFilter(['?label', '?objectLabel'], a.keywords) +
    scopeFilter('?x', ctx) +
    datePattern('?x') +
    periodFilter('?date', a) +
    `}\nORDER BY ?date`;
  return { id: 'amount-of', sparql: prologue(body), explanation: ['actions and things with a schema:price whose label (or object) has the topic words', 'several prices → their sum per currency, computed in code'] };
}

function recommended(a: Analysis, ctx: TemplateContext): TemplateQuery {
  const objectClass = a.concept && !a.concept.classes.includes(`${schema}Recommendation`) ? typeFirst('?item', a.concept.classes, '?itemType') : '';
  const keywords = a.keywords.filter((k) => !['recommend', 'suggest', 'assistant'].includes(k));
  const body =
    `# Recommendations${a.concept ? ` of ${a.concept.phrase}` : ''} and what they are about\n` +
    `SELECT DISTINCT ?x ?label ?item ?itemLabel ?author ?authorLabel WHERE {\n` +
    `  ?x a schema:Recommendation .\n  OPTIONAL { ?x rdfs:label ?label }\n` +
    `  ?x schema:itemReviewed ?item .\n  OPTIONAL { ?item rdfs:label ?itemLabel }\n` +
    objectClass +
    `  OPTIONAL { ?x schema:author ?author . OPTIONAL { ?author rdfs:label ?authorLabel } }\n` +
    `  OPTIONAL { ?x schema:about ?about . OPTIONAL { ?about rdfs:label ?aboutLabel } }\n` +
    keywordFilter(['?label', '?itemLabel', '?aboutLabel'], keywords) +
    scopeFilter('?x', ctx) +
    `}`;
  return { id: 'recommended', sparql: prologue(body), explanation: ['schema:Recommendation → schema:itemReviewed (what was recommended) and schema:author', ...(objectClass ? [`the item is a ${a.concept!.phrase} (type-first)`] : [])] };
}

function entityFacts(a: Analysis, ctx: TemplateContext): TemplateQuery | null {
  const keywords = a.keywords;
  if (!keywords.length && !ctx.focus.length) return null;
  const classFilter = a.concept ? typeFirst('?x', a.concept.classes) : '';
  const body =
    `# Entities about ${keywords.map((k) => `'${k}'`).join(', ') || 'the previous answer'} and their facts\n` +
    `SELECT ?x ?label ?superseded ?p ?o ?oLabel WHERE {\n` +
    (ctx.focus.length && !keywords.length ? `  VALUES ?x { ${ctx.focus.map((i) => `<${i}>`).join(' ')} }\n  ?x rdfs:label ?label .\n` : classFilter + `  # labelled by an extraction (automatic or a model's) or by the person\n${factGraphsPattern(ctx)}` + keywordFilter(['?label'], keywords) + scopeFilter('?x', ctx)) +
    `  BIND(EXISTS { ?newer pcm:supersedes ?x } AS ?superseded)\n` +
    `  ?x ?p ?o .\n  OPTIONAL { ?o rdfs:label ?oLabel }\n` +
    `  FILTER(?p NOT IN (rdfs:label, prov:wasDerivedFrom, sioc:content, sioc:has_container, pcm:inSession))\n` +
    `  # extracted entities, not the conversation's own structure\n  FILTER NOT EXISTS { VALUES ?structure { sioc:Post sioc:Thread sioc:Container pcm:ChatSession } ?x a ?structure }\n` +
    `}\nORDER BY ?x`;
  return { id: 'entity-facts', sparql: prologue(body), explanation: ['entities whose label has the topic words, with every fact stated about them'] };
}

/** Whether the templates read labels from this graph: an extraction's (automatic or a model's) or the person's own facts. */
export function isFactLabelGraph(iri: string): boolean {
  return iri.startsWith(GRAPHS.extraction('')) || iri.startsWith(GRAPHS.auto('')) || iri === GRAPHS.user;
}

/** `?x rdfs:label ?label` in the graphs of extracted or the person's facts (isFactLabelGraph): those named when known, else by their IRIs. */
function factGraphsPattern(ctx: TemplateContext): string {
  if (ctx.factGraphs) return `  VALUES ?g { ${ctx.factGraphs.map((g) => `<${g}>`).join(' ')} }\n  GRAPH ?g { ?x rdfs:label ?label }\n`;
  return `  GRAPH ?g { ?x rdfs:label ?label }\n  FILTER(STRSTARTS(STR(?g), ${str(GRAPHS.extraction(''))}) || STRSTARTS(STR(?g), ${str(GRAPHS.auto(''))}) || ?g = <${GRAPHS.user}>)\n`;
}

/** The template for an analysed question, or null when none fits (the messages answer alone). */
export function buildTemplate(a: Analysis, ctx: TemplateContext): TemplateQuery | null {
  switch (a.intent) {
    case 'who-most':
      return whoMost(a, ctx);
    case 'between':
      return daysBetween(a, ctx) ?? eventDate(a, ctx);
    case 'before-after':
      return beforeAfter(a, ctx) ?? listClass(a, ctx, false);
    case 'ordinal':
      return listClass(a, ctx, false) ?? didVerb(a, ctx) ?? eventDate(a, ctx);
    case 'count':
      return listClass(a, ctx, true) ?? (a.verb ? countVerb(a, ctx) : null) ?? entityFacts(a, ctx);
    case 'list':
      return didVerb(a, ctx) ?? listClass(a, ctx, false);
    case 'date':
      return a.verb && !a.keywords.length ? didVerb(a, ctx) : eventDate(a, ctx);
    case 'duration':
      return durationOf(a, ctx);
    case 'amount':
      return amountOf(a, ctx);
    case 'preference':
      return preference(a, ctx);
    case 'update':
      return myAttribute(a, ctx) ?? currentOfClass(a, ctx) ?? entityFacts(a, ctx);
    case 'recommended':
      return recommended(a, ctx);
    case 'who-with':
      return whoWith(a, ctx);
    case 'entity':
      return myAttribute(a, ctx) ?? (a.concept && /^\s*(which|what)\b/i.test(a.question) ? listClass(a, ctx, false) : null) ?? entityFacts(a, ctx);
    default:
      return null;
  }
}

/** "How many things did I buy": count the verb's actions. */
function countVerb(a: Analysis, ctx: TemplateContext): TemplateQuery | null {
  const q = didVerb(a, ctx);
  if (!q) return null;
  const body = q.sparql
    .replace(/^SELECT DISTINCT [^\n]+ WHERE \{/m, 'SELECT (COUNT(DISTINCT ?x) AS ?count) WHERE {')
    .replace(/\nORDER BY \?date$/, '');
  return { id: 'count-class', sparql: body, explanation: [...q.explanation, "'how many' → COUNT(DISTINCT ?x)"] };
}

/** What each template's rows answer: the kinds of answer its reading gives (answer-type.ts). */
export const TEMPLATES: Record<TemplateId, { answers: AnswerKind[] }> = {
  'list-class': { answers: ['thing', 'name', 'place', 'person'] },
  'count-class': { answers: ['count'] },
  'did-verb': { answers: ['thing', 'name', 'place'] },
  'event-date': { answers: ['date', 'time', 'place'] },
  'days-between': { answers: ['count', 'duration'] },
  'before-after': { answers: ['thing', 'name', 'place'] },
  'nth-event': { answers: ['date', 'thing', 'name', 'amount'] },
  'who-most': { answers: ['person'] },
  'who-with': { answers: ['person'] },
  preference: { answers: ['thing', 'name'] },
  'my-attribute': { answers: ['name', 'thing', 'count', 'number', 'person', 'place'] },
  'current-of-class': { answers: ['name', 'thing', 'place'] },
  'duration-of': { answers: ['duration'] },
  'amount-of': { answers: ['amount'] },
  recommended: { answers: ['name', 'place', 'thing'] },
  // every fact of an entity: values of any kind (the label match decides whether it is the thing asked about)
  'entity-facts': { answers: ['thing', 'name', 'person', 'place', 'weekday', 'frequency', 'date', 'time', 'duration', 'amount', 'number'] },
};

export const TEMPLATE_IDS = Object.keys(TEMPLATES) as TemplateId[];

