// Reads for the Entities and Graph tabs: the class hierarchy with instance counts, the
// individuals of a class, one entity with its values (and where each came from), its usage
// and provenance, and graph views (overview or neighbourhood) as nodes and edges.
import { GRAPHS, MEMORY_BASE, OWNER_IRI, PREFIXES, automaticGraphCondition, isAutomaticGraph, isModelGraph, localName, modelGraphCondition } from '../../../../shared/rdf';
import type {
  ClassNode,
  EntityDetail,
  EntityProperty,
  GraphOverview,
  GraphView,
  GraphViewEdge,
  GraphViewNode,
  IndividualRow,
  RdfTerm,
  SparqlResult,
  ValueOrigin,
} from '../../../../shared/types';
import type { ChatStore } from '../stores/chat/chat-store';
import type { GraphStore } from '../stores/graph/graph-store';
import { categorize, type Category } from './categories';
import { iriRef, literalRef } from './entity-edits';
import { endOfDay } from '../../../../shared/dates/calendar';
import { buildOverview, relabel } from './graph-overview';

const { rdf, rdfs, owl, prov, sioc, pcm, dcterms } = PREFIXES;
const RDF_TYPE = `${rdf}type`;
/** Records, not facts: the person's removals and the superseded automatic triples. */
const RECORD_GRAPHS = (g: string) => `${g} != <${GRAPHS.userRemoved}> && !STRSTARTS(STR(${g}), "${GRAPHS.autoSuperseded('')}")`;
const HIDDEN_GRAPHS = `FILTER(?g != <${GRAPHS.ontology}> && ${RECORD_GRAPHS('?g')})`;

/** Conversation structure and provenance: hidden in the Graph tab unless asked for. */
const STRUCTURE_PREDICATES = [
  `${prov}wasDerivedFrom`,
  `${sioc}has_creator`,
  `${sioc}has_container`,
  `${sioc}has_parent`,
  `${sioc}reply_of`,
  `${pcm}inSession`,
  `${dcterms}isPartOf`,
];
const STRUCTURE_TYPES = [`${sioc}Post`, `${sioc}Thread`, `${sioc}Container`, `${pcm}ChatSession`, `${prov}Entity`];
/** Records about statements (removed, superseded): provenance, not the person's entities. */
const RECORD_TYPES = [`${pcm}RemovedStatement`, `${pcm}SupersededStatement`, `${rdf}Statement`, `${prov}Activity`];
const NOT_ENTITY_TYPES = new Set([...STRUCTURE_TYPES, ...RECORD_TYPES]);

/** The start of a text, on one line, cut at a word: "I just signed up for the Spree…". */
function snippet(text: string, max = 48): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 12))}…`;
}

export function originOf(graph: string): ValueOrigin {
  if (graph === GRAPHS.user) return 'person';
  if (graph === GRAPHS.ontology) return 'ontology';
  if (isModelGraph(graph)) return 'extraction';
  if (isAutomaticGraph(graph)) return 'auto';
  if (graph === GRAPHS.owner) return 'owner';
  if (graph.startsWith(`${MEMORY_BASE}graph/source/`)) return 'messages';
  return 'other';
}

export interface GraphViewQuery {
  seed?:
    | { kind: 'entity'; iri: string }
    | { kind: 'class'; iri: string }
    | { kind: 'search'; text: string }
    | { kind: 'sessions'; sessionIds: number[] }
    | { kind: 'entities'; iris: string[] };
  depth?: number;
  classIris?: string[];
  predicates?: string[];
  sourceIds?: number[];
  from?: string;
  to?: string;
  includeStructure?: boolean;
  /** Only links from graphs of these origins (owner and messages graphs always count). */
  origins?: ('auto' | 'extraction' | 'person')[];
  limit?: number;
}

/** The graph filter of an origin choice: `?g` is one of these graphs. */
function originFilter(origins: GraphViewQuery['origins']): string {
  if (!origins?.length) return '';
  const parts = [`?g = <${GRAPHS.owner}>`, `STRSTARTS(STR(?g), "${GRAPHS.source('')}")`];
  if (origins.includes('auto')) parts.push(automaticGraphCondition());
  if (origins.includes('extraction')) parts.push(modelGraphCondition());
  if (origins.includes('person')) parts.push(`?g = <${GRAPHS.user}>`);
  return `FILTER(${parts.join(' || ')})`;
}

type Row = Record<string, RdfTerm>;

export class EntityService {
  private hierarchy: { version: string; subClassOf: [string, string][]; category: (types: string[]) => Category } | null = null;

  constructor(
    private readonly graph: GraphStore,
    private readonly chat: ChatStore,
  ) {}

  /** Named graphs that can hold links between entities: all but the messages graphs, the ontology and the record of removals (from the graph's counts). */
  private async entityGraphs(): Promise<string[]> {
    return (await this.graph.graphs()).filter((g) => g.kind !== 'messages' && g.kind !== 'ontology' && g.iri !== GRAPHS.userRemoved).map((g) => g.iri);
  }

  private async select(sparql: string, limit = 100_000): Promise<Row[]> {
    const r: SparqlResult = await this.graph.request({ op: 'query', sparql, limit }, 60_000);
    return r.kind === 'select' ? r.rows : [];
  }

  /** The ontology's asserted hierarchy, re-read when the ontology graph changes size. */
  private async classHierarchy() {
    const [{ n } = { n: { type: 'literal', value: '0' } as RdfTerm }] = await this.select(
      `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${GRAPHS.ontology}> { ?s ?p ?o } }`,
    );
    if (this.hierarchy?.version === n.value) return this.hierarchy;
    const rows = await this.select(`SELECT ?c ?sup WHERE { GRAPH ?g { ?c <${rdfs}subClassOf> ?sup FILTER(isIRI(?sup) && isIRI(?c)) } }`);
    const subClassOf = rows.map((r) => [r.c.value, r.sup.value] as [string, string]);
    this.hierarchy = { version: n.value, subClassOf, category: categorize(subClassOf) };
    return this.hierarchy;
  }

  async categoryOf(types: string[]): Promise<Category> {
    return (await this.classHierarchy()).category(types);
  }

  private async labels(iris: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const unique = [...new Set(iris)];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const rows = await this.select(
        `SELECT ?x (SAMPLE(?l) AS ?label) WHERE { VALUES ?x { ${chunk.map(iriRef).join(' ')} } ?x <${rdfs}label> ?l } GROUP BY ?x`,
      );
      for (const r of rows) out.set(r.x.value, r.label.value);
    }
    // Without rdfs:label: a message by the start of its text (from the chat table, which keeps
    // the words), anything else by a title or a name.
    for (const m of this.chat.messagesByIri(unique.filter((x) => !out.has(x)))) out.set(m.iri, snippet(m.text));
    const rest = unique.filter((x) => !out.has(x));
    for (let i = 0; i < rest.length; i += 500) {
      const rows = await this.select(
        `SELECT ?x (SAMPLE(?t) AS ?title) (SAMPLE(?n) AS ?name) WHERE { VALUES ?x { ${rest.slice(i, i + 500).map(iriRef).join(' ')} }
          OPTIONAL { ?x <${dcterms}title> ?t } OPTIONAL { ?x <${PREFIXES.foaf}name> ?n } } GROUP BY ?x`,
      );
      for (const r of rows) {
        const text = r.title?.value ?? r.name?.value;
        if (text) out.set(r.x.value, text);
      }
    }
    return out;
  }

  // ---- Entities tab

  async classTree(): Promise<ClassNode[]> {
    const h = await this.classHierarchy();
    const declared = await this.select(
      `SELECT ?c (SAMPLE(?l) AS ?label) (SAMPLE(?cm) AS ?comment) WHERE { GRAPH <${GRAPHS.ontology}> {
        { ?c a <${owl}Class> } UNION { ?c a <${rdfs}Class> } FILTER(isIRI(?c))
        OPTIONAL { ?c <${rdfs}label> ?l } OPTIONAL { ?c <${rdfs}comment> ?cm } } } GROUP BY ?c`,
    );
    const typed = await this.select(`SELECT DISTINCT ?s ?t WHERE { GRAPH ?g { ?s a ?t FILTER(isIRI(?t)) } ${HIDDEN_GRAPHS} }`, 2_000_000);
    const parents = new Map<string, string[]>();
    for (const [sub, sup] of h.subClassOf) parents.set(sub, [...(parents.get(sub) ?? []), sup]);
    const ancestors = (cls: string): Set<string> => {
      const seen = new Set<string>([cls]);
      const stack = [cls];
      while (stack.length) for (const p of parents.get(stack.pop()!) ?? []) if (!seen.has(p)) seen.add(p), stack.push(p);
      return seen;
    };
    const direct = new Map<string, number>();
    const typesOf = new Map<string, string[]>();
    for (const r of typed) {
      direct.set(r.t.value, (direct.get(r.t.value) ?? 0) + 1);
      typesOf.set(r.s.value, [...(typesOf.get(r.s.value) ?? []), r.t.value]);
    }
    // Entities and records counted apart: a message (sioc:Post, prov:Entity) is not one of the person's entities.
    const total = new Map<string, number>();
    const records = new Map<string, number>();
    for (const types of typesOf.values()) {
      const all = new Set<string>();
      for (const t of types) for (const a of ancestors(t)) all.add(a);
      const counts = types.some((t) => NOT_ENTITY_TYPES.has(t)) ? records : total;
      for (const a of all) counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    const nodes = new Map<string, ClassNode>();
    const add = (iri: string, label: string | undefined, comment: string | undefined, inOntology: boolean) =>
      nodes.set(iri, {
        iri,
        label: label ?? localName(iri),
        comment: comment ?? null,
        parents: parents.get(iri) ?? [],
        direct: direct.get(iri) ?? 0,
        total: total.get(iri) ?? 0,
        records: records.get(iri) ?? 0,
        inOntology,
        category: h.category([iri]),
      });
    for (const r of declared) add(r.c.value, r.label?.value, r.comment?.value, true);
    const usedLabels = await this.labels([...direct.keys()].filter((c) => !nodes.has(c)));
    for (const c of direct.keys()) if (!nodes.has(c)) add(c, usedLabels.get(c), undefined, false);
    return [...nodes.values()].sort((a, b) => a.label.localeCompare(b.label));
  }

  /** The class and its subclasses (asserted), for "instances of X" queries. */
  async withSubclasses(classIri: string): Promise<string[]> {
    const h = await this.classHierarchy();
    const children = new Map<string, string[]>();
    for (const [sub, sup] of h.subClassOf) children.set(sup, [...(children.get(sup) ?? []), sub]);
    const out = new Set([classIri]);
    const stack = [classIri];
    while (stack.length) for (const c of children.get(stack.pop()!) ?? []) if (!out.has(c)) out.add(c), stack.push(c);
    return [...out];
  }

  async individuals(args: { classIri?: string; search?: string; offset?: number; limit?: number }): Promise<{ total: number; rows: IndividualRow[] }> {
    const classes = args.classIri ? await this.withSubclasses(args.classIri) : null;
    // Types stated outside the ontology (whose classes and properties are not individuals) and
    // outside the record of removals, as classTree counts them.
    const typed = `GRAPH ?tg { ?s a ?t } FILTER(?tg != <${GRAPHS.ontology}> && ${RECORD_GRAPHS('?tg')})`;
    const typeFilter = classes ? `VALUES ?t { ${classes.map(iriRef).join(' ')} } ${typed}` : `${typed} FILTER(isIRI(?s))`;
    // Messages, sessions and records are listed only under their own classes.
    const recordClass = classes?.some((c) => NOT_ENTITY_TYPES.has(c));
    const structure = recordClass ? '' : `FILTER NOT EXISTS { ?s a ?st VALUES ?st { ${[...NOT_ENTITY_TYPES].map(iriRef).join(' ')} } }`;
    const text = args.search?.trim().toLowerCase();
    if (!text) {
      const body = `${typeFilter} OPTIONAL { ?s <${rdfs}label> ?l } ${structure}`;
      const [count] = await this.select(`SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ${body} }`);
      const rows = await this.select(
        `SELECT ?s (SAMPLE(?l) AS ?label) (GROUP_CONCAT(DISTINCT STR(?t); separator=" ") AS ?types) WHERE { ${body} }
         GROUP BY ?s ORDER BY LCASE(STR(?label)) ?s LIMIT ${args.limit ?? 200} OFFSET ${args.offset ?? 0}`,
      );
      return { total: Number(count?.n?.value ?? 0), rows: await this.individualRows(rows) };
    }
    // A search: by label and by alias (skos:altLabel), the best match first: the whole name,
    // then a name that starts with the text, then a word of it, then anywhere; labels before aliases.
    const q = literalRef(text);
    const name = `LCASE(STR(COALESCE(?l, STR(?s))))`;
    const rankOf = (v: string, base: number) =>
      `IF(${v} = ${q}, ${base}, IF(STRSTARTS(${v}, ${q}), ${base + 1}, IF(CONTAINS(${v}, CONCAT(" ", ${q})), ${base + 2}, ${base + 3})))`;
    const body = `${typeFilter} OPTIONAL { ?s <${rdfs}label> ?l } ${structure}
      OPTIONAL { ?s <${PREFIXES.skos}altLabel> ?alt FILTER(CONTAINS(LCASE(STR(?alt)), ${q})) }
      FILTER(CONTAINS(${name}, ${q}) || BOUND(?alt))
      BIND(IF(CONTAINS(${name}, ${q}), ${rankOf(name, 0)}, ${rankOf('LCASE(STR(?alt))', 4)}) AS ?rank)`;
    const [count] = await this.select(`SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ${body} }`);
    const rows = await this.select(
      `SELECT ?s (SAMPLE(?l) AS ?label) (SAMPLE(?alt) AS ?alias) (MIN(?rank) AS ?best) (GROUP_CONCAT(DISTINCT STR(?t); separator=" ") AS ?types) WHERE { ${body} }
       GROUP BY ?s ORDER BY ?best STRLEN(STR(?label)) LCASE(STR(?label)) ?s LIMIT ${args.limit ?? 200} OFFSET ${args.offset ?? 0}`,
    );
    return { total: Number(count?.n?.value ?? 0), rows: await this.individualRows(rows) };
  }

  private async individualRows(rows: Row[]): Promise<IndividualRow[]> {
    const h = await this.classHierarchy();
    return rows.map((r) => {
      const types = r.types?.value ? r.types.value.split(' ') : [];
      const label = r.label?.value ?? localName(r.s.value);
      // The alias is shown only when it is what matched (the label did not).
      const alias = r.alias?.value && Number(r.best?.value ?? 0) >= 4 ? { alias: r.alias.value } : {};
      return { iri: r.s.value, label, types, category: h.category(types), ...alias };
    });
  }

  async entity(iri: string): Promise<EntityDetail | null> {
    const x = iriRef(iri);
    const own = await this.select(`SELECT ?p ?o ?g WHERE { GRAPH ?g { ${x} ?p ?o } FILTER(${RECORD_GRAPHS('?g')}) }`);
    const usageLimit = 500;
    const used = await this.select(`SELECT ?s ?p ?g WHERE { GRAPH ?g { ?s ?p ${x} } ${HIDDEN_GRAPHS} } LIMIT ${usageLimit + 1}`);
    if (!own.length && !used.length) return null;
    const iris = [...own.flatMap((r) => [r.p.value, ...(r.o.type === 'uri' ? [r.o.value] : [])]), ...used.flatMap((r) => [r.s.value, r.p.value])];
    const labels = await this.labels(iris);
    const label = (i: string) => labels.get(i) ?? localName(i);

    const byPredicate = new Map<string, EntityProperty>();
    const types = new Map<string, { iri: string; label: string; origins: ValueOrigin[] }>();
    for (const r of own) {
      const origin = originOf(r.g.value);
      if (r.p.value === RDF_TYPE && r.o.type === 'uri') {
        const t = types.get(r.o.value) ?? { iri: r.o.value, label: label(r.o.value), origins: [] };
        if (!t.origins.includes(origin)) t.origins.push(origin);
        types.set(r.o.value, t);
        continue;
      }
      const prop = byPredicate.get(r.p.value) ?? { predicate: r.p.value, label: label(r.p.value), values: [] };
      const same = prop.values.find((v) => v.term.type === r.o.type && v.term.value === r.o.value && JSON.stringify(v.term) === JSON.stringify(r.o));
      if (same) {
        if (!same.origins.includes(origin)) same.origins.push(origin);
      } else {
        prop.values.push({ term: r.o, ...(r.o.type === 'uri' && labels.has(r.o.value) ? { label: labels.get(r.o.value) } : {}), origins: [origin] });
      }
      byPredicate.set(r.p.value, prop);
    }
    const properties = [...byPredicate.values()].sort((a, b) => a.label.localeCompare(b.label));
    const findValues = (p: string) => byPredicate.get(p)?.values ?? [];
    const postIris = findValues(`${prov}wasDerivedFrom`).filter((v) => v.term.type === 'uri').map((v) => v.term.value);
    const provenance = this.chat.messagesByIri(postIris).sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.responseIndex - b.responseIndex);
    const h = await this.classHierarchy();
    const typeList = [...types.values()];
    return {
      iri,
      label: findValues(`${rdfs}label`)[0]?.term.value ?? localName(iri),
      comment: findValues(`${rdfs}comment`)[0]?.term.value ?? null,
      category: h.category(typeList.map((t) => t.iri)),
      types: typeList,
      properties,
      usage: used.slice(0, usageLimit).map((r) => ({
        subject: r.s.value,
        subjectLabel: label(r.s.value),
        predicate: r.p.value,
        predicateLabel: label(r.p.value),
        origins: [originOf(r.g.value)],
      })),
      usageTruncated: used.length > usageLimit,
      provenance,
      mergedFrom: findValues(`${pcm}mergedFrom`).map((v) => v.term.value),
    };
  }

  // ---- Graph tab

  /** `labels: false`: nodes named by their local name (the overview looks up the few names it shows). */
  async graphView(q: GraphViewQuery, opts: { labels?: boolean } = {}): Promise<GraphView> {
    const limit = Math.min(q.limit ?? 2000, 20_000);
    const structure = q.includeStructure === true;
    const edgeFilter = [
      `isIRI(?o)`,
      `?p != <${RDF_TYPE}>`,
      `?p != <${pcm}mergedFrom>`,
      ...(structure ? [] : [`?p NOT IN (${STRUCTURE_PREDICATES.map(iriRef).join(', ')})`]),
      ...(q.predicates?.length ? [`?p IN (${q.predicates.map(iriRef).join(', ')})`] : []),
    ].join(' && ');
    const nodeFilter = structure ? '' : `FILTER NOT EXISTS { ?n a ?st VALUES ?st { ${STRUCTURE_TYPES.map(iriRef).join(' ')} } }`;
    const scope = await this.scopeClause(q);
    const origin = originFilter(q.origins);

    let edges: Row[];
    let truncated = false;
    const seeds = await this.seedIris(q);
    if (seeds) {
      // Grow the neighbourhood breadth-first from the seeds.
      const depth = Math.max(0, Math.min(q.depth ?? 1, 4));
      const found = new Map<string, Row>();
      let frontier = seeds;
      const seen = new Set(seeds);
      if (q.seed?.kind === 'entities') {
        // A group of entities (a cluster): the links among them, whatever the depth.
        for (let i = 0; i < seeds.length && found.size <= limit; i += 500) {
          const rows = await this.select(
            `SELECT DISTINCT ?s ?p ?o WHERE { VALUES ?s { ${seeds.slice(i, i + 500).map(iriRef).join(' ')} }
              GRAPH ?g { ?s ?p ?o } ${HIDDEN_GRAPHS} ${origin} FILTER(${edgeFilter}) } LIMIT ${limit + 1}`,
          );
          for (const r of rows) if (seen.has(r.o.value)) found.set(`${r.s.value} ${r.p.value} ${r.o.value}`, r);
        }
      }
      for (let d = 0; d < depth && frontier.length && found.size < limit; d++) {
        const rows = await this.select(
          `SELECT DISTINCT ?s ?p ?o WHERE { VALUES ?x { ${frontier.slice(0, 1000).map(iriRef).join(' ')} }
            GRAPH ?g { { ?x ?p ?o BIND(?x AS ?s) } UNION { ?s ?p ?x BIND(?x AS ?o) } } ${HIDDEN_GRAPHS} ${origin}
            FILTER(${edgeFilter}) } LIMIT ${limit + 1}`,
        );
        const next: string[] = [];
        for (const r of rows) {
          found.set(`${r.s.value} ${r.p.value} ${r.o.value}`, r);
          for (const n of [r.s.value, r.o.value]) if (!seen.has(n)) seen.add(n), next.push(n);
        }
        frontier = next;
      }
      edges = [...found.values()];
      truncated = edges.length > limit;
      edges = edges.slice(0, limit);
      let iris = [...new Set([...seeds, ...edges.flatMap((e) => [e.s.value, e.o.value])])];
      if (scope) {
        // Class, source and time filters keep the seeds and the neighbours that pass them.
        const keep = new Set(seeds);
        const others = iris.filter((i) => !keep.has(i));
        for (let i = 0; i < others.length; i += 500) {
          const rows = await this.select(`SELECT DISTINCT ?s WHERE { VALUES ?s { ${others.slice(i, i + 500).map(iriRef).join(' ')} } ${scope} }`);
          for (const r of rows) keep.add(r.s.value);
        }
        iris = iris.filter((i) => keep.has(i));
      }
      const nodes = await this.describeNodes(iris, structure, opts.labels !== false);
      return this.view(nodes, edges, truncated);
    }
    // Without the conversation structure, links between entities stand only in the graphs that
    // are not messages graphs (extraction, the person's own…): read those alone, and nothing at
    // all when there are none (a memory nothing was extracted from shows nothing at once).
    const entityGraphs = structure ? null : await this.entityGraphs();
    if (entityGraphs && !entityGraphs.length) return { nodes: [], edges: [], truncated: false };
    const inGraphs = entityGraphs ? `VALUES ?g { ${entityGraphs.map(iriRef).join(' ')} }` : '';
    edges = await this.select(
      `SELECT DISTINCT ?s ?p ?o WHERE { ${inGraphs} GRAPH ?g { ?s ?p ?o } ${HIDDEN_GRAPHS} ${origin} FILTER(${edgeFilter}) ${scope}
        ${nodeFilter.replace(/\?n/g, '?s')} ${nodeFilter.replace(/\?n/g, '?o')} } LIMIT ${limit + 1}`,
    );
    truncated = edges.length > limit;
    edges = edges.slice(0, limit);
    const linked = new Set(edges.flatMap((e) => [e.s.value, e.o.value]));
    // The whole graph also holds entities nothing links yet (a fresh entity, a lone fact).
    const alone = truncated || q.origins?.length ? [] : await this.unlinkedEntities(q, structure, linked, limit - linked.size, inGraphs);
    const nodes = await this.describeNodes([...linked, ...alone], structure, opts.labels !== false);
    return this.view(nodes, edges, truncated);
  }

  /**
   * The overview: the whole entity view (filtered), summarised as communities and hubs. Built
   * here rather than in the page: the page receives a few dozen clusters instead of thousands
   * of nodes and edges (see BENCHMARKS.md, Graph tab overview).
   */
  async graphOverview(q: Omit<GraphViewQuery, 'seed' | 'depth' | 'limit' | 'includeStructure'> & { resolution?: number }): Promise<GraphOverview> {
    const t0 = performance.now();
    const view = await this.graphView({ ...q, includeStructure: false, limit: 20_000 }, { labels: false });
    const t1 = performance.now();
    const values = new Set(await this.withSubclasses(`${PREFIXES.schema}Enumeration`));
    const overview = buildOverview(view, {
      ownerIri: OWNER_IRI,
      // As the Graph tab hides them: members of enumerations, and vocabulary terms typed only in the ontology.
      isValue: (n) => (n.types.length > 0 ? n.types.every((t) => values.has(t)) : !n.id.startsWith(MEMORY_BASE)),
      ...(q.resolution ? { resolution: q.resolution } : {}),
    });
    const t2 = performance.now();
    const shown = [...overview.hubs.map((h) => h.id), ...overview.clusters.flatMap((c) => c.top.map((t) => t.id))];
    const named = relabel(overview, await this.labels(shown));
    // The queries (the view, then the names shown) apart from the community detection.
    return { ...named, timings: { queryMs: Math.round(t1 - t0 + performance.now() - t2), communitiesMs: Math.round(t2 - t1) } };
  }

  /** Typed entities in scope with no link to or from another node, up to `room`. */
  private async unlinkedEntities(q: GraphViewQuery, structure: boolean, linked: Set<string>, room: number, inGraphs: string): Promise<string[]> {
    if (room <= 0) return [];
    const scope = await this.scopeClause(q);
    const notStructure = structure ? '' : `FILTER NOT EXISTS { ?s a ?st VALUES ?st { ${STRUCTURE_TYPES.map(iriRef).join(' ')} } }`;
    const rows = await this.select(
      `SELECT DISTINCT ?s WHERE { ${inGraphs} GRAPH ?g { ?s a ?t FILTER(isIRI(?s)) } ${HIDDEN_GRAPHS} ${scope} ${notStructure}
        FILTER NOT EXISTS { ?s ?p1 ?o1 FILTER(isIRI(?o1) && ?p1 != <${RDF_TYPE}>) }
        FILTER NOT EXISTS { ?x ?p2 ?s FILTER(?p2 != <${RDF_TYPE}>) } } LIMIT ${room + linked.size}`,
    );
    return rows.map((r) => r.s.value).filter((s) => !linked.has(s)).slice(0, room);
  }

  private view(nodes: GraphViewNode[], edges: Row[], truncated: boolean): GraphView {
    const ids = new Set(nodes.map((n) => n.id));
    const out: GraphViewEdge[] = edges
      .filter((e) => ids.has(e.s.value) && ids.has(e.o.value))
      .map((e) => ({ id: `${e.s.value}|${e.p.value}|${e.o.value}`, source: e.s.value, target: e.o.value, predicate: e.p.value }));
    return { nodes, edges: out, truncated };
  }

  /** Labels, types and categories of nodes; structure nodes are dropped unless wanted. */
  private async describeNodes(iris: string[], includeStructure: boolean, withLabels = true): Promise<GraphViewNode[]> {
    const h = await this.classHierarchy();
    const typesOf = new Map<string, string[]>();
    for (let i = 0; i < iris.length; i += 500) {
      const chunk = iris.slice(i, i + 500);
      const rows = await this.select(`SELECT ?x ?t WHERE { VALUES ?x { ${chunk.map(iriRef).join(' ')} } GRAPH ?g { ?x a ?t } ${HIDDEN_GRAPHS} }`);
      for (const r of rows) typesOf.set(r.x.value, [...(typesOf.get(r.x.value) ?? []), r.t.value]);
    }
    const labels = withLabels ? await this.labels(iris) : new Map<string, string>();
    const nodes: GraphViewNode[] = [];
    for (const iri of iris) {
      const types = [...new Set(typesOf.get(iri) ?? [])];
      if (!includeStructure && types.some((t) => STRUCTURE_TYPES.includes(t))) continue;
      nodes.push({ id: iri, label: labels.get(iri) ?? localName(iri), types, category: h.category(types) });
    }
    return nodes;
  }

  /** Seeds of a neighbourhood: an entity, the instances of a class, label matches, or what the selected sessions produced. */
  private async seedIris(q: GraphViewQuery): Promise<string[] | null> {
    const seed = q.seed;
    if (!seed) return null;
    switch (seed.kind) {
      case 'entity':
        return [seed.iri];
      case 'entities':
        return [...new Set(seed.iris)];
      case 'class': {
        const rows = await this.individuals({ classIri: seed.iri, limit: 200 });
        return rows.rows.map((r) => r.iri);
      }
      case 'search': {
        const rows = await this.individuals({ search: seed.text, limit: 100 });
        return rows.rows.map((r) => r.iri);
      }
      case 'sessions': {
        const posts = this.chat.postIrisOfSessions(seed.sessionIds);
        if (!posts.length) return [];
        const found = new Set<string>();
        for (let i = 0; i < posts.length; i += 500) {
          const rows = await this.select(
            `SELECT DISTINCT ?e WHERE { VALUES ?post { ${posts.slice(i, i + 500).map(iriRef).join(' ')} } ?e <${prov}wasDerivedFrom> ?post }`,
          );
          for (const r of rows) found.add(r.e.value);
        }
        return [...found];
      }
    }
  }

  /** Restricts subjects to a class, to entities derived from given sources, or to a time range. */
  private async scopeClause(q: GraphViewQuery): Promise<string> {
    const parts: string[] = [];
    if (q.classIris?.length) {
      const classes = (await Promise.all(q.classIris.map((c) => this.withSubclasses(c)))).flat();
      parts.push(`?s a ?cls . VALUES ?cls { ${classes.map(iriRef).join(' ')} }`);
    }
    if (q.sourceIds?.length || q.from || q.to) {
      const sources = q.sourceIds?.length
        ? `?post <${pcm}inSession>/<${dcterms}isPartOf>/<${sioc}has_parent> ?src . VALUES ?src { ${this.chat
            .sourceContainers(q.sourceIds)
            .map(iriRef)
            .join(' ')} }`
        : '';
      const time = [
        q.from ? `STR(?when) >= ${literalRef(q.from)}` : '',
        q.to ? `STR(?when) <= ${literalRef(endOfDay(q.to))}` : '',
      ].filter(Boolean);
      parts.push(
        `?s <${prov}wasDerivedFrom> ?post . ${sources} ${time.length ? `?post <${dcterms}created> ?when FILTER(${time.join(' && ')})` : ''}`,
      );
    }
    return parts.join(' ');
  }
}
