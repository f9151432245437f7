// Which automatic triples a model's extraction supersedes, and how they are kept.
//
// An individual of the automatic graph is superseded when every message it was derived from
// (prov:wasDerivedFrom) lies in a chunk the model has extracted (a 'done' chunk's target
// messages): the model read those messages and said what they hold. Its triples, and the
// triples that link to it, leave the automatic graph; triples about people and things also
// named in other messages stay. The superseded triples are kept in GRAPHS.autoSuperseded(source)
// as reified records (pcm:SupersededStatement with rdf:subject, rdf:predicate, rdf:object), so
// that no query sees them as facts; when the chunk goes away (re-chunking, deletion, a failed
// re-extraction) the partition is computed again and they come back.
import { createHash } from 'node:crypto';
import { PREFIXES } from '../../../../../shared/rdf';
import { iri } from '../../stores/graph/ntriples';
import { ox, type Quad } from '../../stores/graph/rdf-io';

const { rdf, pcm, prov } = PREFIXES;
const DERIVED = `<${prov}wasDerivedFrom>`;

/** One triple of the automatic graph as an N-Triples line (no final " ."), with its subject. */
export interface AutoLine {
  line: string;
  subject: string;
  /** The object's IRI when it is one. */
  object: string | null;
}

/** One of our own N-Triples lines ("<s> <p> <o> ." or "<s> <p> \"lit\"… .") with its subject and IRI object. */
export function autoLine(raw: string): AutoLine {
  const line = raw.replace(/\s*\.\s*$/, '');
  const m = /^<([^>]*)> <[^>]*> (.*)$/.exec(line);
  if (!m) throw new Error(`not an N-Triples line: ${raw.slice(0, 80)}`);
  return { line, subject: m[1], object: m[2].startsWith('<') ? m[2].slice(1, -1) : null };
}

/** Splits lines into those that stay visible and those a done chunk supersedes. */
export function partition(lines: AutoLine[], coveredPosts: ReadonlySet<string>): { visible: AutoLine[]; hidden: AutoLine[] } {
  if (!coveredPosts.size) return { visible: lines, hidden: [] };
  const posts = new Map<string, string[]>();
  for (const l of lines) {
    if (l.object && l.line.includes(DERIVED)) posts.set(l.subject, [...(posts.get(l.subject) ?? []), l.object]);
  }
  const hiddenSubjects = new Set<string>();
  for (const [s, ps] of posts) if (ps.every((p) => coveredPosts.has(p))) hiddenSubjects.add(s);
  const visible: AutoLine[] = [];
  const hidden: AutoLine[] = [];
  for (const l of lines) (hiddenSubjects.has(l.subject) || (l.object !== null && hiddenSubjects.has(l.object)) ? hidden : visible).push(l);
  return { visible, hidden };
}

/** The records of superseded lines, as N-Triples for the superseded graph. */
export function reify(hidden: AutoLine[], graph: string): string {
  let out = '';
  for (const h of hidden) {
    const record = iri(`${graph}/${createHash('sha1').update(h.line).digest('hex').slice(0, 20)}`);
    const parts = h.line.match(/^(<[^>]*>) (<[^>]*>) (.*)$/);
    if (!parts) continue;
    out += `${record} <${rdf}type> <${pcm}SupersededStatement> .\n`;
    out += `${record} <${rdf}subject> ${parts[1]} .\n${record} <${rdf}predicate> ${parts[2]} .\n${record} <${rdf}object> ${parts[3]} .\n`;
  }
  return out;
}

/** The lines of a superseded graph's records (its quads, as parsed). */
export function unreify(quads: Quad[]): AutoLine[] {
  const parts = new Map<string, { s?: Quad['object']; p?: Quad['object']; o?: Quad['object'] }>();
  for (const q of quads) {
    const r = parts.get(q.subject.value) ?? {};
    if (q.predicate.value === `${rdf}subject`) r.s = q.object;
    else if (q.predicate.value === `${rdf}predicate`) r.p = q.object;
    else if (q.predicate.value === `${rdf}object`) r.o = q.object;
    parts.set(q.subject.value, r);
  }
  const out: AutoLine[] = [];
  for (const r of parts.values()) {
    if (!r.s || !r.p || !r.o) continue;
    const q = ox.quad(r.s as never, r.p as never, r.o as never);
    out.push({ line: `${q.subject.toString()} ${q.predicate.toString()} ${q.object.toString()}`, subject: r.s.value, object: r.o.termType === 'NamedNode' ? r.o.value : null });
  }
  return out;
}
