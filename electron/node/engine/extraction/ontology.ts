// The PCM ontology as extraction sees it: which classes, properties and individuals exist
// (validation drops everything else in the vocabulary namespaces), the class hierarchy (for
// matching entities of compatible types), the datatype ranges (for literal checks), and the
// ontology catalog the prompt lists. Built from resources/ontology/pcm.ttl, the same file the
// engine loads into the ontology graph.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PREFIXES, compactIri } from '../../../../shared/rdf';
import { resourcePath } from '../paths';
import { ox } from '../stores/graph/rdf-io';

const { rdf, rdfs, owl, xsd, sioc, sioct } = PREFIXES;
const RDF_TYPE = `${rdf}type`;

/** Namespaces whose terms must be declared in the ontology (a term outside it is dropped). */
export const VOCAB_NAMESPACES = Object.entries(PREFIXES)
  .filter(([p]) => p !== 'mem')
  .map(([, ns]) => ns);

/** Core terms allowed although pcm.ttl does not declare them. */
export const CORE_TERMS = new Set([RDF_TYPE, `${rdfs}label`, `${rdfs}comment`, `${owl}sameAs`]);

/** Terms describing the conversation itself, left out of the catalog (never extracted). */
const STRUCTURE_TERMS = new Set(
  ['ChatSession', 'inSession', 'responseIndex', 'turnIndex', 'sessionOrdinal', 'RemovedStatement', 'SupersededStatement'].map((l) => `${PREFIXES.pcm}${l}`),
);

export type PropertyKind = 'object' | 'datatype' | 'annotation';

export interface PropertyInfo {
  iri: string;
  kind: PropertyKind;
  domain: string[];
  range: string[];
}

export class OntologyIndex {
  readonly classes = new Set<string>();
  readonly properties = new Map<string, PropertyInfo>();
  readonly individuals = new Set<string>();
  /** Direct superclasses (rdfs:subClassOf and owl:equivalentClass both ways). */
  private readonly parents = new Map<string, Set<string>>();
  private readonly ancestorCache = new Map<string, Set<string>>();
  private readonly labels = new Map<string, string>();
  private readonly comments = new Map<string, string>();
  readonly hash: string;
  readonly version: string;

  constructor(turtle: string) {
    this.hash = createHash('sha256').update(turtle).digest('hex').slice(0, 16);
    const quads = ox.parse(turtle, { format: 'text/turtle' }) as import('oxigraph').Quad[];
    let version = '';
    const types = new Map<string, Set<string>>();
    for (const q of quads) {
      const s = q.subject.value;
      const p = q.predicate.value;
      const o = q.object.value;
      if (p === RDF_TYPE) {
        if (!types.has(s)) types.set(s, new Set());
        types.get(s)!.add(o);
      } else if (p === `${rdfs}subClassOf` && q.object.termType === 'NamedNode') {
        this.link(s, o);
      } else if (p === `${owl}equivalentClass` && q.object.termType === 'NamedNode') {
        this.link(s, o);
        this.link(o, s);
      } else if (p === `${rdfs}label` && (!this.labels.has(s) || (q.object.termType === 'Literal' && q.object.language === 'en'))) {
        this.labels.set(s, o);
      } else if (p === `${rdfs}comment` && !this.comments.has(s)) {
        this.comments.set(s, o);
      } else if (p === `${owl}versionInfo`) {
        version = o;
      }
    }
    const domains = new Map<string, string[]>();
    const ranges = new Map<string, string[]>();
    for (const q of quads) {
      const p = q.predicate.value;
      if (p === `${rdfs}domain`) domains.set(q.subject.value, [...(domains.get(q.subject.value) ?? []), q.object.value]);
      if (p === `${rdfs}range`) ranges.set(q.subject.value, [...(ranges.get(q.subject.value) ?? []), q.object.value]);
    }
    for (const [s, ts] of types) {
      if (ts.has(`${owl}Class`) || ts.has(`${rdfs}Class`)) this.classes.add(s);
      const kind: PropertyKind | null = ts.has(`${owl}ObjectProperty`)
        ? 'object'
        : ts.has(`${owl}DatatypeProperty`)
          ? 'datatype'
          : ts.has(`${owl}AnnotationProperty`) || ts.has(`${rdf}Property`)
            ? 'annotation'
            : null;
      if (kind) this.properties.set(s, { iri: s, kind, domain: domains.get(s) ?? [], range: ranges.get(s) ?? [] });
      if (ts.has(`${owl}NamedIndividual`)) this.individuals.add(s);
    }
    this.version = version;
  }

  private link(child: string, parent: string): void {
    if (!this.parents.has(child)) this.parents.set(child, new Set());
    this.parents.get(child)!.add(parent);
  }

  /** A class with all its superclasses (and equivalents), itself included. */
  ancestors(cls: string): Set<string> {
    let out = this.ancestorCache.get(cls);
    if (out) return out;
    out = new Set([cls]);
    const todo = [cls];
    while (todo.length) {
      for (const p of this.parents.get(todo.pop()!) ?? []) {
        if (!out.has(p)) {
          out.add(p);
          todo.push(p);
        }
      }
    }
    this.ancestorCache.set(cls, out);
    return out;
  }

  /**
   * Whether two type sets can describe the same thing: either is untyped, or some type of one is
   * a subclass (or equivalent) of some type of the other. Sharing only a root does not count.
   */
  compatibleTypes(a: Iterable<string>, b: Iterable<string>): boolean {
    const A = [...a].filter((t) => !GENERIC_TYPES.has(t));
    const B = [...b].filter((t) => !GENERIC_TYPES.has(t));
    if (!A.length || !B.length) return true;
    return A.some((x) => B.some((y) => x === y || this.ancestors(x).has(y) || this.ancestors(y).has(x)));
  }

  /** The term's rdfs:label (English first). */
  labelOf(iri: string): string | undefined {
    return this.labels.get(iri);
  }

  /** The term's rdfs:comment. */
  commentOf(iri: string): string | undefined {
    return this.comments.get(iri);
  }

  isVocabulary(iri: string): boolean {
    return VOCAB_NAMESPACES.some((ns) => iri.startsWith(ns));
  }

  /** Declared anything (class, property, individual) or a core term. */
  declares(iri: string): boolean {
    return CORE_TERMS.has(iri) || this.classes.has(iri) || this.properties.has(iri) || this.individuals.has(iri);
  }

  /** The xsd datatype ranges of a property (empty when the range is not a datatype). */
  datatypeRange(property: string): string[] {
    return (this.properties.get(property)?.range ?? []).filter((r) => r.startsWith(xsd));
  }

  /**
   * The catalog the prompt lists: one line per class and property, e.g.
   * `schema:TravelAction (class, sub of schema:MoveAction): a trip …`. Conversation-structure
   * terms are left out: the model describes the world, not the chat.
   */
  catalog(): string {
    const short = (iri: string) => compactIri(iri);
    const comment = (iri: string) => {
      const c = (this.comments.get(iri) ?? this.labels.get(iri) ?? '').replace(/^[A-Za-z.\- ]{2,20}: /, '').trim();
      return c ? `: ${c}` : '';
    };
    const hidden = (iri: string) => STRUCTURE_TERMS.has(iri) || iri.startsWith(sioc) || iri.startsWith(sioct) || iri === `${rdf}Statement`;
    const lines: string[] = [];
    const classes = [...this.classes].filter((c) => !hidden(c)).sort(byName);
    for (const c of classes) {
      const sup = [...(this.parents.get(c) ?? [])].filter((p) => this.classes.has(p)).map(short);
      lines.push(`${short(c)} (class${sup.length ? `, sub of ${sup.join(', ')}` : ''})${comment(c)}`);
    }
    const props = [...this.properties.values()].filter((p) => !hidden(p.iri) && p.iri !== `${PREFIXES.skos}note`).sort((a, b) => byName(a.iri, b.iri));
    for (const p of props) {
      const dom = p.domain.map(short).join('|');
      const rng = p.range.map(short).join('|');
      const sig = dom || rng ? `, ${dom || 'any'} → ${rng || 'any'}` : '';
      lines.push(`${short(p.iri)} (${p.kind === 'datatype' ? 'value' : p.kind === 'object' ? 'link' : 'annotation'}${sig})${comment(p.iri)}`);
    }
    const individuals = [...this.individuals].filter((i) => !hidden(i)).sort(byName).map(short);
    if (individuals.length) lines.push(`Values: ${individuals.join(', ')}`);
    return lines.join('\n');
  }
}

const GENERIC_TYPES = new Set([`${PREFIXES.schema}Thing`, `${owl}Thing`, `${rdfs}Resource`, `${PREFIXES.prov}Entity`, `${owl}NamedIndividual`]);

function byName(a: string, b: string): number {
  return compactIri(a).localeCompare(compactIri(b));
}

let cached: { file: string; mtimeMs: number; index: OntologyIndex } | null = null;

/** The ontology index of the bundled pcm.ttl (re-read when the file changes). */
export function loadOntology(file = resourcePath('ontology', 'pcm.ttl')): OntologyIndex {
  const mtimeMs = fs.statSync(file).mtimeMs;
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.index;
  const index = new OntologyIndex(fs.readFileSync(file, 'utf8'));
  cached = { file, mtimeMs, index };
  return index;
}
