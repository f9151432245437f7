// Collects the automatic extraction's triples of one source, each with the messages it was
// read from, and validates them as the model's extraction is validated (validate.ts and
// literals.ts: terms the ontology declares, literals that fit their datatype) and more strictly
// where the automatic output allows it: domains and ranges against the subject's and object's
// types, an rdfs:label on every individual, literal values of at most 8 words. Every subject
// gets prov:wasDerivedFrom to the posts of the messages its triples came from.
import { compactIri, PREFIXES } from '../../../../../shared/rdf';
import { iri, stringLiteral, typedLiteral } from '../../stores/graph/ntriples';
import { judgeLiteral } from '../literals';
import type { OntologyIndex } from '../ontology';
import { domainRangeProblem } from '../validate';

const { rdf, rdfs, prov, xsd } = PREFIXES;
export const RDF_TYPE = `${rdf}type`;
export const RDFS_LABEL = `${rdfs}label`;
export const DERIVED_FROM = `${prov}wasDerivedFrom`;
export const MAX_LITERAL_WORDS = 8;

type Obj = { kind: 'iri'; value: string } | { kind: 'literal'; value: string; datatype: string };

interface Entry {
  s: string;
  p: string;
  o: Obj;
  /** Indexes of the messages (in the builder's message list) the triple was read from. */
  msgs: Set<number>;
}

export interface BuiltTriple {
  /** N-Triples line without the final " ." */
  line: string;
  subject: string;
  /** Post IRIs of the messages the triple was read from. */
  posts: string[];
}

export interface BuildReport {
  triples: number;
  subjects: number;
  /** Dropped triples by reason (with one example each). */
  dropped: { reason: string; count: number; example: string }[];
}

export class GraphBuilder {
  private readonly entries = new Map<string, Entry>();
  private readonly posts: string[] = [];
  private readonly postIndex = new Map<string, number>();

  /** Index of a message's post IRI (triples refer to messages by this index). */
  message(postIri: string): number {
    let i = this.postIndex.get(postIri);
    if (i === undefined) {
      i = this.posts.length;
      this.posts.push(postIri);
      this.postIndex.set(postIri, i);
    }
    return i;
  }

  /** The post IRI of a message index. */
  postOf(msg: number): string {
    return this.posts[msg];
  }

  private put(s: string, p: string, o: Obj, msg: number): void {
    const key = `${s}\u0000${p}\u0000${o.kind}\u0000${o.value}\u0000${o.kind === 'literal' ? o.datatype : ''}`;
    const e = this.entries.get(key);
    if (e) e.msgs.add(msg);
    else this.entries.set(key, { s, p, o, msgs: new Set([msg]) });
  }

  type(s: string, cls: string, msg: number): void {
    this.put(s, RDF_TYPE, { kind: 'iri', value: cls }, msg);
  }

  label(s: string, text: string, msg: number): void {
    this.put(s, RDFS_LABEL, { kind: 'literal', value: text, datatype: `${xsd}string` }, msg);
  }

  link(s: string, p: string, o: string, msg: number): void {
    this.put(s, p, { kind: 'iri', value: o }, msg);
  }

  /** A literal; a plain value is retyped to the property's datatype when its form fits. */
  value(s: string, p: string, value: string | number, msg: number, datatype = `${xsd}string`): void {
    this.put(s, p, { kind: 'literal', value: String(value), datatype }, msg);
  }

  /** Validates and returns the triples with their provenance; adds prov:wasDerivedFrom per subject. */
  build(ontology: OntologyIndex): { triples: BuiltTriple[]; report: BuildReport } {
    const dropped = new Map<string, { count: number; example: string }>();
    const drop = (e: Entry, reason: string) => {
      const d = dropped.get(reason);
      if (d) d.count++;
      else dropped.set(reason, { count: 1, example: `${compactIri(e.s)} ${compactIri(e.p)} ${e.o.kind === 'iri' ? compactIri(e.o.value) : JSON.stringify(e.o.value)}` });
    };
    const types = new Map<string, string[]>();
    const labelled = new Set<string>();
    for (const e of this.entries.values()) {
      if (e.p === RDF_TYPE) {
        if (!ontology.classes.has(e.o.value)) continue;
        types.set(e.s, [...(types.get(e.s) ?? []), e.o.value]);
      } else if (e.p === RDFS_LABEL) labelled.add(e.s);
    }
    const kept: Entry[] = [];
    for (const e of this.entries.values()) {
      if (!ontology.declares(e.p)) {
        drop(e, `unknown property ${compactIri(e.p)}`);
        continue;
      }
      if (e.p === RDF_TYPE) {
        if (!ontology.classes.has(e.o.value)) drop(e, `unknown class ${compactIri(e.o.value)}`);
        else kept.push(e);
        continue;
      }
      if (e.o.kind === 'literal') {
        if (e.o.value.trim().split(/\s+/).length > MAX_LITERAL_WORDS) {
          drop(e, `a value longer than ${MAX_LITERAL_WORDS} words`);
          continue;
        }
        const verdict = judgeLiteral(e.o.value, e.o.datatype, undefined, ontology.datatypeRange(e.p), compactIri(e.p));
        if (!verdict.ok) {
          drop(e, verdict.reason);
          continue;
        }
        if (verdict.retype) e.o = { ...e.o, datatype: verdict.retype };
      }
      const problem = domainRangeProblem(ontology, e.p, types.get(e.s) ?? [], e.o.kind === 'iri' ? { kind: 'iri', types: types.get(e.o.value) ?? [] } : { kind: 'literal' });
      if (problem) {
        drop(e, problem);
        continue;
      }
      kept.push(e);
    }
    // An individual this pass typed must have a label (else its triples go).
    const final = kept.filter((e) => {
      if (types.has(e.s) && !labelled.has(e.s)) {
        drop(e, 'an individual without rdfs:label');
        return false;
      }
      return true;
    });
    const out: BuiltTriple[] = [];
    const subjectMsgs = new Map<string, Set<number>>();
    for (const e of final) {
      const msgs = subjectMsgs.get(e.s) ?? new Set<number>();
      for (const m of e.msgs) msgs.add(m);
      subjectMsgs.set(e.s, msgs);
      const o = e.o.kind === 'iri' ? iri(e.o.value) : e.o.datatype === `${xsd}string` ? stringLiteral(e.o.value) : typedLiteral(e.o.value, e.o.datatype);
      out.push({ line: `${iri(e.s)} ${iri(e.p)} ${o}`, subject: e.s, posts: [...e.msgs].map((m) => this.posts[m]) });
    }
    for (const [s, msgs] of subjectMsgs) {
      if (!types.has(s)) continue; // only the individuals this pass describes
      for (const m of msgs) out.push({ line: `${iri(s)} ${iri(DERIVED_FROM)} ${iri(this.posts[m])}`, subject: s, posts: [this.posts[m]] });
    }
    return {
      triples: out,
      report: {
        triples: out.length,
        subjects: [...subjectMsgs.keys()].filter((s) => types.has(s)).length,
        dropped: [...dropped].map(([reason, d]) => ({ reason, ...d })).sort((a, b) => b.count - a.count),
      },
    };
  }
}
