// From the model's answer to the triples a chunk keeps.
//
// 1. `parseAnswer`: strip code fences and chatter, prepend the prompt's prefix lines (so an
//    omitted @prefix is not an error), parse with Oxigraph. A syntax error comes back with its
//    line and column in the model's own text, for the fix prompt.
// 2. `refine`: map msg:mN references to the messages' post IRIs; skolemize blank nodes; drop
//    (and report) terms the ontology does not declare, statements about ontology terms or
//    outside the memory, and literals that break their datatype; reuse the IRI of a known
//    entity with the same label and a compatible type; add rdfs:label where missing and
//    prov:wasDerivedFrom from every new individual to the chunk's source posts.
import { compactIri, MEMORY_BASE, PREFIXES, localName } from '../../../../shared/rdf';
import type { ChunkReport, RdfSyntaxError } from '../../../../shared/types';

export type { ChunkReport };
import { GENID_BASE, ox, RdfParseError, syntaxErrorOf, type Quad, type Term } from '../stores/graph/rdf-io';
import { judgeLiteral } from './literals';
import type { OntologyIndex } from './ontology';
import { contentWords } from '../../../../shared/text/stop-words';
import { normalizeLabel, normalizeText } from '../../../../shared/text/words';
import { labelFromLocalName } from './text';

const { rdf, rdfs, prov } = PREFIXES;
const RDF_TYPE = `${rdf}type`;
const LABEL = `${rdfs}label`;
const DERIVED = `${prov}wasDerivedFrom`;
export const POST_BASE = `${MEMORY_BASE}post/`;

export interface KnownEntity {
  iri: string;
  label: string;
  types: string[];
}

export type ParsedAnswer =
  | { ok: true; quads: Quad[]; text: string }
  | { ok: false; error: RdfSyntaxError; text: string };

/** The Turtle inside a model's answer: fenced blocks if any, without leading prose or think blocks. */
export function turtleOf(answer: string): string {
  let t = answer.replace(/<think>[\s\S]*?<\/think>/gi, '');
  const fences = [...t.matchAll(/```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)```/g)].map((m) => m[1]);
  if (fences.length) t = fences.join('\n');
  else t = t.replace(/^\s*```[a-zA-Z]*\s*$/gm, '');
  const lines = t.split(/\r?\n/);
  const start = lines.findIndex((l) => /^\s*(@prefix|@base|PREFIX\b|BASE\b|<|_:|\[|[A-Za-z][\w.-]*:[^/]|#)/i.test(l));
  return (start > 0 ? lines.slice(start) : lines).join('\n').trim();
}

/** Parses the model's Turtle after our prefix lines; error positions refer to the model's text. */
export function parseAnswer(answer: string, prefixBlock: string): ParsedAnswer {
  const text = turtleOf(answer);
  const head = prefixBlock.endsWith('\n') ? prefixBlock : `${prefixBlock}\n`;
  const offset = head.split('\n').length - 1;
  try {
    const quads = ox.parse(head + text, { format: 'text/turtle', base_iri: MEMORY_BASE }) as Quad[];
    return { ok: true, quads, text };
  } catch (e) {
    const err = syntaxErrorOf(String((e as Error).message ?? e));
    const shift = (n: number | undefined) => (n === undefined ? undefined : Math.max(1, n - offset));
    const message = err.message.replace(/line (\d+)/g, (_, n: string) => `line ${Math.max(1, Number(n) - offset)}`);
    return { ok: false, text, error: { ...err, message, line: shift(err.line)!, endLine: shift(err.endLine) } };
  }
}

export { RdfParseError };

/** The previous answer with line numbers ("12| …"), for the fix prompt. */
export function numberLines(text: string): string {
  const lines = text.split('\n');
  const w = String(lines.length).length;
  return lines.map((l, i) => `${String(i + 1).padStart(w)}| ${l}`).join('\n');
}

export interface RefineInput {
  quads: Quad[];
  chunkKey: string;
  ontology: OntologyIndex;
  /** Namespace of the msg: prefix in the prompt, and its local ids → post IRIs. */
  msgNamespace: string;
  msgIds: Map<string, string>;
  /** The chunk's target messages (provenance goes to these). */
  targets: { iri: string; text: string }[];
  /** Entities the reconciliation may reuse (known entities, speakers, label matches). */
  candidates: KnownEntity[];
  /** Memory IRIs (from this answer) that already exist outside this chunk's graph. */
  existing: ReadonlySet<string>;
}

export interface Refined {
  quads: Quad[];
  report: ChunkReport;
}

const isSkolem = (iri: string) => iri.startsWith(GENID_BASE);
const isPost = (iri: string) => iri.startsWith(POST_BASE);

/** Memory IRIs this answer mentions that might be new individuals (to look up before `refine`). */
export function mentionedMemoryIris(quads: Quad[], msgNamespace: string): string[] {
  const out = new Set<string>();
  for (const q of quads) {
    for (const t of [q.subject, q.object]) {
      if (t.termType === 'NamedNode' && t.value.startsWith(MEMORY_BASE) && !t.value.startsWith(msgNamespace) && !isSkolem(t.value) && !isPost(t.value)) out.add(t.value);
    }
  }
  return [...out];
}

/** Labels the answer gives its memory IRIs (for looking up reconciliation candidates). */
export function labelsIn(quads: Quad[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const q of quads) {
    if (q.predicate.value === LABEL && q.subject.termType === 'NamedNode' && q.object.termType === 'Literal') {
      out.set(q.subject.value, [...(out.get(q.subject.value) ?? []), q.object.value]);
    }
  }
  return out;
}

function show(t: Term): string {
  if (t.termType === 'NamedNode') return compactIri(t.value);
  if (t.termType === 'Literal') {
    const v = t.value.length > 80 ? `${t.value.slice(0, 79)}…` : t.value;
    const dt = t.datatype?.value;
    return t.language ? `"${v}"@${t.language}` : dt && dt !== `${PREFIXES.xsd}string` ? `"${v}"^^${compactIri(dt)}` : `"${v}"`;
  }
  return t.toString();
}

export function showTriple(q: Quad): string {
  return `${show(q.subject)} ${show(q.predicate)} ${show(q.object)}`;
}

export function refine(input: RefineInput): Refined {
  const { ontology, msgNamespace, msgIds } = input;
  const report: ChunkReport = { dropped: [], addedLabels: 0, addedProvenance: 0, retypedLiterals: 0, reconciled: [], unknownTerms: [] };
  const unknown = new Set<string>();
  const drop = (q: Quad, reason: string) => report.dropped.push({ triple: showTriple(q), reason });

  // ---- 1. message references and blank nodes
  const bnodes = new Map<string, string>();
  let unresolved: string | null = null;
  const mapTerm = <T extends Term>(t: T): T => {
    if (t.termType === 'BlankNode') {
      let iri = bnodes.get(t.value);
      if (!iri) {
        iri = `${GENID_BASE}${input.chunkKey}-${bnodes.size + 1}`;
        bnodes.set(t.value, iri);
      }
      return ox.namedNode(iri) as unknown as T;
    }
    if (t.termType === 'NamedNode' && t.value.startsWith(msgNamespace)) {
      const id = t.value.slice(msgNamespace.length);
      const post = msgIds.get(id);
      if (!post) {
        unresolved = `msg:${id}`;
        return t;
      }
      return ox.namedNode(post) as unknown as T;
    }
    return t;
  };
  let quads: Quad[] = [];
  for (const q of input.quads) {
    unresolved = null;
    const s = mapTerm(q.subject);
    const o = mapTerm(q.object);
    const mapped = ox.quad(s as never, q.predicate as never, o as never);
    if (unresolved) drop(mapped, `${unresolved} is not a message of this chunk`);
    else quads.push(mapped);
  }

  // ---- 2. vocabulary, namespaces, literals
  const kept: Quad[] = [];
  for (const q of quads) {
    const s = q.subject.value;
    const p = q.predicate.value;
    if (ontology.isVocabulary(s) || ontology.declares(s)) {
      drop(q, `statement about the ontology term ${compactIri(s)}`);
      continue;
    }
    if (!s.startsWith(MEMORY_BASE)) {
      drop(q, `subject ${compactIri(s)} is outside the memory`);
      continue;
    }
    if (!ontology.declares(p)) {
      unknown.add(p);
      drop(q, `unknown property ${compactIri(p)}`);
      continue;
    }
    const o = q.object;
    if (o.termType === 'NamedNode') {
      if (p === RDF_TYPE && !ontology.classes.has(o.value)) {
        unknown.add(o.value);
        drop(q, `unknown class ${compactIri(o.value)}`);
        continue;
      }
      if (ontology.isVocabulary(o.value) && !ontology.declares(o.value)) {
        unknown.add(o.value);
        drop(q, `unknown term ${compactIri(o.value)}`);
        continue;
      }
    } else if (o.termType === 'Literal') {
      const verdict = judgeLiteral(o.value, o.datatype.value, o.language || undefined, ontology.datatypeRange(p), compactIri(p));
      if (!verdict.ok) {
        drop(q, verdict.reason);
        continue;
      }
      if (verdict.retype) {
        kept.push(ox.quad(q.subject, q.predicate, ox.literal(o.value, ox.namedNode(verdict.retype))));
        report.retypedLiterals++;
        continue;
      }
    }
    kept.push(q);
  }
  quads = kept;

  // ---- 3. new individuals and reconciliation
  const minted = new Set(mentionedMemoryIris(quads, msgNamespace));
  const fresh = [...minted].filter((iri) => !input.existing.has(iri));
  const labels = labelsIn(quads);
  const typesOf = (iri: string) => quads.filter((q) => q.subject.value === iri && q.predicate.value === RDF_TYPE).map((q) => q.object.value);
  const byLabel = new Map<string, KnownEntity[]>();
  for (const c of input.candidates) {
    const k = normalizeLabel(c.label);
    if (k) byLabel.set(k, [...(byLabel.get(k) ?? []), c]);
  }
  const rewrite = new Map<string, string>();
  for (const iri of fresh) {
    const names = labels.get(iri) ?? [labelFromLocalName(localName(iri))];
    const types = typesOf(iri);
    let target: KnownEntity | undefined;
    for (const name of names) {
      // Actions and events recur ("Morning run"): only a specific label (3+ words) identifies one.
      if (isOccurrence(types, ontology) && normalizeLabel(name).split(' ').length < 3) continue;
      target = (byLabel.get(normalizeLabel(name)) ?? []).find((c) => c.iri !== iri && ontology.compatibleTypes(types, c.types));
      if (target) break;
    }
    if (target) {
      rewrite.set(iri, target.iri);
      report.reconciled.push({ from: iri, to: target.iri, label: names[0] });
    } else {
      // Later new individuals of this answer with the same label and type merge into this one.
      for (const name of names) {
        const k = normalizeLabel(name);
        if (k) byLabel.set(k, [...(byLabel.get(k) ?? []), { iri, label: name, types }]);
      }
    }
  }
  if (rewrite.size) {
    const fix = (t: Term) => (t.termType === 'NamedNode' && rewrite.has(t.value) ? ox.namedNode(rewrite.get(t.value)!) : t);
    quads = quads.map((q) => ox.quad(fix(q.subject) as never, q.predicate as never, fix(q.object) as never));
  }

  // ---- 4. labels and provenance
  const individuals = new Set(fresh.map((iri) => rewrite.get(iri) ?? iri));
  const stillNew = fresh.filter((iri) => !rewrite.has(iri));
  const add: Quad[] = [];
  for (const iri of stillNew) {
    if (!quads.some((q) => q.subject.value === iri && q.predicate.value === LABEL)) {
      add.push(ox.quad(ox.namedNode(iri), ox.namedNode(LABEL), ox.literal(labelFromLocalName(localName(iri)))));
      report.addedLabels++;
    }
  }
  const postText = input.targets.map((t) => ({ iri: t.iri, words: new Set(normalizeText(t.text).split(' ')) }));
  for (const iri of individuals) {
    const cited = quads.some((q) => q.subject.value === iri && q.predicate.value === DERIVED && isPost(q.object.value));
    if (cited) continue;
    for (const post of sourcePostsOf(iri, quads, add, postText)) {
      add.push(ox.quad(ox.namedNode(iri), ox.namedNode(DERIVED), ox.namedNode(post)));
      report.addedProvenance++;
    }
  }
  quads = dedupe([...quads, ...add]);
  report.unknownTerms = [...unknown].map((t) => compactIri(t)).sort();
  return { quads, report };
}

/**
 * Why a triple breaks its property's declared domain or range, or null when it fits. Types are
 * what is known of the subject and (for a link) the object; an untyped side always fits, and so
 * does a side with a type compatible with the domain or range (ontology.compatibleTypes).
 */
export function domainRangeProblem(
  ontology: OntologyIndex,
  property: string,
  subjectTypes: readonly string[],
  object: { kind: 'iri'; types: readonly string[] } | { kind: 'literal' },
): string | null {
  const info = ontology.properties.get(property);
  if (!info || info.kind === 'annotation') return null;
  const p = compactIri(property);
  if (info.kind === 'object' && object.kind === 'literal') return `${p} links to an individual, not a value`;
  if (info.kind === 'datatype' && object.kind === 'iri') return `${p} takes a value, not a link`;
  const classes = (xs: readonly string[]) => xs.filter((x) => ontology.classes.has(x));
  const domain = classes(info.domain);
  if (domain.length && subjectTypes.length && !ontology.compatibleTypes(subjectTypes, domain)) {
    return `the subject of ${p} is a ${subjectTypes.map((t) => compactIri(t)).join(', ')}, not a ${domain.map((t) => compactIri(t)).join(', ')}`;
  }
  const range = classes(info.range);
  if (object.kind === 'iri' && range.length && object.types.length && !ontology.compatibleTypes(object.types, range)) {
    return `the object of ${p} is a ${object.types.map((t) => compactIri(t)).join(', ')}, not a ${range.map((t) => compactIri(t)).join(', ')}`;
  }
  return null;
}

const OCCURRENCE_ROOTS = [`${PREFIXES.schema}Action`, `${PREFIXES.schema}Event`, `${PREFIXES.ob}Activity`];

/** Typed as an action, event or activity (things that happen, as opposed to things that are). */
function isOccurrence(types: string[], ontology: OntologyIndex): boolean {
  return types.some((t) => OCCURRENCE_ROOTS.some((r) => ontology.ancestors(t).has(r)));
}

/** The target posts an individual most likely comes from: those mentioning its label's words, else all. */
function sourcePostsOf(iri: string, quads: Quad[], added: Quad[], posts: { iri: string; words: Set<string> }[]): string[] {
  const names = [...quads, ...added].filter((q) => q.subject.value === iri && q.predicate.value === LABEL).map((q) => q.object.value);
  const wanted = new Set(names.flatMap((n) => contentWords(n)).filter((w) => w.length > 2));
  let best: string[] = [];
  let bestScore = 0;
  for (const p of posts) {
    let score = 0;
    for (const w of wanted) if (p.words.has(w)) score++;
    if (score > bestScore) {
      best = [p.iri];
      bestScore = score;
    } else if (score && score === bestScore) {
      best.push(p.iri);
    }
  }
  return best.length ? best : posts.map((p) => p.iri);
}

function dedupe(quads: Quad[]): Quad[] {
  const seen = new Set<string>();
  return quads.filter((q) => {
    const k = `${q.subject.toString()} ${q.predicate.toString()} ${q.object.toString()}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** N-Triples of the kept triples (no graph names). */
export function toNTriples(quads: Quad[]): string {
  let out = '';
  for (const q of quads) out += `${q.subject.toString()} ${q.predicate.toString()} ${q.object.toString()} .\n`;
  return out;
}
