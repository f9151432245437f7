// Parsing and writing RDF around Oxigraph: syntax errors with positions, skolemized blank
// nodes, and Turtle with the memory's prefixes.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import type * as N3 from 'n3';
import { lazyModule } from '../../common/lazy-module';
import type { RdfFormat, RdfSyntaxError } from '../../../../../shared/types';
import { MEMORY_BASE, PREFIXES } from '../../../../../shared/rdf';

// The package's Node build is CommonJS with a synchronous WASM instantiation.
export const ox: typeof import('oxigraph') = createRequire(import.meta.url)('oxigraph');
/** The Turtle writer's package (n3), loaded when Turtle is first written. */
const n3 = lazyModule<typeof N3>('n3');
export type Quad = import('oxigraph').Quad;
export type Term = import('oxigraph').Term;

/** Skolem IRIs replace blank nodes (RDF 1.1 §3.5): Oxigraph renames blank nodes on every load,
 * so a journal that named them could not be replayed. */
export const GENID_BASE = `${MEMORY_BASE}.well-known/genid/`;

export const MEDIA_TYPES: Record<RdfFormat, string> = {
  turtle: 'text/turtle',
  'n-triples': 'application/n-triples',
  'n-quads': 'application/n-quads',
  trig: 'application/trig',
  'json-ld': 'application/ld+json',
};

export class RdfParseError extends Error {
  constructor(readonly details: RdfSyntaxError) {
    super(details.message);
    this.name = 'RdfParseError';
  }
}

/** Oxigraph's messages carry positions in a few shapes; editors want numbers. */
export function syntaxErrorOf(message: string): RdfSyntaxError {
  let m = /between line (\d+) column (\d+) and line (\d+) column (\d+)/.exec(message);
  if (m) return { message, line: +m[1], column: +m[2], endLine: +m[3], endColumn: +m[4] };
  m = /at line (\d+) between columns (\d+) and (\d+)/.exec(message);
  if (m) return { message, line: +m[1], column: +m[2], endLine: +m[1], endColumn: +m[3] };
  m = /(?:at|on) line (\d+)(?: (?:at )?column (\d+))?/.exec(message);
  if (m) return { message, line: +m[1], column: m[2] ? +m[2] : 1 };
  m = /error at (\d+):(\d+)/.exec(message);
  if (m) return { message, line: +m[1], column: +m[2] };
  return { message, line: 1, column: 1 };
}

export function parseRdf(text: string, format: RdfFormat, graph?: string): Quad[] {
  try {
    return ox.parse(text, {
      format: MEDIA_TYPES[format],
      base_iri: MEMORY_BASE,
      to_graph_name: graph ? ox.namedNode(graph) : undefined,
    }) as Quad[];
  } catch (e) {
    throw new RdfParseError(syntaxErrorOf(String((e as Error).message ?? e)));
  }
}

/** Replaces blank nodes with fresh skolem IRIs, the same IRI for the same node in one batch. */
export function skolemize(quads: Quad[]): Quad[] {
  const map = new Map<string, import('oxigraph').NamedNode>();
  const fix = <T extends Term>(t: T): T => {
    if (t.termType !== 'BlankNode') return t;
    let iri = map.get(t.value);
    if (!iri) {
      iri = ox.namedNode(`${GENID_BASE}${randomUUID()}`);
      map.set(t.value, iri);
    }
    return iri as unknown as T;
  };
  if (!quads.some((q) => q.subject.termType === 'BlankNode' || q.object.termType === 'BlankNode' || q.graph.termType === 'BlankNode')) {
    return quads;
  }
  return quads.map((q) =>
    ox.quad(fix(q.subject) as never, q.predicate as never, fix(q.object) as never, fix(q.graph) as never),
  );
}

export function toNQuads(quads: Iterable<Quad>): string {
  let out = '';
  for (const q of quads) out += `${q.toString()} .\n`;
  return out;
}

export function fromNQuads(text: string): Quad[] {
  return text ? (ox.parse(text, { format: 'application/n-quads' }) as Quad[]) : [];
}

/** Turtle (graph names dropped) with the memory's prefixes, subjects grouped. */
export function toTurtle(quads: Iterable<Quad>, prefixes: Record<string, string> = PREFIXES): Promise<string> {
  const writer = new (n3().Writer)({ prefixes });
  for (const q of quads) writer.addQuad(q.subject as never, q.predicate as never, q.object as never);
  return new Promise((resolve, reject) => writer.end((err, result) => (err ? reject(err) : resolve(result))));
}

export function quadKey(q: Quad): string {
  return `${q.subject.toString()} ${q.predicate.toString()} ${q.object.toString()} ${q.graph.toString()}`;
}

export function tripleKey(q: Quad): string {
  return `${q.subject.toString()} ${q.predicate.toString()} ${q.object.toString()}`;
}
